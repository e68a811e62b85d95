package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// anchorInfra declares a cluster, Karpenter's node role and a managed node
// group with a role of its own; ROLE is the group's role.
const anchorInfra = `resource "aws_eks_cluster" "prod" {
  name     = "prod"
  role_arn = "arn:aws:iam::111122223333:role/cluster"
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "KarpenterNodeRole-prod"
}

resource "aws_iam_role" "system_nodes" {
  name = "prod-system-nodes"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.prod.name
  node_group_name = "system"
  node_role_arn   = ROLE
}
`

const anchorNodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: KarpenterNodeRole-prod
  amiSelectorTerms:
    - alias: al2023@latest
`

// anchorRepo is a repository whose branch "change" changes only
// infra/main.tf, making the managed node group reuse Karpenter's node role
// (FL101); k8s/nodeclass.yaml is as it was on main. It returns the
// directory and the line of the group's node_role_arn.
func anchorRepo(t *testing.T) (string, int) {
	t.Helper()
	requireTool(t, "git")
	dir := fixture(t, map[string]string{
		"infra/main.tf":      strings.Replace(anchorInfra, "ROLE", "aws_iam_role.system_nodes.arn", 1),
		"k8s/nodeclass.yaml": anchorNodeClass,
	})
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "base")
	gitIn(t, dir, "checkout", "-q", "-b", "change")
	changed := strings.Replace(anchorInfra, "ROLE", "aws_iam_role.karpenter_nodes.arn", 1)
	if err := os.WriteFile(filepath.Join(dir, "infra", "main.tf"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "commit", "-q", "-am", "system nodes reuse Karpenter's role")
	line := 1 + strings.Count(changed[:strings.Index(changed, "node_role_arn")], "\n")
	return dir, line
}

// TestChangedEndFirst is issue 15's acceptance: the pull request changes
// only infra/main.tf, so the github and sarif formats put FL101 on the node
// group's role line there, not on the unchanged EC2NodeClass; text and
// JSON keep the EC2NodeClass and mark the changed end.
func TestChangedEndFirst(t *testing.T) {
	dir, line := anchorRepo(t)
	want := "::error file=infra/main.tf,line=" + strconv.Itoa(line) + ","
	for _, args := range [][]string{
		{"lint", "--changed", "--base", "main", "--format", "github", "."},
		{"lint", "--base", "main", "--format", "github", "."}, // --base alone anchors too
	} {
		code, out, stderr := run(t, dir, nil, args...)
		if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, want) {
			t.Errorf("%v: exit %d, want one annotation starting %s\n%s\n%s", args, code, want, out, stderr)
		}
		if !strings.Contains(out, "title=FL101 shared-node-role::") || !strings.Contains(out, "the other end is k8s/nodeclass.yaml:6:9, not changed") {
			t.Errorf("%v: the annotation does not name the EC2NodeClass:\n%s", args, out)
		}
	}

	code, out, stderr := run(t, dir, nil, "lint", "--changed", "--base", "main", "--format", "sarif", ".")
	if code != 1 {
		t.Fatalf("sarif: exit %d\n%s", code, stderr)
	}
	validateSARIFFile(t, []byte(out))
	res := sarifResults(t, out)
	if len(res) != 1 || res[0].RuleID != "FL101" {
		t.Fatalf("sarif results %+v, want one FL101", res)
	}
	if got := res[0].Locations[0].PhysicalLocation.where(); got != "infra/main.tf:"+strconv.Itoa(line) {
		t.Errorf("sarif primary location %s, want infra/main.tf:%d", got, line)
	}
	if got := res[0].RelatedLocations[0].PhysicalLocation.where(); got != "k8s/nodeclass.yaml:6" {
		t.Errorf("sarif first related location %s, want the EC2NodeClass", got)
	}

	code, out, _ = run(t, dir, nil, "lint", "--changed", "--base", "main", ".")
	if code != 1 || !strings.Contains(out, "  --> k8s/nodeclass.yaml:6:9\n") || !strings.Contains(out, "  related: infra/main.tf:"+strconv.Itoa(line)+":3 (changed): managed node group aws_eks_node_group.system uses it as node_role_arn") {
		t.Errorf("text: exit %d, want the EC2NodeClass primary and the node group marked changed:\n%s", code, out)
	}

	plain := jsonFinding(t, dir, "lint", "--format", "json", ".")
	changed := jsonFinding(t, dir, "lint", "--changed", "--base", "main", "--format", "json", ".")
	if changed.Location.File != "k8s/nodeclass.yaml" || changed.Location.Changed {
		t.Errorf("json location %+v, want the unchanged EC2NodeClass", changed.Location)
	}
	if len(changed.Related) == 0 || changed.Related[0].File != "infra/main.tf" || !changed.Related[0].Changed {
		t.Errorf("json related %+v, want infra/main.tf marked changed", changed.Related)
	}
	if plain.Location.Changed || (len(plain.Related) > 0 && plain.Related[0].Changed) {
		t.Errorf("json without --changed marks changes: %+v", plain)
	}
	// The finding keeps its identity wherever it is shown.
	if changed.Fingerprint == "" || changed.Fingerprint != plain.Fingerprint || res[0].PartialFingerprints["faultline/v1"] != plain.Fingerprint {
		t.Errorf("fingerprints differ: plain %s, --changed %s, sarif %v", plain.Fingerprint, changed.Fingerprint, res[0].PartialFingerprints)
	}
}

type anchorJSONLocation struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Changed bool   `json:"changed"`
}

type anchorJSONFinding struct {
	Location    anchorJSONLocation   `json:"location"`
	Related     []anchorJSONLocation `json:"related"`
	Fingerprint string               `json:"fingerprint"`
}

// jsonFinding runs faultline with a JSON format and returns its one finding.
func jsonFinding(t *testing.T, dir string, args ...string) anchorJSONFinding {
	t.Helper()
	_, out, stderr := run(t, dir, nil, args...)
	var rep struct {
		Findings []anchorJSONFinding `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Findings) != 1 {
		t.Fatalf("%v: %v, %d findings\n%s\n%s", args, err, len(rep.Findings), out, stderr)
	}
	return rep.Findings[0]
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
	Region struct {
		StartLine int `json:"startLine"`
	} `json:"region"`
}

