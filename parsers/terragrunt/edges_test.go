package terragrunt

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/zclconf/go-cty/cty"
)

// Fixtures of testdata/edges: what live trees write that the first reader
// got wrong.

// vpcOutputs answers outputs(dir) for deps/vpc as faultline's evaluation
// of a modelled module might: some outputs of the real module missing, a
// list shorter than the real one, an object without the attribute read.
func vpcOutputs(l *live, asked *[]string) func(string) (cty.Value, bool) {
	return func(dir string) (cty.Value, bool) {
		r, _ := filepath.Rel(l.root, dir)
		*asked = append(*asked, filepath.ToSlash(r))
		if dir != l.abs("deps/vpc") {
			return cty.NilVal, false
		}
		return cty.ObjectVal(map[string]cty.Value{
			"vpc_id":          cty.StringVal("vpc-1"),
			"vpc_cidr_block":  cty.StringVal("10.0.0.0/16"),
			"azs":             cty.EmptyObjectVal,
			"private_subnets": cty.TupleVal([]cty.Value{cty.StringVal("subnet-a")}),
		}), true
	}
}

// notesSaying are the notes whose text contains s.
func notesSaying(notes []lint.Note, s string) []lint.Note {
	var out []lint.Note
	for _, n := range notes {
		if strings.Contains(n.What, s) {
			out = append(out, n)
		}
	}
	return out
}

func TestDependencyOutputsAskedOnlyWhenRead(t *testing.T) {
	l := loadTree(t, "edges")
	var asked []string
	in := l.unit(t, "deps/app").Inputs(vpcOutputs(l, &asked))
	// secrets and net have skip_outputs, unread is read by nothing.
	if want := []string{"deps/vpc"}; !slices.Equal(asked, want) {
		t.Errorf("outputs asked for %v, want %v", asked, want)
	}
	for _, dep := range []string{"dependency.secrets", "dependency.net", "dependency.unread"} {
		if n := notesSaying(in.Notes, dep); len(n) > 0 {
			t.Errorf("notes about %s, which nothing reads unmocked: %v", dep, n)
		}
	}
	v := input(t, in, "vpc_id")
	if !v.Value.RawEquals(cty.StringVal("vpc-mock")) {
		t.Errorf("vpc_id = %#v, want the mock of the skip_outputs dependency", v.Value)
	}
	if want := "dependency.net: mock_outputs (../net has skip_outputs set)"; v.Inferred != want {
		t.Errorf("vpc_id inferred %q, want %q", v.Inferred, want)
	}
}

func TestMissingDependencyOutputsAreUnknown(t *testing.T) {
	l := loadTree(t, "edges")
	var asked []string
	in := l.unit(t, "deps/app").Inputs(vpcOutputs(l, &asked))
	if v := input(t, in, "cidr"); !v.Value.RawEquals(cty.StringVal("10.0.0.0/16")) || v.Inferred != "" {
		t.Errorf("cidr = %#v (inferred %q), want the output", v.Value, v.Inferred)
	}
	// Outputs the evaluation lacks, an attribute of an output it lacks, and
	// a list shorter than an index read (its length is not the real one,
	// so every element is unknown) are unknown, not errors.
	for _, name := range []string{"subnet_group", "sg", "azs", "subnet_a", "subnet_c"} {
		if v := input(t, in, name); v.Value.IsKnown() {
			t.Errorf("%s = %#v, want unknown", name, v.Value)
		}
	}
	if len(in.Notes) != 1 {
		t.Fatalf("notes %v, want one about dependency.vpc", in.Notes)
	}
	n := in.Notes[0]
	if n.Range.File != "deps/app/terragrunt.hcl" || n.Range.Line != 15 {
		t.Errorf("note at %s:%d, want the vpc dependency block, deps/app/terragrunt.hcl:15", n.Range.File, n.Range.Line)
	}
	want := "terragrunt unit deps/app: dependency.vpc (../vpc): outputs azs.names, database_subnet_group_name, default_security_group_id, private_subnets[2] are unknown (faultline's evaluation of deps/vpc has no value for them); the inputs that read them are unknown"
	if n.What != want {
		t.Errorf("note\n %s\nwant\n %s", n.What, want)
	}
}

