package changes

import (
	"path/filepath"
	"testing"
)

func TestExportPathStaysUnderDestination(t *testing.T) {
	dst := t.TempDir()
	for _, bad := range []string{"../escape.tf", "a/../../escape.tf", "/etc/passwd", "a//b", ".git/config", "x/.GIT/hooks/pre-commit", "", "./a"} {
		if p, err := exportPath(dst, bad); err == nil {
			t.Errorf("exportPath(%q) = %s, want an error", bad, p)
		}
	}
	p, err := exportPath(dst, "infra/eks/main.tf")
	if err != nil || p != filepath.Join(dst, "infra", "eks", "main.tf") {
		t.Errorf("exportPath(infra/eks/main.tf) = %s, %v", p, err)
	}
}
