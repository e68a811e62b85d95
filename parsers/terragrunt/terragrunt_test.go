package terragrunt

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// noOutputs is an outputs callback for which no dependency can be
// evaluated.
func noOutputs(string) (cty.Value, bool) { return cty.NilVal, false }

// input finds a unit's input by name.
func input(t *testing.T, in terraform.UnitInputs, name string) terraform.UnitInput {
	t.Helper()
	for _, v := range in.Values {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no input %s among %v", name, in.Values)
	return terraform.UnitInput{}
}

// at checks that r starts at file:line:col (file relative to the root).
func (l *live) at(t *testing.T, what string, r hcl.Range, file string, line, col int) {
	t.Helper()
	if r.Filename != l.abs(file) || r.Start.Line != line || r.Start.Column != col {
		t.Errorf("%s at %s:%d:%d, want %s:%d:%d", what, r.Filename, r.Start.Line, r.Start.Column, l.abs(file), line, col)
	}
}

// hasNote checks that notes hold one at file:line whose text contains
// each of parts.
func hasNote(t *testing.T, notes []lint.Note, file string, line int, parts ...string) {
	t.Helper()
	for _, n := range notes {
		if n.Range.File != file || n.Range.Line != line {
			continue
		}
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(n.What, p)
		}
		if ok {
			return
		}
	}
	t.Errorf("no note at %s:%d saying %q among %v", file, line, parts, notes)
}

func TestUnitsAreNotIncludedFiles(t *testing.T) {
	l := loadLive(t)
	var got []string
	for _, u := range l.res.Units {
		r, _ := filepath.Rel(l.root, u.Dir)
		got = append(got, filepath.ToSlash(r))
	}
	// legacy/terragrunt.hcl is included by legacy/app (a root
	// configuration), broken/ does not parse, catalog/units/eks is a
	// stack's unit source, read as the stack's unit.
	want := []string{"cycle/a", "cycle/b", "escape", "legacy/app", "prod/eks", "prod/irsa", "prod/vpc", "stack/.terragrunt-stack/eks"}
	if !slices.Equal(got, want) {
		t.Fatalf("units %v, want %v", got, want)
	}
}

func TestIncludeExposedLocals(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "prod/vpc")
	if want := []string{l.abs("prod/vpc/terragrunt.hcl"), l.abs("root.hcl"), l.abs("prod/env.hcl")}; !slices.Equal(u.Files, want) {
		t.Errorf("files %v, want %v", u.Files, want)
	}
	if u.Config != l.abs("prod/vpc/terragrunt.hcl") {
		t.Errorf("config %s", u.Config)
	}
	name := input(t, u.Inputs(noOutputs), "name")
	if !name.Value.RawEquals(cty.StringVal("shop-eu-west-1-vpc")) {
		t.Errorf("name = %#v, want the root's prefix local", name.Value)
	}
	l.at(t, "name", name.Range, "prod/vpc/terragrunt.hcl", 11, 13)
	l.at(t, "name's key", name.NameRange, "prod/vpc/terragrunt.hcl", 11, 3)
	// read_terragrunt_config of a file found above the unit.
	if env := input(t, u.Inputs(noOutputs), "env"); !env.Value.RawEquals(cty.StringVal("prod")) {
		t.Errorf("env = %#v, want env.hcl's local", env.Value)
	}
	l.at(t, "unit", u.Range, "prod/vpc/terragrunt.hcl", 6, 1)
}

func TestDeprecatedIncludeOfParentTerragruntHCL(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "legacy/app")
	if u.Backend == nil || u.Backend.Type != "s3" {
		t.Fatalf("backend %+v, want the parent's s3 remote_state", u.Backend)
	}
	want := cty.ObjectVal(map[string]cty.Value{
		"bucket": cty.StringVal("legacy-tfstate"),
		"key":    cty.StringVal("app/terraform.tfstate"),
		"region": cty.StringVal("us-east-1"),
	})
	if !u.Backend.Config.RawEquals(want) {
		t.Errorf("backend config %#v, want %#v", u.Backend.Config, want)
	}
	l.at(t, "backend", u.Backend.Range, "legacy/terragrunt.hcl", 1, 1)
}

