package kube

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func FuzzParseFile(f *testing.F) {
	seeds, err := filepath.Glob("testdata/*.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Hostile shapes: an alias bomb and nesting past the bound.
	f.Add([]byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a: &a [x, x, x, x]\n  b: &b [*a, *a, *a, *a]\n  c: &c [*b, *b, *b, *b]\n  d: [*c, *c, *c, *c]\n"))
	f.Add([]byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: " + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + "\n"))
	f.Add([]byte("a:\n" + strings.Repeat("- ", 1500) + "x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entities, diags := ParseFile("fuzz.yaml", data, lint.Scope{})
		seen := map[string]bool{}
		for _, e := range entities {
			o := e.Base()
			if seen[o.Addr] {
				t.Errorf("duplicate address %q", o.Addr)
			}
			seen[o.Addr] = true
			if o.Range.File != "fuzz.yaml" || o.Range.Line < 1 || o.Range.Column < 1 {
				t.Errorf("%s: bad range %+v", o.Addr, o.Range)
			}
		}
		for _, d := range diags {
			if d.Range.File != "fuzz.yaml" || d.Range.Line < 1 || d.Summary == "" {
				t.Errorf("bad diagnostic %+v", d)
			}
		}
	})
}
