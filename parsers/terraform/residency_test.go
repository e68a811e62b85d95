package terraform

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
)

// residencyTree has two roots calling one shared local module (one of
// them twice), a module that does not parse, a configuration file that is
// a symlink out of the tree (a refused file: a note, once), a modelled
// registry call and a manifest in a heredoc.
func residencyTree(t *testing.T) (string, []string) {
	dir := writeTree(t, map[string]string{
		"live/a/main.tf": `
module "net" {
  source = "../../modules/net"
  name   = "a"
}
module "net2" {
  source = "../../modules/net"
  name   = "a2"
}
module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "~> 20.0"
  cluster_name    = "a"
  cluster_version = "1.30"
}
resource "kubernetes_manifest" "sa" {
  manifest = yamldecode(<<-EOT
    apiVersion: v1
    kind: ServiceAccount
    metadata:
      name: app
      namespace: apps
  EOT
  )
}
`,
		"live/b/main.tf": `
module "net" {
  source = "../../modules/net"
  name   = "b"
}
`,
		"modules/net/main.tf": `
variable "name" {}
resource "aws_security_group" "this" {
  name = var.name
  tags = { Name = var.name }
}
`,
		"broken/main.tf": `resource "aws_iam_role" "x" {`,
	})
	outside := filepath.Join(t.TempDir(), "outside.tf")
	if err := os.WriteFile(outside, []byte(`resource "aws_iam_role" "y" {}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "live/b/link.tf")); err != nil {
		t.Fatal(err)
	}
	dirs := []string{filepath.Join(dir, "live/a"), filepath.Join(dir, "live/b"), filepath.Join(dir, "modules/net"), filepath.Join(dir, "broken")}
	return dir, dirs
}

// TestReleasedModulesParsedAgain: a load that keeps nothing parsed after
// the first pass (every module parsed again when a root needs it, and
// released after its last root) gives exactly the result of one that keeps
// everything, and no parsed module stays resident once the roots are done.
func TestReleasedModulesParsedAgain(t *testing.T) {
	dir, dirs := residencyTree(t)
	rel := func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}
	opts := Options{Root: dir, Rel: rel}
	kept := newLoader(opts)
	kept.keep = 1 << 40
	want := kept.load(append([]string(nil), dirs...))

	l := newLoader(opts)
	l.keep = 0
	sorted := append([]string(nil), dirs...)
	sort.Strings(sorted)
	l.parseAll(sorted)
	if n := len(l.Mods); n != 0 {
		t.Errorf("%d modules stay parsed after the first pass with nothing to keep", n)
	}
	roots := l.roots(sorted)
	outs := l.evaluateRoots(roots)
	if n := len(l.Mods); n != 0 {
		t.Errorf("%d modules stay parsed once every root is evaluated", n)
	}
	got := l.collect(roots, outs)

	if len(want.Entities) == 0 || len(want.Embedded) == 0 || len(want.Diagnostics) == 0 || len(want.Notes) == 0 || len(want.Modules) == 0 {
		t.Fatalf("the tree does not exercise the load: %d entities, %d embedded, %d diagnostics, %d notes, %d module calls",
			len(want.Entities), len(want.Embedded), len(want.Diagnostics), len(want.Notes), len(want.Modules))
	}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"entities", got.Entities, want.Entities},
		{"diagnostics", got.Diagnostics, want.Diagnostics},
		{"notes", got.Notes, want.Notes},
		{"files", got.Files, want.Files},
		{"roots", got.Roots, want.Roots},
		{"templates", got.Templates, want.Templates},
		{"calls", got.Calls, want.Calls},
		{"modules", got.Modules, want.Modules},
		{"embedded", len(got.Embedded), len(want.Embedded)},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s differ:\n got %+v\nwant %+v", c.what, c.got, c.want)
		}
	}
	for i := range got.Embedded {
		g, w := got.Embedded[i], want.Embedded[i]
		if g.Addr != w.Addr || g.File != w.File || string(g.Content) != string(w.Content) {
			t.Errorf("embedded %d: got %s %s, want %s %s", i, g.Addr, g.File, w.Addr, w.File)
		}
	}
}