func TestRemoteStateKeyRelativeToInclude(t *testing.T) {
	l := loadLive(t)
	for _, dir := range []string{"prod/eks", "prod/vpc"} {
		u := l.unit(t, dir)
		if u.Backend == nil {
			t.Fatalf("%s: no backend", dir)
		}
		key := u.Backend.Config.GetAttr("key")
		if !key.RawEquals(cty.StringVal(dir + "/terraform.tfstate")) {
			t.Errorf("%s: key %#v", dir, key)
		}
		l.at(t, dir+" backend", u.Backend.Range, "root.hcl", 8, 1)
	}
}

func TestMergeShallowAndDeep(t *testing.T) {
	l := loadLive(t)
	strs := func(s ...string) cty.Value {
		var vs []cty.Value
		for _, x := range s {
			vs = append(vs, cty.StringVal(x))
		}
		return cty.TupleVal(vs)
	}
	cases := []struct {
		dir           string
		tags, subnets cty.Value
		tagsFile      string
		tagsLine      int
		tagsCol       int
	}{
		// shallow: the unit's inputs replace the root's, name by name
		{"prod/vpc", cty.ObjectVal(map[string]cty.Value{"component": cty.StringVal("vpc")}), strs("subnet-b"), "prod/vpc/terragrunt.hcl", 12, 13},
		// deep: maps merged, lists concatenated, root first
		{"prod/irsa", cty.ObjectVal(map[string]cty.Value{"component": cty.StringVal("irsa"), "team": cty.StringVal("platform")}), strs("subnet-a", "subnet-c"), "prod/irsa/terragrunt.hcl", 19, 17},
		// not set by the unit: the root's
		{"prod/eks", cty.ObjectVal(map[string]cty.Value{"team": cty.StringVal("platform")}), strs("subnet-a"), "root.hcl", 29, 13},
	}
	for _, c := range cases {
		in := l.unit(t, c.dir).Inputs(noOutputs)
		tags, subnets := input(t, in, "tags"), input(t, in, "subnets")
		if !tags.Value.RawEquals(c.tags) {
			t.Errorf("%s: tags %#v, want %#v", c.dir, tags.Value, c.tags)
		}
		if !subnets.Value.RawEquals(c.subnets) {
			t.Errorf("%s: subnets %#v, want %#v", c.dir, subnets.Value, c.subnets)
		}
		l.at(t, c.dir+" tags", tags.Range, c.tagsFile, c.tagsLine, c.tagsCol)
	}
}

func TestDependencyOutputsPassedThrough(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "prod/eks")
	if want := []string{l.abs("prod/vpc")}; !slices.Equal(u.Dependencies, want) {
		t.Fatalf("dependencies %v, want %v", u.Dependencies, want)
	}
	hole := l.holes.Sentinel(lint.HoleRef{Object: "prod/vpc:aws_vpc.main", Path: "id"})
	var asked []string
	in := u.Inputs(func(dir string) (cty.Value, bool) {
		asked = append(asked, dir)
		return cty.ObjectVal(map[string]cty.Value{"vpc_id": cty.StringVal(hole)}), true
	})
	if want := []string{l.abs("prod/vpc")}; !slices.Equal(asked, want) {
		t.Errorf("outputs asked for %v, want %v", asked, want)
	}
	v := input(t, in, "vpc_id")
	if !v.Value.RawEquals(cty.StringVal(hole)) || v.Inferred != "" {
		t.Errorf("vpc_id = %#v (inferred %q), want the dependency's output unchanged", v.Value, v.Inferred)
	}
	l.at(t, "vpc_id", v.Range, "prod/eks/terragrunt.hcl", 20, 18)
}

func TestDependencyMockOutputs(t *testing.T) {
	l := loadLive(t)
	in := l.unit(t, "prod/eks").Inputs(noOutputs)
	v := input(t, in, "vpc_id")
	if !v.Value.RawEquals(cty.StringVal("vpc-00000000")) {
		t.Errorf("vpc_id = %#v, want the mock output", v.Value)
	}
	if want := "dependency.vpc: mock_outputs (../vpc cannot be evaluated)"; v.Inferred != want {
		t.Errorf("inferred %q, want %q", v.Inferred, want)
	}
	if c := input(t, in, "cluster_name"); c.Inferred != "" {
		t.Errorf("cluster_name inferred %q; it reads no dependency", c.Inferred)
	}
}

