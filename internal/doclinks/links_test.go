package doclinks

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// link matches the target of an inline Markdown link or image, `](target)`
// or `](target "title")`.
var link = regexp.MustCompile(`\]\(([^()\s]*)(?:\s+"[^"]*")?\)`)

// codeSpan matches inline code, whose brackets are not links.
var codeSpan = regexp.MustCompile("`+[^`]*`+")

// pages lists README.md and every Markdown file under docs/, relative to root.
func pages(root string) ([]string, error) {
	list := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			list = append(list, filepath.ToSlash(rel))
		}
		return nil
	})
	return list, err
}

// fenceOpen matches a line that opens a fenced code block: three or more
// backticks or tildes, and an info string without a backtick (a line like
// "```` ```mermaid ```` block" is inline code, not a fence).
var fenceOpen = regexp.MustCompile("^ *(```+|~~~+)[^`]*$")

// proseLines returns the lines of a Markdown file, those inside fenced code
// blocks blanked.
func proseLines(text string) []string {
	lines, _ := prose(text)
	return lines
}

// prose is proseLines, and whether the file ends inside a fence (a fence
// never closed hides every link after it).
func prose(text string) ([]string, bool) {
	var out []string
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		if fence == "" {
			if m := fenceOpen.FindStringSubmatch(line); m != nil {
				fence = m[1]
				out = append(out, "")
				continue
			}
			out = append(out, line)
			continue
		}
		if t := strings.TrimSpace(line); strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			fence = ""
		}
		out = append(out, "")
	}
	return out, fence != ""
}

// anchors returns the anchors GitHub gives a page's headings: lowercased,
// punctuation dropped, spaces as hyphens, a repeated one suffixed -1, -2….
func anchors(text string) map[string]bool {
	set := map[string]bool{}
	count := map[string]int{}
	for _, line := range proseLines(text) {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		slug := slugify(title)
		if n := count[slug]; n > 0 {
			set[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			set[slug] = true
		}
		count[slug]++
	}
	return set
}

func slugify(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') || r > 127 && isLetterOrDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isLetterOrDigit(r rune) bool {
	// Typographic punctuation GitHub drops; other non-ASCII runes stay.
	return !strings.ContainsRune("–—‘’“”…·×→≠", r)
}

// check returns every broken relative link of the pages under root.
func check(root string, list []string) ([]string, error) {
	var broken []string
	for _, page := range list {
		raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		lines, open := prose(string(raw))
		if open {
			broken = append(broken, page+": a code fence is never closed")
		}
		for i, line := range lines {
			line = codeSpan.ReplaceAllString(line, "")
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				where := fmt.Sprintf("%s:%d: %s", page, i+1, target)
				path, anchor, _ := strings.Cut(target, "#")
				dest := filepath.Join(root, filepath.FromSlash(page), "..", filepath.FromSlash(path))
				if path == "" {
					dest = filepath.Join(root, filepath.FromSlash(page))
				}
				if rel, err := filepath.Rel(root, dest); err != nil || strings.HasPrefix(rel, "..") {
					broken = append(broken, where+" leaves the repository")
					continue
				}
				info, err := os.Stat(dest)
				if err != nil {
					broken = append(broken, where+" does not exist")
					continue
				}
				if anchor == "" {
					continue
				}
				if info.IsDir() || !strings.HasSuffix(dest, ".md") {
					broken = append(broken, where+": an anchor on a file that is not Markdown")
					continue
				}
				text, err := os.ReadFile(dest)
				if err != nil {
					return nil, err
				}
				if !anchors(string(text))[anchor] {
					broken = append(broken, where+": no heading with that anchor")
				}
			}
		}
	}
	return broken, nil
}

// TestDocLinks checks every relative link of README.md and docs/.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	list, err := pages(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 10 {
		t.Fatalf("only %d pages found: %v", len(list), list)
	}
	broken, err := check(root, list)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range broken {
		t.Error(b)
	}
}

// TestCheckFindsBrokenLinks proves the check can fail, on a small tree.
func TestCheckFindsBrokenLinks(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", "# Title\n\n[ok](docs/a.md#the-changed-end-first) [ok](#title) [web](https://example.com/x)\n"+
		"[gone](docs/missing.md) [bad anchor](docs/a.md#nope) ![img](docs/images/x.png)\n"+
		"```\n[in code](nowhere.md)\n```\n`[inline](nowhere.md)` [up](../outside.md)\n"+
		"a ```` ```mermaid ```` block, then [after it](gone.md)\n")
	write("docs/a.md", "# A\n\n## The changed end first\n\n[back](../README.md#title) [self](#a)\n")
	write("docs/b.md", "# B\n\n```\ncode\n```\n\n```\n[hidden](gone.md)\n")
	list, err := pages(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := check(root, list)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"README.md:4: docs/missing.md does not exist",
		"README.md:4: docs/a.md#nope: no heading with that anchor",
		"README.md:4: docs/images/x.png does not exist",
		"README.md:8: ../outside.md leaves the repository",
		"README.md:9: gone.md does not exist",
		"docs/b.md: a code fence is never closed",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("broken links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSlugify(t *testing.T) {
	for title, want := range map[string]string{
		"Deletions: `--plan` and `--base`": "deletions---plan-and---base",
		"`faultline graph`":                "faultline-graph",
		"Configuration: `.faultline.hcl`":  "configuration-faultlinehcl",
		"FL101 shared-node-role":           "fl101-shared-node-role",
		"Run-wide budget":                  "run-wide-budget",
	} {
		if got := slugify(title); got != want {
			t.Errorf("slugify(%q) = %q, want %q", title, got, want)
		}
	}
}

// TestCoverageDocURL: the page and heading the text report's coverage line
// points at exist.
func TestCoverageDocURL(t *testing.T) {
	const base = "https://github.com/faultline-dev/faultline/blob/main/"
	rest, ok := strings.CutPrefix(lint.CoverageDocURL, base)
	if !ok {
		t.Fatalf("CoverageDocURL %q is not below %s", lint.CoverageDocURL, base)
	}
	page, anchor, _ := strings.Cut(rest, "#")
	text, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(page)))
	if err != nil {
		t.Fatal(err)
	}
	if !anchors(string(text))[anchor] {
		t.Errorf("%s has no heading #%s", page, anchor)
	}
}
