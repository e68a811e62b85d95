package terraform

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// Contexts and root objects are kept while a module is evaluated
// (eval.go): a role read before it has its value (a dependency cycle:
// role b reads a and z before a is evaluated) reads as unknown there, and
// a later expression reading the same roles sees its value; for
// each instance sees its own each.key, though the rest of the context is
// built once.
func TestContextsFollowValues(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `locals {
  prefix = "prod"
}

resource "aws_iam_role" "a" {
  name = "${local.prefix}-a-${aws_iam_role.b.name}"
}

resource "aws_iam_role" "b" {
  name        = "${local.prefix}-b"
  description = "${aws_iam_role.a.name}/${aws_iam_role.z.name}"
}

resource "aws_iam_role" "c" {
  name = "${aws_iam_role.a.name}-${aws_iam_role.z.name}"
}

resource "aws_iam_role" "z" {
  name = "${local.prefix}-z"
}

resource "aws_iam_role" "each" {
  for_each = toset(["x", "y"])
  name     = "${local.prefix}-${each.key}"
}
`,
	})
	names := map[string]string{}
	for _, e := range res.Entities {
		if o := e.Base(); o.Kind == lint.KindRole {
			s, _ := o.Name.Str()
			names[o.Label] = s
		}
	}
	want := map[string]string{
		"aws_iam_role.a":         "prod-a-prod-b",
		"aws_iam_role.b":         "prod-b",
		"aws_iam_role.c":         "prod-a-prod-b-prod-z",
		`aws_iam_role.each["x"]`: "prod-x",
		`aws_iam_role.each["y"]`: "prod-y",
	}
	for label, name := range want {
		if names[label] != name {
			t.Errorf("%s: name %q, want %q (all: %v)", label, names[label], name, names)
		}
	}
}
