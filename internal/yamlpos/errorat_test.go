package yamlpos

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// firstError is yaml.v3's first error decoding every document of data.
func firstError(t *testing.T, data string) string {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader([]byte(data)))
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			t.Fatalf("%q decodes", data)
		}
		if err != nil {
			return err.Error()
		}
	}
}

// A block collection that cannot go on is reported at the token that
// stopped it — where PyYAML's problem mark is — not at the collection's
// start, which yaml.v3 names; other errors keep yaml.v3's line, at its
// first character that is not a space.
func TestErrorAt(t *testing.T) {
	for _, tc := range []struct {
		name      string
		data      string
		line, col int
		detail    string
	}{
		{"a list item at its mapping's indentation", "spec:\n  driver:\n    cores: 2\n    volumeMounts:\n      - name: logs\n        mountPath: /logs\n    - name: scratch\n      mountPath: /scratch\n    env: []\n", 7, 5, "did not find expected key"},
		{"a key indented one space too far", "data:\n  cpu: \"2\"\n   memory: 4Gi\n", 3, 4, "did not find expected key"},
		{"in the second document", "kind: A\nspec:\n  x: 1\n---\nkind: B\nspec:\n  a: 1\n  b:\n    c: 2\n   d: 3\n", 10, 4, "did not find expected key"},
		{"a mapping in a sequence", "- a: 1\n  b: 2\n- c: 3\n x: 4\n", 4, 2, "did not find expected '-' indicator"},
		{"on a last line without a newline", "a:\n  b: 1\n c: 2", 3, 2, "did not find expected key"},
		{"after a block scalar", "data:\n  script: |\n    a: 1\n      - b\n  items:\n    - x\n  - y\n", 7, 3, "did not find expected key"},
		{"a tab (a scanner error)", "a:\n\tb: 1\n", 2, 1, "found character that cannot start any token"},
		{"a bare word in a mapping (at the line's first character)", "ingress:\n  annotations:\n    a: \"1\"\n    BROKEN\n", 4, 5, "could not find expected ':'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := firstError(t, tc.data)
			line, col, detail, ok := ErrorAt([]byte(tc.data), msg)
			if !ok || line != tc.line || col != tc.col || !strings.HasPrefix(detail, tc.detail) {
				t.Errorf("%q: %d:%d %q %v, want %d:%d %q", msg, line, col, detail, ok, tc.line, tc.col, tc.detail)
			}
		})
	}
	// A message that is not the data's own error keeps its line, within
	// the data or past its end.
	for _, data := range []string{"a: 1\nb: 2\nc: 3\nd: 4\n", "a: 1\n"} {
		if line, col, _, ok := ErrorAt([]byte(data), "yaml: line 3: did not find expected key"); !ok || line != 4 || col != 1 {
			t.Errorf("another data's error on %q: %d:%d %v, want 4:1", data, line, col, ok)
		}
	}
	if line, _, _, ok := ErrorAt(nil, "yaml: line 0: did not find expected key"); !ok || line != 1 {
		t.Errorf("no data: line %d %v, want 1", line, ok)
	}
	if _, _, _, ok := ErrorAt(nil, "yaml: unknown anchor 'x' referenced"); ok {
		t.Error("a message naming no line has a position")
	}
}
