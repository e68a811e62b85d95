package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/faultline-dev/faultline/lint"
)

// formatsRules is a small catalogue with docs, as the SARIF rules need.
func formatsRules() []*lint.Rule {
	return []*lint.Rule{
		{
			ID: "FL101", Name: "shared-node-role", Severity: lint.Error,
			Summary: "one IAM role used by node groups and by Karpenter nodes",
			Doc:     "Karpenter-launched nodes and EKS node groups run as the same\nIAM role.\n\n## The chain\n\n1. EKS adds the role to aws-auth.\n",
		},
		{
			ID: "FL102", Name: "shared-instance-profile", Severity: lint.Error,
			Summary: "one instance profile used by node groups and Karpenter",
			Doc:     "Karpenter launches nodes with an instance profile that node groups also use.",
		},
		{
			ID: "FL103", Name: "shared-security-group", Severity: lint.Notice,
			Summary: "a security group attached to node groups and selected by Karpenter",
			Doc:     "A security group is attached to node groups and selected by Karpenter.",
		},
		{
			ID: "FL105", Name: "selector-spread", Severity: lint.Warning,
			Summary: "a Karpenter selector matches more than intended",
			Doc:     "A Karpenter security-group or subnet selector matches more than intended.",
		},
	}
}

// formatsResult is a run across two files: an error with related
// locations and a long chain, an inferred warning, a notice and a
// suppressed error.
func formatsResult() lint.Result {
	return lint.Result{
		Findings: []lint.Finding{
			{
				Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
				Message: `IAM role "prod-nodes" is used by managed node group aws_eks_node_group.general and by Karpenter EC2NodeClass default`,
				Range:   lint.Range{File: "infra/eks.tf", Line: 12, Column: 3, EndLine: 12, EndColumn: 41},
				Related: []lint.Location{
					{Range: lint.Range{File: "k8s/nodeclass.yaml", Line: 8, Column: 9, EndLine: 8, EndColumn: 19}, Message: "EC2NodeClass default uses it"},
					{Range: lint.Range{File: "infra/eks.tf", Line: 3, Column: 1, EndLine: 5, EndColumn: 2}, Message: `role "prod-nodes" is declared here`},
				},
				Chain: []string{
					"EKS adds the role to aws-auth for node group general",
					"EKS creates an instance profile for the role",
					"deleting the node group removes the role's aws-auth entry",
					"EKS deletes the instance profile it created",
					"Karpenter nodes with the same role can no longer join the cluster",
				},
				Hint:        "give Karpenter nodes a role of their own",
				Fingerprint: "0123456789abcdef",
			},
			{
				Rule: "FL105", Name: "selector-spread", Severity: lint.Warning,
				Message:  `security group aws_security_group.nodes["a"] carries the discovery tag karpenter.sh/discovery (inferred from module defaults)`,
				Range:    lint.Range{File: "infra/eks.tf", Line: 15, Column: 1, EndLine: 19, EndColumn: 2},
				Related:  []lint.Location{{Range: lint.Range{File: "k8s/nodeclass.yaml", Line: 12, Column: 7}, Message: "securityGroupSelectorTerms selects it"}},
				Chain:    []string{"the module copies var.tags onto the cluster security group", "the NodeClass selects every group with the tag"},
				Hint:     "put the discovery tag on the node security group only",
				Inferred: []string{"tags from module defaults"},
				Key:      "aws_security_group.nodes",

				Fingerprint: "1111111111111111",
			},
			{
				Rule: "FL103", Name: "shared-security-group", Severity: lint.Notice,
				Message:     "security group sg-0abc is attached to node group general and selected by EC2NodeClass default",
				Range:       lint.Range{File: "k8s/nodeclass.yaml", Line: 12, Column: 7, EndLine: 12, EndColumn: 30},
				Fingerprint: "2222222222222222",
			},
			{
				Rule: "FL102", Name: "shared-instance-profile", Severity: lint.Error,
				Message:     `instance profile "prod-nodes" is used by node group general and by EC2NodeClass default`,
				Range:       lint.Range{File: "k8s/nodeclass.yaml", Line: 9, Column: 3, EndLine: 9, EndColumn: 30},
				Chain:       []string{"deleting the node group deletes the instance profile"},
				Hint:        "let Karpenter create its own instance profile",
				Fingerprint: "3333333333333333",
				Suppressed: &lint.Suppression{
					Reason: "migrating to a Karpenter role", Until: "2027-01-31",
					Range: lint.Range{File: "k8s/nodeclass.yaml", Line: 8, Column: 1, EndLine: 8, EndColumn: 60},
				},
			},
		},
		Summary: lint.Summary{
			Errors: 1, Warnings: 1, Notices: 1, Files: 2,
			Coverage: lint.Coverage{Unresolved: 1, Inferred: 1},
			Notes: []lint.Note{
				{Kind: lint.Unresolved, What: "FL101: role of aws_eks_node_group.blue", Range: lint.Range{File: "infra/eks.tf", Line: 30, Column: 3}},
			},
		},
	}
}

