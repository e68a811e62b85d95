package terraform

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/lint"
)

// goodRoot is a second, ordinary root next to each hostile one.
const goodRoot = `
resource "aws_iam_role" "nodes" {
  name               = "nodes"
  assume_role_policy = jsonencode({ Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }] })
}
`

// loadBounded loads the hostile root bad/ and the root good/ together,
// failing the test if the load does not return (only to keep CI from
// hanging; nothing here measures time).
func loadBounded(t *testing.T, bad map[string]string) Result {
	t.Helper()
	files := map[string]string{"good/main.tf": goodRoot}
	for p, c := range bad {
		files["bad/"+p] = c
	}
	dir := writeTree(t, files)
	done := make(chan Result, 1)
	go func() {
		done <- Load([]string{filepath.Join(dir, "bad"), filepath.Join(dir, "good")}, Options{Root: dir, Rel: func(p string) string {
			r, _ := filepath.Rel(dir, p)
			return filepath.ToSlash(r)
		}})
	}()
	select {
	case res := <-done:
		return res
	case <-time.After(120 * time.Second):
		t.Fatal("Load did not return")
	}
	return Result{}
}

// budgetNotes returns the notes of exceeded budgets.
func budgetNotes(res Result) []lint.Note {
	var out []lint.Note
	for _, n := range res.Notes {
		if strings.Contains(n.What, "evaluation stopped at its") {
			out = append(out, n)
		}
	}
	return out
}

// assertBounded checks the contract: one note for the hostile root naming
// the bound, and the other root still yields its role.
func assertBounded(t *testing.T, res Result, bound string) {
	t.Helper()
	notes := budgetNotes(res)
	if len(notes) != 1 {
		t.Fatalf("want one budget note, got %d: %v", len(notes), res.Notes)
	}
	n := notes[0]
	if n.Kind != lint.Skipped || !strings.HasPrefix(n.Range.File, "bad/") || n.Range.Line < 1 {
		t.Errorf("note %+v: want a skipped note positioned in bad/", n)
	}
	if !strings.Contains(n.What, "terraform root bad:") || !strings.Contains(n.What, "its "+bound+" bound") {
		t.Errorf("note %q: want root bad and the %s bound", n.What, bound)
	}
	for _, d := range res.Diagnostics {
		if strings.HasPrefix(d.Range.File, "bad/") {
			t.Errorf("unexpected diagnostic %+v", d)
		}
	}
	for _, e := range res.Entities {
		if e.Base().Addr == "good:aws_iam_role.nodes" {
			return
		}
	}
	t.Errorf("the other root's role is missing from %d entities", len(res.Entities))
}

func TestBudgetSetProduct(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals { p = setproduct(range(1024), range(1024), range(1024)) }
output "n" { value = length(local.p) }
`})
	assertBounded(t, res, "collection size")
}

func TestBudgetDoublingLocals(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("locals {\n  a0 = \"xx\"\n")
	for i := 1; i <= 35; i++ {
		fmt.Fprintf(&b, "  a%d = \"${local.a%d}${local.a%d}\"\n", i, i-1, i-1)
	}
	b.WriteString("}\noutput \"o\" { value = length(local.a35) }\n")
	assertBounded(t, loadBounded(t, map[string]string{"main.tf": b.String()}), "string size")
}

func TestBudgetFormatWidth(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals {
  a = format("%0999999999d", 1)
  b = format("%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s%999999s", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x")
}
`})
	assertBounded(t, res, "string size")
}

func TestBudgetNestedFor(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals { x = [for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]] }
output "o" { value = length(local.x) }
`})
	assertBounded(t, res, "expression evaluations")
}

func TestBudgetTemplateFor(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals { s = "%{for a in range(1024)}%{for b in range(1024)}%{for c in range(1024)}x%{endfor}%{endfor}%{endfor}" }
`})
	assertBounded(t, res, "expression evaluations")
}

func TestBudgetYAMLAliasBomb(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("locals {\n  y = yamldecode(<<-EOT\n    a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "    a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 9), ","))
	}
	b.WriteString("    EOT\n  )\n}\n")
	assertBounded(t, loadBounded(t, map[string]string{"main.tf": b.String()}), "collection size")
}

func TestBudgetYAMLDeep(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{
		"main.tf":  `locals { y = yamldecode(file("${path.module}/deep.txt")) }`,
		"deep.txt": strings.Repeat("[", 200000) + strings.Repeat("]", 200000),
	})
	assertBounded(t, res, "value depth")
}

func TestBudgetYAMLDeepBlock(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{
		"main.tf":  `locals { y = yamldecode(file("${path.module}/deep.txt")) }`,
		"deep.txt": strings.Repeat("- ", 200000) + "x\n",
	})
	assertBounded(t, res, "value depth")
}

