package report

import (
	"encoding/json"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestSARIFOriginalURIBaseIDs: with Report.Root, relative artifact URIs
// resolve against SRCROOT, which the run declares as the root's file:
// URI (with the trailing slash a base needs); without it, SRCROOT is
// left for the consumer to supply. The log validates either way.
func TestSARIFOriginalURIBaseIDs(t *testing.T) {
	s := sarifSchemaForTest(t)
	f := lint.Finding{Rule: "FL101", Severity: lint.Error, Message: "m", Range: lint.Range{File: "k8s/a b.yaml", Line: 2, Column: 1}}
	type log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	for _, tc := range []struct{ root, want string }{
		{"/work/repo", "file:///work/repo/"},
		{"/work/repo/", "file:///work/repo/"},
		{"", ""},
	} {
		out := render(t, "sarif", false, Report{Result: lint.Result{Findings: []lint.Finding{f}}, Root: tc.root})
		validateSARIF(t, s, out)
		var l log
		if err := json.Unmarshal(out, &l); err != nil {
			t.Fatal(err)
		}
		run := l.Runs[0]
		if got := run.OriginalURIBaseIDs["SRCROOT"].URI; got != tc.want || (tc.want == "" && run.OriginalURIBaseIDs != nil) {
			t.Errorf("root %q: originalUriBaseIds %v, want SRCROOT %q", tc.root, run.OriginalURIBaseIDs, tc.want)
		}
		loc := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URI != "k8s/a%20b.yaml" || loc.URIBaseID != "SRCROOT" {
			t.Errorf("root %q: artifact %+v, want k8s/a%%20b.yaml against SRCROOT", tc.root, loc)
		}
	}
}