func (p sarifPhysical) where() string {
	return p.ArtifactLocation.URI + ":" + strconv.Itoa(p.Region.StartLine)
}

type sarifLoc struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifRes struct {
	RuleID              string            `json:"ruleId"`
	Locations           []sarifLoc        `json:"locations"`
	RelatedLocations    []sarifLoc        `json:"relatedLocations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

func sarifResults(t *testing.T, out string) []sarifRes {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []sarifRes `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("sarif: %v\n%s", err, out)
	}
	return log.Runs[0].Results
}

// validateSARIFFile validates SARIF output against the 2.1.0 schema the
// lint package's tests use.
func validateSARIFFile(t *testing.T, out []byte) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "lint", "report", "testdata", "sarif-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate: %v", err)
	}
}

// TestChangedLineFirst: both files changed, but only the node group's
// role line is on the diff (the EC2NodeClass gained a comment below its
// role line, left unstaged): GitHub shows an annotation inline only on a
// diff line, so the github and sarif formats anchor at the role line
// although the primary's file changed too; text and JSON mark only the
// end on a changed line as changed, and JSON both files as changedFile.
func TestChangedLineFirst(t *testing.T) {
	dir, line := anchorRepo(t)
	if err := os.WriteFile(filepath.Join(dir, "k8s", "nodeclass.yaml"), []byte(anchorNodeClass+"# reviewed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "::error file=infra/main.tf,line=" + strconv.Itoa(line) + ","
	for _, args := range [][]string{
		{"lint", "--changed", "--base", "main", "--format", "github", "."},
		{"lint", "--changed", "--format", "github", "."}, // the default branch
		{"lint", "--base", "main", "--format", "github", "."},
	} {
		code, out, stderr := run(t, dir, nil, args...)
		if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, want) {
			t.Errorf("%v: exit %d, want one annotation starting %s\n%s\n%s", args, code, want, out, stderr)
		}
		if !strings.Contains(out, "the other end is k8s/nodeclass.yaml:6:9, in a changed file but not on a changed line.") {
			t.Errorf("%v: the annotation does not name the EC2NodeClass:\n%s", args, out)
		}
	}
	code, out, stderr := run(t, dir, nil, "lint", "--changed", "--base", "main", "--format", "sarif", ".")
	if code != 1 {
		t.Fatalf("sarif: exit %d\n%s", code, stderr)
	}
	validateSARIFFile(t, []byte(out))
	if res := sarifResults(t, out); len(res) != 1 || res[0].Locations[0].PhysicalLocation.where() != "infra/main.tf:"+strconv.Itoa(line) {
		t.Errorf("sarif results %+v, want FL101 at infra/main.tf:%d", res, line)
	}

	code, out, _ = run(t, dir, nil, "lint", "--changed", "--base", "main", ".")
	if code != 1 || !strings.Contains(out, "  --> k8s/nodeclass.yaml:6:9\n") || !strings.Contains(out, "  related: infra/main.tf:"+strconv.Itoa(line)+":3 (changed): managed node group") {
		t.Errorf("text: exit %d, want the EC2NodeClass unmarked and the role line marked:\n%s", code, out)
	}
	var rep struct {
		Findings []struct {
			Location struct {
				File        string `json:"file"`
				Changed     bool   `json:"changed"`
				ChangedFile bool   `json:"changedFile"`
			} `json:"location"`
			Related []struct {
				File        string `json:"file"`
				Line        int    `json:"line"`
				Changed     bool   `json:"changed"`
				ChangedFile bool   `json:"changedFile"`
			} `json:"related"`
		} `json:"findings"`
	}
	_, out, stderr = run(t, dir, nil, "lint", "--changed", "--base", "main", "--format", "json", ".")
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Findings) != 1 {
		t.Fatalf("json: %v\n%s\n%s", err, out, stderr)
	}
	f := rep.Findings[0]
	if f.Location.File != "k8s/nodeclass.yaml" || f.Location.Changed || !f.Location.ChangedFile {
		t.Errorf("json location %+v, want the EC2NodeClass, its file changed, not its line", f.Location)
	}
	for _, r := range f.Related {
		if r.File == "infra/main.tf" && r.Changed != (r.Line == line) || !r.ChangedFile {
			t.Errorf("json related %+v: only the role line %d is on a changed line", r, line)
		}
	}
}
