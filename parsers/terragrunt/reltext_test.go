package terragrunt

import (
	"path/filepath"
	"testing"
)

// Paths under the scan root in a note's text are written as findings
// write them; a path that only starts like the root, or one outside it,
// is left as it is.
func TestRelText(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("the paths of this test are POSIX paths")
	}
	root := "/home/ci/repo"
	l := &loader{opts: Options{Root: root, Rel: func(p string) string {
		r, err := filepath.Rel(root, p)
		if err != nil {
			return p
		}
		return filepath.ToSlash(r)
	}}}
	in := `Call to function "file" failed: /home/ci/repo/live/dev/eks/../config.yml: file does not exist; see /home/ci/repo-other/x.hcl and /etc/hosts`
	want := `Call to function "file" failed: live/dev/config.yml: file does not exist; see /home/ci/repo-other/x.hcl and /etc/hosts`
	if got := l.relText(in); got != want {
		t.Errorf("relText:\n%s\nwant\n%s", got, want)
	}
}
