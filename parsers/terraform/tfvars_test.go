package terraform

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// loadRoot loads root (a directory of the written tree) with the tree as
// the scan root.
func loadRoot(t *testing.T, files map[string]string, root string, opts Options) Result {
	t.Helper()
	dir := writeTree(t, files)
	opts.Root = dir
	opts.Rel = func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	for i, f := range opts.VarFiles {
		opts.VarFiles[i] = filepath.Join(dir, f)
	}
	return Load([]string{filepath.Join(dir, root)}, opts)
}

func tfvarsNotes(res Result) []lint.Note {
	var out []lint.Note
	for _, n := range res.Notes {
		if n.Kind == lint.Skipped && filepath.Ext(n.Range.File) == ".tf" {
			out = append(out, n)
		}
	}
	return out
}

const tfvarsRoot = `variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "cluster_name" {
  type = string
}

variable "node_role_name" {
  type = string
}
`

func TestUnloadedVarFilesNote(t *testing.T) {
	files := map[string]string{
		"live/prod/variables.tf":               tfvarsRoot,
		"live/prod/values/prod.tfvars":         "cluster_name = \"prod\"\nnode_role_name = \"prod-nodes\"\n",
		"live/prod/terraform.tfvars.example":   "cluster_name = \"example\"\n",
		"live/prod/values/unrelated.tfvars":    "something_else = 1\n",
		"live/prod/modules/nodes/main.tf":      "variable \"cluster_name\" {}\n",
		"live/prod/modules/nodes/dev.tfvars":   "cluster_name = \"dev\"\n",
		"live/env/staging.tfvars.json":         `{"cluster_name": "staging"}`,
		"live/prod/.terraform/x/hidden.tfvars": "cluster_name = \"cached\"\n",
	}
	res := loadRoot(t, files, "live/prod", Options{})
	want := lint.Note{Kind: lint.Skipped,
		What:  `root module live/prod: variables cluster_name, node_role_name have no value; live/prod/values/prod.tfvars, live/env/staging.tfvars.json, live/prod/terraform.tfvars.example set them, but Terraform does not load those files automatically, and neither does faultline: add to .faultline.hcl: terraform "live/prod" { var_files = ["values/prod.tfvars"] } (or pass --var-file live/prod/values/prod.tfvars, which applies to every root module of the run)`,
		Range: lint.Range{File: "live/prod/variables.tf", Line: 6, Column: 1, EndLine: 6, EndColumn: 24}}
	got := tfvarsNotes(res)
	if len(got) != 1 || got[0] != want {
		t.Errorf("notes = %+v\nwant [%+v]", got, want)
	}
}

// An example that sets a name twice (Terraform refuses it as a
// variables file) still sets the variables the note names.
func TestUnloadedVarFilesNoteOfExampleSettingANameTwice(t *testing.T) {
	files := map[string]string{
		"stacks/dev/variables.tf":             tfvarsRoot,
		"stacks/dev/terraform.tfvars.example": "cluster_name = \"dev\"\nnode_role_name = \"dev-nodes\"\ncluster_name = \"dev-2\"\n",
	}
	got := tfvarsNotes(loadRoot(t, files, "stacks/dev", Options{}))
	want := `root module stacks/dev: variables cluster_name, node_role_name have no value; stacks/dev/terraform.tfvars.example sets them`
	if len(got) != 1 || !strings.HasPrefix(got[0].What, want) {
		t.Errorf("notes = %+v\nwant one starting %q", got, want)
	}
}

