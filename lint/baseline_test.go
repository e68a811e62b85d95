package lint

import (
	"bytes"
	"strings"
	"testing"
)

// runWith reports the findings through an FL000 and an FL101 rule, as a
// run would (fingerprints included).
func runWith(fs []Finding) (Result, []*Rule) {
	rules := []*Rule{
		{ID: "FL000", Name: "invalid-input", Severity: Error, Unsuppressible: true, Check: func(p *Pass) {
			for _, f := range fs {
				if f.Rule == "FL000" {
					p.Report(f)
				}
			}
		}},
		{ID: "FL101", Name: "a", Severity: Error, Check: func(p *Pass) {
			for _, f := range fs {
				if f.Rule == "FL101" {
					p.Report(f)
				}
			}
		}},
	}
	return Run(Input{Files: 2}, rules, Options{}), rules
}

func TestBaselineRoundTrip(t *testing.T) {
	before := []Finding{
		{Rule: "FL101", Range: at("nodeclass.yaml", 7), Message: "shared role", Key: "role=a"},
		{Rule: "FL101", Range: at("nodes.tf", 3), Message: "shared role", Key: "role=b"},
		{Rule: "FL000", Range: at("broken.yaml", 1), Message: "cannot parse"},
	}
	res, rules := runWith(before)
	var buf bytes.Buffer
	if err := WriteBaseline(&buf, res, rules); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "FL000") {
		t.Errorf("FL000 is never baselined:\n%s", buf.String())
	}
	if !strings.HasPrefix(buf.String(), "{\n  \"version\": 1,\n  \"findings\": [\n") {
		t.Errorf("unexpected shape:\n%s", buf.String())
	}
	b, err := ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Findings) != 2 || b.Findings[0].File != "nodeclass.yaml" || b.Findings[1].File != "nodes.tf" {
		t.Fatalf("entries %+v", b.Findings)
	}

	// Ten lines inserted above both findings, one new finding: only the
	// new one (and FL000) are left.
	after := []Finding{
		{Rule: "FL101", Range: at("nodeclass.yaml", 17), Message: "shared role", Key: "role=a"},
		{Rule: "FL101", Range: at("nodes.tf", 13), Message: "shared role", Key: "role=b"},
		{Rule: "FL101", Range: at("nodes.tf", 30), Message: "shared role", Key: "role=c"},
		{Rule: "FL000", Range: at("broken.yaml", 1), Message: "cannot parse"},
	}
	res2, _ := runWith(after)
	got := b.Filter(res2, rules)
	if len(got.Findings) != 2 || got.Findings[0].Rule != "FL000" || got.Findings[1].Key != "role=c" {
		t.Fatalf("left %+v", got.Findings)
	}
	if got.Summary.Errors != 2 || got.Summary.Files != 2 {
		t.Errorf("summary %+v", got.Summary)
	}
}

func TestBaselineMultiset(t *testing.T) {
	f := Finding{Rule: "FL101", Range: at("a.yaml", 1), Message: "m", Key: "k", Fingerprint: "ff"}
	g := f
	g.Range = at("a.yaml", 9) // same fingerprint, another place
	b := &Baseline{Version: 1, Findings: []BaselineEntry{{Rule: "FL101", Fingerprint: "ff"}}}
	got := b.Filter(Result{Findings: []Finding{f, g}}, nil)
	if len(got.Findings) != 1 {
		t.Fatalf("one recorded finding excuses one: %+v", got.Findings)
	}
	b.Findings = append(b.Findings, b.Findings[0])
	if got := b.Filter(Result{Findings: []Finding{f, g}}, nil); len(got.Findings) != 0 {
		t.Fatalf("two recorded findings excuse two: %+v", got.Findings)
	}
	// Suppressed findings stay as they are and use up nothing.
	s := f
	s.Suppressed = &Suppression{Reason: "r"}
	b.Findings = b.Findings[:1]
	got = b.Filter(Result{Findings: []Finding{s, g}}, nil)
	if len(got.Findings) != 1 || got.Findings[0].Suppressed == nil {
		t.Fatalf("%+v", got.Findings)
	}
	// Another rule with the same fingerprint is not excused.
	h := f
	h.Rule = "FL102"
	if got := b.Filter(Result{Findings: []Finding{h}}, nil); len(got.Findings) != 1 {
		t.Fatalf("%+v", got.Findings)
	}
}

func TestReadBaselineErrors(t *testing.T) {
	for name, src := range map[string]string{
		"not json":       "hello",
		"wrong version":  `{"version": 2, "findings": []}`,
		"no version":     `{"findings": []}`,
		"no findings":    `{"version": 1}`,
		"unknown field":  `{"version": 1, "findings": [], "extra": true}`,
		"entry shape":    `{"version": 1, "findings": [{"rule": "FL101"}]}`,
		"findings type":  `{"version": 1, "findings": {}}`,
		"trailing data":  `{"version": 1, "findings": []} {}`,
		"an sarif":       `{"version": "2.1.0", "runs": []}`,
		"empty":          ``,
		"entry is a str": `{"version": 1, "findings": ["x"]}`,
	} {
		if _, err := ReadBaseline(strings.NewReader(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	b, err := ReadBaseline(strings.NewReader(`{"version": 1, "findings": [{"rule": "FL101", "fingerprint": "ab", "file": "a.tf", "message": "m"}]}` + "\n"))
	if err != nil || len(b.Findings) != 1 {
		t.Fatalf("%v %+v", err, b)
	}
}

func TestWriteBaselineEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteBaseline(&buf, Result{}, nil); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "{\n  \"version\": 1,\n  \"findings\": []\n}\n" {
		t.Errorf("got %q", buf.String())
	}
}
