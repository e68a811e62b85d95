package unitcache

import (
	"fmt"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// The key of the stage and the digest of the files it read cover every
// part of a file the rendering reads: its name, text, scope, source,
// inferred marks, whether it has a position map, and the references its
// holes stand for (not their numbers, which are the run's own).
func TestCompositionKeyCoversEveryPartOfAFile(t *testing.T) {
	u := &Units{build: "test"}
	holes := lint.NewHoles()
	a, b := holes.Sentinel(lint.HoleRef{Object: "aws_iam_role.a", Path: "arn"}), holes.Sentinel(lint.HoleRef{Object: "aws_iam_role.b", Path: "arn"})
	comp := kube.File{Rel: "xp/c.yaml", Data: []byte(poolComposition)}
	claim := kube.File{Rel: "claims/c.yaml", Data: []byte(poolClaim("c", "ns", "role-"+a)), Map: func(r lint.Range, _ string) lint.Range { return r }}
	marks := kube.InputMarks{Inputs: true, Kinds: []string{"WorkerPool"}}
	digests := func(files []kube.File, h *lint.Holes) string {
		t.Helper()
		c := newCompFiles(files, h)
		key, ok := c.key(u)
		sum, read, ok2 := c.digest(marks)
		if !ok || !ok2 || len(read) != 2 {
			t.Fatalf("not digested (%v, %v, %d files read)", ok, ok2, len(read))
		}
		return fmt.Sprintf("%x %x", key, sum)
	}
	base := digests([]kube.File{comp, claim}, holes)
	// The same references under other numbers digest the same.
	other := lint.NewHoles()
	other.Sentinel(lint.HoleRef{Object: "x"})
	renumbered := claim
	renumbered.Data = []byte(poolClaim("c", "ns", "role-"+other.Sentinel(lint.HoleRef{Object: "aws_iam_role.a", Path: "arn"})))
	if string(renumbered.Data) == string(claim.Data) {
		t.Fatal("the sentinel was not renumbered: the case proves nothing")
	}
	if got := digests([]kube.File{comp, renumbered}, other); got != base {
		t.Errorf("the same reference under another number digests differently")
	}
	edits := map[string]func(c, x *kube.File){
		"composition's name": func(c, _ *kube.File) { c.Rel = "xp/d.yaml" },
		"composition's text": func(c, _ *kube.File) {
			c.Data = []byte(strings.Replace(poolComposition, "name: pools", "name: pools-v2", 1))
		},
		"composition's scope":  func(c, _ *kube.File) { c.Scope.Account = "111111111111" },
		"composition's source": func(c, _ *kube.File) { c.Source = lint.SourceHelm },
		"composition inferred": func(c, _ *kube.File) { c.Inferred = []string{"rendered with chart defaults"} },
		"composition mapped":   func(c, _ *kube.File) { c.Map = claim.Map },
		"claim's text":         func(_, x *kube.File) { x.Data = []byte(poolClaim("c", "ns2", "role-"+a)) },
		"claim's scope":        func(_, x *kube.File) { x.Scope.Cluster = "prod" },
		"claim's hole":         func(_, x *kube.File) { x.Data = []byte(poolClaim("c", "ns", "role-"+b)) },
		"claim inferred":       func(_, x *kube.File) { x.Inferred = []string{"rendered with chart defaults"} },
		"claim unmapped":       func(_, x *kube.File) { x.Map = nil },
	}
	for what, edit := range edits {
		c, x := comp, claim
		edit(&c, &x)
		if got := digests([]kube.File{c, x}, holes); got == base {
			t.Errorf("%s edited: same digests", what)
		}
	}
	// A fresh anonymous hole decodes to a name of the run's own: not kept.
	fresh := claim
	fresh.Data = []byte(poolClaim("c", "ns", "role-"+holes.Anonymous()))
	if _, _, ok := newCompFiles([]kube.File{comp, fresh}, holes).digest(marks); ok {
		t.Errorf("a claim holding a fresh anonymous hole is digested")
	}
}

// poolComposition composes a WorkerPool's IAM role.
const poolComposition = `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: pools
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XWorkerPool
  resources:
    - name: role
      base:
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
      patches:
        - fromFieldPath: spec.roleName
          toFieldPath: metadata.annotations[crossplane.io/external-name]
`

// poolClaim is a WorkerPool claim named name in namespace, for the role
// named roleName.
func poolClaim(name, namespace, roleName string) string {
	return "apiVersion: platform.example.org/v1alpha1\nkind: WorkerPool\nmetadata:\n  name: " + name + "\n  namespace: " + namespace +
		"\nspec:\n  roleName: " + roleName + "\n"
}
