package report

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// anchorFinding is FL101 as the rule reports it: on the EC2NodeClass, with
// the node group's role reference and the role's declaration related.
func anchorFinding() lint.Finding {
	return lint.Finding{
		Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
		Message: `IAM role "KarpenterNodeRole-prod" is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`,
		Range:   lint.Range{File: "k8s/nodeclass.yaml", Line: 6, Column: 9, EndLine: 6, EndColumn: 31},
		Related: []lint.Location{
			{Range: lint.Range{File: "infra/main.tf", Line: 17, Column: 3, EndLine: 17, EndColumn: 53}, Message: "managed node group aws_eks_node_group.system uses it as node_role_arn"},
			{Range: lint.Range{File: "infra/main.tf", Line: 7, Column: 3, EndLine: 7, EndColumn: 34}, Message: "role aws_iam_role.karpenter_nodes is declared here"},
		},
		Chain:       []string{"Karpenter launches nodes as the role", "EKS grants the same role node access"},
		Hint:        "give Karpenter its own node role",
		Key:         "aws_iam_role.karpenter_nodes",
		Fingerprint: "264cc72d25dc6359",
	}
}

// anchorReport is a run where only infra/main.tf changed.
func anchorReport() Report {
	return Report{
		Result:  lint.Result{Findings: []lint.Finding{anchorFinding()}, Summary: lint.Summary{Errors: 1, Files: 2}},
		Rules:   formatsRules(),
		Changed: []string{"infra/main.tf"},
	}
}

// fileSet is a change of which only the files are known.
func fileSet(files ...string) *changeSet {
	s := &changeSet{files: map[string]bool{}}
	for _, f := range files {
		s.files[f] = true
	}
	return s
}

// lineSet is a change of files with known lines; files lists changed
// files without a changed line (deleted, mode only).
func lineSet(lines map[string]LineChanges, files ...string) *changeSet {
	s := fileSet(files...)
	s.lines = lines
	for f := range lines {
		s.files[f] = true
	}
	return s
}

func spans(lines ...int) LineChanges {
	var l LineChanges
	for i := 0; i+1 < len(lines); i += 2 {
		l.Spans = append(l.Spans, LineSpan{Start: lines[i], End: lines[i+1]})
	}
	return l
}

func TestChangedAnchor(t *testing.T) {
	atBase := anchorFinding()
	atBase.Related[0].Revision = "origin/main" // the node group is gone: no line to annotate
	primaryAtBase := anchorFinding()
	primaryAtBase.Revision = "origin/main"
	noPrimary := anchorFinding()
	noPrimary.Range = lint.Range{}
	for _, c := range []struct {
		name    string
		f       lint.Finding
		changed *changeSet
		want    int
	}{
		{"nothing compared", anchorFinding(), nil, -1},
		{"nothing changed", anchorFinding(), fileSet(), -1},
		{"primary changed", anchorFinding(), fileSet("k8s/nodeclass.yaml", "infra/main.tf"), -1},
		{"first changed related", anchorFinding(), fileSet("infra/main.tf"), 0},
		{"related end unchanged", anchorFinding(), fileSet("infra/other.tf"), -1},
		{"related end at base is skipped", atBase, fileSet("infra/main.tf"), 1},
		{"primary at base moves even in a changed file", primaryAtBase, fileSet("k8s/nodeclass.yaml", "infra/main.tf"), 0},
		{"no primary", noPrimary, fileSet("infra/main.tf"), 0},
	} {
		if got := changedAnchor(c.f, c.changed); got != c.want {
			t.Errorf("%s: anchor %d, want %d", c.name, got, c.want)
		}
	}
}

