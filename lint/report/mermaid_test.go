package report

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// hostileText is every way a name could try to leave a Mermaid label, the
// diagram or the fenced block.
const hostileText = "role \"x\"] --> evil[\"y\" `code` ```\n```\n# heading\r\n" +
	"%%{init: {\"securityLevel\": \"loose\"}}%% %% comment\n" +
	"<script>alert(1)</script> <img src=x onerror=alert(1)> #quot; &quot; #35; " +
	"click f call alert() :::broken |label| {curly} (round) [[sub]] \\ @alice #123 ; end\x00\u202e\u2028x"

// The lines a diagram may have: the header, nodes with fixed IDs and one
// quoted label, and the edges between them.
var (
	mermaidNodeLine = regexp.MustCompile(`^  (f|r[0-9]+|rmore|s[0-9]+|smore)\["([^"]*)"\]:::(broken|related|step)$`)
	mermaidEdgeLine = regexp.MustCompile(`^  ((r[0-9]+|rmore) (---|-\.-) f|f ==> (s1|smore)|s[0-9]+ --> (s[0-9]+|smore))$`)
	mermaidEntity   = regexp.MustCompile(`#([0-9]+);`)
)

// mermaidLabels checks that block is one fenced Mermaid flowchart made
// only of the allowed lines, and returns each node's label, decoded
// (entities to characters, line breaks to spaces), by node ID.
func mermaidLabels(t *testing.T, block string) map[string]string {
	t.Helper()
	if !strings.HasPrefix(block, mermaidHeader) || !strings.HasSuffix(block, "\n```\n") {
		t.Fatalf("not a fenced flowchart:\n%s", block)
	}
	body := strings.TrimSuffix(strings.TrimPrefix(block, mermaidHeader), "```\n")
	labels := map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if mermaidEdgeLine.MatchString(line) {
			continue
		}
		m := mermaidNodeLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("line is neither a node nor an edge: %q", line)
			continue
		}
		label := m[2]
		// Raw, only the reporter's own line breaks and entities.
		if rest := mermaidEntity.ReplaceAllString(strings.ReplaceAll(label, "<br/>", ""), ""); strings.ContainsAny(rest, "\"#&<>`%[]{}|\\@\n\r") {
			t.Errorf("node %s: unescaped character in %q", m[1], rest)
		}
		labels[m[1]] = decodeMermaid(label)
	}
	return labels
}

// decodeMermaid undoes mermaidText and the line breaks of mermaidNode.
func decodeMermaid(label string) string {
	label = strings.ReplaceAll(label, "<br/>", " ")
	return mermaidEntity.ReplaceAllStringFunc(label, func(e string) string {
		n, _ := strconv.Atoi(e[1 : len(e)-1])
		return string(rune(n))
	})
}

// oneLine is what a label keeps of text: clean, on one line, with single
// spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(cleanText(s)), " ")
}

func TestMermaidChainHostile(t *testing.T) {
	f := lint.Finding{
		Rule: "FL201", Severity: lint.Error, Message: hostileText,
		Range:   lint.Range{File: "in`fra/\"main\".tf", Line: 3},
		Related: []lint.Location{{Range: lint.Range{File: "k8s/<sa>.yaml", Line: 7}, Message: hostileText, Revision: "HEAD~1 \"]"}},
		Chain:   []string{hostileText, "short step"},
	}
	block := mermaidChain(f)
	labels := mermaidLabels(t, block)
	if len(labels) != 4 {
		t.Fatalf("%d nodes, want 4 (f, r1, s1, s2):\n%s", len(labels), block)
	}
	if strings.Count(block, "```") != 2 {
		t.Errorf("the fence is not the block's only backticks:\n%s", block)
	}
	// Every label says what it was given, up to the cut.
	want := map[string]string{
		"f":  "FL201 error in`fra/\"main\".tf:3 " + oneLine(hostileText),
		"r1": "k8s/<sa>.yaml:7 at HEAD~1 \"] " + oneLine(hostileText),
		"s1": "1. " + oneLine(hostileText),
		"s2": "2. short step",
	}
	for id, w := range want {
		got := labels[id]
		if cut := strings.TrimSuffix(got, "…"); cut != got {
			if !strings.HasPrefix(w, cut) || len(cut) < mermaidMaxLabel/2 {
				t.Errorf("node %s = %q, want a prefix of %q", id, got, w)
			}
		} else if got != w {
			t.Errorf("node %s = %q, want %q", id, got, w)
		}
	}
	// And it all reaches the Markdown as one code block.
	md := markdownFinding(f, nil)
	if strings.Count(md, "```mermaid\n") != 1 || !strings.Contains(md, block) {
		t.Errorf("the section does not hold the diagram once:\n%s", md)
	}
}

