package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// Outputs evaluates the root module in dir and returns its outputs as
// symbolic values.
func outputs(t *testing.T, dir string, opts Options) map[string]lint.Value {
	t.Helper()
	if opts.Root == "" {
		opts.Root = dir
	}
	return testSession(opts).Evaluate(dir).OutputValues()
}

func TestSymbolicValuesSurvive(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "eks" {
  # A registry module faultline has no model of: its outputs are holes.
  source = "example-corp/eks/aws"
}
variable "ns" {}
locals {
  issuer = module.eks.oidc_provider
}
output "template" { value = "${module.eks.cluster_name}-nodes" }
output "json_key" {
  value = jsonencode({ "${local.issuer}:sub" = "system:serviceaccount:${var.ns}:karpenter" })
}
output "yaml_key" { value = yamlencode({ "${local.issuer}:aud" = "sts.amazonaws.com" }) }
output "templatefile" { value = templatefile("${path.module}/trust.tpl", { issuer = local.issuer }) }
output "format" { value = format("%s-%s", var.ns, "x") }
output "format_unknown" { value = format("oidc.eks.%s.amazonaws.com/id/%s", "eu-west-1", join("", regex("https://([^.]+)", var.ns))) }
output "format_unknown_number" { value = format("%d-nodes", length(regex("x+", var.ns))) }
output "join" { value = join("/", ["a", var.ns]) }
output "lower" { value = lower("${var.ns}-NODES") }
output "replace" { value = replace("${var.ns}_nodes", "_", "-") }
output "replace_long" { value = replace("${var.ns}_nodes", "_n", "-n") }
output "trimprefix" { value = trimprefix("arn:${var.ns}", "arn:") }
output "startswith_known" { value = startswith("prod-${var.ns}", "pro") }
output "startswith_no" { value = startswith("prod-${var.ns}", "dev") }
output "startswith_unknown" { value = startswith("${var.ns}-x", "a") }
output "strlen" { value = length("${var.ns}") }
output "listlen" { value = length([var.ns, "b"]) }
output "compare" { value = var.ns == "kube-system" ? "yes" : "no" }
output "compare_null" { value = var.ns != null ? var.ns : "default" }
output "substr" { value = substr(var.ns, 0, 2) }
output "sha" { value = sha256(var.ns) }
output "decode" { value = jsondecode(jsonencode({ a = var.ns })).a }
output "coalesce" { value = coalesce("", var.ns) }
`,
		"trust.tpl": `{"Condition":{"StringEquals":{"${issuer}:sub":"x"}}}`,
	})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"template":     "${module.eks.cluster_name}-nodes",
		"json_key":     `{"${module.eks.oidc_provider}:sub":"system:serviceaccount:${var.ns}:karpenter"}`,
		"yaml_key":     `"${module.eks.oidc_provider}:aud": "sts.amazonaws.com"` + "\n",
		"templatefile": `{"Condition":{"StringEquals":{"${module.eks.oidc_provider}:sub":"x"}}}`,
		"format":       "${var.ns}-x",
		// An argument not known at all is a hole in the text around it.
		"format_unknown":        "oidc.eks.eu-west-1.amazonaws.com/id/${…}",
		"format_unknown_number": "(unknown)",
		"join":                  "a/${var.ns}",
		"lower":                 "${…}-nodes",
		"replace":               "${…}-nodes",
		"replace_long":          "${…}", // an anonymous hole in place (DESIGN.md)
		"trimprefix":            "${var.ns}",
		"startswith_known":      "true",
		"startswith_no":         "false",
		"startswith_unknown":    "(unknown)",
		"strlen":                "(unknown)",
		"listlen":               "2",
		"compare":               "(unknown)",
		"compare_null":          "${var.ns}",
		"substr":                "${…}", // an anonymous hole in place (DESIGN.md)
		"sha":                   "${…}", // an anonymous hole in place (DESIGN.md)
		"decode":                "${var.ns}",
		"coalesce":              "${var.ns}",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("output %s = %s, want %s", k, g, w)
		}
	}
	// The hole keeps its reference, so equal references compare equal.
	if lint.Compare(got["template"], got["template"]) != lint.Yes {
		t.Error("a value with holes must equal itself")
	}
	// A hole a function made of a reference equals the same call's, and
	// no other's, nor its source.
	if lint.Compare(got["lower"], got["lower"]) != lint.Yes {
		t.Error("the same call of a function over a hole must equal itself")
	}
	for _, other := range []string{"replace", "template", "substr", "sha"} {
		if c := lint.Compare(got["lower"], got[other]); c == lint.Yes {
			t.Errorf("lower() equals output %s", other)
		}
	}
	if c := lint.Compare(got["substr"], got["sha"]); c == lint.Yes {
		t.Error("substr() equals sha256() of the same reference")
	}
}

// TestFunctions checks the function table on known values: every function
// Terraform code commonly uses is present and behaves as in Terraform.
func TestFunctions(t *testing.T) {
	cases := map[string]string{
		`jsonencode({a = 1})`:              `{"a":1}`,
		`jsondecode("{\"a\":\"b\"}").a`:    "b",
		`yamldecode("a: b").a`:             "b",
		`yamlencode({a = "b"})`:            "\"a\": \"b\"\n",
		`format("%s-%03d", "x", 7)`:        "x-007",
		`join(",", ["a", "b"])`:            "a,b",
		`split(",", "a,b")[1]`:             "b",
		`replace("a-b-c", "-", "_")`:       "a_b_c",
		`replace("a1b22", "/[0-9]+/", "")`: "ab",
		`lower("ABC")`:                     "abc",
		`upper("abc")`:                     "ABC",
		`trimprefix("prod-x", "prod-")`:    "x",
		`trimsuffix("x-nodes", "-nodes")`:  "x",
		`concat(["a"], ["b"])[1]`:          "b",
		`merge({a = "1"}, {a = "2"}).a`:    "2",
		`lookup({a = "1"}, "b", "dflt")`:   "dflt",
		`element(["a", "b"], 3)`:           "b",
		`try(["a"][3], "fallback")`:        "fallback",
		// A local no file declares (a snippet directory; FL000 in a
		// module declaring others): a value not known, whose literal
		// parts stay (an undeclared reference is Terraform's error
		// even inside try, so no fallback is taken).
		`"${local.missing}-controller"`:                "${local.missing}-controller",
		`can(regex("^a", "abc"))`:                      "true",
		`coalesce("", "x")`:                            "x",
		`coalescelist([], ["y"])[0]`:                   "y",
		`length(compact(["a", "", "b"]))`:              "2",
		`length(distinct(["a", "a"]))`:                 "1",
		`length(flatten([["a"], ["b", "c"]]))`:         "3",
		`keys({b = 1, a = 2})[0]`:                      "a",
		`values({b = "x", a = "y"})[0]`:                "y",
		`contains(["a", "b"], "b")`:                    "true",
		`tomap({a = "b"}).a`:                           "b",
		`tolist(["a"])[0]`:                             "a",
		`length(toset(["a", "a"]))`:                    "1",
		`tostring(12)`:                                 "12",
		`startswith("prod-x", "prod")`:                 "true",
		`endswith("prod-x", "-x")`:                     "true",
		`regex("^([a-z]+)-", "prod-x")[0]`:             "prod",
		`length(regexall("[0-9]", "a1b2"))`:            "2",
		`basename("a/b/c.yaml")`:                       "c.yaml",
		`dirname("a/b/c.yaml")`:                        "a/b",
		`startswith(abspath("x"), "/")`:                "true",
		`one(["only"])`:                                "only",
		`sum([1, 2])`:                                  "3",
		`alltrue([true, true])`:                        "true",
		`base64decode(base64encode("hi"))`:             "hi",
		`flatten([for k, v in {a = "1"} : [k, v]])[1]`: "1",
		`[for s in ["a", "b"] : upper(s)][1]`:          "B",
		`{ for s in ["a"] : s => "${s}!" }["a"]`:       "a!",
		`([{ n = "x" }, { n = "y" }][*].n)[1]`:         "y",
	}
	var b strings.Builder
	names := map[string]string{}
	i := 0
	for expr, want := range cases {
		name := "o" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		i++
		names[name] = expr
		b.WriteString("output \"" + name + "\" {\n  value = " + expr + "\n}\n")
		_ = want
	}
	dir := writeTree(t, map[string]string{"main.tf": b.String()})
	got := outputs(t, dir, Options{})
	for name, expr := range names {
		if g, w := got[name].String(), cases[expr]; g != w {
			t.Errorf("%s = %q, want %q", expr, g, w)
		}
	}
}

func TestVariablePrecedence(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
variable "a" { default = "default" }
variable "b" { default = "default" }
variable "c" { default = "default" }
variable "d" { default = "default" }
variable "e" { default = "default" }
variable "n" { type = number }
variable "tags" {
  type = object({ team = string, env = optional(string, "dev") })
}
output "a" { value = var.a }
output "b" { value = var.b }
output "c" { value = var.c }
output "d" { value = var.d }
output "e" { value = var.e }
output "n" { value = var.n }
output "env" { value = var.tags.env }
`,
		"terraform.tfvars":  "b = \"tfvars\"\nc = \"tfvars\"\nd = \"tfvars\"\ne = \"tfvars\"\ntags = { team = \"x\" }\n",
		"b.auto.tfvars":     "c = \"auto-b\"\n",
		"a.auto.tfvars":     "c = \"auto-a\"\nd = \"auto-a\"\n",
		"extra/prod.tfvars": "d = \"var-file\"\ne = \"var-file\"\n",
	})
	got := outputs(t, dir, Options{VarFiles: []string{filepath.Join(dir, "extra/prod.tfvars")}, Vars: map[string]string{"e": "flag", "n": "3"},
		InputsFor: func(string) (map[string]string, []string) {
			// .faultline.hcl: below --var-file and --var, above tfvars.
			return map[string]string{"b": "config", "d": "config", "e": "config"}, nil
		}})
	for k, w := range map[string]string{"a": "default", "b": "config", "c": "auto-b", "d": "var-file", "e": "flag", "n": "3", "env": "dev"} {
		if g := got[k].String(); g != w {
			t.Errorf("var.%s = %s, want %s", k, g, w)
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestPolicyDocumentKeepsHoles(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "eks" {
  # A registry module faultline has no model of: its outputs are holes.
  source = "example-corp/eks/aws"
}
data "aws_iam_policy_document" "base" {
  statement {
    sid     = "Base"
    actions = ["sts:AssumeRole"]
  }
}
data "aws_iam_policy_document" "trust" {
  source_policy_documents = [data.aws_iam_policy_document.base.json]
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:karpenter:karpenter"]
    }
  }
}
output "json" { value = data.aws_iam_policy_document.trust.json }
`})
	got := outputs(t, dir, Options{})["json"].String()
	for _, want := range []string{`"Sid":"Base"`, `"Federated":["${module.eks.oidc_provider_arn}"]`, `"${module.eks.oidc_provider}:sub":["system:serviceaccount:karpenter:karpenter"]`} {
		if !strings.Contains(got, want) {
			t.Errorf("policy json %s lacks %s", got, want)
		}
	}
}

func TestFileStaysInsideTree(t *testing.T) {
	outside := writeTree(t, map[string]string{"secret.txt": "s3cr3t"})
	dir := writeTree(t, map[string]string{
		"main.tf": `
output "inside" { value = file("${path.module}/inside.txt") }
output "outside" { value = file("` + filepath.ToSlash(filepath.Join(outside, "secret.txt")) + `") }
output "escape" { value = file("../../etc/passwd") }
`,
		"inside.txt": "ok",
	})
	got := outputs(t, dir, Options{})
	if g := got["inside"].String(); g != "ok" {
		t.Errorf("inside = %s", g)
	}
	for _, k := range []string{"outside", "escape"} {
		if !got[k].IsUnknown() {
			t.Errorf("%s = %s, want unknown (outside the tree)", k, got[k])
		}
	}
}

// writeTree writes files (path → content) under a temporary directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestDerivedTwiceKeepsOrigin: a string function that cannot follow a
// hole keeps what the value was derived from, also when the value was
// itself derived (an issuer the eks module trimmed, trimmed again by the
// IRSA module); text around the hole, or a fresh anonymous hole, names
// nothing.
func TestDerivedTwiceKeepsOrigin(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
resource "aws_eks_cluster" "c" {
  name     = "c"
  role_arn = "arn:aws:iam::111122223333:role/c"
}
locals {
  once  = replace(aws_eks_cluster.c.identity[0].oidc[0].issuer, "https://", "")
  twice = trimprefix(replace(local.once, "https://", ""), "http://")
  mixed = replace("x-${local.once}", "https://", "")
}
output "once" { value = local.once }
output "twice" { value = local.twice }
output "mixed" { value = local.mixed }
`,
	})
	out := outputs(t, dir, Options{})
	for _, name := range []string{"once", "twice"} {
		o, ok := out[name].SoleOrigin()
		if !ok || !strings.HasSuffix(o.Object, ":aws_eks_cluster.c") || o.Path != "identity[0].oidc[0].issuer" {
			t.Errorf("output %s = %v: origin %q %q, %v; want aws_eks_cluster.c issuer", name, out[name], o.Object, o.Path, ok)
		}
	}
	if o, ok := out["mixed"].SoleOrigin(); ok {
		t.Errorf("output mixed = %v has origin %+v; text and a hole name nothing", out["mixed"], o)
	}
}

