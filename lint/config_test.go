package lint

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func loadTestConfig(t *testing.T) *Config {
	t.Helper()
	c, err := LoadConfig(filepath.Join("testdata", "config", ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadConfig(t *testing.T) {
	c := loadTestConfig(t)
	dir, err := filepath.Abs(filepath.Join("testdata", "config"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Dir != dir {
		t.Errorf("Dir = %q, want %q", c.Dir, dir)
	}
	if want := []string{"legacy/**", "**/generated/*.yaml", "tmp", "vendor"}; !reflect.DeepEqual(c.Exclude, want) {
		t.Errorf("Exclude = %q, want %q", c.Exclude, want)
	}
	if c.KubeVersion != "1.31" {
		t.Errorf("KubeVersion = %q", c.KubeVersion)
	}
	off := false
	file := filepath.Join("testdata", "config", ConfigFile)
	wantRules := []RuleConfig{
		{Rule: "FL103", Enabled: &off, Range: Range{File: file, Line: 5, Column: 1, EndLine: 5, EndColumn: 13}},
		{Rule: "selector-spread", Severity: Error, Range: Range{File: file, Line: 9, Column: 1, EndLine: 9, EndColumn: 23}},
	}
	if !reflect.DeepEqual(c.Rules, wantRules) {
		t.Errorf("Rules = %+v, want %+v", c.Rules, wantRules)
	}
	wantScopes := []ScopeConfig{
		{Dir: dir, Scope: Scope{Partition: "aws", Account: "111111111111"}, Range: Range{File: file, Line: 13, Column: 1, EndLine: 13, EndColumn: 10}},
		{Dir: filepath.Join(dir, "infra", "prod"), Scope: Scope{Region: "eu-west-1", Cluster: "prod"}, Range: Range{File: file, Line: 18, Column: 1, EndLine: 18, EndColumn: 19}},
		{Dir: filepath.Join(dir, "infra", "prod", "eu"), Scope: Scope{Account: "222222222222"}, Range: Range{File: file, Line: 23, Column: 1, EndLine: 23, EndColumn: 22}},
	}
	if !reflect.DeepEqual(c.Scopes, wantScopes) {
		t.Errorf("Scopes = %+v, want %+v", c.Scopes, wantScopes)
	}
}

func TestConfigScopeFor(t *testing.T) {
	c := loadTestConfig(t)
	tests := []struct {
		path string
		want Scope
	}{
		{"main.tf", Scope{Partition: "aws", Account: "111111111111"}},
		{"infra/staging/main.tf", Scope{Partition: "aws", Account: "111111111111"}},
		{"infra/prod", Scope{Partition: "aws", Account: "111111111111", Region: "eu-west-1", Cluster: "prod"}},
		{"infra/prod/k8s/app.yaml", Scope{Partition: "aws", Account: "111111111111", Region: "eu-west-1", Cluster: "prod"}},
		// The most specific block wins per field; the others fill the rest.
		{"infra/prod/eu/main.tf", Scope{Partition: "aws", Account: "222222222222", Region: "eu-west-1", Cluster: "prod"}},
		// A sibling whose name starts like a scope directory is not in it.
		{"infra/prod-old/main.tf", Scope{Partition: "aws", Account: "111111111111"}},
	}
	for _, tt := range tests {
		got := c.ScopeFor(filepath.Join(c.Dir, filepath.FromSlash(tt.path)))
		if got != tt.want {
			t.Errorf("ScopeFor(%s) = %+v, want %+v", tt.path, got, tt.want)
		}
	}
	if got := c.ScopeFor(filepath.Dir(c.Dir)); got != (Scope{}) {
		t.Errorf("ScopeFor(outside) = %+v, want zero", got)
	}
}

func TestConfigExcluded(t *testing.T) {
	c := loadTestConfig(t)
	tests := []struct {
		path string
		want bool
	}{
		{"legacy", true},
		{"legacy/main.tf", true},
		{"legacy/deep/er/main.tf", true},
		{"legacyx/main.tf", false},
		{"app/generated/crds.yaml", true},
		{"generated/crds.yaml", true},
		{"app/generated/deep/crds.yaml", false},
		{"app/generated/crds.yml", false},
		{"tmp/x.tf", true},
		{"vendor/mod/main.tf", true},
		{"infra/vendor/main.tf", false},
		{"infra/main.tf", false},
		{".", false},
	}
	for _, tt := range tests {
		if got := c.Excluded(filepath.Join(c.Dir, filepath.FromSlash(tt.path))); got != tt.want {
			t.Errorf("Excluded(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
	if c.Excluded(filepath.Join(filepath.Dir(c.Dir), "legacy", "main.tf")) {
		t.Error("a path outside the config directory is excluded")
	}
}

// TestConfigExcludedIn: a pattern that matches the scan root the user
// named (or a directory above it) does not apply below it; the others do.
func TestConfigExcludedIn(t *testing.T) {
	c := loadTestConfig(t)
	at := func(p string) string { return filepath.Join(c.Dir, filepath.FromSlash(p)) }
	tests := []struct {
		root, path string
		want       bool
	}{
		{".", "legacy/main.tf", true},       // found by a scan of the top
		{"legacy", "legacy/main.tf", false}, // named: read
		{"legacy/deep", "legacy/deep/er/main.tf", false},
		{"legacy", "legacy/vendor/mod/main.tf", false}, // vendor/** is anchored at the top
		{"legacy", "legacy/generated/crds.yaml", true}, // another pattern still applies
		{"infra", "infra/main.tf", false},
		{"infra", "infra/generated/crds.yaml", true},
	}
	for _, tt := range tests {
		if got := c.ExcludedIn(at(tt.root), at(tt.path)); got != tt.want {
			t.Errorf("ExcludedIn(%s, %s) = %v, want %v", tt.root, tt.path, got, tt.want)
		}
	}
}

func TestConfigOptions(t *testing.T) {
	c := loadTestConfig(t)
	rules := []*Rule{
		{ID: "FL000", Name: "invalid-input", Severity: Error, Unsuppressible: true},
		{ID: "FL103", Name: "shared-security-group", Severity: Notice},
		{ID: "FL105", Name: "selector-spread", Severity: Warning},
	}
	opts, err := c.Options(rules)
	if err != nil {
		t.Fatal(err)
	}
	want := Options{Disable: []string{"FL103"}, Severity: map[string]Severity{"FL105": Error}}
	if !reflect.DeepEqual(opts, want) {
		t.Errorf("Options = %+v, want %+v", opts, want)
	}

	// A rule the catalogue does not have is an error at its block.
	_, err = c.Options(rules[:2])
	if err == nil || err.Error() != `testdata/config/.faultline.hcl:9,1-23: Unknown rule; No rule has the ID or name "selector-spread"; run "faultline rules" to list them.` {
		t.Errorf("unknown rule: err = %v", err)
	}

	// FL000 cannot be disabled, and two blocks for one rule are an error.
	bad := &Config{Rules: []RuleConfig{
		{Rule: "FL000", Enabled: new(bool), Range: Range{File: "c.hcl", Line: 1, Column: 1, EndLine: 1, EndColumn: 13}},
		{Rule: "FL105", Severity: Notice, Range: Range{File: "c.hcl", Line: 4, Column: 1, EndLine: 4, EndColumn: 13}},
		{Rule: "selector-spread", Severity: Error, Range: Range{File: "c.hcl", Line: 7, Column: 1, EndLine: 7, EndColumn: 23}},
	}}
	_, err = bad.Options(rules)
	if err == nil || !strings.Contains(err.Error(), "c.hcl:1,1-13: Rule cannot be configured") || !strings.Contains(err.Error(), "c.hcl:7,1-23: Duplicate rule block; Rule FL105 (selector-spread) is already configured at c.hcl:4:1.") {
		t.Errorf("bad options: err = %v", err)
	}
}

func TestConfigNil(t *testing.T) {
	var c *Config
	if got := c.ScopeFor("/x/y"); got != (Scope{}) {
		t.Errorf("ScopeFor = %+v", got)
	}
	if c.Excluded("/x/y") {
		t.Error("Excluded = true")
	}
	opts, err := c.Options(nil)
	if err != nil || !reflect.DeepEqual(opts, Options{}) {
		t.Errorf("Options = %+v, %v", opts, err)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			"unknown argument",
			"exclude = []\n\nfoo = 1\n",
			`.faultline.hcl:3,1-4: Unsupported argument; An argument named "foo" is not expected here.`,
		},
		{
			"unknown block",
			"rules \"FL101\" {}\n",
			`.faultline.hcl:1,1-6: Unsupported block type; Blocks of type "rules" are not expected here. Did you mean "rule"?`,
		},
		{
			"unknown argument in a rule block",
			"rule \"FL101\" {\n  enable = false\n}\n",
			`.faultline.hcl:2,3-9: Unsupported argument; An argument named "enable" is not expected here. Did you mean "enabled"?`,
		},
		{
			"bad severity",
			"rule \"FL101\" {\n  severity = \"fatal\"\n}\n",
			`.faultline.hcl:2,14-21: Invalid severity; Severity must be "error", "warning" or "notice", not "fatal".`,
		},
		{
			"bad enabled",
			"rule \"FL101\" {\n  enabled = \"nope\"\n}\n",
			`.faultline.hcl:2,13-19: Invalid value; enabled must be a bool.`,
		},
		{
			"bad account",
			"scope \"infra\" {\n  account = \"1234\"\n}\n",
			`.faultline.hcl:2,13-19: Invalid value; account must be a 12-digit AWS account ID, not "1234".`,
		},
		{
			"numeric account keeps its digits only when quoted",
			"scope \"infra\" {\n  account = 12345678901\n}\n",
			`.faultline.hcl:2,13-24: Invalid value; account must be a 12-digit AWS account ID, not "12345678901".`,
		},
		{
			"bad region",
			"scope \"infra\" {\n  region = \"eu-west1\"\n}\n",
			`.faultline.hcl:2,12-22: Invalid value; region must be an AWS region such as "eu-west-1", not "eu-west1".`,
		},
		{
			"absolute scope",
			"scope \"/infra\" {\n}\n",
			`.faultline.hcl:1,7-15: Invalid scope directory; "/infra" is absolute; scope directories are relative to the directory of the config file.`,
		},
		{
			"duplicate scope",
			"scope \"infra\" {}\nscope \"./infra/\" {}\n",
			`.faultline.hcl:2,1-17: Duplicate scope block; A scope block for "./infra/" was already defined at .faultline.hcl:1,1-14.`,
		},
		{
			"duplicate rule",
			"rule \"FL101\" {}\nrule \"fl101\" {}\n",
			`.faultline.hcl:2,1-13: Duplicate rule block; A rule block for "fl101" was already defined at .faultline.hcl:1,1-13.`,
		},
		{
			"exclude not a list",
			"exclude = \"legacy/**\"\n",
			`.faultline.hcl:1,11-22: Invalid value; exclude must be a list of string.`,
		},
		{
			"bad glob",
			"exclude = [\"legacy/[\"]\n",
			`.faultline.hcl:1,11-23: Invalid exclude pattern; "legacy/[" is not a valid glob pattern.`,
		},
		{
			"variables",
			"kube_version = var.k8s\n",
			`.faultline.hcl:1,16-19: Variables not allowed; Variables may not be used here.`,
		},
		{
			"malformed",
			"exclude = [\n",
			`.faultline.hcl:2,1-1: Missing expression; Expected the start of an expression, but found the end of the file.`,
		},
		{
			"missing label",
			"rule {\n}\n",
			`.faultline.hcl:1,6-7: Missing name for rule; All rule blocks must have 1 labels (name).`,
		},
		{
			"capacity complete not a bool",
			"capacity {\n  complete = \"yes\"\n}\n",
			`.faultline.hcl:2,14-19: Invalid value; complete must be a bool.`,
		},
		{
			"capacity without complete",
			"capacity {\n}\n",
			`.faultline.hcl:1,10-10: Missing required argument; The argument "complete" is required, but no definition was found.`,
		},
		{
			"capacity with a directory",
			"capacity \"clusters/prod\" {\n  complete = true\n}\n",
			`.faultline.hcl:1,10-25: Extraneous label for capacity; No labels are expected for capacity blocks.`,
		},
		{
			"duplicate capacity",
			"capacity {\n  complete = true\n}\ncapacity {\n  complete = false\n}\n",
			`.faultline.hcl:4,1-9: Duplicate capacity block; A capacity block was already defined at .faultline.hcl:1,1-9.`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, ConfigFile)
			if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			_, err := LoadConfig(ConfigFile)
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != tt.want {
				t.Errorf("error:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestLoadConfigUnreadable(t *testing.T) {
	_, err := LoadConfig(filepath.Join(t.TempDir(), "missing.hcl"))
	if err == nil || !strings.HasPrefix(err.Error(), "read config ") || !strings.HasSuffix(err.Error(), "missing.hcl: no such file or directory") {
		t.Errorf("err = %v", err)
	}
}

func TestLoadConfigReportsEveryProblem(t *testing.T) {
	_, err := parseConfig([]byte("foo = 1\nrule \"FL101\" {\n  severity = \"bad\"\n}\n"), "c.hcl", "/repo")
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "c.hcl:1,1-4: Unsupported argument") || !strings.HasPrefix(lines[1], "c.hcl:3,14-19: Invalid severity") {
		t.Errorf("err = %v", err)
	}
}

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	mkdir := func(p string) string {
		t.Helper()
		d := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	write := func(p string) string {
		t.Helper()
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	// outer/.faultline.hcl is above the repository and never found from
	// inside it.
	mkdir("outer/repo/.git")
	mkdir("outer/repo/infra/prod")
	write("outer/" + ConfigFile)
	deep := filepath.Join(root, "outer", "repo", "infra", "prod")

	if got, ok := FindConfig(deep); ok {
		t.Errorf("found %s above the repository root", got)
	}
	rootCfg := write("outer/repo/" + ConfigFile)
	if got, ok := FindConfig(deep); !ok || got != rootCfg {
		t.Errorf("FindConfig = %q, %v; want %q", got, ok, rootCfg)
	}
	infraCfg := write("outer/repo/infra/" + ConfigFile)
	if got, ok := FindConfig(deep); !ok || got != infraCfg {
		t.Errorf("FindConfig = %q, %v; want %q", got, ok, infraCfg)
	}
	// Without a repository the search goes up to the filesystem root.
	mkdir("plain/a/b")
	plainCfg := write("plain/" + ConfigFile)
	if got, ok := FindConfig(filepath.Join(root, "plain", "a", "b")); !ok || got != plainCfg {
		t.Errorf("FindConfig = %q, %v; want %q", got, ok, plainCfg)
	}
	// A directory named like the config file is not a config file.
	mkdir("dirs/" + ConfigFile)
	mkdir("dirs/.git")
	if got, ok := FindConfig(filepath.Join(root, "dirs")); ok {
		t.Errorf("found directory %s", got)
	}
}

func TestCapacityBlock(t *testing.T) {
	for src, want := range map[string]bool{
		"":                                    false,
		"capacity {\n  complete = true\n}\n":  true,
		"capacity {\n  complete = false\n}\n": false,
	} {
		c, err := parseConfig([]byte(src), ".faultline.hcl", "/repo")
		if err != nil {
			t.Fatal(err)
		}
		if c.CapacityComplete != want {
			t.Errorf("%q: CapacityComplete = %v, want %v", src, c.CapacityComplete, want)
		}
	}
}

func TestTerraformAndChartBlocks(t *testing.T) {
	src := `terraform "infra" {
  vars      = { cluster = "prod", env = "outer" }
  var_files = ["common.tfvars"]
}

terraform "infra/eu" {
  vars = { env = "inner" }
}

chart "charts/nodes" {
  values_files = ["values-prod.yaml", "../../env/prod.yaml"]
}
`
	c, err := parseConfig([]byte(src), ".faultline.hcl", "/repo")
	if err != nil {
		t.Fatal(err)
	}
	vars, files := c.TerraformFor("/repo/infra/eu")
	if vars["cluster"] != "prod" || vars["env"] != "inner" || len(files) != 1 || files[0] != "/repo/infra/common.tfvars" {
		t.Errorf("TerraformFor = %v %v", vars, files)
	}
	if v, _ := c.TerraformFor("/repo/other"); len(v) != 0 {
		t.Errorf("unrelated dir got %v", v)
	}
	got := c.ChartValuesFor("/repo/charts/nodes")
	if len(got) != 2 || got[0] != "/repo/charts/nodes/values-prod.yaml" || got[1] != "/repo/env/prod.yaml" {
		t.Errorf("ChartValuesFor = %v", got)
	}
	if _, err := parseConfig([]byte("chart \"x\" {\n  values = []\n}\n"), ".faultline.hcl", "/repo"); err == nil || !strings.Contains(err.Error(), ".faultline.hcl:2") {
		t.Errorf("unknown chart argument: %v", err)
	}
}

// TestUnusedTerraform: a terraform block is unused when its directory
// does not exist, or lies in the scan and holds no root module; one for a
// directory outside the scan that exists belongs to another run.
func TestUnusedTerraform(t *testing.T) {
	c := &Config{Terraform: []TerraformConfig{
		{Dir: "/repo/infra"},         // holds a root
		{Dir: "/repo/infra/prod"},    // is a root
		{Dir: "/repo/apps"},          // in the scan, no root
		{Dir: "/elsewhere/cfg/app"},  // does not exist
		{Dir: "/repo-other/staging"}, // outside the scan, exists
	}}
	exists := func(d string) bool { return d != "/elsewhere/cfg/app" }
	got := c.UnusedTerraform([]string{"/repo/infra/prod"}, []string{"/repo"}, exists)
	var dirs []string
	for _, tc := range got {
		dirs = append(dirs, tc.Dir)
	}
	want := []string{"/repo/apps", "/elsewhere/cfg/app"}
	if !slices.Equal(dirs, want) {
		t.Errorf("unused %v, want %v", dirs, want)
	}
	if (*Config)(nil).UnusedTerraform(nil, nil, exists) != nil {
		t.Error("a nil config has unused blocks")
	}
}
