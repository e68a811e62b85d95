package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lint -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test ./lint -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// testSources reads snippets from testdata/report/src.
func testSources(file string) ([]byte, bool) {
	b, err := os.ReadFile(filepath.Join("testdata", "report", "src", filepath.FromSlash(file)))
	return b, err == nil
}

func testRules() []*lint.Rule {
	return []*lint.Rule{
		{ID: "FL103", Name: "shared-security-group", Severity: lint.Notice},
		{ID: "FL105", Name: "selector-spread", Severity: lint.Warning},
	}
}

// testResult is a run with one finding of every shape the text reporter
// prints: related locations, a chain, multi-line spans, missing sources,
// out-of-range positions, tabs and wide runes, and a suppressed finding.
func testResult() lint.Result {
	fs := []lint.Finding{
		{
			Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
			Message: `IAM role "prod-nodes" is used by managed node group aws_eks_node_group.general and by Karpenter EC2NodeClass default`,
			Range:   lint.Range{File: "infra/eks.tf", Line: 12, Column: 3, EndLine: 12, EndColumn: 41},
			Related: []lint.Location{
				{Range: lint.Range{File: "k8s/nodeclass.yaml", Line: 8, Column: 9, EndLine: 8, EndColumn: 19}, Message: "EC2NodeClass default uses it"},
				{Range: lint.Range{File: "modules/gone.tf", Line: 3, Column: 1}, Message: "source not available"},
			},
			Chain: []string{
				"EKS adds the role to aws-auth for node group general",
				"deleting the node group removes the role's aws-auth entry",
				"Karpenter nodes with the same role can no longer join the cluster",
			},
			Hint:        "give Karpenter nodes a role of their own",
			Fingerprint: "0123456789abcdef",
		},
		{
			Rule: "FL105", Severity: lint.Warning,
			Message:     "security group aws_security_group.nodes carries the discovery tag",
			Range:       lint.Range{File: "infra/eks.tf", Line: 15, Column: 1, EndLine: 19, EndColumn: 2},
			Inferred:    []string{"tags from module defaults", "cluster name from var.cluster"},
			Fingerprint: "1111111111111111",
		},
		{
			Rule: "FL103", Name: "shared-security-group", Severity: lint.Notice,
			Message:     "source file is gone",
			Range:       lint.Range{File: "modules/gone.tf", Line: 3, Column: 5, EndLine: 3, EndColumn: 9},
			Fingerprint: "2222222222222222",
		},
		{
			Rule: "FL000", Name: "invalid-input", Severity: lint.Error,
			Message:     "line out of range\nwith a newline",
			Range:       lint.Range{File: "infra/eks.tf", Line: 99, Column: 1},
			Fingerprint: "3333333333333333",
		},
		{
			Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
			Message:     "tabs and wide runes",
			Range:       lint.Range{File: "infra/tabs.tf", Line: 2, Column: 9, EndLine: 2, EndColumn: 18},
			Related:     []lint.Location{{Range: lint.Range{File: "infra/tabs.tf", Line: 3, Column: 3, EndLine: 3, EndColumn: 5}, Message: "tab then equals"}},
			Fingerprint: "4444444444444444",
		},
		{
			Rule: "FL101", Name: "shared-node-role", Severity: lint.Notice,
			Message:     "column past the end, and a line without a column",
			Range:       lint.Range{File: "infra/tabs.tf", Line: 4, Column: 2},
			Related:     []lint.Location{{Range: lint.Range{File: "infra/eks.tf", Line: 1}}},
			Fingerprint: "5555555555555555",
		},
		{
			Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
			Message:     "suppressed finding",
			Range:       lint.Range{File: "k8s/nodeclass.yaml", Line: 8, Column: 9, EndLine: 8, EndColumn: 19},
			Fingerprint: "6666666666666666",
			Suppressed:  &lint.Suppression{Reason: "migrating to a Karpenter role", Until: "2027-01-31"},
		},
	}
	notes := []lint.Note{
		{Kind: lint.Unresolved, What: "FL101: role of aws_eks_node_group.blue", Range: lint.Range{File: "infra/eks.tf", Line: 12, Column: 3}},
		{Kind: lint.Inferred, What: "karpenter chart values from defaults"},
		{Kind: lint.Skipped, What: "remote chart oci://example.com/charts/app", Range: lint.Range{File: "k8s/app.yaml", Line: 4, Column: 1}},
	}
	return lint.Result{
		Findings: fs,
		Summary: lint.Summary{
			Errors: 3, Warnings: 1, Notices: 2, Files: 7,
			Coverage: lint.Coverage{Unresolved: 1, Inferred: 1, Skipped: 1},
			Notes:    notes,
		},
	}
}