// A Terraspace stack's tfvars/base.tfvars is loaded as terraspace build
// passes it; an ERB one is a template whose values are not known, and the
// note says so rather than offering it to --var-file.
func TestTerraspaceBaseVars(t *testing.T) {
	files := map[string]string{
		"config/app.rb":                      "Terraspace.configure do |config|\nend\n",
		"app/stacks/eks/variables.tf":        tfvarsRoot,
		"app/stacks/eks/tfvars/base.tfvars":  "cluster_name = \"orders\"\nnode_role_name = \"orders-nodes\"\n",
		"app/stacks/edge/variables.tf":       tfvarsRoot,
		"app/stacks/edge/tfvars/base.tfvars": "cluster_name = <%= output('eks.cluster_name') %>\nnode_role_name = \"edge\"\n",
		"plain/variables.tf":                 tfvarsRoot,
		"plain/tfvars/base.tfvars":           "cluster_name = \"x\"\nnode_role_name = \"y\"\n",
	}
	if got := tfvarsNotes(loadRoot(t, files, "app/stacks/eks", Options{})); len(got) != 0 {
		t.Errorf("stack with base.tfvars: notes %+v, want none", got)
	}
	got := tfvarsNotes(loadRoot(t, files, "app/stacks/edge", Options{}))
	want := `root module app/stacks/edge: variables cluster_name, node_role_name have no value; app/stacks/edge/tfvars/base.tfvars sets them, but Terraspace renders its stack's tfvars as ERB templates at build (<%= %> tags), which faultline does not: what that file sets is not known`
	if len(got) != 1 || got[0].What != want {
		t.Errorf("ERB base.tfvars: notes %+v\nwant one %q", got, want)
	}
	// Outside a Terraspace project, tfvars/base.tfvars is a file Terraform
	// does not load.
	if got := tfvarsNotes(loadRoot(t, files, "plain", Options{})); len(got) != 1 || !strings.Contains(got[0].What, "pass --var-file plain/tfvars/base.tfvars") {
		t.Errorf("plain root: notes %+v, want one offering --var-file", got)
	}
}

// Once the variables have values (a default, auto-loaded terraform.tfvars,
// --var-file, .faultline.hcl), no note.
func TestUnloadedVarFilesQuietWhenGiven(t *testing.T) {
	base := map[string]string{
		"infra/main.tf":           tfvarsRoot,
		"infra/env/prod.tfvars":   "cluster_name = \"prod\"\nnode_role_name = \"n\"\n",
		"infra/terraform.tfvars":  "",
		"infra/other.auto.tfvars": "",
	}
	given := map[string]string{}
	for k, v := range base {
		given[k] = v
	}
	given["infra/terraform.tfvars"] = "cluster_name = \"a\"\nnode_role_name = \"b\"\n"
	if got := tfvarsNotes(loadRoot(t, given, "infra", Options{})); len(got) != 0 {
		t.Errorf("auto-loaded values: notes %+v", got)
	}
	if got := tfvarsNotes(loadRoot(t, base, "infra", Options{VarFiles: []string{"infra/env/prod.tfvars"}})); len(got) != 0 {
		t.Errorf("--var-file: notes %+v", got)
	}
	inputs := func(string) (map[string]string, []string) {
		return map[string]string{"cluster_name": "c", "node_role_name": "d"}, nil
	}
	if got := tfvarsNotes(loadRoot(t, base, "infra", Options{InputsFor: inputs})); len(got) != 0 {
		t.Errorf(".faultline.hcl vars: notes %+v", got)
	}
	if got := tfvarsNotes(loadRoot(t, base, "infra", Options{})); len(got) != 1 {
		t.Errorf("nothing given: notes %+v, want one", got)
	}
}

// A call pinned to a commit whose inputs no modelled version declares all
// of is of a release faultline does not know: not modelled, with a note
// saying why, rather than read at a version it does not fit.
func TestCommitPinnedCallNoVersionFitsIsNotModelled(t *testing.T) {
	files := map[string]string{
		"infra/main.tf": `module "eks" {
  source = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"

  cluster_name       = "delta"
  kubernetes_version = "1.32"
}
`,
	}
	res := loadRoot(t, files, "infra", Options{})
	noted := false
	for _, n := range res.Notes {
		noted = noted || strings.Contains(n.What, "pinned to commit 0a1b2c3d4e5f, a release faultline does not know, whose inputs no modelled version declares all of")
	}
	if !noted {
		t.Errorf("notes %+v: want the call noted as a release faultline does not know", res.Notes)
	}
	found := false
	for _, c := range res.Modules {
		if c.Call == "module.eks" {
			found = true
			if c.How != modsource.ResolvedUnknown {
				t.Errorf("module.eks resolved as %v, want not modelled", c.How)
			}
		}
	}
	if !found {
		t.Errorf("module calls %+v: want module.eks", res.Modules)
	}
}

