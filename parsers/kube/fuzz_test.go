package kube

import (
	"os"
	"path/filepath"
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