// TestChangedAnchorByLine walks the order of preference when the lines
// are known: a changed line first, at the primary then at the related
// locations in order, then a changed file the same way.
func TestChangedAnchorByLine(t *testing.T) {
	atBase := anchorFinding()
	atBase.Related[0].Revision = "origin/main"
	primaryAtBase := anchorFinding()
	primaryAtBase.Revision = "origin/main"
	// The node group's role line is 17, the role's declaration 7; the
	// EC2NodeClass's role line is 6.
	for _, c := range []struct {
		name    string
		f       lint.Finding
		changed *changeSet
		want    int
	}{
		{"1. primary on a changed line", anchorFinding(),
			lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(5, 6), "infra/main.tf": spans(17, 17)}), -1},
		{"2. primary's file changed elsewhere, the role line changed", anchorFinding(),
			lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(1, 2), "infra/main.tf": spans(17, 17)}), 0},
		{"2. the first related on a changed line, past one only in a changed file", anchorFinding(),
			lineSet(map[string]LineChanges{"infra/main.tf": spans(6, 8)}), 1},
		{"2. a new file counts every line", anchorFinding(),
			lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(1, 1), "infra/main.tf": {Whole: true}}), 0},
		{"2. a related end at base is skipped", atBase,
			lineSet(map[string]LineChanges{"infra/main.tf": spans(7, 7, 17, 17)}), 1},
		{"3. no changed line at any end: the primary's changed file", anchorFinding(),
			lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(1, 1), "infra/main.tf": spans(1, 1)}), -1},
		{"4. no changed line, primary's file unchanged: the related changed file", anchorFinding(),
			lineSet(map[string]LineChanges{}, "infra/main.tf"), 0},
		{"4. lines elsewhere in the file", anchorFinding(),
			lineSet(map[string]LineChanges{"infra/main.tf": spans(1, 3, 30, 40)}), 0},
		{"5. nothing at either end", anchorFinding(),
			lineSet(map[string]LineChanges{"infra/other.tf": spans(17, 17)}), -1},
		{"a primary at base moves to a changed line", primaryAtBase,
			lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(6, 6), "infra/main.tf": spans(7, 7)}), 1},
	} {
		if got := changedAnchor(c.f, c.changed); got != c.want {
			t.Errorf("%s: anchor %d, want %d", c.name, got, c.want)
		}
	}
}

// TestAnchoredAtChangedLine: both files changed, only the role line is
// in a hunk: the finding moves there and says the other end's file
// changed, not its line.
func TestAnchoredAtChangedLine(t *testing.T) {
	f := anchorFinding()
	c := lineSet(map[string]LineChanges{"k8s/nodeclass.yaml": spans(1, 2), "infra/main.tf": spans(17, 17)})
	g, ok := anchoredAtChange(f, c)
	if !ok || g.Range != f.Related[0].Range {
		t.Fatalf("anchored %v at %v, want the role line %v", ok, g.Range, f.Related[0].Range)
	}
	if g.Related[0].Range != f.Range || g.Related[0].Message != "the other end of the chain, in a changed file but not on a changed line" {
		t.Errorf("other end = %+v", g.Related[0])
	}
	if !strings.HasSuffix(g.Message, "; the other end is k8s/nodeclass.yaml:6:9, in a changed file but not on a changed line.") {
		t.Errorf("message = %s", g.Message)
	}
}

func TestLineChangesContains(t *testing.T) {
	l := spans(2, 3, 7, 7, 10, 20)
	for line, want := range map[int]bool{0: false, 1: false, 2: true, 3: true, 4: false, 7: true, 8: false, 10: true, 20: true, 21: false} {
		if got := l.Contains(line); got != want {
			t.Errorf("Contains(%d) = %v, want %v", line, got, want)
		}
	}
	if w := (LineChanges{Whole: true}); !w.Contains(1) || !w.Contains(1<<20) || w.Contains(0) {
		t.Error("a whole file holds every line from 1")
	}
}

