package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/krustyfloor"
)

// `bench krusty DIR` prints what it built as JSON and says on standard
// error which build failed; without a directory it is a usage error.
func TestKrustyMain(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"good/kustomization.yaml":   "namePrefix: good-\nresources:\n  - cm.yaml\n",
		"good/cm.yaml":              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
		"broken/kustomization.yaml": "resources:\n  - absent.yaml\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var out, errw bytes.Buffer
	if err := krustyMain(&out, &errw, []string{"."}); err != nil {
		t.Fatal(err)
	}
	var r krustyfloor.Result
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	if len(r.Roots) != 2 || r.Built != 1 || len(r.Failed) != 1 {
		t.Errorf("result %+v, want 2 roots, 1 built, 1 failed", r)
	}
	if s := errw.String(); !strings.Contains(s, filepath.Join(dir, "broken")+" failed:") || !strings.Contains(s, "absent.yaml") {
		t.Errorf("standard error %q does not say the broken build failed", s)
	}
	if err := krustyMain(&out, &errw, nil); err == nil {
		t.Error("no directory: no error")
	}
}
