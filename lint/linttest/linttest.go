// Package linttest runs rules over a fixture directory and checks their
// findings against expectations written in the fixture files themselves, in
// the spirit of golang.org/x/tools/go/analysis/analysistest.
//
// An expectation is a comment on the line where the finding must be, in
// HCL, YAML or JSON-with-comments files:
//
//	role: prod-nodes # want FL101 "IAM role \"prod-nodes\""
//	node_role_arn = aws_iam_role.nodes.arn  # want FL101:warning "shared"
//
// The quoted text ("…" or `…`) is a regular expression matched against the message.
// The severity is asserted too: a want without one wants the rule's default
// severity (lint.Rule.Severity), so a finding lowered because it rests on
// inferred evidence is written with its severity (`FL101:warning`).
// A finding an ignore suppresses is wanted as `FL101:suppressed` (its
// severity is not asserted).
// Every finding of every rule run must be wanted, and every want found; a
// want naming a rule the run does not include is an error.
//
// Files that cannot hold comments (a broken .tgz), and lines whose comment
// is an ignore, get their expectations in a file named fixture.wants, one per
// line: `path:line FL000[:severity] "regexp"`.
package linttest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// Loader reads a fixture directory into lint input, reporting paths
// relative to the directory.
type Loader func(dir string) (lint.Input, error)

// want is one expectation.
type want struct {
	file string
	line int
	rule string
	// severity is the wanted severity ("warning"), "" for the rule's
	// default, or suppressed.
	severity string
	re       *regexp.Regexp
	raw      string
	hit      bool
}

var (
	quoted = "(?:\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)"
	ruleID = `(FL[0-9]{3})(?::([A-Za-z]+))?`
	wantRE = regexp.MustCompile(`(?:#|//)\s*want\s+((?:FL[0-9]{3}(?::[A-Za-z]+)?\s+` + quoted + `\s*)+)`)
	itemRE = regexp.MustCompile(ruleID + `\s+(` + quoted + `)`)
)

// suppressed is the want severity of a suppressed finding.
const suppressed = "suppressed"

// Run lints dir with the given rules and checks all their findings against
// the wants in the fixture files: exactly the wanted findings, each at its
// line with its message and severity. It returns the result for further
// assertions.
func Run(t testing.TB, dir string, load Loader, rules ...*lint.Rule) lint.Result {
	t.Helper()
	in, err := load(dir)
	if err != nil {
		t.Fatalf("loading %s: %v", dir, err)
	}
	res := lint.Run(in, rules, lint.Options{})
	wants, err := readWants(dir)
	if err != nil {
		t.Fatalf("reading wants in %s: %v", dir, err)
	}
	byID := map[string]*lint.Rule{}
	for _, r := range rules {
		byID[r.ID] = r
	}
	for _, w := range wants {
		r, ok := byID[w.rule]
		if !ok {
			t.Errorf("%s:%d: want of %s, which this run does not include", w.file, w.line, w.rule)
			w.hit = true
			continue
		}
		if w.severity == "" {
			w.severity = r.Severity.String()
		}
	}
	for _, f := range res.Findings {
		if !match(wants, f) {
			t.Errorf("%s: unexpected %s finding (%s): %s", f.Range, f.Rule, state(f), f.Message)
		}
	}
	for _, w := range wants {
		if !w.hit {
			t.Errorf("%s:%d: no %s:%s finding matching %s", w.file, w.line, w.rule, w.severity, w.raw)
		}
	}
	return res
}

// match marks the first unmet want f meets, reporting whether there was one.
func match(wants []*want, f lint.Finding) bool {
	for _, w := range wants {
		if !w.hit && w.rule == f.Rule && w.file == f.Range.File && w.line == f.Range.Line && w.re.MatchString(f.Message) && w.severity == state(f) {
			w.hit = true
			return true
		}
	}
	return false
}

// state is what a want asserts of a finding beside its message: its
// severity, or that it is suppressed.
func state(f lint.Finding) string {
	if f.Suppressed != nil {
		return suppressed
	}
	return f.Severity.String()
}

// readWants collects the expectations of every text file under dir.
func readWants(dir string) ([]*want, error) {
	var out []*want
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".tf", ".tofu", ".tfvars", ".yaml", ".yml", ".hcl", ".tpl", ".tftpl", ".gotmpl", ".json":
		default:
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		for i, line := range strings.Split(string(data), "\n") {
			m := wantRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, it := range itemRE.FindAllStringSubmatch(m[1], -1) {
				pat, err := strconv.Unquote(it[3])
				if err != nil {
					return fmt.Errorf("%s:%d: bad want string %s: %v", rel, i+1, it[3], err)
				}
				re, err := regexp.Compile(pat)
				if err != nil {
					return fmt.Errorf("%s:%d: bad want regexp %s: %v", rel, i+1, it[3], err)
				}
				sev, err := severity(it[2])
				if err != nil {
					return fmt.Errorf("%s:%d: %w", rel, i+1, err)
				}
				out = append(out, &want{file: rel, line: i + 1, rule: it[1], severity: sev, re: re, raw: it[3]})
			}
		}
		return nil
	})
	if err == nil {
		err = readWantsFile(dir, &out)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].line < out[j].line
	})
	return out, err
}

var wantsLineRE = regexp.MustCompile(`^(\S+):(\d+)\s+` + ruleID + `\s+(` + quoted + `)\s*$`)

// readWantsFile adds the expectations of dir/fixture.wants.
func readWantsFile(dir string, out *[]*want) error {
	data, err := os.ReadFile(filepath.Join(dir, "fixture.wants"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := wantsLineRE.FindStringSubmatch(line)
		if m == nil {
			return fmt.Errorf("fixture.wants:%d: want `path:line FL000[:severity] \"regexp\"`", i+1)
		}
		n, _ := strconv.Atoi(m[2])
		pat, err := strconv.Unquote(m[5])
		if err != nil {
			return fmt.Errorf("fixture.wants:%d: %v", i+1, err)
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			return fmt.Errorf("fixture.wants:%d: %v", i+1, err)
		}
		sev, err := severity(m[4])
		if err != nil {
			return fmt.Errorf("fixture.wants:%d: %w", i+1, err)
		}
		*out = append(*out, &want{file: m[1], line: n, rule: m[3], severity: sev, re: re, raw: m[5]})
	}
	return nil
}

// severity reads a want's severity as the linter names it, or suppressed;
// "" is the rule's default.
func severity(s string) (string, error) {
	if s == "" || strings.EqualFold(s, suppressed) {
		return strings.ToLower(s), nil
	}
	sev, err := lint.ParseSeverity(s)
	if err != nil {
		return "", fmt.Errorf("bad want severity: %w", err)
	}
	return sev.String(), nil
}