func TestDependencyNotesOncePerDependency(t *testing.T) {
	l := loadTree(t, "edges")
	var asked []string
	in := l.unit(t, "deps/reader").Inputs(vpcOutputs(l, &asked))
	if want := []string{"deps/network", "deps/gone"}; !slices.Equal(asked, want) {
		t.Errorf("outputs asked for %v, want %v", asked, want)
	}
	cases := []struct {
		line int
		what string
	}{
		{1, "terragrunt unit deps/reader: dependency.secrets (../secrets): skip_outputs is set and it has no mock_outputs; outputs arn, name are unknown"},
		// The mocks are used; what they lack (an index into an empty
		// list among it) is unknown.
		{6, "terragrunt unit deps/reader: dependency.vpc (../network): outputs private_subnets, route_table_ids[0] are unknown (../network cannot be evaluated and its mock_outputs do not set them); the inputs that read them are unknown"},
	}
	if len(in.Notes) != len(cases) {
		t.Errorf("notes %v, want %d", in.Notes, len(cases))
	}
	for _, c := range cases {
		hasNote(t, in.Notes, "deps/reader/terragrunt.hcl", c.line, c.what)
	}
	// A dependency whose configuration is not in the tree is noted once,
	// where its path is written, with the unit: Terragrunt refuses the
	// unit as it lies.
	hasNote(t, l.unit(t, "deps/reader").Notes, "deps/reader/terragrunt.hcl", 15,
		"terragrunt unit deps/reader: dependency.whole (../gone): deps/gone does not exist, and Terragrunt refuses the unit where it lies", "its outputs are unknown")
	if v := input(t, in, "vpc_id"); !v.Value.RawEquals(cty.StringVal("vpc-00000000")) || v.Inferred == "" {
		t.Errorf("vpc_id = %#v (inferred %q), want the mock, inferred", v.Value, v.Inferred)
	}
	for _, name := range []string{"secret_arn", "secret_name", "route_table", "subnets", "everything"} {
		if v := input(t, in, name); v.Value.IsKnown() {
			t.Errorf("%s = %#v, want unknown", name, v.Value)
		}
	}
}

func TestSkipAndExclude(t *testing.T) {
	l := loadTree(t, "edges")
	var units []string
	for _, u := range l.res.Units {
		if r, _ := filepath.Rel(l.root, u.Dir); strings.HasPrefix(r, "skip") {
			units = append(units, filepath.ToSlash(r))
		}
	}
	// inherited: a skip an included file sets is not the unit's; unknown:
	// a skip that cannot be known is evaluated; apply-only: excluded from
	// apply, not from plan.
	if want := []string{"skip/apply-only", "skip/inherited", "skip/unknown"}; !slices.Equal(units, want) {
		t.Errorf("units %v, want %v", units, want)
	}
	cases := []struct {
		file string
		line int
		what string
	}{
		{"skip/own/terragrunt.hcl", 5, "terragrunt unit skip/own: skip is true; Terragrunt does not run it, so it is not read"},
		{"skip/inplace/terragrunt.hcl", 1, "terragrunt unit skip/inplace: skip is true; Terragrunt does not run it, so it is not read"},
		{"skip/excluded/terragrunt.hcl", 5, "terragrunt unit skip/excluded: its exclude block excludes it from plan (if is true, actions plan, apply); Terragrunt does not run it, so it is not read"},
		{"skip/exclude-all.hcl", 1, "terragrunt unit skip/excluded-by-include: its exclude block excludes it from plan (if is true, actions all); Terragrunt does not run it, so it is not read"},
	}
	for _, c := range cases {
		hasNote(t, l.res.Notes, c.file, c.line, c.what)
	}
	// The modules of the skipped units are not roots: the one their source
	// names, and the directory of the unit that names none.
	if want := []string{l.abs("modules/vpc"), l.abs("skip/inplace")}; !slices.Equal(l.res.SkippedModules, want) {
		t.Errorf("skipped modules %v, want %v", l.res.SkippedModules, want)
	}
	for _, dir := range []string{"skip/unknown", "skip/inherited", "skip/apply-only"} {
		if n := notesSaying(l.res.Notes, "terragrunt unit "+dir+":"); len(n) > 0 {
			t.Errorf("%s: notes %v, want none", dir, n)
		}
	}
}

func TestUnknownSourceSaysWhy(t *testing.T) {
	l := loadTree(t, "edges")
	u := l.unit(t, "config/source-unknown")
	if u.Source != "" {
		t.Errorf("source %q, want none", u.Source)
	}
	l.at(t, "source", u.SourceRange, "config/source-unknown/terragrunt.hcl", 7, 12)
	l.at(t, "unit", u.Range, "config/source-unknown/terragrunt.hcl", 7, 12)
	hasNote(t, u.Notes, "config/source-unknown/terragrunt.hcl", 7,
		"terragrunt unit config/source-unknown: the terraform source is unknown (include.root.locals.ref is unknown: local.cfg fails (config/stack-config.hcl:3: ",
		`Call to function "file" failed`,
		"); the module it calls is not read")
}

