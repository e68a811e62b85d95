package eval

import (
	"testing"
)

// length() is Terraform's: objects count their attributes (known even
// when the object's value is not), strings their characters.
func TestLengthAsTerraform(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
variable "cfg" {
  type    = any
  default = {}
}
variable "obj" {
  type = object({ a = string, b = string })
}
output "empty_object" { value = length({}) }
output "any_default" { value = length(var.cfg) }
output "object" { value = length({ a = 1, b = "x" }) }
output "unknown_typed_object" { value = length(var.obj) }
output "string" { value = length("héllo") }
output "empty_tuple" { value = length([]) }
output "guard" { value = length(var.cfg) > 0 }
`})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"empty_object":         "0",
		"any_default":          "0",
		"object":               "2",
		"unknown_typed_object": "2",
		"string":               "5",
		"empty_tuple":          "0",
		"guard":                "false",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("%s = %q, want %q", k, g, w)
		}
	}
}

// lookup() is Terraform's: a null default is allowed, and a hole in
// another element of the map does not hide the element looked up.
func TestLookupAsTerraform(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
variable "vpc" {}
variable "groups" {
  type = map(object({
    policies = optional(map(string))
    subnet   = optional(string)
  }))
  default = { general = { subnet = "subnet-1" } }
}
output "found" { value = lookup({ a = "z" }, "a", null) }
output "absent_null" { value = lookup({ a = "z" }, "b", null) == null }
output "optional_left_out" { value = lookup(var.groups["general"], "policies", null) == null }
output "beside_hole" { value = lookup({ a = "z", b = var.vpc }, "a", null) }
output "two_args" { value = lookup({ a = "z" }, "a") }
output "map_default" { value = lookup(tomap({ a = "x" }), "b", "d") }
output "hole_found" { value = lookup({ a = var.vpc }, "a", "none") }
output "hole_key" { value = lookup({ a = "z" }, var.vpc, "none") }
`})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"found":             "z",
		"absent_null":       "true",
		"optional_left_out": "true",
		"beside_hole":       "z",
		"two_args":          "z",
		"map_default":       "d",
		"hole_found":        "${var.vpc}",
		"hole_key":          "(unknown)",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("%s = %q, want %q", k, g, w)
		}
	}
}

// toset over ARNs built from one unknown partition: the literal ends differ,
// so the set has one element per policy and a for_each over it one
// instance per policy.
func TestToSetOfDistinctHoleStrings(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
variable "partition" {}
variable "other" {}
locals {
  prefix = "arn:${var.partition}:iam::aws:policy"
}
output "distinct" {
  value = length(toset(["${local.prefix}/WorkerNode", "${local.prefix}/RegistryRead", "${local.prefix}/WorkerNode"]))
}
output "maybe_equal" { value = length(toset(["${var.partition}-a", "${var.other}-a"])) }
output "literal_and_hole" { value = length(toset(["arn:aws:x", "arn:${var.partition}:x"])) }
`})
	got := outputs(t, dir, Options{})
	want := map[string]string{"distinct": "2", "maybe_equal": "(unknown)", "literal_and_hole": "(unknown)"}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("%s = %q, want %q", k, g, w)
		}
	}
}

// TestDistinctOfHoleStrings: distinct() follows toset()'s rule — a list of
// one hole, or of strings that certainly differ, keeps its elements (the
// iam OIDC modules' compact(distinct(concat(urls, [url]))) over a module
// output); strings that may become equal leave it unknown.
func TestDistinctOfHoleStrings(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
variable "url" {}
variable "other" {}
output "one_hole" { value = length(compact(distinct(concat([], [var.url])))) }
output "certain" { value = length(distinct(["${var.url}/a", "${var.url}/b", "${var.url}/a"])) }
output "maybe_equal" { value = length(distinct(["${var.url}-a", "${var.other}-a"])) }
`})
	got := outputs(t, dir, Options{})
	want := map[string]string{"one_hole": "1", "certain": "2", "maybe_equal": "(unknown)"}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("%s = %q, want %q", k, g, w)
		}
	}
}
