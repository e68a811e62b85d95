package lockedfile

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestWhy(t *testing.T) {
	pointer := "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	for _, c := range []struct {
		name, data string
		want       string
	}{
		{"lfs pointer", pointer, "Git LFS pointer"},
		{"pre-release lfs pointer", strings.Replace(pointer, "git-lfs", "hawser", 1), "Git LFS pointer"},
		{"git-crypt", "\x00GITCRYPT\x00\x8f\x12binary", "git-crypt"},
		{"yaml naming the spec", "version: https://git-lfs.github.com/spec/v1\nkind: ConfigMap\n", ""},
		{"version line without oid", "version https://git-lfs.github.com/spec/v1\nsize 1\n", ""},
		{"other host", strings.Replace(pointer, "git-lfs.github.com", "example.com", 1), ""},
		{"large file", pointer + strings.Repeat("#", 1024), ""},
		{"terraform", "variable \"x\" {}\n", ""},
	} {
		why, ok := Why([]byte(c.data))
		if ok != (c.want != "") || !strings.Contains(why, c.want) {
			t.Errorf("%s: Why = %q, %v; want %q", c.name, why, ok, c.want)
		}
	}
}

// A SOPS document holds a top-level sops mapping with the mac; a sops key
// of another shape, or none, is no such document.
func TestIsSOPSDocument(t *testing.T) {
	for src, want := range map[string]bool{
		"kind: ConfigMap\nsops:\n  mac: ENC[x]\n  version: 3.9.1\n": true,
		"kind: ConfigMap\nsops:\n  version: 3.9.1\n":                false,
		"kind: ConfigMap\nsops: enabled\n":                          false,
		"kind: ConfigMap\ndata:\n  sops: {mac: x}\n":                false,
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		if got := IsSOPSDocument(doc.Content[0]); got != want {
			t.Errorf("IsSOPSDocument(%q) = %v, want %v", src, got, want)
		}
	}
}