func formatsReport() Report {
	return Report{Result: formatsResult(), Rules: formatsRules(), ToolVersion: "1.2.3"}
}

var newFormats = []struct{ format, ext string }{
	{"compact", "compact.txt"},
	{"sarif", "sarif"},
	{"github", "github.txt"},
	{"gitlab", "gitlab.json"},
	{"markdown", "md"},
	{"junit", "junit.xml"},
	{"checkstyle", "checkstyle.xml"},
}

func TestFormatGoldens(t *testing.T) {
	clean := Report{Result: lint.Result{Summary: lint.Summary{Files: 7, Coverage: lint.Coverage{Skipped: 2}}}, Rules: formatsRules()[:1]}
	for _, nf := range newFormats {
		t.Run(nf.format, func(t *testing.T) {
			got := render(t, nf.format, true, formatsReport())
			checkGolden(t, "report/formats."+nf.ext+".golden", got)
			if len(got) > 0 && (got[len(got)-1] != '\n' || bytes.HasSuffix(got, []byte("\n\n"))) {
				t.Errorf("output does not end in exactly one newline")
			}
			checkGolden(t, "report/formats_clean."+nf.ext+".golden", render(t, nf.format, false, clean))
		})
	}
	verbose := formatsReport()
	verbose.Verbose = true
	checkGolden(t, "report/formats_verbose.md.golden", render(t, "markdown", false, verbose))
}

// TestFormatsDeterministic renders each format twice.
func TestFormatsDeterministic(t *testing.T) {
	for _, nf := range newFormats {
		a := render(t, nf.format, false, formatsReport())
		b := render(t, nf.format, false, formatsReport())
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renderings differ", nf.format)
		}
	}
}

// hostileResult carries untrusted strings that try to break out of every
// format.
func hostileResult() lint.Result {
	evil := "x<img src=x onerror=alert(1)>.yaml"
	return lint.Result{
		Findings: []lint.Finding{
			{
				Rule: "FL101", Name: "shared-node-role", Severity: lint.Error,
				Message: "role `a` **b** [c](https://evil.example) @alice cc @org/team | d\n::error::injected\r\n# heading %0A 100% <script>alert(1)</script> ]]> \x1b[31mred\x00 \u202egnp.exe",
				Range:   lint.Range{File: evil, Line: 1, Column: 2, EndLine: 1, EndColumn: 5},
				Related: []lint.Location{{Range: lint.Range{File: "a,b:c`d``e.tf", Line: 2}, Message: "1. not a list </details> <!--"}},
				Chain:   []string{"- not a list", "1) neither", "<details open>"},
				Hint:    "$x$ ~~strike~~ _em_ #123",
			},
			{
				Rule: "FL105", Severity: lint.Warning,
				Message:    "suppressed <b>",
				Range:      lint.Range{File: "ok.tf", Line: 3},
				Suppressed: &lint.Suppression{Reason: "@bob said <i>so</i> | ok"},
			},
		},
		Summary: lint.Summary{Errors: 1, Files: 2},
	}
}