func render(t *testing.T, format string, color bool, r Report) []byte {
	t.Helper()
	rep, err := New(format, color)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.Write(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTextReport(t *testing.T) {
	tests := []struct {
		golden string
		report Report
	}{
		{"report/text.golden", Report{Result: testResult(), Rules: testRules(), Sources: testSources}},
		{"report/text_verbose.golden", Report{Result: testResult(), Rules: testRules(), Sources: testSources, Verbose: true}},
		{"report/text_nosource.golden", Report{Result: testResult(), Rules: testRules()}},
		{"report/text_clean.golden", Report{Result: lint.Result{Summary: lint.Summary{Files: 7}}}},
		{"report/text_suppressed.golden", Report{Result: lint.Result{
			Findings: testResult().Findings[6:],
			Summary:  lint.Summary{Files: 1, Coverage: lint.Coverage{Unresolved: 2}},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			got := render(t, "text", false, tt.report)
			if bytes.Contains(got, []byte("\x1b")) {
				t.Errorf("output without color contains an escape sequence:\n%q", got)
			}
			checkGolden(t, tt.golden, got)
		})
	}
}

func TestTextReportColor(t *testing.T) {
	r := Report{Result: testResult(), Sources: testSources}
	got := string(render(t, "text", true, r))
	for _, want := range []string{
		"\x1b[31;1merror",
		"\x1b[33;1mwarning",
		"\x1b[36mnotice",
		"[\x1b[1mFL101",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("color output lacks %q:\n%s", want, got)
		}
	}
	// Without the escapes, the output is the same as without color.
	plain := string(render(t, "text", false, r))
	if stripped := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, ""); stripped != plain {
		t.Errorf("color output without escapes differs:\n%s\nwant\n%s", stripped, plain)
	}
}

// TestTextReportHostileRanges checks that no position, however wrong,
// makes the text reporter panic or fail.
func TestTextReportHostileRanges(t *testing.T) {
	ranges := []lint.Range{
		{},
		{File: "infra/eks.tf"},
		{File: "infra/eks.tf", Line: -1, Column: -1},
		{File: "infra/eks.tf", Line: 1, Column: -5, EndLine: -1, EndColumn: -1},
		{File: "infra/eks.tf", Line: 1, Column: 1000},
		{File: "infra/eks.tf", Line: 1, Column: 3, EndLine: 1, EndColumn: 1000},
		{File: "infra/eks.tf", Line: 2, Column: 3, EndLine: 1, EndColumn: 1},
		{File: "infra/eks.tf", Line: 1, Column: 5, EndLine: 1, EndColumn: 2},
		{File: "infra/eks.tf", Line: 20, Column: 1},
		{File: "infra/eks.tf", Line: 21, Column: 1},
		{File: "infra/eks.tf", Line: 3, Column: 1, EndLine: 1000, EndColumn: 1},
		{File: "infra/tabs.tf", Line: 5, Column: 1, EndLine: 5, EndColumn: 3},
		{File: "missing.tf", Line: 1, Column: 1},
	}
	for _, r := range ranges {
		f := lint.Finding{Rule: "FL101", Severity: lint.Error, Message: "m", Range: r, Related: []lint.Location{{Range: r}}}
		got := render(t, "text", false, Report{Result: lint.Result{Findings: []lint.Finding{f}}, Sources: testSources})
		if len(got) == 0 {
			t.Errorf("%+v: no output", r)
		}
	}
}

func TestSnippetColumns(t *testing.T) {
	src := &sourceCache{read: testSources, lines: map[string][]string{}}
	tests := []struct {
		r           lint.Range
		code        string
		pad, carets int
	}{
		{lint.Range{File: "infra/eks.tf", Line: 12, Column: 3, EndLine: 12, EndColumn: 41}, "  node_role_arn = aws_iam_role.nodes.arn", 2, 38},
		// A multi-line span is underlined to the end of its first line.
		{lint.Range{File: "infra/eks.tf", Line: 15, Column: 1, EndLine: 19, EndColumn: 2}, `resource "aws_security_group" "nodes" {`, 0, 39},
		// Columns count runes; the tab expands to a tab stop and 节点 are
		// two cells each.
		{lint.Range{File: "infra/tabs.tf", Line: 2, Column: 9, EndLine: 2, EndColumn: 18}, "    name = \"rôle-节点\"  # tab", 11, 11},
		{lint.Range{File: "infra/tabs.tf", Line: 3, Column: 3, EndLine: 3, EndColumn: 5}, "    x   = \"\uFFFD[31mred\"", 5, 4},
		// The carriage return of a CRLF line is not part of the line; a
		// column just past the end gets one caret there.
		{lint.Range{File: "infra/tabs.tf", Line: 4, Column: 2}, "}", 1, 1},
		{lint.Range{File: "infra/tabs.tf", Line: 4}, "}", 0, 0},
	}
	for _, tt := range tests {
		s, ok := src.snippet(tt.r)
		if !ok {
			t.Errorf("%v: no snippet", tt.r)
			continue
		}
		if s.code != tt.code || s.pad != tt.pad || s.carets != tt.carets {
			t.Errorf("%v: got %q pad %d carets %d, want %q pad %d carets %d", tt.r, s.code, s.pad, s.carets, tt.code, tt.pad, tt.carets)
		}
	}
	for _, r := range []lint.Range{
		{File: "infra/tabs.tf", Line: 4, Column: 3},
		{File: "infra/tabs.tf", Line: 6, Column: 1},
		{File: "nowhere.tf", Line: 1, Column: 1},
	} {
		if s, ok := src.snippet(r); ok {
			t.Errorf("%v: got snippet %+v, want none", r, s)
		}
	}
}

func TestJSONReport(t *testing.T) {
	got := render(t, "json", true, Report{Result: testResult(), Rules: testRules(), Sources: testSources})
	checkGolden(t, "report/report.json.golden", got)

	var decoded map[string]any
	if err := json.Unmarshal(got, &decoded); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if decoded["version"] != 1.0 {
		t.Errorf("version = %v, want 1", decoded["version"])
	}
}

func TestJSONReportEmpty(t *testing.T) {
	got := render(t, "json", false, Report{Result: lint.Result{Summary: lint.Summary{Files: 3}}})
	checkGolden(t, "report/empty.json.golden", got)
	if !bytes.Contains(got, []byte(`"findings": []`)) {
		t.Errorf("findings is not an empty array:\n%s", got)
	}
}

func TestNewUnknownFormat(t *testing.T) {
	_, err := New("yaml", false)
	if err == nil || !strings.Contains(err.Error(), `unknown format "yaml" (want text, compact, json, sarif, github, gitlab, markdown, junit, checkstyle)`) {
		t.Errorf("err = %v", err)
	}
	for _, f := range Formats() {
		if _, err := New(f, false); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestTextReportBaseRevision checks that locations at a base revision are
// named with it and shown without a working-tree snippet (the text there
// is not what the revision had).
func TestTextReportBaseRevision(t *testing.T) {
	f := testResult().Findings[0]
	rng := f.Range
	f.Related = []lint.Location{{Range: rng, Message: "deleted since the base revision", Revision: "origin/main"}}
	got := string(render(t, "text", false, Report{Result: lint.Result{Findings: []lint.Finding{f}, Summary: lint.Summary{Files: 1}}, Sources: testSources}))
	want := "  related: " + locationText(rng) + " (at origin/main): deleted since the base revision\n"
	if !strings.Contains(got, want) {
		t.Fatalf("output lacks %q:\n%s", want, got)
	}
	snippetLine := fmt.Sprintf("\n%d |", rng.Line)
	if strings.Count(got, snippetLine) != 1 {
		t.Errorf("the base location got a snippet:\n%s", got)
	}
	f.Revision, f.Related = "origin/main", nil
	got = string(render(t, "text", false, Report{Result: lint.Result{Findings: []lint.Finding{f}, Summary: lint.Summary{Files: 1}}, Sources: testSources}))
	if !strings.Contains(got, "  --> "+locationText(rng)+" (at origin/main)\n") || strings.Contains(got, snippetLine) {
		t.Errorf("primary location at a revision:\n%s", got)
	}
}

// The JSON report, written a finding at a time, is byte for byte what
// encoding the whole report at once gives: findings with related
// locations, changed marks, characters HTML would escape, and none.
func TestJSONReportIsTheWholeEncoding(t *testing.T) {
	html := testResult()
	html.Findings = append(html.Findings, lint.Finding{Rule: "FL101", Message: `a <b> & "c" é`, Range: lint.Range{File: "a&b.tf", Line: 1, Column: 1}})
	for name, r := range map[string]Report{
		"findings": {Result: testResult(), Rules: testRules(), Sources: testSources},
		"changed":  anchorReport(),
		"html":     {Result: html},
		"none":     {Result: lint.Result{Summary: lint.Summary{Files: 3}}},
	} {
		out := jsonReport{Version: jsonVersion, Findings: make([]jsonFinding, 0, len(r.Result.Findings)), Summary: r.Result.Summary}
		for _, f := range r.Result.Findings {
			out.Findings = append(out.Findings, jsonFindingOf(f, r, r.changedSet()))
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			t.Fatal(err)
		}
		if got := render(t, "json", false, r); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: written\n%s\nwant\n%s", name, got, want.Bytes())
		}
	}
}