func TestAnchoredAtChange(t *testing.T) {
	f := anchorFinding()
	g, ok := anchoredAtChange(f, fileSet("infra/main.tf"))
	if !ok {
		t.Fatal("not anchored")
	}
	if g.Range != f.Related[0].Range || g.Revision != "" {
		t.Errorf("anchored at %v (revision %q), want the node group's role line %v", g.Range, g.Revision, f.Related[0].Range)
	}
	if g.Fingerprint != f.Fingerprint || g.Key != f.Key || g.Rule != f.Rule {
		t.Errorf("identity changed: fingerprint %s key %s", g.Fingerprint, g.Key)
	}
	if len(g.Related) != 2 || g.Related[0].Range != f.Range || g.Related[1] != f.Related[1] {
		t.Fatalf("related = %+v, want the original primary, then the declaration", g.Related)
	}
	if g.Related[0].Message != "the other end of the chain, not changed" {
		t.Errorf("other end's message = %q", g.Related[0].Message)
	}
	want := f.Message + "\n\nShown at the end this change touches (managed node group aws_eks_node_group.system uses it as node_role_arn); the other end is k8s/nodeclass.yaml:6:9, not changed."
	if g.Message != want {
		t.Errorf("message =\n%s\nwant\n%s", g.Message, want)
	}
	if f.Range.File != "k8s/nodeclass.yaml" || len(f.Related) != 2 || f.Related[0].File != "infra/main.tf" {
		t.Errorf("the original finding was modified: %+v", f)
	}

	// A primary at the base revision names its revision.
	f.Revision = "origin/main"
	g, _ = anchoredAtChange(f, fileSet("infra/main.tf"))
	if g.Related[0].Revision != "origin/main" || g.Related[0].Message != "the other end of the chain, at the base revision origin/main" {
		t.Errorf("other end = %+v", g.Related[0])
	}
	if !strings.HasSuffix(g.Message, "the other end is k8s/nodeclass.yaml:6:9 (at origin/main), at the base revision origin/main.") {
		t.Errorf("message does not name the revision: %s", g.Message)
	}
	if _, ok := anchoredAtChange(anchorFinding(), nil); ok {
		t.Error("anchored without a changed set")
	}
}

func TestGitHubAnchorsAtChangedEnd(t *testing.T) {
	got := string(render(t, "github", false, anchorReport()))
	if !strings.HasPrefix(got, "::error file=infra/main.tf,line=17,col=3,endLine=17,endColumn=53,title=FL101 shared-node-role::") {
		t.Errorf("not annotated at the node group's role line:\n%s", got)
	}
	if !strings.Contains(got, "the other end is k8s/nodeclass.yaml:6:9, not changed.") ||
		!strings.Contains(got, "Related:%0A- k8s/nodeclass.yaml:6:9: the other end of the chain, not changed%0A- infra/main.tf:7:3: role") {
		t.Errorf("the other end is not named:\n%s", got)
	}
	// Without a changed set the annotation stays on the primary location.
	r := anchorReport()
	r.Changed = nil
	if got := string(render(t, "github", false, r)); !strings.HasPrefix(got, "::error file=k8s/nodeclass.yaml,line=6,") {
		t.Errorf("moved without --changed:\n%s", got)
	}
}

