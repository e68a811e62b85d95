package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestUnrenderedTemplateIsANote(t *testing.T) {
	src := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\n{{- if .Values.on }}\nkind: ConfigMap\n{{- end }}\n")
	var notes []lint.Note
	ents, diags := Parse("t.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(diags) != 0 || len(notes) != 1 || notes[0].Range.Line != 6 || notes[0].Kind != lint.Skipped {
		t.Fatalf("diags %v, notes %v: want one skipped note at line 6", diags, notes)
	}
	if len(ents) != 1 {
		t.Errorf("the good document before the template: %d entities, want 1", len(ents))
	}
	// Without OnTemplate (rendered output) the same text is broken input.
	if _, diags := Parse("t.yaml", src, Options{}); len(diags) != 1 || diags[0].Summary != "invalid YAML" {
		t.Errorf("rendered output: %v, want one invalid YAML diagnostic", diags)
	}
	// A broken document without a placeholder stays a diagnostic even when
	// an earlier document quotes one.
	broken := []byte("a: \"${x}\"\n---\nb: c\n  d: e\n")
	if _, diags := Parse("t.yaml", broken, Options{Templates: true, Notes: func(lint.Note) { t.Error("called for a broken document") }}); len(diags) != 1 {
		t.Errorf("broken document: %v, want one diagnostic", diags)
	}
}

func TestRenderWithAHoleIsANote(t *testing.T) {
	h := lint.NewHoles()
	zones := h.Sentinel(lint.HoleRef{Object: "local.zones"})
	// Helm's toYaml of a real list would give "- a" lines here; a hole
	// stands alone on the line and is not valid YAML in that place.
	src := []byte("kind: NodePool\nspec:\n  requirements:\n  - key: zone\n    values:\n    " + zones + "\n  - key: arch\n")
	var notes []lint.Note
	_, diags := Parse("r.yaml", src, Options{Holes: h, Notes: func(n lint.Note) { notes = append(notes, n) },
		MapDiagnostic: func(r lint.Range) lint.Range { r.File = "chart/templates/pool.yaml"; return r }})
	if len(diags) != 0 || len(notes) != 1 || notes[0].Kind != lint.Unresolved || notes[0].Range.File != "chart/templates/pool.yaml" || notes[0].Range.Line != 6 {
		t.Fatalf("diags %v, notes %+v: want one unresolved note at the mapped line 6", diags, notes)
	}
	// Without a hole the same shape is broken input.
	broken := []byte("kind: NodePool\nspec:\n  requirements:\n  - key: zone\n    values:\n    plain\n  - key: arch\n")
	if _, diags := Parse("r.yaml", broken, Options{Holes: h, Notes: func(lint.Note) { t.Error("note for broken input") }}); len(diags) != 1 {
		t.Errorf("broken render: %v, want one diagnostic", diags)
	}
}

// TestTemplateNoteNamesThePlaceholderLine: the note names a placeholder
// on a line of YAML before one in a comment above it.
func TestTemplateNoteNamesThePlaceholderLine(t *testing.T) {
	src := []byte("# rendered by templatefile() with ${cluster_name}\napiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nspec:\n  subnetSelectorTerms:\n    {{ range .subnets }}\n    - id: x\n")
	var notes []lint.Note
	Parse("t.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(notes) != 1 || notes[0].Range.Line != 6 {
		t.Fatalf("notes %v: want one at line 6", notes)
	}
}
