package lint

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// anchorFinding is FL101 as the rule reports it: on the EC2NodeClass, with
// the node group's role reference and the role's declaration related.
func anchorFinding() Finding {
	return Finding{
		Rule: "FL101", Name: "shared-node-role", Severity: Error,
		Message: `IAM role "KarpenterNodeRole-prod" is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`,
		Range:   Range{File: "k8s/nodeclass.yaml", Line: 6, Column: 9, EndLine: 6, EndColumn: 31},
		Related: []Location{
			{Range: Range{File: "infra/main.tf", Line: 17, Column: 3, EndLine: 17, EndColumn: 53}, Message: "managed node group aws_eks_node_group.system uses it as node_role_arn"},
			{Range: Range{File: "infra/main.tf", Line: 7, Column: 3, EndLine: 7, EndColumn: 34}, Message: "role aws_iam_role.karpenter_nodes is declared here"},
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
		Result:  Result{Findings: []Finding{anchorFinding()}, Summary: Summary{Errors: 1, Files: 2}},
		Rules:   formatsRules(),
		Changed: []string{"infra/main.tf"},
	}
}

func fileSet(files ...string) map[string]bool {
	s := map[string]bool{}
	for _, f := range files {
		s[f] = true
	}
	return s
}

func TestChangedAnchor(t *testing.T) {
	atBase := anchorFinding()
	atBase.Related[0].Revision = "origin/main" // the node group is gone: no line to annotate
	primaryAtBase := anchorFinding()
	primaryAtBase.Revision = "origin/main"
	noPrimary := anchorFinding()
	noPrimary.Range = Range{}
	for _, c := range []struct {
		name    string
		f       Finding
		changed map[string]bool
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
		related = append(related, rangeText(Range{File: l.PhysicalLocation.ArtifactLocation.URI, Line: l.PhysicalLocation.Region.StartLine, Column: l.PhysicalLocation.Region.StartColumn}))
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
	r := Report{Result: Result{Findings: []Finding{f}}, Rules: formatsRules(), Changed: []string{"infra/main.tf"}}
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
	r.Result.Findings[0].Related = append(r.Result.Findings[0].Related, Location{Range: Range{File: "infra/main.tf", Line: 30, Column: 1}, Message: "the old node group", Revision: "origin/main"})
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
}

func TestJSONMarksChangedEnds(t *testing.T) {
	var out struct {
		Findings []struct {
			Location struct {
				File    string
				Changed *bool
			}
			Related []struct {
				File    string
				Changed *bool
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
}

// BenchmarkAnchoredReports renders a thousand cross-layer findings in the
// formats that anchor, with and without a changed set.
func BenchmarkAnchoredReports(b *testing.B) {
	fs := make([]Finding, 1000)
	for i := range fs {
		fs[i] = anchorFinding()
		fs[i].Range.Line, fs[i].Range.EndLine = i+1, i+1
	}
	for _, format := range []string{"github", "sarif"} {
		for _, changed := range [][]string{nil, {"infra/main.tf"}} {
			name := format + "/plain"
			if changed != nil {
				name = format + "/changed"
			}
			b.Run(name, func(b *testing.B) {
				rep, _ := NewReporter(format, false)
				r := Report{Result: Result{Findings: fs}, Rules: formatsRules(), Changed: changed}
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
