package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// unsuppressed counts the findings the one-line formats show.
func unsuppressed(res lint.Result) int {
	n := 0
	for _, f := range res.Findings {
		if f.Suppressed == nil {
			n++
		}
	}
	return n
}

func TestCompactReport(t *testing.T) {
	got := string(render(t, "compact", true, formatsReport()))
	want := `infra/eks.tf:12:3: error FL101 shared-node-role: IAM role "prod-nodes" is used by managed node group aws_eks_node_group.general and by Karpenter EC2NodeClass default
infra/eks.tf:15:1: warning FL105 selector-spread: security group aws_security_group.nodes["a"] carries the discovery tag karpenter.sh/discovery (inferred from module defaults)
k8s/nodeclass.yaml:12:7: notice FL103 shared-security-group: security group sg-0abc is attached to node group general and selected by EC2NodeClass default
`
	if got != want {
		t.Errorf("compact report:\n%s\nwant:\n%s", got, want)
	}
}

func TestCompactReportEdges(t *testing.T) {
	res := lint.Result{Findings: []lint.Finding{
		{Rule: "FL303", Severity: lint.Error, Message: "role deleted\n\nwhile Karpenter uses it", Range: lint.Range{File: "infra/iam.tf", Line: 4, Column: 1}, Revision: "main"},
		{Rule: "FL000", Name: "invalid-input", Severity: lint.Error, Message: "bad \x1b[31mfile", Range: lint.Range{File: "a\nb.tf"}},
		{Severity: lint.Notice, Message: "no rule, no place"},
	}}
	got := string(render(t, "compact", false, Report{Result: res, Rules: formatsRules()}))
	want := "infra/iam.tf:4:1: error FL303: role deleted  while Karpenter uses it (location at main)\n" +
		"a b.tf: error FL000 invalid-input: bad \uFFFD[31mfile\n" +
		"<unknown>: notice: no rule, no place\n"
	if got != want {
		t.Errorf("compact report:\n%q\nwant:\n%q", got, want)
	}
}

// gitlabIssueT is what GitLab requires of a Code Quality issue.
type gitlabIssueT struct {
	Description string `json:"description"`
	CheckName   string `json:"check_name"`
	Fingerprint string `json:"fingerprint"`
	Severity    string `json:"severity"`
	Location    struct {
		Path  string `json:"path"`
		Lines struct {
			Begin int `json:"begin"`
		} `json:"lines"`
	} `json:"location"`
}

// decodeGitLab reads a Code Quality report strictly and checks GitLab's
// requirements: a JSON array; every issue with a description, a
// check_name, a fingerprint unique in the report, a severity of Code
// Climate's scale, a path and a first line.
func decodeGitLab(b []byte) ([]gitlabIssueT, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var issues []gitlabIssueT
	if err := dec.Decode(&issues); err != nil {
		return nil, fmt.Errorf("gitlab report: %w", err)
	}
	if issues == nil {
		return nil, errors.New("gitlab report: not an array")
	}
	seen := map[string]bool{}
	for i, is := range issues {
		switch {
		case is.Description == "", is.CheckName == "", is.Fingerprint == "", is.Location.Path == "":
			return nil, fmt.Errorf("gitlab issue %d: a required field is empty: %+v", i, is)
		case !slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, is.Severity):
			return nil, fmt.Errorf("gitlab issue %d: severity %q", i, is.Severity)
		case is.Location.Lines.Begin < 1:
			return nil, fmt.Errorf("gitlab issue %d: lines.begin %d", i, is.Location.Lines.Begin)
		case seen[is.Fingerprint]:
			return nil, fmt.Errorf("gitlab issue %d: fingerprint %s repeated", i, is.Fingerprint)
		}
		seen[is.Fingerprint] = true
	}
	return issues, nil
}

