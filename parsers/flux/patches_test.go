package flux

import (
	"strings"
	"testing"
)

// patchedKs is a Flux Kustomization building ./apps with one patch.
func patchedKs(name, value string) string {
	return `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: ` + name + `
  namespace: flux-system
spec:
  path: ./apps
  sourceRef:
    kind: GitRepository
    name: flux-system
  patches:
    - target:
        kind: Deployment
        name: web
      patch: |
        - op: replace
          path: /spec/replicas
          value: ` + value + `
`
}

func findPatched(docs ...string) *Set {
	var files []File
	for i, d := range docs {
		files = append(files, File{Rel: "k" + string(rune('a'+i)) + ".yaml", Dir: "/r", Data: []byte(d)})
	}
	return Find(files, Options{Bases: func(string) []string { return []string{"/r"} }})
}

// A Kustomization's patches are handed to the build of its path, with
// where their text lies in the file; the note that they are not applied
// goes once they are.
func TestPatchesAt(t *testing.T) {
	s := findPatched(patchedKs("apps", "3"))
	if len(s.Notes()) != 1 {
		t.Fatalf("notes %v, want the one that the patches are not applied", s.Notes())
	}
	if ps := s.PatchesAt("/r/other"); ps != nil {
		t.Errorf("patches for a directory no Kustomization builds: %v", ps)
	}
	ps := s.PatchesAt("/r/apps")
	if len(ps) != 1 {
		t.Fatalf("patches %d, want 1", len(ps))
	}
	p := ps[0]
	if !strings.Contains(p.Text, "/spec/replicas") || p.Target == nil {
		t.Errorf("patch %q, target %v", p.Text, p.Target)
	}
	// The literal block starts on line 16: its first line is the file's.
	if !p.Traced || p.Line != 15 || p.Column != 8 || p.At.File != "ka.yaml" || p.At.Line != 15 {
		t.Errorf("position traced=%v line %d column %d at %v", p.Traced, p.Line, p.Column, p.At)
	}
	if n := s.Notes(); len(n) != 0 {
		t.Errorf("notes %v after the patches were applied", n)
	}
}

// Two Kustomizations building one directory with different patches deploy
// two different things: neither is applied, and both notes stay; the same
// patches written twice are applied.
func TestPatchesAtDiffering(t *testing.T) {
	s := findPatched(patchedKs("apps-eu", "3"), patchedKs("apps-us", "5"))
	if ps := s.PatchesAt("/r/apps"); ps != nil {
		t.Errorf("differing patches applied: %v", ps)
	}
	if n := s.Notes(); len(n) != 2 {
		t.Errorf("notes %d, want 2", len(n))
	}
	s = findPatched(patchedKs("apps-eu", "3"), patchedKs("apps-us", "3"))
	if ps := s.PatchesAt("/r/apps"); len(ps) != 1 {
		t.Errorf("patches %d, want the one both write", len(ps))
	}
}

// An entry kustomize-controller cannot append (no patch text) leaves all
// of them unapplied.
func TestPatchesAtUnreadable(t *testing.T) {
	doc := strings.Replace(patchedKs("apps", "3"), "      patch: |", "      path: patch.yaml\n      x: |", 1)
	s := findPatched(doc)
	if ps := s.PatchesAt("/r/apps"); ps != nil {
		t.Errorf("patches %v from an entry without patch text", ps)
	}
	if len(s.Notes()) != 1 {
		t.Errorf("notes %v, want the one that the patches are not applied", s.Notes())
	}
}
