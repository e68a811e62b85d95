package engine

import (
	"fmt"
	"os"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

func TestZZDebugNotes(t *testing.T) {
	root := os.Getenv("ZZ_TREE")
	edit := os.Getenv("ZZ_EDIT")
	if root == "" {
		t.Skip()
	}
	store, _ := cache.Open(t.TempDir(), cache.DefaultMax)
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	RunCached(opts, rules.All, lint.Options{}, c)
	data, _ := os.ReadFile(edit)
	os.WriteFile(edit, append(data, '\n'), 0o644)
	defer os.WriteFile(edit, data, 0o644)
	_, a, _ := RunCached(opts, rules.All, lint.Options{}, c)
	_, b, _ := Run(opts, rules.All, lint.Options{})
	key := func(n lint.Note) string { return fmt.Sprintf("%s|%s|%s", n.Kind, n.What, n.Range.String()) }
	sa, sb := map[string]bool{}, map[string]bool{}
	for _, n := range a.Summary.Notes {
		sa[key(n)] = true
	}
	for _, n := range b.Summary.Notes {
		sb[key(n)] = true
	}
	for k := range sa {
		if !sb[k] {
			t.Log("only cached:", k)
		}
	}
	for k := range sb {
		if !sa[k] {
			t.Log("only fresh:", k)
		}
	}
}