func TestBudgetJSONDeep(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{
		"main.tf":  `locals { y = jsondecode(file("${path.module}/deep.txt")) }`,
		"deep.txt": strings.Repeat("[", 200000) + strings.Repeat("]", 200000),
	})
	assertBounded(t, res, "value depth")
}

// TestBudgetModuleFanOut chains five local modules, each called with
// count = 1000: the product of instances is bounded, not each block.
func TestBudgetModuleFanOut(t *testing.T) {
	t.Parallel()
	files := map[string]string{"main.tf": "module \"a\" {\n  source = \"./m1\"\n  count  = 1000\n}\n"}
	for i := 1; i <= 4; i++ {
		files[fmt.Sprintf("m%d/main.tf", i)] = fmt.Sprintf("module \"n\" {\n  source = \"../m%d\"\n  count  = 1000\n}\nresource \"aws_iam_role\" \"r\" { name = \"r\" }\n", i+1)
	}
	files["m5/main.tf"] = `resource "aws_iam_role" "leaf" { name = "leaf" }`
	assertBounded(t, loadBounded(t, files), "instances")
}

func TestBudgetJoinFlatten(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals {
  row = [for j in range(1000) : "x"]
  big = [for i in range(1000) : local.row]
  s   = join("", flatten(local.big))
}
`})
	assertBounded(t, res, "collection size")
}

func TestBudgetForEachMillion(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
resource "aws_iam_role" "r" {
  for_each = toset(flatten([for a in range(1000) : [for b in range(1000) : "${a}-${b}"]]))
  name     = each.key
}
`})
	assertBounded(t, res, "expression evaluations")
}

func TestBudgetStringFunctions(t *testing.T) {
	t.Parallel()
	for name, expr := range map[string]string{
		"indent":  `indent(999999999, "a\nb")`,
		"replace": `replace(join("", [for i in range(1024) : "xxxx"]), "", join("", [for i in range(1024) : "yyyy"]))`,
		"regex":   `replace(join("", [for i in range(1024) : "` + strings.Repeat("x", 1024) + `"]), "/.+/", "` + strings.Repeat("$0", 32) + `")`,
		"join":    `join(join("", [for i in range(1024) : "xxxxxxxxxxxxxxxxxxxxxxxx"]), [for i in range(1024) : "y"])`,
	} {
		t.Run(name, func(t *testing.T) {
			res := loadBounded(t, map[string]string{"main.tf": "locals { s = " + expr + " }\n"})
			assertBounded(t, res, "string size")
		})
	}
}

func TestBudgetConcatDoubling(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("locals {\n  a0 = range(1000)\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&b, "  a%d = concat(local.a%d, local.a%d)\n", i, i-1, i-1)
	}
	b.WriteString("}\n")
	assertBounded(t, loadBounded(t, map[string]string{"main.tf": b.String()}), "collection size")
}

func TestBudgetJSONEncodeHuge(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `
locals {
  row = [for j in range(1000) : "xxxxxxxxxxxxxxxx"]
  a   = [for i in range(1000) : local.row]
  s   = jsonencode(local.a)
}
`})
	assertBounded(t, res, "string size")
}

func TestBudgetNumberLiteral(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf": `locals { s = "${1e99999999}" }`})
	assertBounded(t, res, "number size")
}

func TestBudgetNumberArithmetic(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("locals {\n  n0 = 1e300\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "  n%d = local.n%d * local.n%d\n", i, i-1, i-1)
	}
	b.WriteString("  s = \"${local.n30}\"\n}\n")
	assertBounded(t, loadBounded(t, map[string]string{"main.tf": b.String()}), "number size")
}

// TestBudgetVarFileFor: a tfvars value is a constant, but may still hold
// nested for expressions over literal lists.
func TestBudgetVarFileFor(t *testing.T) {
	t.Parallel()
	list := "[" + strings.TrimSuffix(strings.Repeat("1,", 1000), ",") + "]"
	res := loadBounded(t, map[string]string{
		"main.tf":          `variable "x" {}` + "\n" + `output "o" { value = length(var.x) }`,
		"terraform.tfvars": fmt.Sprintf("x = [for a in %s : [for b in %s : [for c in %s : c]]]\n", list, list, list),
	})
	assertBounded(t, res, "expression evaluations")
}