// TestFormatsHostile checks that no position or string, however wrong,
// makes a reporter fail, that SARIF stays valid and XML well-formed.
func TestFormatsHostile(t *testing.T) {
	schema := sarifSchemaForTest(t)
	ranges := []lint.Range{
		{},
		{File: "a.tf"},
		{File: "a.tf", Line: -1, Column: -1},
		{File: "a.tf", Line: 1, Column: -5, EndLine: -1, EndColumn: -1},
		{File: "a.tf", Line: 2, Column: 3, EndLine: 1, EndColumn: 1},
		{File: "a.tf", Line: 1, Column: 5, EndLine: 1, EndColumn: 2},
		{File: "a.tf", Line: 3, Column: 0, EndLine: 5, EndColumn: 7},
		{File: "/abs/path with space.tf", Line: 1, Column: 1},
		{File: `C:\repo\main.tf`, Line: 1},
		{File: "c:weird/x.tf", Line: 1},
		{File: "dir/%41?#frag.tf", Line: 1},
	}
	var results []lint.Result
	for _, r := range ranges {
		f := lint.Finding{Rule: "FL101", Severity: lint.Error, Message: "m", Range: r, Related: []lint.Location{{Range: r}}, Chain: []string{"step"},
			Suppressed: &lint.Suppression{Reason: "r", Range: r}}
		g := f
		g.Suppressed = nil
		results = append(results, lint.Result{Findings: []lint.Finding{f, g}})
	}
	results = append(results, hostileResult(), testResult(), lint.Result{Findings: []lint.Finding{{}}})
	for i, res := range results {
		for _, nf := range newFormats {
			got := render(t, nf.format, false, Report{Result: res, Rules: testRules()})
			switch nf.format {
			case "sarif":
				validateSARIF(t, schema, got)
			case "junit":
				checkWellFormedXML(t, got)
				if err := checkJenkinsJUnit(got); err != nil {
					t.Error(err)
				}
			case "checkstyle":
				checkWellFormedXML(t, got)
			case "gitlab":
				if _, err := decodeGitLab(got); err != nil {
					t.Error(err)
				}
			case "compact":
				if n, want := bytes.Count(got, []byte("\n")), unsuppressed(res); n != want {
					t.Errorf("compact: %d lines for %d unsuppressed findings", n, want)
				}
			}
			if t.Failed() {
				t.Fatalf("result %d, %s:\n%s", i, nf.format, got)
			}
		}
	}
}

func checkWellFormedXML(t *testing.T, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Errorf("not well-formed XML: %v", err)
			return
		}
	}
}

func sarifSchemaForTest(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-2.1.0.json"))
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
	return s
}

func validateSARIF(t *testing.T, s *jsonschema.Schema, out []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Errorf("SARIF output is not JSON: %v", err)
		return
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate: %v", err)
	}
}

func TestSARIFSchema(t *testing.T) {
	s := sarifSchemaForTest(t)
	for name, r := range map[string]Report{
		"formats": formatsReport(),
		"text":    {Result: testResult(), Rules: testRules()},
		"clean":   {Result: lint.Result{Summary: lint.Summary{Files: 3}}},
		"hostile": {Result: hostileResult(), Rules: formatsRules()},
	} {
		t.Run(name, func(t *testing.T) {
			validateSARIF(t, s, render(t, "sarif", false, r))
		})
	}

	// The validator does reject what the schema forbids.
	for _, bad := range []struct{ from, to string }{
		{`"version": "2.1.0"`, `"version": "2.0.0"`},
		{`"level": "error"`, `"level": "fatal"`},
		{`"kind": "inSource"`, `"kind": "inline"`},
		{`"startLine": 12`, `"startLine": 0`},
		{`"columnKind": "unicodeCodePoints"`, `"columnKind": "bytes"`},
	} {
		out := render(t, "sarif", false, formatsReport())
		if !bytes.Contains(out, []byte(bad.from)) {
			t.Fatalf("output lacks %s", bad.from)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(bytes.Replace(out, []byte(bad.from), []byte(bad.to), 1)))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(inst) == nil {
			t.Errorf("%s validates", bad.to)
		}
	}
}

