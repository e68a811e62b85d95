package changes

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// numbered is n lines "name 1" ... "name n".
func numbered(name string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s %d\n", name, i)
	}
	return b.String()
}

// editLines replaces lines (1-based) of content.
func editLines(content string, edits map[int]string) string {
	lines := strings.SplitAfter(content, "\n")
	for i, v := range edits {
		lines[i-1] = v + "\n"
	}
	return strings.Join(lines, "")
}

func span(a, b int) LineRange { return LineRange{Start: a, End: b} }

// linesRepo is a feature branch off main touching lines every way git
// can: committed, staged, unstaged, untracked, renamed, deleted lines
// only, binary, mode only, names with spaces, unicode, tabs and quotes.
func linesRepo(t *testing.T) string {
	t.Helper()
	dir := newRepo(t, map[string]string{
		"infra/iam.tf":          numbered("iam", 10),
		"k8s/staged.yaml":       numbered("staged", 6),
		"k8s/both.yaml":         numbered("both", 10),
		"infra/old-name.tf":     numbered("moved", 6),
		"infra/cut.tf":          numbered("cut", 8),
		"infra/top.tf":          numbered("top", 3),
		"infra/gone.tf":         "# deleted\n",
		"bin/blob.bin":          "\x00\x01\x02binary\n",
		"run.sh":                "#!/bin/sh\n",
		"dir x/ünï code.tf":     numbered("sp", 3),
		"tab\tname.tf":          numbered("tab", 2),
		`quo"te\back.tf`:        numbered("q", 2),
		"noeol.tf":              "a\nb",
		"addeol.tf":             "x\ny",
		"revert.tf":             numbered("rv", 3),
		"untouched.tf":          numbered("same", 3),
		"charts/app/values.yml": "a: 1\n",
	})
	git(t, dir, "switch", "-q", "-c", "feature")
	write(t, dir, "infra/iam.tf", editLines(numbered("iam", 10), map[int]string{3: "changed"}))
	write(t, dir, "k8s/both.yaml", editLines(numbered("both", 10), map[int]string{8: "committed"}))
	git(t, dir, "mv", "infra/old-name.tf", "infra/new-name.tf")
	write(t, dir, "infra/new-name.tf", numbered("moved", 6)+"moved 7\n")
	write(t, dir, "infra/cut.tf", strings.Replace(numbered("cut", 8), "cut 4\ncut 5\n", "", 1))
	write(t, dir, "infra/top.tf", strings.TrimPrefix(numbered("top", 3), "top 1\n"))
	git(t, dir, "rm", "-q", "infra/gone.tf")
	write(t, dir, "bin/blob.bin", "\x00\x01\x03binary\n")
	write(t, dir, "revert.tf", editLines(numbered("rv", 3), map[int]string{2: "for now"}))
	write(t, dir, "added.tf", numbered("added", 2))
	commitAll(t, dir, "feature work")
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "dir x/ünï code.tf", editLines(numbered("sp", 3), map[int]string{2: "space"}))
	write(t, dir, "tab\tname.tf", editLines(numbered("tab", 2), map[int]string{1: "tab"}))
	write(t, dir, `quo"te\back.tf`, editLines(numbered("q", 2), map[int]string{2: "quote"}))
	write(t, dir, "noeol.tf", "a\nB")
	write(t, dir, "addeol.tf", "x\ny\n")
	write(t, dir, "revert.tf", numbered("rv", 3)) // the work tree undoes the commit
	// Staged, then an unstaged edit on top of a committed one.
	write(t, dir, "k8s/staged.yaml", editLines(numbered("staged", 6), map[int]string{5: "staged"}))
	git(t, dir, "add", "k8s/staged.yaml")
	write(t, dir, "k8s/both.yaml", editLines(numbered("both", 10), map[int]string{2: "unstaged", 8: "committed"}))
	git(t, dir, "add", "-A")
	write(t, dir, "k8s/staged-new.yaml", numbered("new", 2))
	git(t, dir, "add", "k8s/staged-new.yaml")
	git(t, dir, "reset", "-q", "--", "k8s/both.yaml", "run.sh", "noeol.tf")
	write(t, dir, "new dir/untracked file.yaml", numbered("u", 4))
	// A new modification time and the same content: not a change.
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "untouched.tf"), old, old); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestChangedLines(t *testing.T) {
	isolate(t)
	dir := linesRepo(t)
	index, _ := os.ReadFile(filepath.Join(dir, ".git", "index"))
	s, err := Changed(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, ".git", "index")); string(after) != string(index) {
		t.Error("Changed wrote the index")
	}
	whole := Lines{Whole: true}
	want := map[string]Lines{
		"infra/iam.tf":      {Ranges: []LineRange{span(3, 3)}},             // committed
		"k8s/staged.yaml":   {Ranges: []LineRange{span(5, 5)}},             // staged
		"k8s/both.yaml":     {Ranges: []LineRange{span(2, 2), span(8, 8)}}, // unstaged and committed
		"infra/new-name.tf": {Ranges: []LineRange{span(7, 7)}},             // renamed, one line added
		// Lines 4 and 5 deleted: the lines around the cut, now 3 and 4.
		"infra/cut.tf": {Ranges: []LineRange{span(3, 4)}},
		// The first line deleted: the line now first.
		"infra/top.tf":                {Ranges: []LineRange{span(1, 1)}},
		"bin/blob.bin":                whole,
		"dir x/ünï code.tf":           {Ranges: []LineRange{span(2, 2)}},
		"tab\tname.tf":                {Ranges: []LineRange{span(1, 1)}},
		`quo"te\back.tf`:              {Ranges: []LineRange{span(2, 2)}},
		"noeol.tf":                    {Ranges: []LineRange{span(2, 2)}},
		"addeol.tf":                   {Ranges: []LineRange{span(2, 2)}},
		"added.tf":                    whole, // added in a commit
		"k8s/staged-new.yaml":         whole, // added in the index
		"new dir/untracked file.yaml": whole,
	}
	if !reflect.DeepEqual(s.Lines, want) {
		for f, l := range s.Lines {
			if !reflect.DeepEqual(want[f], l) {
				t.Errorf("%q: got %+v, want %+v", f, l, want[f])
			}
		}
		for f := range want {
			if _, ok := s.Lines[f]; !ok {
				t.Errorf("%q: missing", f)
			}
		}
	}
	// Files: the same as git's own name-status and status would list,
	// with the deleted, mode-only, renamed-away and reverted files that
	// have no line.
	for _, f := range []string{"infra/gone.tf", "run.sh", "infra/old-name.tf", "revert.tf", "infra/new-name.tf", "new dir/untracked file.yaml"} {
		if !slices.Contains(s.Files, f) {
			t.Errorf("Files lacks %q: %q", f, s.Files)
		}
	}
	for _, f := range []string{"untouched.tf", "charts/app/values.yml"} {
		if slices.Contains(s.Files, f) {
			t.Errorf("Files lists the unchanged %q", f)
		}
	}
	for f := range s.Lines {
		if !slices.Contains(s.Files, f) {
			t.Errorf("Lines has %q, which Files does not list", f)
		}
	}
	// Relative to a subdirectory, as the reports name files.
	rel := s.LinesRelTo(filepath.Join(dir, "k8s"))
	if l, ok := rel["staged.yaml"]; !ok || !l.Contains(5) || l.Contains(4) {
		t.Errorf("LinesRelTo(k8s)[staged.yaml] = %+v, %v", l, ok)
	}
	if _, ok := rel["../infra/iam.tf"]; !ok {
		t.Errorf("LinesRelTo(k8s) = %v", rel)
	}
}

