package kustomize

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
)

// Each render given Inputs records every file of the base it includes,
// though the run's shared cache holds them from an earlier render; the
// output is what a render without Inputs gives.
func TestInputsRecordSharedBase(t *testing.T) {
	root, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	tree := treefs.New([]string{root}, "")
	shared := NewCache()
	base := filepath.Join(root, "base", "kustomization.yaml")
	for _, overlay := range []string{"dev", "prod"} {
		dir := filepath.Join(root, "overlays", overlay)
		in := cache.NewInputs()
		out, _, _ := Render(dir, Options{ScanRoot: root, Tree: tree, Cache: shared, Inputs: in})
		var files []string
		for _, f := range in.Record().Files {
			files = append(files, f.Path)
		}
		if !slices.Contains(files, base) || !slices.Contains(files, filepath.Join(dir, "kustomization.yaml")) {
			t.Errorf("%s: the record %v lacks the base's or the overlay's kustomization", overlay, files)
		}
		plain, _, _ := Render(dir, Options{ScanRoot: root, Tree: tree, Cache: shared})
		if len(out.Content) == 0 || string(out.Content) != string(plain.Content) {
			t.Errorf("%s: the recorded render gives\n%s\nwant\n%s", overlay, out.Content, plain.Content)
		}
	}
}