func TestMermaidChainNothingToDraw(t *testing.T) {
	f := lint.Finding{Rule: "FL000", Severity: lint.Error, Message: "cannot parse", Range: lint.Range{File: "a.tf", Line: 1}}
	if got := mermaidChain(f); got != "" {
		t.Errorf("a finding without related locations or chain drew:\n%s", got)
	}
	if md := markdownFinding(f, nil); strings.Contains(md, "```mermaid") {
		t.Errorf("section has a diagram:\n%s", md)
	}
}

// limitsFinding has more related locations and steps than a diagram draws,
// each as long and as escaped as text gets.
func limitsFinding() lint.Finding {
	worst := strings.Repeat("\"", 2*mermaidMaxLabel)
	f := lint.Finding{Rule: "FL101", Severity: lint.Warning, Message: worst, Range: lint.Range{File: strings.Repeat("\"/", 200) + "a.tf", Line: 1}}
	for i := range 3 * mermaidMaxRelated {
		f.Related = append(f.Related, lint.Location{Range: lint.Range{File: fmt.Sprintf("b/%d.yaml", i), Line: i + 1}, Message: worst})
	}
	for range 3 * mermaidMaxSteps {
		f.Chain = append(f.Chain, worst)
	}
	return f
}

func TestMermaidChainLimits(t *testing.T) {
	f := limitsFinding()
	block := mermaidChain(f)
	if block == "" {
		t.Fatal("no diagram")
	}
	if len(block) > mermaidMaxText || len(block) > 50000 {
		t.Errorf("diagram is %d bytes, over %d", len(block), mermaidMaxText)
	}
	labels := mermaidLabels(t, block)
	if len(labels) != 1+mermaidMaxRelated+1+mermaidMaxSteps+1 {
		t.Errorf("%d nodes, want the break, %d related, %d steps and two notes", len(labels), mermaidMaxRelated, mermaidMaxSteps)
	}
	if got, want := labels["rmore"], fmt.Sprintf("… and %d more related locations (listed below)", 2*mermaidMaxRelated); got != want {
		t.Errorf("rmore = %q, want %q", got, want)
	}
	if got, want := labels["smore"], fmt.Sprintf("… %d more steps (listed below)", 2*mermaidMaxSteps); got != want {
		t.Errorf("smore = %q, want %q", got, want)
	}
	for id, l := range labels {
		if n := len([]rune(l)); n > 2*mermaidMaxLabel+len(f.Range.File) {
			t.Errorf("node %s has %d characters", id, n)
		}
	}
	// The section still lists everything the diagram left out.
	if md := markdownFinding(f, nil); !strings.Contains(md, fmt.Sprintf("Related locations (%d)", len(f.Related))) ||
		!strings.Contains(md, fmt.Sprintf("%d. ", len(f.Chain))) {
		t.Errorf("the section does not list all related locations and steps")
	}
}

func TestCommonDir(t *testing.T) {
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{"a/b/c.tf"}, ""},
		{[]string{"a/b/c.tf", "a/b/d.tf"}, "a/b/"},
		{[]string{"a/b/c.tf", "a/bc/d.tf"}, "a/"},
		{[]string{"a/b/c.tf", "x/d.tf"}, ""},
		{[]string{"c.tf", "d.tf"}, ""},
		{[]string{"a/b/c.tf", ""}, ""},
	} {
		f := lint.Finding{Range: lint.Range{File: c.files[0], Line: 1}}
		for _, file := range c.files[1:] {
			f.Related = append(f.Related, lint.Location{Range: lint.Range{File: file, Line: 1}})
		}
		if got := commonDir(f); got != c.want {
			t.Errorf("commonDir(%q) = %q, want %q", c.files, got, c.want)
		}
	}
}

func BenchmarkMermaidChain(b *testing.B) {
	f := limitsFinding()
	b.ReportAllocs()
	for b.Loop() {
		if mermaidChain(f) == "" {
			b.Fatal("no diagram")
		}
	}
}

// BenchmarkMarkdownReport writes the whole Markdown report of the formats
// result, diagrams included.
func BenchmarkMarkdownReport(b *testing.B) {
	r := formatsReport()
	b.ReportAllocs()
	for b.Loop() {
		if err := (markdownReporter{}).Write(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMermaidChainBlankParts(t *testing.T) {
	f := lint.Finding{
		Related: []lint.Location{{}, {Message: " \n "}, {Range: lint.Range{File: "gone.tf"}, Revision: "main"}},
		Chain:   []string{""},
	}
	labels := mermaidLabels(t, mermaidChain(f))
	want := map[string]string{
		"f":  "none",
		"r1": "(no location or message)",
		"r2": "(no location or message)",
		"r3": "gone.tf at main",
		"s1": "1.",
	}
	for id, w := range want {
		if labels[id] != w {
			t.Errorf("node %s = %q, want %q", id, labels[id], w)
		}
	}
}