// TestConversionOfUnknownAttribute: tolist, toset and tomap of a value
// known only after apply are unknowns of their type, so a conditional
// with an empty literal on the other side unifies to that type, as
// `terraform console` prints: `false ? toset(terraform_data.src.output) : []`
// is toset([]) (a for_each of no instances, not a tuple Terraform would
// refuse), `false ? tomap(…) : {}` tomap({}), and the true side is known
// after apply.
func TestConversionOfUnknownAttribute(t *testing.T) {
	t.Parallel()
	for expr, want := range map[string]cty.Value{
		`false ? toset(terraform_data.src.output) : []`:  cty.SetValEmpty(cty.DynamicPseudoType),
		`false ? tomap(terraform_data.src.output) : {}`:  cty.MapValEmpty(cty.DynamicPseudoType),
		`false ? tolist(terraform_data.src.output) : []`: cty.ListValEmpty(cty.DynamicPseudoType),
		`true ? toset(terraform_data.src.output) : []`:   cty.UnknownVal(cty.Set(cty.DynamicPseudoType)),
	} {
		dir := writeTree(t, map[string]string{"main.tf": "resource \"terraform_data\" \"src\" {\n  input = [\"a\"]\n}\noutput \"o\" { value = " + expr + " }\n"})
		got := testSession(Options{Root: dir}).Evaluate(dir).rootInst.outputs["o"]
		if !got.RawEquals(want) {
			t.Errorf("%s = %#v, want %#v", expr, got, want)
		}
	}
}

