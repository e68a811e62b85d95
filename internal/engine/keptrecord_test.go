package engine

import (
	"maps"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// unitInputsTree has a root that reads a trust policy with file(), a
// kustomization whose inputs are no YAML (a JSON patch, a generator's
// properties file), and a root of its own to edit: the files only a kept
// unit reads, which discovery and the rest of the run never read.
var unitInputsTree = map[string]string{
	"roles/main.tf": `resource "aws_iam_role" "web" {
  name               = "web"
  assume_role_policy = file("${path.module}/trust.json")
}
`,
	"roles/trust.json": `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}
`,
	"other/main.tf": `resource "aws_iam_role" "other" {
  name               = "other"
  assume_role_policy = "{}"
}
`,
	"k8s/kustomization.yaml": `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: apps
resources:
  - sa.yaml
configMapGenerator:
  - name: settings
    files:
      - app.properties
patches:
  - path: role.json
    target:
      kind: ServiceAccount
      name: web
`,
	"k8s/sa.yaml":         "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n",
	"k8s/role.json":       `[{"op":"add","path":"/metadata/annotations","value":{"eks.amazonaws.com/role-arn":"arn:aws:iam::111111111111:role/web"}}]` + "\n",
	"k8s/app.properties":  "MODE=fast\n",
	"notes/unrelated.txt": "a\n",
}

// The files a kept Terraform root or kustomize build rests on are inputs
// of the whole run that used it, though the run read none of them: after
// a run that kept both was stored, a same-size edit of a file() target, a
// JSON patch or a generator's file (the tree's shape unchanged, nothing
// else reading them) is seen — the run is computed again, as a fresh run
// computes it — instead of answered by the stored run.
func TestKeptUnitFilesJoinTheRunRecord(t *testing.T) {
	root, tree := t.TempDir(), maps.Clone(unitInputsTree)
	write(t, root, tree)
	c, opts := cachedRunOf(t, root)
	run := func(what string) *Loaded {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		sameAsFresh(t, what, opts, l, got)
		return l
	}
	run("cold")
	// Another root changes: the run keeps the root and the build that
	// read the files, and is stored resting on them.
	write(t, root, map[string]string{"other/main.tf": tree["other/main.tf"] + "\n"})
	l := run("another root edited")
	if u := l.Cache.Units; l.Cache.Roots.Kept == 0 || u.KustKept == 0 {
		t.Fatalf("another root edited: %s; want the role's root and the build kept", l.Cache)
	}
	if l, _, err := RunCached(opts, rules.All, lint.Options{}, c); err != nil || l.Cache.Hits != 1 {
		t.Fatalf("unchanged: %v, %+v; want the stored run", err, l.Cache)
	}
	edits := []struct{ what, file, from, to string }{
		{"file() target edited", "roles/trust.json", "ec2.amazonaws.com", "eks.amazonaws.com"},
		{"JSON patch edited", "k8s/role.json", "111111111111", "222222222222"},
		{"generator file edited", "k8s/app.properties", "fast", "slow"},
	}
	for _, e := range edits {
		data := tree[e.file]
		tree[e.file] = strings.Replace(data, e.from, e.to, 1)
		if tree[e.file] == data || len(tree[e.file]) != len(data) {
			t.Fatalf("%s: not a same-size edit", e.what)
		}
		write(t, root, map[string]string{e.file: tree[e.file]})
		run(e.what)
		// Stored again: the next edit starts from a stored run that kept
		// what did not change.
		if l, _, err := RunCached(opts, rules.All, lint.Options{}, c); err != nil || l.Cache.Hits != 1 {
			t.Fatalf("after %s: %v, %+v; want the stored run", e.what, err, l.Cache)
		}
	}
}
