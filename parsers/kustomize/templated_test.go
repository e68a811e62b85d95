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

// A line that is a placeholder alone is a skeleton's blank where YAML
// reads it into a plain scalar, or cannot read the file at all; inside a
// block scalar it is text.
func TestPlaceholderLine(t *testing.T) {
	for _, tc := range []struct {
		data string
		line int
		ok   bool
	}{
		{"metadata:\n  annotations:\n    <ISSUER_ANNOTATION>\n    <OTHER_ANNOTATION>\n", 3, true},
		{"metadata:\n  labels:\n    app: web\n    <EXTRA_LABEL>\n", 4, true},
		{"data:\n  alert.tmpl: |\n    {{ .CommonLabels.alertname }}\n    <BODY>\n", 0, false},
		{"metadata:\n  name: web\n", 0, false},
	} {
		line, ok := placeholderLine([]byte(tc.data))
		if line != tc.line || ok != tc.ok {
			t.Errorf("%q: placeholderLine = %d, %v; want %d, %v", tc.data, line, ok, tc.line, tc.ok)
		}
	}
}