// TestHoleAsCollection: a value known only after apply (a data source's
// list of IDs, a hole) given where a collection is wanted is an unknown
// collection, as Terraform has it — sort() and concat() of it are not
// errors that turn the object around them unknown — and an expression
// that reads it both whole and by index reads it alike in either order.
func TestHoleAsCollection(t *testing.T) {
	t.Parallel()
	for expr, want := range map[string]func(cty.Value) bool{
		`sort(data.aws_subnets.w.ids)`: func(v cty.Value) bool {
			return !v.IsKnown() && v.Type().Equals(cty.List(cty.String))
		},
		`{g = {subnets = sort(data.aws_subnets.w.ids), tainted = true}}`: func(v cty.Value) bool {
			return v.IsKnown() && v.GetAttr("g").GetAttr("tainted").True()
		},
		`{g = {subnets = concat(data.aws_subnets.w.ids, ["subnet-1"]), tainted = true}}`: func(v cty.Value) bool {
			return v.IsKnown() && v.GetAttr("g").GetAttr("tainted").True()
		},
		`{a = data.aws_subnets.w.ids, b = [data.aws_subnets.w.ids[0]]}`: func(v cty.Value) bool {
			return v.IsKnown() && v.GetAttr("a").RawEquals(v.GetAttr("b"))
		},
		`{b = [data.aws_subnets.w.ids[0]], a = data.aws_subnets.w.ids}`: func(v cty.Value) bool {
			return v.IsKnown() && v.GetAttr("a").RawEquals(v.GetAttr("b"))
		},
	} {
		dir := writeTree(t, map[string]string{"main.tf": "data \"aws_subnets\" \"w\" {}\noutput \"o\" { value = " + expr + " }\n"})
		got := testSession(Options{Root: dir}).Evaluate(dir).rootInst.outputs["o"]
		if !want(got) {
			t.Errorf("%s = %#v", expr, got)
		}
	}
}