const stagedRoot = `variable "stage" {
  type    = string
  default = "sandbox"
}

variable "region" {
  type    = string
  default = "eu-central-1"
}

resource "aws_security_group" "nodes" {
  name = "nodes"
  tags = {
    Stage  = var.stage
    Region = var.region
  }
}
`

// nodeGroupTags are the tags of the security group stagedRoot declares.
func nodeGroupTags(t *testing.T, res Result) map[string]lint.Value {
	t.Helper()
	for _, e := range res.Entities {
		if sg, ok := e.(*lint.SecurityGroup); ok {
			return sg.Tags
		}
	}
	t.Fatalf("entities %v: no security group", res.Entities)
	return nil
}

// A default that every environment's variables file (one Terraform does
// not load) sets otherwise is a value no plan uses: the variable reads as
// not known, and the note says which file to pass. A default some
// environment keeps stays; examples, and files setting nothing of the
// root, are no environments.
func TestUnloadedVarFilesOverridingADefault(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":                  stagedRoot,
		"infra/envs/live.tfvars":         "stage = \"live\"\n",
		"infra/envs/staging.tfvars":      "stage = \"staging\"\nregion = \"eu-central-1\"\n",
		"infra/terraform.tfvars.example": "region = \"us-east-1\"\nstage = \"demo\"\n",
		"infra/envs/dns.tfvars":          "zone_name = \"example.org\"\n",
		"infra/modules/x/main.tf":        "variable \"stage\" {}\n",
		"infra/modules/x/testing.tfvars": "stage = \"sandbox\"\n",
	}
	res := loadRoot(t, files, "infra", Options{})
	want := lint.Note{Kind: lint.Skipped,
		What:  `root module infra: variable stage is read as not known, not as its default; infra/envs/live.tfvars, infra/envs/staging.tfvars set it, but Terraform does not load those files automatically, and neither does faultline: add to .faultline.hcl: terraform "infra" { var_files = ["envs/live.tfvars"] } (or pass --var-file infra/envs/live.tfvars, which applies to every root module of the run)`,
		Range: lint.Range{File: "infra/main.tf", Line: 1, Column: 1, EndLine: 1, EndColumn: 17}}
	if got := tfvarsNotes(res); len(got) != 1 || got[0] != want {
		t.Errorf("notes = %+v\nwant [%+v]", got, want)
	}
	tags := nodeGroupTags(t, res)
	if s, ok := tags["Stage"].Str(); ok {
		t.Errorf("Stage tag = %q, want not known", s)
	}
	if s, ok := tags["Region"].Str(); !ok || s != "eu-central-1" {
		t.Errorf("Region tag = %q (known %v), want the default eu-central-1", s, ok)
	}
}

// A default one environment keeps — its file sets the same value, or
// leaves the variable alone — is a value a plan uses: it stays, and no
// note is given for it.
func TestUnloadedVarFilesDefaultOneEnvironmentKeeps(t *testing.T) {
	for name, keep := range map[string]string{
		"same value": "stage = \"sandbox\"\n",
		"not set":    "region = \"eu-west-1\"\n",
	} {
		files := map[string]string{
			"infra/main.tf":             stagedRoot,
			"infra/envs/live.tfvars":    "stage = \"live\"\n",
			"infra/envs/sandbox.tfvars": keep,
		}
		res := loadRoot(t, files, "infra", Options{})
		if s, ok := nodeGroupTags(t, res)["Stage"].Str(); !ok || s != "sandbox" {
			t.Errorf("%s: Stage tag = %q (known %v), want the default sandbox", name, s, ok)
		}
		for _, n := range tfvarsNotes(res) {
			if strings.Contains(n.What, "stage") {
				t.Errorf("%s: note %q names stage", name, n.What)
			}
		}
	}
}