func TestSourceDirectoryWithoutModule(t *testing.T) {
	l := loadTree(t, "edges")
	u := l.unit(t, "shim")
	if u.Source != l.abs("catalog/db") {
		t.Errorf("source %q", u.Source)
	}
	hasNote(t, u.Notes, "shim/terragrunt.hcl", 2, "terragrunt unit shim: the module directory catalog/db holds no Terraform files, only a terragrunt.hcl (a unit's configuration, which Terragrunt does not read as a module); the module the unit runs is empty")
	if n := notesSaying(l.unit(t, "deps/vpc").Notes, "module directory"); len(n) > 0 {
		t.Errorf("deps/vpc: %v; its module holds main.tf", n)
	}
}

func TestDuplicateBlocksAreDiagnostics(t *testing.T) {
	l := loadTree(t, "edges")
	type diag struct {
		file          string
		line          int
		summary, says string
	}
	var got []diag
	for _, d := range l.res.Diagnostics {
		got = append(got, diag{d.Range.File, d.Range.Line, d.Summary, d.Detail})
	}
	want := []diag{
		{"stack/terragrunt.stack.hcl", 6, "Duplicate unit block", `unit "db" is already declared at line 1; Terragrunt refuses a stack with two unit blocks of the same name (only the first is read)`},
		{"stack/terragrunt.stack.hcl", 11, "Duplicate unit path", `unit "db-copy" has path "db", as unit "db" (line 1) does; Terragrunt refuses a stack with two units of the same path (only the first is read)`},
		{"gen/terragrunt.hcl", 11, "Duplicate generate block", `generate "provider" is already declared at line 5; Terragrunt refuses a configuration with two generate blocks of the same name (only the first is read)`},
		// The including file's locals are not the included file's.
		{"config/undeclared/terragrunt.hcl", 15, "Reference to undeclared local value", "local.common_tags is not declared in config/undeclared/terragrunt.hcl (its locals are name; an included file's locals are not the including file's); Terragrunt fails to read the configuration"},
		// Once, though two units include region.hcl.
		{"nested/region.hcl", 1, "Nested include", "nested/region.hcl is included by nested/app/terragrunt.hcl, and includes another configuration itself; Terragrunt allows one level of includes and refuses the unit"},
		// A unit including another unit that includes: the including
		// unit is refused, at its include; the other is a valid unit.
		{"layered/cluster/addons/terragrunt.hcl", 1, "Nested include", "layered/cluster/addons/terragrunt.hcl includes layered/cluster/terragrunt.hcl, a unit that includes another configuration itself; Terragrunt allows one level of includes and refuses layered/cluster/addons (layered/cluster is a unit of its own)"},
	}
	slices.SortFunc(got, func(a, b diag) int { return strings.Compare(a.file+a.summary, b.file+b.summary) })
	slices.SortFunc(want, func(a, b diag) int { return strings.Compare(a.file+a.summary, b.file+b.summary) })
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics\n %v\nwant\n %v", got, want)
	}
	// The unit the refused one includes is a unit still.
	if src := l.unit(t, "layered/cluster").Source; src != l.abs("modules/vpc") {
		t.Errorf("layered/cluster: source %q", src)
	}
	// Only the first unit "db" is a unit of the stack.
	var stackUnits int
	for _, u := range l.res.Units {
		if strings.Contains(u.Dir, stackDir) {
			stackUnits++
		}
	}
	if stackUnits != 1 {
		t.Errorf("%d stack units, want 1", stackUnits)
	}
	// The undeclared local is the diagnostic only, not a note as well.
	u := l.unit(t, "config/undeclared")
	if n := notesSaying(append(slices.Clone(u.Notes), u.Inputs(noOutputs).Notes...), "common_tags"); len(n) > 0 {
		t.Errorf("notes %v beside the diagnostic", n)
	}
	// The first generate block of a name is the one read.
	g := l.unit(t, "gen").Generated
	if len(g) != 1 || g[0].Name != "provider.tf" {
		t.Errorf("generated %v, want provider.tf only", g)
	}
}