// TestBudgetRealisticRoot: ordinary configuration with for_each, nested
// modules, templates and decoding stays within the budget.
func TestBudgetRealisticRoot(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{
		"main.tf": `
locals {
  groups = { for i in range(50) : "g${i}" => { size = i, tags = { Team = "t${i % 5}" } } }
  names  = distinct(concat([for k, v in local.groups : k], ["g1", "g2"]))
  doc    = yamldecode(yamlencode({ a = [for n in local.names : upper(n)] }))
}
module "team" {
  source   = "./team"
  for_each = local.groups
  name     = each.key
  tags     = each.value.tags
}
output "n" { value = length(local.doc.a) }
`,
		"team/main.tf": `
variable "name" {}
variable "tags" { type = map(string) }
resource "aws_iam_role" "r" {
  for_each = toset(["a", "b", "c"])
  name     = "${var.name}-${each.key}"
  tags     = merge(var.tags, { Name = format("%s-%s", var.name, each.key) })
}
`,
	})
	res := Load([]string{dir}, Options{Root: dir})
	if n := budgetNotes(res); len(n) != 0 {
		t.Fatalf("budget exceeded: %v", n)
	}
	roles := 0
	for _, e := range res.Entities {
		if e.Base().Kind == lint.KindRole {
			roles++
		}
	}
	if roles != 150 {
		t.Errorf("%d roles, want 150", roles)
	}
}

// TestBudgetJSONSyntaxFor: for expressions in JSON-syntax templates are
// bounded too.
func TestBudgetJSONSyntaxFor(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{"main.tf.json": `{
  "locals": {
    "r": "${range(1024)}",
    "x": "${[for a in local.r : [for b in local.r : [for c in local.r : c]]]}"
  },
  "output": { "o": { "value": "${length(local.x)}" } }
}`})
	assertBounded(t, res, "expression evaluations")
}

// TestBudgetConstantFor: expressions evaluated without a context (module
// source and version, optional attribute defaults in a variable type) do not run nested for expressions over literal lists.
func TestBudgetConstantFor(t *testing.T) {
	t.Parallel()
	list := "[" + strings.TrimSuffix(strings.Repeat("1,", 1000), ",") + "]"
	nested := fmt.Sprintf("[for a in %s : [for b in %s : [for c in %s : c]]]", list, list, list)
	res := loadBounded(t, map[string]string{"main.tf": `
module "m" {
  source  = ` + nested + `
  version = ` + nested + `
}
variable "v" {
  type = object({ a = optional(list(number), ` + nested + `) })
  default = {}
}
output "o" { value = var.v }
`})
	if n := budgetNotes(res); len(n) != 0 {
		t.Errorf("constant expressions are not budgeted, got %v", n)
	}
	found := false
	for _, e := range res.Entities {
		found = found || e.Base().Addr == "good:aws_iam_role.nodes"
	}
	if !found {
		t.Error("the other root's role is missing")
	}
}

// TestBudgetTemplateFile: a template file's for directives are bounded
// like the configuration's, and it cannot call templatefile itself.
func TestBudgetTemplateFile(t *testing.T) {
	t.Parallel()
	res := loadBounded(t, map[string]string{
		"main.tf": `
locals {
  r = range(1024)
  s = templatefile("${path.module}/t.tpl", { r = local.r })
  self = templatefile("${path.module}/self.tpl", {})
}
`,
		"t.tpl":    "%{for a in r}%{for b in r}%{for c in r}${c}%{endfor}%{endfor}%{endfor}",
		"self.tpl": `${templatefile("self.tpl", {})}`,
	})
	assertBounded(t, res, "expression evaluations")
}

// TestMetaArgumentsAreNoValues: depends_on (and count, for_each,
// lifecycle) are read apart, never evaluated as the resource's values: a
// run per instance naming a for_each resource of 80 instances in
// depends_on built every instance of it per instance and stopped at the
// values-built bound; now the root evaluates whole, and each run knows
// its workspace.
func TestMetaArgumentsAreNoValues(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{"main.tf": `
resource "tfe_workspace" "test" {
  for_each = { for i in range(80) : tostring(i) => i }
  name     = "load-${each.key}"
}
resource "tfe_workspace_settings" "agent" {
  for_each     = tfe_workspace.test
  workspace_id = each.value.id
}
resource "aws_iam_role" "runner" {
  for_each   = tfe_workspace.test
  depends_on = [tfe_workspace_settings.agent]
  name       = "runner-${each.key}"
  assume_role_policy = jsonencode({ Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }] })
  lifecycle {
    create_before_destroy = true
  }
}
`})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	if notes := budgetNotes(res); len(notes) > 0 {
		t.Fatalf("budget notes: %v", notes)
	}
	roles := 0
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Role); ok && strings.HasPrefix(r.Name.String(), "runner-") {
			roles++
		}
	}
	if roles != 80 {
		t.Errorf("%d runner roles, want 80", roles)
	}
}