// Variables with no value and variables whose default is overridden are
// named in one note.
func TestUnloadedVarFilesNoteNamesBothKinds(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":          stagedRoot + "variable \"cluster\" {\n  type = string\n}\n",
		"infra/envs/live.tfvars": "stage = \"live\"\nregion = \"eu-west-1\"\ncluster = \"shop\"\n",
	}
	got := tfvarsNotes(loadRoot(t, files, "infra", Options{}))
	want := `root module infra: variable cluster has no value and variables region, stage are read as not known, not as their defaults; infra/envs/live.tfvars sets them, but`
	if len(got) != 1 || !strings.HasPrefix(got[0].What, want) {
		t.Errorf("notes = %+v\nwant one starting %q", got, want)
	}
}

// Once variables files are chosen — --var-file, .faultline.hcl — a
// default the chosen files leave alone is the value, whatever other files
// of the tree say.
func TestUnloadedVarFilesChosenKeepDefaults(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":              stagedRoot,
		"infra/envs/live.tfvars":     "stage = \"live\"\n",
		"infra/envs/regional.tfvars": "region = \"eu-west-1\"\n",
	}
	for name, opts := range map[string]Options{
		"--var-file": {VarFiles: []string{"infra/envs/regional.tfvars"}},
		".faultline.hcl": {InputsFor: func(dir string) (map[string]string, []string) {
			return nil, []string{filepath.Join(dir, "envs/regional.tfvars")}
		}},
	} {
		res := loadRoot(t, files, "infra", opts)
		if got := tfvarsNotes(res); len(got) != 0 {
			t.Errorf("%s: notes %+v", name, got)
		}
		tags := nodeGroupTags(t, res)
		if s, _ := tags["Stage"].Str(); s != "sandbox" {
			t.Errorf("%s: Stage tag = %q, want the default sandbox", name, s)
		}
		if s, _ := tags["Region"].Str(); s != "eu-west-1" {
			t.Errorf("%s: Region tag = %q, want eu-west-1 from the chosen file", name, s)
		}
	}
}

// A backend configuration file (terraform init -backend-config) beside
// the root sets a variable's name (region) among backend arguments: it is
// no environment's variables, and the note neither names nor suggests it.
func TestUnloadedVarFilesSkipBackendConfiguration(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":          "variable \"region\" {\n  type = string\n}\n\nvariable \"cluster\" {\n  type = string\n}\n",
		"infra/backend.tfvars":   "bucket = \"acme-state\"\nkey    = \"infra.tfstate\"\nregion = \"us-east-1\"\n",
		"infra/env/state.tfvars": "bucket = \"acme-state\"\nregion = \"us-east-1\"\n",
		"infra/env/prod.tfvars":  "cluster = \"prod\"\nregion  = \"eu-west-1\"\n",
	}
	res := loadRoot(t, files, "infra", Options{})
	want := `root module infra: variables cluster, region have no value; infra/env/prod.tfvars sets them, but Terraform does not load that file automatically, and neither does faultline: add to .faultline.hcl: terraform "infra" { var_files = ["env/prod.tfvars"] }`
	if got := tfvarsNotes(res); len(got) != 1 || !strings.HasPrefix(got[0].What, want) {
		t.Errorf("notes = %+v\nwant one starting %q", got, want)
	}
}

// An environment whose file gives a variable that is not nullable a null
// keeps its default, as Terraform does; files three levels below the
// root (envs/prod/eu-west-1/terraform.tfvars) are environments too.
func TestUnloadedVarFilesNullAndDeepEnvironments(t *testing.T) {
	root := strings.Replace(stagedRoot, "  default = \"sandbox\"\n", "  default  = \"sandbox\"\n  nullable = false\n", 1)
	for name, c := range map[string]struct {
		files map[string]string
		stage string // "" for not known
	}{
		"null keeps the default": {map[string]string{
			"infra/envs/live.tfvars":    "stage = \"live\"\n",
			"infra/envs/sandbox.tfvars": "stage = null\n",
		}, "sandbox"},
		"three levels down, one keeps it": {map[string]string{
			"infra/envs/live/eu-west-1/terraform.tfvars":    "stage = \"live\"\n",
			"infra/envs/sandbox/eu-west-1/terraform.tfvars": "region = \"eu-west-1\"\n",
		}, "sandbox"},
		"three levels down, all override": {map[string]string{
			"infra/envs/live/eu-west-1/terraform.tfvars":    "stage = \"live\"\n",
			"infra/envs/staging/eu-west-1/terraform.tfvars": "stage = \"staging\"\n",
		}, ""},
	} {
		files := map[string]string{"infra/main.tf": root}
		for k, v := range c.files {
			files[k] = v
		}
		res := loadRoot(t, files, "infra", Options{})
		s, ok := nodeGroupTags(t, res)["Stage"].Str()
		if c.stage == "" && ok || c.stage != "" && s != c.stage {
			t.Errorf("%s: Stage tag = %q (known %v), want %q", name, s, ok, c.stage)
		}
	}
}