func TestGitLabReport(t *testing.T) {
	issues, err := decodeGitLab(render(t, "gitlab", false, formatsReport()))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range issues {
		got = append(got, fmt.Sprintf("%s %s %s %s:%d", is.CheckName, is.Severity, is.Fingerprint, is.Location.Path, is.Location.Lines.Begin))
	}
	// The suppressed FL102 is left out; the fingerprints are the findings'.
	want := []string{
		"FL101 critical 0123456789abcdef infra/eks.tf:12",
		"FL105 major 1111111111111111 infra/eks.tf:15",
		"FL103 info 2222222222222222 k8s/nodeclass.yaml:12",
	}
	if !slices.Equal(got, want) {
		t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d := issues[0].Description; !strings.HasPrefix(d, `FL101 shared-node-role: IAM role "prod-nodes" is used`) {
		t.Errorf("description %q", d)
	}

	// A finding shown at the end a change touches keeps its fingerprint,
	// so the merge-request widget does not see it as fixed and new.
	moved := formatsReport()
	moved.Changed = []string{"k8s/nodeclass.yaml"}
	issues, err = decodeGitLab(render(t, "gitlab", false, moved))
	if err != nil {
		t.Fatal(err)
	}
	if is := issues[0]; is.Fingerprint != "0123456789abcdef" || is.Location.Path != "k8s/nodeclass.yaml" || is.Location.Lines.Begin != 8 {
		t.Errorf("anchored issue: %+v", is)
	}

	// Without findings the report is an empty array, which GitLab reads
	// as "no issues".
	if got := string(render(t, "gitlab", false, Report{})); got != "[]\n" {
		t.Errorf("empty report %q", got)
	}
	// Findings without a fingerprint or a line still give distinct,
	// valid issues; one without a file is left out.
	bare := lint.Result{Findings: []lint.Finding{
		{Rule: "FL101", Severity: lint.Error, Message: "a", Range: lint.Range{File: "x.tf"}},
		{Rule: "FL101", Severity: lint.Error, Message: "b", Range: lint.Range{File: "x.tf"}},
		{Rule: "FL101", Severity: lint.Error, Message: "nowhere"},
	}}
	issues, err = decodeGitLab(render(t, "gitlab", false, Report{Result: bare}))
	if err != nil {
		t.Fatal(err)
	}
	if len(issues) != 2 {
		t.Errorf("%d issues, want 2: %+v", len(issues), issues)
	}
}

// TestGitLabCheckerFails makes sure decodeGitLab rejects what GitLab
// rejects.
func TestGitLabCheckerFails(t *testing.T) {
	for _, bad := range []string{
		`{}`,
		`null`,
		`[{"description":"d","check_name":"c","fingerprint":"f","severity":"error","location":{"path":"p","lines":{"begin":1}}}]`,
		`[{"description":"d","check_name":"c","fingerprint":"f","severity":"info","location":{"path":"p","lines":{"begin":0}}}]`,
		`[{"description":"d","check_name":"c","fingerprint":"f","severity":"info","location":{"path":"","lines":{"begin":1}}}]`,
		`[{"description":"d","check_name":"c","fingerprint":"f","severity":"info","location":{"path":"p","lines":{"begin":1}}},` +
			`{"description":"d","check_name":"c","fingerprint":"f","severity":"info","location":{"path":"p","lines":{"begin":2}}}]`,
	} {
		if _, err := decodeGitLab([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// jenkinsElement is one element of the Jenkins JUnit schema
// (jenkins-junit.xsd, the junit-4.xsd of Jenkins's dtkit, kept by JUnit 5
// in platform-tests/src/test/resources): its attributes, which of them
// are required, and its child elements in the order the schema's
// xs:sequence allows them. text marks an element of simple type
// (xs:string: no attributes, no children) or of mixed content.
type jenkinsElement struct {
	attrs    []string
	required []string
	children []string
	text     bool
}

// jenkinsJUnit is the part of the schema faultline's output uses, with
// every attribute the schema declares for these elements.
var jenkinsJUnit = map[string]jenkinsElement{
	"testsuites": {
		attrs:    []string{"name", "time", "tests", "failures", "disabled", "errors"},
		children: []string{"testsuite"},
	},
	"testsuite": {
		attrs:    []string{"name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname", "id", "package"},
		required: []string{"name", "tests"},
		children: []string{"properties", "testcase", "system-out", "system-err"},
	},
	"testcase": {
		attrs:    []string{"name", "assertions", "time", "classname", "status"},
		required: []string{"name"},
		children: []string{"skipped", "error", "failure", "system-out", "system-err"},
	},
	"failure":    {attrs: []string{"type", "message"}, text: true},
	"error":      {attrs: []string{"type", "message"}, text: true},
	"skipped":    {text: true},
	"system-out": {text: true},
	"system-err": {text: true},
}

// checkJenkinsJUnit checks a JUnit document against jenkinsJUnit: the
// root is testsuites, every element is declared, has only declared
// attributes and all required ones, and its children come in the
// schema's order. Integer counts must parse.
func checkJenkinsJUnit(b []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(b))
	type open struct {
		name string
		next int // index in children the next child may start from
	}
	var stack []open
	root := true
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("not well-formed: %w", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			el, ok := jenkinsJUnit[name]
			if !ok {
				return fmt.Errorf("element %s is not in the schema", name)
			}
			if root && name != "testsuites" {
				return fmt.Errorf("root element %s, want testsuites", name)
			}
			root = false
			if n := len(stack); n > 0 {
				parent := jenkinsJUnit[stack[n-1].name]
				i := slices.Index(parent.children, name)
				if i < 0 {
					return fmt.Errorf("%s cannot contain %s", stack[n-1].name, name)
				}
				if i < stack[n-1].next {
					return fmt.Errorf("%s: %s comes after %s", stack[n-1].name, name, parent.children[stack[n-1].next])
				}
				stack[n-1].next = i
			}
			have := map[string]bool{}
			for _, a := range tok.Attr {
				if !slices.Contains(el.attrs, a.Name.Local) {
					return fmt.Errorf("%s has attribute %s, which the schema does not declare", name, a.Name.Local)
				}
				have[a.Name.Local] = true
				if slices.Contains([]string{"tests", "failures", "errors", "skipped"}, a.Name.Local) {
					if _, err := fmt.Sscanf(a.Value, "%d", new(int)); err != nil {
						return fmt.Errorf("%s@%s=%q is not a count", name, a.Name.Local, a.Value)
					}
				}
			}
			for _, r := range el.required {
				if !have[r] {
					return fmt.Errorf("%s lacks required attribute %s", name, r)
				}
			}
			stack = append(stack, open{name: name})
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && !jenkinsJUnit[stack[len(stack)-1].name].text && len(bytes.TrimSpace(tok)) > 0 {
				return fmt.Errorf("%s holds text %q", stack[len(stack)-1].name, tok)
			}
		}
	}
}

func TestJUnitJenkinsSchema(t *testing.T) {
	clean := Report{Result: lint.Result{Summary: lint.Summary{Files: 7}}}
	for name, r := range map[string]Report{
		"formats": formatsReport(),
		"clean":   clean,
		"test":    {Result: testResult(), Rules: testRules()},
		"hostile": {Result: hostileResult(), Rules: testRules()},
	} {
		if err := checkJenkinsJUnit(render(t, "junit", false, r)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestJenkinsCheckerFails makes sure checkJenkinsJUnit rejects what the
// schema rejects, the shapes faultline once wrote among them.
func TestJenkinsCheckerFails(t *testing.T) {
	for _, bad := range []string{
		`<testsuites skipped="1"></testsuites>`,
		`<testsuites><testsuite name="a" tests="1"><testcase name="n" file="a.tf" line="3"></testcase></testsuite></testsuites>`,
		`<testsuites><testsuite name="a" tests="1"><testcase name="n"><skipped message="why"></skipped></testcase></testsuite></testsuites>`,
		`<testsuites><testsuite name="a" tests="1"><testcase name="n"><failure/><skipped/></testcase></testsuite></testsuites>`,
		`<testsuites><testsuite tests="1"></testsuite></testsuites>`,
		`<testsuites><testsuite name="a" tests="x"></testsuite></testsuites>`,
		`<testsuites><testsuite name="a" tests="1"><testcase classname="c"></testcase></testsuite></testsuites>`,
		`<testsuite name="a" tests="0"></testsuite>`,
		`<testsuites><testsuite name="a" tests="0">text</testsuite></testsuites>`,
	} {
		if err := checkJenkinsJUnit([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}