func TestDependencyWithoutOutputsOrMocks(t *testing.T) {
	l := loadLive(t)
	in := l.unit(t, "prod/irsa").Inputs(noOutputs)
	if v := input(t, in, "oidc_issuer"); v.Value.IsKnown() {
		t.Errorf("oidc_issuer = %#v, want unknown", v.Value)
	}
	hasNote(t, in.Notes, "prod/irsa/terragrunt.hcl", 10, "dependency.eks", "../eks", "no mock_outputs")
}

func TestGetEnvAndRunCmd(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "prod/irsa")
	in := u.Inputs(noOutputs)
	if v := input(t, in, "account_id"); !v.Value.RawEquals(cty.StringVal("111122223333")) {
		t.Errorf("get_env with a default = %#v, want the default", v.Value)
	}
	for _, c := range []struct {
		name string
		line int
		says string
	}{{"home", 16, "get_env() without a default"}, {"commit", 17, "run_cmd() is not run"}} {
		v := input(t, in, c.name)
		if !v.Value.IsKnown() || v.Value.Type() != cty.String || l.holes.Decode(v.Value.AsString()).IsKnown() {
			t.Errorf("%s = %#v, want a hole", c.name, v.Value)
		}
		hasNote(t, u.Notes, "prod/irsa/terragrunt.hcl", c.line, c.says)
	}
}

func TestSources(t *testing.T) {
	l := loadLive(t)
	cases := []struct {
		dir, source, version string
		line, col            int
		file                 string
	}{
		{"prod/vpc", l.abs("modules/vpc"), "", 7, 12, "prod/vpc/terragrunt.hcl"},
		{"prod/eks", "terraform-aws-modules/eks/aws", "20.8.4", 6, 12, "prod/eks/terragrunt.hcl"},
		{"prod/irsa", "git::https://github.com/acme/infra-modules.git//iam/irsa?ref=v1.2.3", "", 7, 12, "prod/irsa/terragrunt.hcl"},
		{"legacy/app", "github.com/acme/legacy-modules//app?ref=v0.9.0", "", 6, 12, "legacy/app/terragrunt.hcl"},
		{"cycle/a", "", "", 0, 0, ""},
	}
	for _, c := range cases {
		u := l.unit(t, c.dir)
		if u.Source != c.source || u.Version != c.version {
			t.Errorf("%s: source %q version %q, want %q %q", c.dir, u.Source, u.Version, c.source, c.version)
		}
		if c.file != "" {
			l.at(t, c.dir+" source", u.SourceRange, c.file, c.line, c.col)
		}
	}
	// With no terraform block the unit is anchored at its file's first line.
	l.at(t, "cycle/a", l.unit(t, "cycle/a").Range, "cycle/a/terragrunt.hcl", 1, 1)
}

func TestModuleSource(t *testing.T) {
	cases := []struct{ in, src, version string }{
		{"../../modules//eks", "/live/modules/eks", ""},
		{"/abs/modules//x/y", "/abs/modules/x/y", ""},
		{"tfr:///terraform-aws-modules/eks/aws?version=20.8.4", "terraform-aws-modules/eks/aws", "20.8.4"},
		{"tfr://registry.example.com/acme/eks/aws?version=1.0.0", "registry.example.com/acme/eks/aws", "1.0.0"},
		{"tfr:///terraform-aws-modules/iam/aws//modules/iam-role?version=5.39.0", "terraform-aws-modules/iam/aws//modules/iam-role", "5.39.0"},
		{"git::git@github.com:acme/modules.git//eks?ref=v2", "git::git@github.com:acme/modules.git//eks?ref=v2", ""},
		{"s3::https://s3.amazonaws.com/bucket/eks.zip", "s3::https://s3.amazonaws.com/bucket/eks.zip", ""},
	}
	for _, c := range cases {
		src, version, err := moduleSource(c.in, "/live/prod/eks")
		if err != nil || src != c.src || version != c.version {
			t.Errorf("moduleSource(%q) = %q, %q, %v; want %q, %q", c.in, src, version, err, c.src, c.version)
		}
	}
	if _, _, err := moduleSource("tfr:///eks?version=1", "/"); err == nil {
		t.Error("a registry source without namespace/name/provider was accepted")
	}
}