// sarifAnchorLog is the part of a SARIF log the anchor tests read.
type sarifAnchorLog struct {
	Runs []struct {
		Results []struct {
			Message             struct{ Text string } `json:"message"`
			Locations           []sarifLocation       `json:"locations"`
			RelatedLocations    []sarifLocation       `json:"relatedLocations"`
			PartialFingerprints map[string]string     `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

func TestSARIFAnchorsAtChangedEnd(t *testing.T) {
	out := render(t, "sarif", false, anchorReport())
	validateSARIF(t, sarifSchemaForTest(t), out)
	var log sarifAnchorLog
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	p := res.Locations[0].PhysicalLocation
	if p.ArtifactLocation.URI != "infra/main.tf" || p.Region.StartLine != 17 || p.Region.StartColumn != 3 {
		t.Errorf("primary location %+v %+v, want infra/main.tf:17:3", p.ArtifactLocation, p.Region)
	}
	var related []string
	for _, l := range res.RelatedLocations {
		related = append(related, rangeText(lint.Range{File: l.PhysicalLocation.ArtifactLocation.URI, Line: l.PhysicalLocation.Region.StartLine, Column: l.PhysicalLocation.Region.StartColumn}))
	}
	if strings.Join(related, " ") != "k8s/nodeclass.yaml:6:9 infra/main.tf:7:3" {
		t.Errorf("related locations %v, want the nodeclass then the declaration", related)
	}
	if res.PartialFingerprints[sarifFingerprint] != anchorFinding().Fingerprint {
		t.Errorf("fingerprint %v changed with the anchor", res.PartialFingerprints)
	}
	if !strings.Contains(res.Message.Text, "the other end is k8s/nodeclass.yaml:6:9") {
		t.Errorf("message does not name the other end: %s", res.Message.Text)
	}
}

// TestAnchorHostile anchors a finding whose names try to break out of the
// formats: the note and the moved location are escaped like the rest.
func TestAnchorHostile(t *testing.T) {
	f := anchorFinding()
	f.Range.File = "k8s/[x](https://evil.example)\n::error::injected.yaml"
	f.Revision = "main\x1b[31m%0A"
	r := Report{Result: lint.Result{Findings: []lint.Finding{f}}, Rules: formatsRules(), Changed: []string{"infra/main.tf"}}
	validateSARIF(t, sarifSchemaForTest(t), render(t, "sarif", false, r))
	if sarif := string(render(t, "sarif", false, r)); strings.Contains(sarif, "[x](https") {
		t.Errorf("a link survived in SARIF:\n%s", sarif)
	}
	gh := string(render(t, "github", false, r))
	if !strings.HasPrefix(gh, "::error file=infra/main.tf,line=17,") {
		t.Errorf("not anchored at the changed end: %q", gh)
	}
	if strings.Count(gh, "\n") != 1 || strings.Contains(gh, "\x1b") || strings.Contains(gh, "\n::error::injected") {
		t.Errorf("github output not escaped: %q", gh)
	}
	text := string(render(t, "text", false, r))
	if strings.Contains(text, "\x1b") {
		t.Errorf("text output not escaped: %q", text)
	}
}

func TestTextMarksChangedEnds(t *testing.T) {
	r := anchorReport()
	r.Result.Findings[0].Related = append(r.Result.Findings[0].Related, lint.Location{Range: lint.Range{File: "infra/main.tf", Line: 30, Column: 1}, Message: "the old node group", Revision: "origin/main"})
	got := string(render(t, "text", false, r))
	for _, want := range []string{
		"  --> k8s/nodeclass.yaml:6:9\n",
		"  related: infra/main.tf:17:3 (changed): managed node group",
		"  related: infra/main.tf:7:3 (changed): role",
		"  related: infra/main.tf:30:1 (at origin/main, changed): the old node group",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text output lacks %q:\n%s", want, got)
		}
	}
	r.Changed = nil
	if got := string(render(t, "text", false, r)); strings.Contains(got, "changed") {
		t.Errorf("marked without --changed:\n%s", got)
	}
	// With the lines known, only the end on a changed line is marked; the
	// base revision's end still is, by its file.
	r.Changed = []string{"infra/main.tf", "k8s/nodeclass.yaml"}
	r.ChangedLines = map[string]LineChanges{"infra/main.tf": spans(17, 17), "k8s/nodeclass.yaml": spans(1, 1)}
	got = string(render(t, "text", false, r))
	for _, want := range []string{
		"  --> k8s/nodeclass.yaml:6:9\n",
		"  related: infra/main.tf:17:3 (changed): managed node group",
		"  related: infra/main.tf:7:3: role",
		"  related: infra/main.tf:30:1 (at origin/main, changed): the old node group",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text output by lines lacks %q:\n%s", want, got)
		}
	}
}

func TestJSONMarksChangedEnds(t *testing.T) {
	var out struct {
		Findings []struct {
			Location struct {
				File        string
				Changed     *bool
				ChangedFile *bool
			}
			Related []struct {
				File        string
				Changed     *bool
				ChangedFile *bool
			}
			Fingerprint string
		}
	}
	decode := func(r Report) {
		t.Helper()
		out.Findings = nil
		if err := json.Unmarshal(render(t, "json", false, r), &out); err != nil {
			t.Fatal(err)
		}
	}
	decode(anchorReport())
	f := out.Findings[0]
	if f.Location.File != "k8s/nodeclass.yaml" || f.Location.Changed != nil {
		t.Errorf("location %s changed=%v, want the nodeclass, unmarked", f.Location.File, f.Location.Changed)
	}
	for _, l := range f.Related {
		if l.Changed == nil || !*l.Changed {
			t.Errorf("related %s not marked changed", l.File)
		}
	}
	if f.Fingerprint != anchorFinding().Fingerprint {
		t.Errorf("fingerprint %s", f.Fingerprint)
	}
	r := anchorReport()
	r.Changed = []string{"k8s/nodeclass.yaml"}
	decode(r)
	if c := out.Findings[0].Location.Changed; c == nil || !*c {
		t.Error("changed primary location not marked")
	}
	r.Changed = nil
	decode(r)
	if out.Findings[0].Location.Changed != nil || out.Findings[0].Related[0].Changed != nil {
		t.Error("marked without --changed")
	}
	if out.Findings[0].Location.ChangedFile != nil || out.Findings[0].Related[0].ChangedFile != nil {
		t.Error("changedFile without --changed")
	}
	// By lines: "changed" for the end on a changed line, "changedFile" for
	// every end in a changed file.
	r.Changed = []string{"infra/main.tf", "k8s/nodeclass.yaml"}
	r.ChangedLines = map[string]LineChanges{"infra/main.tf": spans(17, 17), "k8s/nodeclass.yaml": spans(1, 1)}
	decode(r)
	f = out.Findings[0]
	if f.Location.Changed != nil || f.Location.ChangedFile == nil || !*f.Location.ChangedFile {
		t.Errorf("location changed=%v changedFile=%v, want only changedFile", f.Location.Changed, f.Location.ChangedFile)
	}
	if l := f.Related[0]; l.Changed == nil || !*l.Changed || l.ChangedFile == nil || !*l.ChangedFile {
		t.Errorf("the role line: changed=%v changedFile=%v, want both", l.Changed, l.ChangedFile)
	}
	if l := f.Related[1]; l.Changed != nil || l.ChangedFile == nil {
		t.Errorf("the declaration: changed=%v changedFile=%v, want only changedFile", l.Changed, l.ChangedFile)
	}
}

// BenchmarkAnchoredReports renders a thousand cross-layer findings in the
// formats that anchor, with and without a changed set.
func BenchmarkAnchoredReports(b *testing.B) {
	fs := make([]lint.Finding, 1000)
	for i := range fs {
		fs[i] = anchorFinding()
		fs[i].Range.Line, fs[i].Range.EndLine = i+1, i+1
	}
	for _, format := range []string{"github", "sarif"} {
		for _, c := range []struct {
			name    string
			changed []string
			lines   map[string]LineChanges
		}{
			{"plain", nil, nil},
			{"changed", []string{"infra/main.tf"}, nil},
			{"lines", []string{"infra/main.tf", "k8s/nodeclass.yaml"}, map[string]LineChanges{"infra/main.tf": spans(17, 17), "k8s/nodeclass.yaml": spans(1, 1, 3, 4, 900, 910)}},
		} {
			b.Run(format+"/"+c.name, func(b *testing.B) {
				rep, _ := New(format, false)
				r := Report{Result: lint.Result{Findings: fs}, Rules: formatsRules(), Changed: c.changed, ChangedLines: c.lines}
				b.ReportAllocs()
				for b.Loop() {
					if err := rep.Write(io.Discard, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
