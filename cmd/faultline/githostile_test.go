package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLintChangedBaseRunsNoGitProgram: `lint --changed --base` in a
// repository whose configuration names programs everywhere git would
// start one still finds the deletion, and none of them runs.
func TestLintChangedBaseRunsNoGitProgram(t *testing.T) {
	dir := baseRepo(t)
	tmp := t.TempDir()
	ran := filepath.Join(tmp, "ran")
	hooks := filepath.Join(tmp, "hooks")
	for _, d := range []string{ran, hooks} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script := func(dir, name, body string) string {
		p := filepath.Join(dir, name)
		src := "#!/bin/sh\ntouch '" + filepath.Join(ran, name) + "'\n" + body + "\n"
		if err := os.WriteFile(p, []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	script(hooks, "post-index-change", "")
	for _, kv := range [][2]string{
		{"core.fsmonitor", script(tmp, "fsmonitor", "")},
		{"core.hooksPath", hooks},
		{"core.pager", script(tmp, "pager", "cat")},
		{"diff.external", script(tmp, "external-diff", "")},
		{"diff.tc.textconv", script(tmp, "textconv", `cat "$1"`)},
		{"filter.fl.clean", script(tmp, "clean", "cat")},
		{"filter.fl.smudge", script(tmp, "smudge", "cat")},
	} {
		gitIn(t, dir, "config", kv[0], kv[1])
	}
	// The attributes that pick the drivers come with the tree; a file
	// with a new modification time must be read through its filter.
	if err := os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("* diff=tc filter=fl\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "infra", "main.tf"), old, old); err != nil {
		t.Fatal(err)
	}
	// Control: plain git runs them.
	gitIn(t, dir, "status", "--porcelain")
	for _, name := range []string{"fsmonitor", "clean", "post-index-change"} {
		if _, err := os.Stat(filepath.Join(ran, name)); err != nil {
			t.Errorf("plain git status did not run %s: the fixture is not live", name)
		}
		os.Remove(filepath.Join(ran, name))
	}
	old = old.Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "infra", "main.tf"), old, old); err != nil {
		t.Fatal(err)
	}

	code, out, stderr := run(t, dir, nil, "lint", "--verbose", "--base", "HEAD~1", "--changed", ".")
	if code != 1 || !strings.Contains(out, "FL301") {
		t.Errorf("exit %d, want 1 with FL301\n%s\n%s", code, out, stderr)
	}
	if !strings.Contains(stderr, "change (base): delete aws_eks_node_group.system") {
		t.Errorf("the deletion is not listed:\n%s", stderr)
	}
	if es, _ := os.ReadDir(ran); len(es) != 0 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("git ran %q", names)
	}
}