// TestDecodeHole: a string known only after apply (a data source's
// content, a hole), decoded, is a value of any type not known before
// apply, as Terraform's jsondecode and yamldecode of an unknown are: its
// attributes read as unknown, never as a string's.
func TestDecodeHole(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"yamldecode", "jsondecode"} {
		dir := writeTree(t, map[string]string{"main.tf": "data \"aws_s3_object\" \"cfg\" {\n  bucket = \"b\"\n  key    = \"k\"\n}\nlocals {\n  cfg = " + f + "(data.aws_s3_object.cfg.body)\n}\noutput \"o\" { value = {token = local.cfg.token, known = true} }\n"})
		ev := testSession(Options{Root: dir}).Evaluate(dir)
		got := ev.rootInst.outputs["o"]
		if !got.IsKnown() || !got.GetAttr("known").True() || got.GetAttr("token").IsKnown() {
			t.Errorf("%s of a hole: %#v", f, got)
		}
		for _, n := range ev.Notes {
			if strings.Contains(n.What, "Unsupported attribute") {
				t.Errorf("%s of a hole: note %q", f, n.What)
			}
		}
	}
}

// TestLookupEmptyMapUnknownKey: lookup in an empty map gives the default
// whatever the key turns out to be at apply (a zone from a data source, a
// count.index of a count known only at apply), as the vpc module's
// per-zone subnet tags do; in a map with entries it stays unknown.
func TestLookupEmptyMapUnknownKey(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{"main.tf": `data "aws_availability_zones" "up" {}
variable "per_zone" {
  type    = map(map(string))
  default = {}
}
locals {
  zone = data.aws_availability_zones.up.names[0]
}
output "empty" { value = lookup(var.per_zone, local.zone, {}) }
output "full" { value = lookup({ "eu-west-1a" = { tier = "a" } }, local.zone, {}) }
`})
	out := testSession(Options{Root: dir}).Evaluate(dir).rootInst.outputs
	if e := out["empty"]; !e.IsKnown() || e.LengthInt() != 0 {
		t.Errorf("empty map: %#v", e)
	}
	if f := out["full"]; f.IsWhollyKnown() {
		t.Errorf("map with entries: %#v", f)
	}
}

