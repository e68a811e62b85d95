package standinsyntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// The tool writes the tables the binary embeds, the same bytes each time.
func TestWriteIsTheEmbeddedTable(t *testing.T) {
	writesEmbedded(t, "syntax.bin", func(out string) error { return write(models.FS, out) }, models.SyntaxTable())
}

// The tool writes the table of quiet alternatives the binary embeds.
func TestWritePlansIsTheEmbeddedTable(t *testing.T) {
	writesEmbedded(t, "quietplans.bin", writePlans, models.QuietPlans())
}

// writesEmbedded fails unless writing name with writeTo twice gives the
// embedded bytes each time.
func writesEmbedded(t *testing.T, name string, writeTo func(string) error, embedded string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	for range 2 {
		if err := writeTo(out); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != embedded {
			t.Fatalf("the %s written (%d bytes) is not the one embedded (%d bytes): run go run -tags devtools ./scripts/standin-syntax", name, len(got), len(embedded))
		}
	}
}

// A stand-in that does not parse cleanly is refused, named, and nothing
// is written.
func TestWriteRefusesABrokenStandIn(t *testing.T) {
	fsys := fstest.MapFS{
		"ns/name/aws/_root/v1.0.0/main.tf": {Data: []byte("locals {\n  a = (\n}\n")},
	}
	out := filepath.Join(t.TempDir(), "syntax.bin")
	err := write(fsys, out)
	if err == nil || !strings.Contains(err.Error(), "ns/name/aws/_root/v1.0.0") {
		t.Fatalf("err = %v, want one naming the broken stand-in", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a table was written: %v", err)
	}
}
