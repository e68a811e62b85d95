package lockedfile

import (
	"strings"
	"testing"
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