// TestSARIFContent checks what code scanning relies on beyond the schema.
func TestSARIFContent(t *testing.T) {
	var log struct {
		Runs []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Version string `json:"version"`
					Rules   []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID              string            `json:"ruleId"`
				RuleIndex           int               `json:"ruleIndex"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				Suppressions        []struct {
					Kind, Justification string
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	out := render(t, "sarif", false, formatsReport())
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.ColumnKind != "unicodeCodePoints" || run.Tool.Driver.Version != "1.2.3" {
		t.Errorf("columnKind %q, version %q", run.ColumnKind, run.Tool.Driver.Version)
	}
	if got := run.Tool.Driver.Rules[0].HelpURI; got != "https://github.com/faultline-dev/faultline/blob/main/docs/rules/FL101.md" {
		t.Errorf("helpUri = %s", got)
	}
	if len(run.Results) != 4 {
		t.Fatalf("%d results, want 4 (suppressed findings stay)", len(run.Results))
	}
	suppressed := 0
	for _, res := range run.Results {
		rules := run.Tool.Driver.Rules
		if res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("%s: ruleIndex %d does not point at the rule", res.RuleID, res.RuleIndex)
		}
		if res.PartialFingerprints["faultline/v1"] == "" {
			t.Errorf("%s: no partial fingerprint", res.RuleID)
		}
		if len(res.Suppressions) > 0 {
			suppressed++
			if res.Suppressions[0].Justification != "migrating to a Karpenter role" {
				t.Errorf("justification = %q", res.Suppressions[0].Justification)
			}
		}
	}
	if suppressed != 1 {
		t.Errorf("%d suppressed results, want 1", suppressed)
	}

	// A rule a finding names that the catalogue lacks is still described.
	out = render(t, "sarif", false, Report{Result: testResult(), Rules: testRules()})
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	for _, res := range log.Runs[0].Results {
		if rules := log.Runs[0].Tool.Driver.Rules; rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("%s: ruleIndex %d points at %s", res.RuleID, res.RuleIndex, rules[res.RuleIndex].ID)
		}
	}
}

func TestSARIFMessageLinks(t *testing.T) {
	for in, want := range map[string]string{
		`aws_iam_role.x["a"]`:              `aws_iam_role.x["a"]`,
		`see [here](https://evil.example)`: `see \[here\](https://evil.example)`,
		`a\b [x](1)`:                       `a\\b \[x\](1)`,
	} {
		if got := sarifMessage(in); got != want {
			t.Errorf("sarifMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	for in, want := range map[string]string{
		"100%":               "100%25",
		"a\nb\r\nc":          "a%0Ab%0D%0Ac",
		"%0A":                "%250A",
		"x::error::y":        "x::error::y",
		"esc\x1b[31m\ttab":   "esc\uFFFD[31m tab",
		"bidi\u202eevil.exe": "bidi\uFFFDevil.exe",
	} {
		if got := githubData(in); got != want {
			t.Errorf("githubData(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"a,b:c":    "a%2Cb%3Ac",
		"50%\nx":   "50%25%0Ax",
		"dir/a.tf": "dir/a.tf",
	} {
		if got := githubProperty(in); got != want {
			t.Errorf("githubProperty(%q) = %q, want %q", in, got, want)
		}
	}

	got := string(render(t, "github", false, Report{Result: hostileResult()}))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 1 {
		t.Fatalf("want one line for the one unsuppressed finding, got %d:\n%s", len(lines), got)
	}
	line := lines[0]
	if !strings.HasPrefix(line, "::error file=x<img src=x onerror=alert(1)>.yaml,line=1,col=2,endLine=1,endColumn=5,title=FL101 shared-node-role::") {
		t.Errorf("unexpected command: %s", line)
	}
	if strings.ContainsAny(line, "\r\x1b\x00\u202e") {
		t.Errorf("line break or control character survived: %q", line)
	}
	if !strings.Contains(line, "%0A::error::injected%0D%0A") || !strings.Contains(line, "%250A 100%25") {
		t.Errorf("message not escaped: %s", line)
	}
	if !strings.Contains(line, "Related:%0A- a,b:c`d``e.tf:2: 1. not a list") {
		t.Errorf("related location missing: %s", line)
	}
}

func TestGitHubOrderAndOverflow(t *testing.T) {
	var fs []lint.Finding
	add := func(n int, s lint.Severity) {
		for i := range n {
			fs = append(fs, lint.Finding{Rule: "FL101", Severity: s, Message: fmt.Sprintf("%s %d", s, i), Range: lint.Range{File: "a.tf", Line: len(fs) + 1}})
		}
	}
	add(11, lint.Notice)
	add(12, lint.Warning)
	add(3, lint.Error)
	got := strings.Split(strings.TrimSuffix(string(render(t, "github", false, Report{Result: lint.Result{Findings: fs}})), "\n"), "\n")
	if len(got) != 27 {
		t.Fatalf("%d lines, want 26 annotations and a notice:\n%s", len(got), strings.Join(got, "\n"))
	}
	for i, l := range got {
		var want string
		switch {
		case i < 3:
			want = "::error "
		case i < 15:
			want = "::warning "
		case i == 15:
			want = "::notice title=faultline::3 more findings than GitHub shows as annotations; see the job summary or the log"
		default:
			want = "::notice "
		}
		if !strings.HasPrefix(l, want) {
			t.Errorf("line %d = %q, want prefix %q", i, l, want)
		}
	}
	// Within a level, findings keep their order.
	if !strings.HasSuffix(got[3], "::warning 0") || !strings.HasSuffix(got[14], "::warning 11") {
		t.Errorf("warnings out of order: %q … %q", got[3], got[14])
	}
	for _, l := range got {
		if !strings.HasPrefix(l, "::") {
			t.Errorf("not a workflow command: %q", l)
		}
	}
}

func TestMarkdownEscaping(t *testing.T) {
	for in, want := range map[string]string{
		"plain text":                           "plain text",
		"x<img src=x onerror=alert(1)>.yaml":   "x&lt;img src=x onerror=alert(1)&gt;.yaml",
		"a & b":                                "a &amp; b",
		"`code` **b** _i_ ~~s~~ [l](u) a|b":    "\\`code\\` \\*\\*b\\*\\* \\_i\\_ \\~\\~s\\~\\~ \\[l\\](u) a\\|b",
		"@alice and @org/team":                 "@\u200dalice and @\u200dorg/team",
		"# heading":                            "\\# heading",
		"- item":                               "\\- item",
		"+ item":                               "\\+ item",
		"12. item":                             "12\\. item",
		"3) item":                              "3\\) item",
		"v1.2 - ok":                            "v1.2 - ok",
		"line\nbreak\r\n# not a heading":       "line break \\# not a heading",
		"$x$ \\ back":                          "\\$x\\$ \\\\ back",
		"fixes #123, org/repo#4, #x":           "fixes \\#\u200d123, org/repo\\#\u200d4, \\#x",
		"\x1b[31m":                             "\uFFFD\\[31m",
		"<!-- comment --> </details>":          "&lt;!-- comment --&gt; &lt;/details&gt;",
		"https://example.com/a_b?x=1&y=2#frag": "https://example.com/a\\_b?x=1&amp;y=2\\#frag",
	} {
		if got := markdownText(in); got != want {
			t.Errorf("markdownText(%q) =\n  %q, want\n  %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"infra/eks.tf:12":               "`infra/eks.tf:12`",
		"a`b":                           "``a`b``",
		"a``b`":                         "``` a``b` ```",
		"`x":                            "`` `x ``",
		"x<img src=x onerror=alert(1)>": "`x<img src=x onerror=alert(1)>`",
		"@alice":                        "`@alice`",
		"two\nlines":                    "`two lines`",
		"":                              "",
	} {
		if got := markdownCode(in); got != want {
			t.Errorf("markdownCode(%q) = %q, want %q", in, got, want)
		}
	}

	got := render(t, "markdown", false, Report{Result: hostileResult(), Rules: formatsRules()})
	checkGolden(t, "report/formats_hostile.md.golden", got)
	text := string(got)
	// Raw HTML only from the reporter itself; the hostile path shows
	// literally only inside code spans.
	if strings.Contains(text, "<script") || strings.Contains(text, "<b>") || strings.Contains(text, "<i>") ||
		strings.Count(text, "<img") != strings.Count(text, "`x<img") {
		t.Errorf("raw HTML from the input survived:\n%s", text)
	}
	if strings.Contains(strings.ReplaceAll(text, "`@", ""), "@alice") || strings.Contains(text, "@bob") {
		t.Errorf("a mention survived:\n%s", text)
	}
	if strings.ContainsAny(text, "\r\x1b\x00\u202e") {
		t.Errorf("control characters survived")
	}
}

func TestMarkdownBudget(t *testing.T) {
	var fs []lint.Finding
	long := strings.Repeat("a long message ", 40)
	for i := range 300 {
		fs = append(fs, lint.Finding{
			Rule: "FL101", Name: "shared-node-role", Severity: lint.Error, Message: long,
			Range: lint.Range{File: "a.tf", Line: i + 1}, Chain: []string{long, long},
		})
	}
	fs = append(fs, lint.Finding{Rule: "FL101", Severity: lint.Error, Range: lint.Range{File: "b.tf", Line: 1}, Suppressed: &lint.Suppression{Reason: "r"}})
	got := string(render(t, "markdown", false, Report{Result: lint.Result{Findings: fs, Summary: lint.Summary{Errors: 300}}}))
	if len(got) > 65536 {
		t.Errorf("comment is %d bytes", len(got))
	}
	if !strings.Contains(got, " more findings and 1 suppressed finding not shown: the comment would be too long.") {
		t.Errorf("no note about the findings left out:\n%s", got[len(got)-300:])
	}
}

type junitCounts struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Suite    struct {
		Skipped int `xml:"skipped,attr"`
		Cases   []struct {
			Name    string    `xml:"name,attr"`
			Failure *struct{} `xml:"failure"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func decodeJUnit(t *testing.T, r Report) junitCounts {
	t.Helper()
	var c junitCounts
	if err := xml.Unmarshal(render(t, "junit", false, r), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestJUnitCounts(t *testing.T) {
	c := decodeJUnit(t, formatsReport())
	if c.Tests != 4 || c.Failures != 2 || c.Suite.Skipped != 1 {
		t.Errorf("tests %d failures %d skipped %d, want 4 2 1", c.Tests, c.Failures, c.Suite.Skipped)
	}
	c = decodeJUnit(t, Report{})
	if c.Tests != 1 || c.Failures != 0 || len(c.Suite.Cases) != 1 || c.Suite.Cases[0].Failure != nil {
		t.Errorf("a clean run is not one passing test: %+v", c)
	}
}
