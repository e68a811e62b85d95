package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/faultline-dev/faultline/lint"
)

func fixedFinding() lint.Finding {
	return lint.Finding{
		Rule: "FL201", Severity: lint.Error, Message: "trust names another namespace",
		Range: lint.Range{File: "infra/karpenter.tf", Line: 6, Column: 3, EndLine: 19, EndColumn: 5},
		Fix: &lint.Fix{
			Description: "subject [x](https://evil) replaced",
			Edits: []lint.Edit{
				{Range: lint.Range{File: "infra/karpenter.tf", Line: 14, Column: 47, EndLine: 14, EndColumn: 90}, Offset: 400, End: 443, Text: "\"a\\\"b $${c}\\n\""},
				{Range: lint.Range{File: "infra/ü.tf", Line: 3, Column: 1, EndLine: 3, EndColumn: 1}, Offset: 20, End: 20, Text: "  \"k:aud\" = \"sts.amazonaws.com\"\n"},
			},
		},
	}
}

// TestSARIFFixes: a resolved fix becomes a SARIF fix with one artifact
// change per file (deletedRegion in lines, columns and bytes, and the
// inserted text); the log validates against the SARIF 2.1.0 schema, and
// the schema does reject a replacement without its deleted region.
func TestSARIFFixes(t *testing.T) {
	s := sarifSchemaForTest(t)
	unresolved := fixedFinding()
	unresolved.Fix = &lint.Fix{Description: "not located", Target: lint.FixTarget{Kind: lint.FixReplaceString}}
	suppressed := fixedFinding()
	suppressed.Suppressed = &lint.Suppression{Reason: "later"}
	out := render(t, "sarif", false, Report{Result: lint.Result{Findings: []lint.Finding{fixedFinding(), unresolved, suppressed}}})
	validateSARIF(t, s, out)

	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					Description     struct{ Text string }
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   map[string]int
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 3 || len(res[1].Fixes) != 0 || len(res[2].Fixes) != 0 {
		t.Fatalf("fixes on unresolved or suppressed results: %s", out)
	}
	fix := res[0].Fixes
	if len(fix) != 1 || len(fix[0].ArtifactChanges) != 2 || fix[0].Description.Text != `subject \[x\](https://evil) replaced` {
		t.Fatalf("fix: %+v", fix)
	}
	ch := fix[0].ArtifactChanges
	rep := ch[0].Replacements[0]
	if ch[0].ArtifactLocation.URI != "infra/karpenter.tf" || rep.InsertedContent.Text != "\"a\\\"b $${c}\\n\"" ||
		rep.DeletedRegion["startLine"] != 14 || rep.DeletedRegion["startColumn"] != 47 || rep.DeletedRegion["endColumn"] != 90 ||
		rep.DeletedRegion["byteOffset"] != 400 || rep.DeletedRegion["byteLength"] != 43 {
		t.Fatalf("replacement: %+v", rep)
	}
	if ins := ch[1].Replacements[0]; ch[1].ArtifactLocation.URI != "infra/%C3%BC.tf" || ins.DeletedRegion["byteLength"] != 0 || ins.DeletedRegion["startColumn"] != ins.DeletedRegion["endColumn"] {
		t.Fatalf("insertion: %+v", ch[1])
	}

	broken := bytes.Replace(out, []byte(`"deletedRegion"`), []byte(`"deleted"`), 1)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(broken))
	if err != nil {
		t.Fatal(err)
	}
	if s.Validate(inst) == nil {
		t.Error("a replacement without deletedRegion validates")
	}
}