// TestConditionalReferenceOrEmpty: `cond ? x : ""` with a condition known
// only at apply is x when x holds a reference and the other branch is
// empty (the module's output of a role it may not create); any other
// conditional on an unknown condition stays unknown.
func TestConditionalReferenceOrEmpty(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
variable "issuer" { type = string }
resource "aws_iam_role" "csi" {
  count = var.issuer != "" ? 1 : 0
  name  = "csi"
}
output "empty_else"    { value = var.issuer != "" ? aws_iam_role.csi[0].arn : "" }
output "null_then"     { value = (var.issuer == "" ? null : aws_iam_role.csi[0].arn) }
output "derived"       { value = var.issuer != "" ? replace(var.issuer, "https://", "") : "" }
output "template"      { value = var.issuer != "" ? "${aws_iam_role.csi[0].unique_id}-x" : "" }
output "both_set"      { value = var.issuer != "" ? aws_iam_role.csi[0].arn : "none" }
output "known_branch"  { value = var.issuer != "" ? "arn:aws:iam::111122223333:role/x" : "" }
output "branch_decides" { value = var.issuer != "" ? (var.issuer == "x" ? "a" : aws_iam_role.csi[0].arn) : "" }
output "known_cond"    { value = true ? aws_iam_role.csi[0].arn : "" }
locals { enabled = var.issuer != "" }
output "via_local"     { value = local.enabled ? aws_iam_role.csi[0].arn : "" }
output "local_both"    { value = local.enabled ? aws_iam_role.csi[0].arn : aws_iam_role.csi[0].name }
`,
	})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"empty_else":     "${aws_iam_role.csi[0].arn}",
		"null_then":      "${aws_iam_role.csi[0].arn}",
		"derived":        "${…}",
		"template":       "${aws_iam_role.csi[0].unique_id}-x",
		"both_set":       "(unknown)",
		"known_branch":   "(unknown)",
		"branch_decides": "(unknown)",
		"known_cond":     "${aws_iam_role.csi[0].arn}",
		"via_local":      "${aws_iam_role.csi[0].arn}",
		"local_both":     "(unknown)",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("output %s = %s, want %s", k, g, w)
		}
	}
	if ref, ok := got["derived"].SoleOrigin(); !ok || ref.String() != "var.issuer" {
		t.Errorf("output derived keeps origin %v (%v), want var.issuer", ref, ok)
	}
}
