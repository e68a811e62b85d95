package kube

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// mayHoldInput scans a file once for kind lines; it marks exactly the
// files the per-kind needles ("kind: K", quoted or not) and the
// composition references mark.
func TestMayHoldInputIsTheNeedleScan(t *testing.T) {
	kinds := []string{"WorkerPool", "XWorkerPool", "Net", ""}
	needleScan := func(data []byte, kinds []string) bool {
		needles := [][]byte{[]byte("compositionRef"), []byte("compositionSelector")}
		for _, k := range kinds {
			for _, q := range []string{"", `"`, "'"} {
				needles = append(needles, []byte("kind: "+q+k+q))
			}
		}
		for _, n := range needles {
			if bytes.Contains(data, n) {
				return true
			}
		}
		return false
	}
	pieces := []string{"kind: ", "kind:", "WorkerPool", "XWorker", "Pool", `"`, "'", "Net", "\n", "kkind: ", "compositionRef", "composition", "Selector", " ", "ind: "}
	rng := rand.New(rand.NewSource(1))
	matched := 0
	for i := 0; i < 20000; i++ {
		var b bytes.Buffer
		for n := rng.Intn(8); n >= 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		for _, ks := range [][]string{kinds[:1], kinds[:3], kinds[1:2], kinds} {
			want := needleScan(b.Bytes(), ks)
			if got := (InputMarks{Inputs: true, Kinds: ks}).mayHoldInput(b.Bytes()); got != want {
				t.Fatalf("%q with kinds %q: marked %v, the needles say %v", b.String(), ks, got, want)
			}
			if want {
				matched++
			}
		}
	}
	if matched == 0 {
		t.Fatal("nothing matched: the test proves nothing")
	}
	if (InputMarks{Kinds: kinds}).Reads([]byte("kind: WorkerPool")) {
		t.Error("marks without inputs read a claim")
	}
	if !(InputMarks{}).Reads([]byte("apiVersion: apiextensions.crossplane.io/v1")) {
		t.Error("marks do not read a file naming Crossplane's API group")
	}
}

// A rendering asks a file's position map each question once, however
// many claims render its composition, and gets the map's answers.
func TestComposeAsksEachPositionOnce(t *testing.T) {
	comp, err := os.ReadFile("testdata/crossplane/composition-legacy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	asked := map[string]int{}
	shift := func(r lint.Range, text string) lint.Range {
		asked[fmt.Sprint(r, text)]++
		r.Line += 100
		r.EndLine += 100
		return r
	}
	claim := func(name string) string {
		return "apiVersion: platform.example.org/v1alpha1\nkind: WorkerPool\nmetadata:\n  name: " + name + "\nspec:\n  compositionRef:\n    name: workerpool-legacy\n  roleName: " + name + "\n"
	}
	c := Compose([]File{{Rel: "c.yaml", Data: comp, Map: shift}, {Rel: "a.yaml", Data: []byte(claim("a") + "---\n" + claim("b") + "---\n" + claim("c"))}}, Options{})
	if len(c.Entities) < 6 || len(asked) == 0 {
		t.Fatalf("%d entities, %d questions: the test proves nothing", len(c.Entities), len(asked))
	}
	for q, n := range asked {
		if n > 1 {
			t.Errorf("asked %d times: %s", n, q)
		}
	}
	for _, e := range c.Entities {
		if r := e.Base().Range; r.File == "c.yaml" && r.Line <= 100 {
			t.Errorf("%s at %s: not the map's answer", e.Base().Addr, r)
		}
	}
}

// A composition composing a composite of its own type renders it once
// more, not again from there; nested composites are addressed under the
// one composing them.
func TestNestedCompositeRenderedOnce(t *testing.T) {
	comp := []byte(`apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: loop
spec:
  compositeTypeRef:
    apiVersion: x.example.io/v1
    kind: XLoop
  resources:
    - name: again
      base:
        apiVersion: x.example.io/v1
        kind: XLoop
    - name: role
      base:
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
        spec:
          forProvider:
            assumeRolePolicy: "{}"
---
apiVersion: x.example.io/v1
kind: XLoop
metadata:
  name: top
`)
	c := Compose([]File{{Rel: "c.yaml", Data: comp}}, Options{})
	var roles []string
	for _, e := range c.Entities {
		if r, ok := e.(*lint.Role); ok {
			roles = append(roles, r.Label)
		}
	}
	want := []string{"Role role (Composition loop, XLoop top)", "Role role (Composition loop, XLoop composed by XLoop top)"}
	if !slices.Equal(roles, want) {
		t.Errorf("roles %q, want %q", roles, want)
	}
}