// TestDependencyNoteSaysWhereTheModuleIs: an output faultline's
// evaluation lacks is explained by where the dependency's module is: not
// in the tree (a registry module read from a model, a directory outside
// the scan), or nothing more when the tree holds it.
func TestDependencyNoteSaysWhereTheModuleIs(t *testing.T) {
	l := loadTree(t, "producers")
	in := l.unit(t, "app").Inputs(func(string) (cty.Value, bool) { return cty.EmptyObjectVal, true })
	for line, want := range map[int]string{
		5:  "terragrunt unit app: dependency.vpc (../vpc): output default_security_group_id is unknown (faultline's evaluation of vpc has no value for it; its module, terraform-aws-modules/vpc/aws 5.13.0, is not in the tree: faultline reads such a module from a built-in model or a module cache, which may lack outputs it has, or not at all); the inputs that read it are unknown",
		9:  "terragrunt unit app: dependency.net (../net): output route_table_id is unknown (faultline's evaluation of net has no value for it; its module directory ../outside-the-scan/network is not in the scanned tree); the inputs that read it are unknown",
		13: "terragrunt unit app: dependency.local (../local): output name is unknown (faultline's evaluation of local has no value for it); the inputs that read it are unknown",
	} {
		hasNote(t, in.Notes, "app/terragrunt.hcl", line, want)
	}
	if len(in.Notes) != 3 {
		t.Errorf("notes %v, want one per dependency", in.Notes)
	}
}

// A source naming the unit's own directory runs the files there, as no
// source does: no module call, no note.
func TestSourceIsTheUnitsOwnDirectory(t *testing.T) {
	l := loadTree(t, "edges")
	u := l.unit(t, "selfsource")
	if u.Source != "" || u.Version != "" {
		t.Errorf("source %q version %q, want none", u.Source, u.Version)
	}
	if len(u.Notes) > 0 {
		t.Errorf("notes %v", u.Notes)
	}
}

// A read into an output that is a whole hole (a cluster's identity, known
// after apply) is the reference of what it reads, not an indexing error.
func TestDependencyReadIntoWholeHole(t *testing.T) {
	l := loadTree(t, "edges")
	whole := l.holes.Sentinel(lint.HoleRef{Object: "cluster:aws_eks_cluster.this", Path: "identity"})
	in := l.unit(t, "issuer").Inputs(func(string) (cty.Value, bool) {
		return cty.ObjectVal(map[string]cty.Value{"identity": cty.StringVal(whole)}), true
	})
	if len(in.Notes) > 0 {
		t.Errorf("notes %v", in.Notes)
	}
	v := input(t, in, "oidc_issuer")
	want := lint.HoleRef{Object: "cluster:aws_eks_cluster.this", Path: "identity[0].oidc[0].issuer"}
	if !v.Value.IsKnown() || v.Value.Type() != cty.String {
		t.Fatalf("oidc_issuer = %#v", v.Value)
	}
	if ref, ok := l.holes.Decode(v.Value.AsString()).SoleRef(); !ok || ref != want {
		t.Errorf("oidc_issuer is %v, want a hole for %v", ref, want)
	}
}

// A dependency's configuration is missing when its directory is absent or
// holds no terragrunt.hcl (or the file config_path names is absent); one
// disabled, or whose outputs are skipped, is not read by Terragrunt.
func TestDependencyConfigurationMissing(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"live/app/terragrunt.hcl": `dependency "gone" {
  config_path  = "../gone"
  mock_outputs = { id = "mock" }
}
dependency "bare" {
  config_path = "../bare"
}
dependency "off" {
  config_path = "../off"
  enabled     = false
}
dependency "file" {
  config_path = "../vpc/terragrunt.hcl"
}
inputs = {
  id = dependency.gone.outputs.id
}
`,
		"live/vpc/terragrunt.hcl": "",
		"live/bare/main.tf":       "",
	}
	var units []string
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if filepath.Base(p) == unitFile {
			units = append(units, p)
		}
	}
	ld := load(units, Options{Root: root, Tree: treefs.New([]string{root}, ""), Holes: lint.NewHoles(), Rel: func(p string) string {
		r, _ := filepath.Rel(root, p)
		return filepath.ToSlash(r)
	}})
	var app terraform.Unit
	for _, u := range ld.res.Units {
		if u.Dir == filepath.Join(root, "live", "app") {
			app = u
		}
	}
	var missing []string
	for _, n := range app.Notes {
		if strings.Contains(n.What, "does not exist, and Terragrunt refuses the unit") {
			missing = append(missing, fmt.Sprintf("%d %s", n.Range.Line, n.What[strings.Index(n.What, "dependency."):strings.Index(n.What, " does not exist")]))
		}
	}
	want := []string{"2 dependency.gone (../gone): live/gone", "6 dependency.bare (../bare): live/bare/terragrunt.hcl"}
	if !slices.Equal(missing, want) {
		t.Errorf("missing configurations noted %q, want %q", missing, want)
	}
	hasNote(t, app.Notes, "live/app/terragrunt.hcl", 2, "its mock_outputs are read for them, inferred")
}
