package kustomize

import "testing"

func TestStructuralTag(t *testing.T) {
	for src, want := range map[string]int{
		// A flow mapping to YAML, a string once filled.
		"spec:\n  webhook:\n    caBundle: {{caBundle}}\n": 3,
		// The second document.
		"a: 1\n---\nb:\n  - {{ .x }}\n": 4,
		// Inside strings: the same shape filled or not.
		"data:\n  alert: \"{{ .Labels.job }} is down\"\n":      0,
		"data:\n  tpl: |\n    {{ range .Alerts }}x{{ end }}\n": 0,
		"data:\n  msg: '{% if x %}y{% endif %}'\n":             0,
		// No tag at all.
		"a: b\n": 0,
	} {
		line, ok := structuralTag([]byte(src))
		if ok != (want > 0) || line != want {
			t.Errorf("structuralTag(%q) = %d, %v; want %d", src, line, ok, want)
		}
	}
}