func TestGenerateMapsToTerragruntHCL(t *testing.T) {
	l := loadLive(t)
	g := l.unit(t, "prod/eks").Generated
	if len(g) != 1 {
		t.Fatalf("generated %v, want provider.tf", g)
	}
	want := "provider \"aws\" {\n  region = \"eu-west-1\"\n}\n"
	if g[0].Name != "provider.tf" || string(g[0].Src) != want || g[0].Filename != l.abs("root.hcl") {
		t.Errorf("generated %s from %s: %q", g[0].Name, g[0].Filename, g[0].Src)
	}
	// The heredoc's first line is line 22 of root.hcl.
	if g[0].Start.Line != 22 || g[0].Start.Column != 1 {
		t.Errorf("generated content starts at %d:%d, want 22:1", g[0].Start.Line, g[0].Start.Column)
	}
}

func TestParseErrorIsDiagnostic(t *testing.T) {
	l := loadLive(t)
	var got []lint.Diagnostic
	for _, d := range l.res.Diagnostics {
		if d.Range.File == "broken/terragrunt.hcl" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Range.Line != 7 || got[0].Range.Column != 14 {
		t.Fatalf("diagnostics %v, want one at broken/terragrunt.hcl:7:14", got)
	}
	for _, n := range l.res.Notes {
		if n.Range.File == "broken/terragrunt.hcl" {
			t.Errorf("a parse error is also a note: %v", n)
		}
	}
}

func TestStackUnit(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "stack/.terragrunt-stack/eks")
	if u.Config != l.abs("catalog/units/eks/terragrunt.hcl") {
		t.Errorf("config %s, want the unit source's terragrunt.hcl", u.Config)
	}
	if u.Source != "registry.terraform.io/terraform-aws-modules/eks/aws" || u.Version != "20.8.4" {
		t.Errorf("source %q version %q, want the registry module at the stack's version value", u.Source, u.Version)
	}
	c := input(t, u.Inputs(noOutputs), "cluster_name")
	if !c.Value.RawEquals(cty.StringVal("stack-eks")) {
		t.Errorf("cluster_name %#v, want the stack's value", c.Value)
	}
	l.at(t, "cluster_name", c.Range, "catalog/units/eks/terragrunt.hcl", 6, 18)
	hasNote(t, l.res.Notes, "stack/terragrunt.stack.hcl", 15, `stack unit "rds"`, "not fetched")
}

func TestCyclesAreNotes(t *testing.T) {
	l := loadLive(t)
	hasNote(t, l.res.Notes, "cycle/a/terragrunt.hcl", 1, "cycle (cycle/a → cycle/b → cycle/a)")
	hasNote(t, l.unit(t, "cycle/a").Notes, "cycle/other.hcl", 2, "cycle/common.hcl reads itself", "cycle/common.hcl → cycle/other.hcl → cycle/common.hcl")
	// Each unit of the cycle still has its inputs, from the mocks.
	v := input(t, l.unit(t, "cycle/b").Inputs(noOutputs), "a_id")
	if !v.Value.RawEquals(cty.StringVal("a")) || v.Inferred == "" {
		t.Errorf("a_id = %#v (inferred %q), want the mock", v.Value, v.Inferred)
	}
}

func TestFilesRead(t *testing.T) {
	l := loadLive(t)
	for _, f := range []string{"root.hcl", "legacy/terragrunt.hcl", "cycle/common.hcl", "stack/terragrunt.stack.hcl", "broken/terragrunt.hcl"} {
		if !slices.Contains(l.res.Files, l.abs(f)) {
			t.Errorf("%s is not among the files read", f)
		}
	}
	if slices.Contains(l.res.Files, l.abs("modules/vpc/main.tf")) {
		t.Error("a module's .tf file is among the Terragrunt files read")
	}
}

func TestReadOutsideTheTreeIsANote(t *testing.T) {
	l := loadLive(t)
	u := l.unit(t, "escape")
	hasNote(t, u.Notes, "escape/terragrunt.hcl", 1, `include "shared"`, "outside the scanned tree")
	in := u.Inputs(noOutputs)
	if len(in.Values) != 1 || in.Values[0].Name != "replicas" {
		t.Errorf("inputs %v, want only the unit's own", in.Values)
	}
	if slices.Contains(l.res.Files, filepath.Join(filepath.Dir(l.root), "shared.hcl")) {
		t.Error("a file outside the tree was read")
	}
}