// Once the root's variables files are chosen (--var-file, .faultline.hcl
// var_files), a variable they leave without a value is theirs to give: the
// note says the chosen files do not set it, and never suggests another
// environment's file that does.
func TestUnloadedVarFilesChosenFilesLeaveVariableUnset(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":         "variable \"cluster\" {\n  type = string\n}\n\nvariable \"instance_types\" {\n  type = list(string)\n}\n",
		"infra/env/dev.tfvars":  "cluster = \"dev\"\ninstance_types = [\"t3.large\"]\n",
		"infra/env/prod.tfvars": "cluster = \"prod\"\n",
	}
	for name, opts := range map[string]Options{
		"--var-file": {VarFiles: []string{"infra/env/prod.tfvars"}},
		".faultline.hcl": {InputsFor: func(dir string) (map[string]string, []string) {
			return nil, []string{filepath.Join(dir, "env/prod.tfvars")}
		}},
	} {
		res := loadRoot(t, files, "infra", opts)
		want := `root module infra: variable instance_types has no value; the variables file chosen for it (infra/env/prod.tfvars) does not set it`
		got := tfvarsNotes(res)
		if len(got) != 1 || !strings.HasPrefix(got[0].What, want) {
			t.Errorf("%s: notes = %+v\nwant one starting %q", name, got, want)
			continue
		}
		if strings.Contains(got[0].What, "dev.tfvars") {
			t.Errorf("%s: note suggests another environment's file: %s", name, got[0].What)
		}
	}
}

// A variables file in a directory beside the root that sets a variable
// the root does not declare is another root's (one that declares it),
// not an environment of this one: it neither makes a default not known
// nor is offered as the file to pass. One setting only what the root
// declares still is; so is the parent's own file of shared values.
func TestUnloadedVarFilesSiblingOfAnotherRoot(t *testing.T) {
	const own = "stage = \"prod\"\nregion = \"eu-west-1\"\n"
	const foreign = own + "batch_queue_size = 40\n"
	for name, tc := range map[string]struct {
		file, body string
		judged     bool // the file counts: a note, and the default not known
	}{
		"another root's":   {"stacks/batch/env/prod.tfvars", foreign, false},
		"this root's only": {"stacks/batch/env/prod.tfvars", own, true},
		"parent's shared":  {"stacks/common.tfvars", foreign, true},
	} {
		files := map[string]string{
			"stacks/web/main.tf": stagedRoot,
			tc.file:              tc.body,
		}
		res := loadRoot(t, files, "stacks/web", Options{})
		_, known := nodeGroupTags(t, res)["Stage"].Str()
		if known == tc.judged || (len(tfvarsNotes(res)) > 0) != tc.judged {
			t.Errorf("%s: Stage known %v, notes %v", name, known, tfvarsNotes(res))
		}
	}
}

// The file offered to pass is the one giving the most variables without
// a value, though an example: a real file that only overrides a default
// would leave them asked for.
func TestUnloadedVarFilesOffersTheFileGivingValues(t *testing.T) {
	files := map[string]string{
		"infra/main.tf":                 stagedRoot + "variable \"cluster\" {\n  type = string\n}\n",
		"infra/secrets.tfvars":          "region = \"eu-west-1\"\n",
		"infra/envs/dev.tfvars.example": "cluster = \"dev\"\n",
	}
	got := tfvarsNotes(loadRoot(t, files, "infra", Options{}))
	if len(got) != 1 || !strings.Contains(got[0].What, "pass --var-file infra/envs/dev.tfvars.example,") {
		t.Errorf("notes = %+v: want the example offered", got)
	}
}