func TestChangedLinesUnbornHEAD(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "infra/main.tf", "# x\n")
	write(t, dir, "k8s/a.yaml", "kind: A\n")
	write(t, dir, "k8s/gone.yaml", "kind: A\n")
	git(t, dir, "add", "infra/main.tf", "k8s/gone.yaml")
	if err := os.Remove(filepath.Join(dir, "k8s", "gone.yaml")); err != nil {
		t.Fatal(err)
	}
	s, err := Changed(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Lines{"infra/main.tf": {Whole: true}, "k8s/a.yaml": {Whole: true}}
	if !reflect.DeepEqual(s.Lines, want) {
		t.Errorf("lines %+v, want %+v", s.Lines, want)
	}
}

func TestChangedLinesCleanTree(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{"a.tf": "# x\n"})
	s, err := Changed(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Lines) != 0 || len(s.Files) != 0 {
		t.Errorf("clean tree: files %q lines %v", s.Files, s.Lines)
	}
}

func TestLinesContains(t *testing.T) {
	l := Lines{Ranges: []LineRange{span(2, 3), span(7, 7), span(10, 20)}}
	for line, want := range map[int]bool{0: false, 1: false, 2: true, 3: true, 4: false, 6: false, 7: true, 8: false, 10: true, 15: true, 20: true, 21: false} {
		if got := l.Contains(line); got != want {
			t.Errorf("Contains(%d) = %v, want %v", line, got, want)
		}
	}
	if (Lines{}).Contains(1) {
		t.Error("no ranges contain line 1")
	}
	if w := (Lines{Whole: true}); !w.Contains(1) || !w.Contains(100000) || w.Contains(0) {
		t.Error("a whole file contains every line from 1")
	}
}

func TestMergeRanges(t *testing.T) {
	got := mergeRanges([]LineRange{span(10, 12), span(1, 2), span(3, 4), span(11, 15), span(20, 20), span(6, 6)})
	want := []LineRange{span(1, 4), span(6, 6), span(10, 15), span(20, 20)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merge = %v, want %v", got, want)
	}
}

// TestPatchWholeTree: past maxPathspec git diffs the whole work tree
// without pathspecs; the hunks are the same.
func TestPatchWholeTree(t *testing.T) {
	isolate(t)
	dir := linesRepo(t)
	s, err := Changed(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	g, err := newRunner(dir)
	if err != nil {
		t.Fatal(err)
	}
	limited, err := g.patch(s.Base, s.Files)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := g.patch(s.Base, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(limited, whole) || len(whole) < 10 {
		t.Errorf("with pathspecs:\n%+v\nwithout:\n%+v", limited, whole)
	}
	// A name with pathspec magic is taken literally.
	if d, err := g.patch(s.Base, []string{"*.tf"}); err != nil || len(d) != 0 {
		t.Errorf("pathspec *.tf matched %+v, %v", d, err)
	}
}