// In an included file, Terragrunt's include functions name the include
// being read (getSelectedIncludeBlock returns it whatever name they are
// given); in the unit, the include named.
func TestIncludeFunctionsInTheIncludedFile(t *testing.T) {
	l := loadTree(t, "twoincludes")
	u := l.unit(t, "live/app")
	for name, want := range map[string]string{
		"root_dir":  l.root,
		"env_dir":   l.abs("_env"),
		"env_named": l.abs("_env"),
		"env_rel":   "../live/app",
		"unit_root": l.root,
		"unit_env":  l.abs("_env"),
	} {
		if got := input(t, u.Inputs(noOutputs), name).Value; !got.RawEquals(cty.StringVal(want)) {
			t.Errorf("%s = %#v, want %q", name, got, want)
		}
	}
}

// A bare include beside labeled ones is no longer the include variable
// itself: every exposed include is read by its label.
func TestBareIncludeBesideLabeledOnes(t *testing.T) {
	l := loadTree(t, "bareandlabeled")
	u := l.unit(t, "live/api")
	in := u.Inputs(noOutputs)
	if got := input(t, in, "region").Value; !got.RawEquals(cty.StringVal("eu-west-3")) {
		t.Errorf("region = %#v, want region.hcl's local", got)
	}
	if notes := append(slices.Clone(u.Notes), in.Notes...); len(notes) > 0 {
		t.Errorf("notes %v, want none", notes)
	}
}

// TestIncludeFunctionsOfUnreadInclude: an include whose path is not known
// (the file it finds is not committed) leaves what the include functions
// say of it unknown: no source in the unit's own directory, no stage ".".
func TestIncludeFunctionsOfUnreadInclude(t *testing.T) {
	l := loadTree(t, "unreadinclude")
	u := l.unit(t, "live/dev")
	if u.Source != "" {
		t.Errorf("source %q, want none known", u.Source)
	}
	hasNote(t, u.Notes, "live/dev/terragrunt.hcl", 8, "the terraform source is unknown")
	stage := input(t, u.Inputs(noOutputs), "stage")
	if stage.Value.IsKnown() {
		t.Errorf("stage = %#v, want unknown", stage.Value)
	}
}

// TestRepoRootOfANestedRepository: get_repo_root() is the top level of the
// git repository the unit is in, as git finds it from the unit's
// directory — a repository checked out inside the directory scanned —,
// not the scan root.
func TestRepoRootOfANestedRepository(t *testing.T) {
	root := t.TempDir()
	nested := filepath.Join(root, "live")
	for p, c := range map[string]string{
		"live/.git/HEAD":               "ref: refs/heads/main\n",
		"live/_shared/app.hcl":         "locals {\n  team = \"payments\"\n}\n",
		"live/prod/app/terragrunt.hcl": "locals {\n  shared = read_terragrunt_config(\"${get_repo_root()}/_shared/app.hcl\")\n}\ninputs = {\n  team = local.shared.locals.team\n  here = get_path_from_repo_root()\n}\n",
		"tools/render/terragrunt.hcl":  "inputs = {\n  here = get_path_from_repo_root()\n}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{filepath.Join(nested, "prod/app/terragrunt.hcl"), filepath.Join(root, "tools/render/terragrunt.hcl")}
	ld := load(files, Options{Root: root, Tree: treefs.New([]string{root}, ""), Holes: lint.NewHoles()})
	l := &live{root: root, res: ld.res, ld: ld}
	app := l.unit(t, "live/prod/app").Inputs(noOutputs)
	if v := input(t, app, "team").Value; !v.RawEquals(cty.StringVal("payments")) {
		t.Errorf("team = %#v, want the shared file read from live/, the repository's top level", v)
	}
	if v := input(t, app, "here").Value; !v.RawEquals(cty.StringVal("prod/app")) {
		t.Errorf("path from the repository's top level = %#v, want prod/app", v)
	}
	// Outside the nested repository (and outside git): the scan root.
	if v := input(t, l.unit(t, "tools/render").Inputs(noOutputs), "here").Value; !v.RawEquals(cty.StringVal("tools/render")) {
		t.Errorf("path from the scan root = %#v, want tools/render", v)
	}
}
