package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/mermaidcheck"
)

// graphGoldens are `faultline graph` outputs of the Stytch example, kept
// in testdata/graph (rewritten by -update).
var graphGoldens = map[string]string{
	"mermaid": "stytch-2023-broken.mmd",
	"dot":     "stytch-2023-broken.dot",
}

func TestGraphGoldens(t *testing.T) {
	root := repoRoot(t)
	for format, name := range graphGoldens {
		t.Run(format, func(t *testing.T) {
			out, stderr, code := runCLI(t, root, "graph", "--format", format, "examples/stytch-2023/broken")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden := filepath.Join("testdata", "graph", name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if out != string(want) {
				t.Errorf("faultline graph --format %s differs from %s (rerun with -update if intended)\n%s", format, golden, firstDifference(string(want), out))
			}
		})
	}
}

// TestGraphStytchRelations checks the drawing of the Stytch chain itself:
// the node groups and both node classes reach the one shared role and
// security group.
func TestGraphStytchRelations(t *testing.T) {
	out, stderr, code := runCLI(t, repoRoot(t), "graph", "--format", "dot", "examples/stytch-2023/broken")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`label="uses role"`, `label="holds role"`, `label="selects security group"`, `label="attaches security group"`,
		`label="launches with"`, `label="launches with instance profile"`, `label="launch template"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no edge %s in\n%s", want, out)
		}
	}
}

func TestGraphFocus(t *testing.T) {
	root := repoRoot(t)
	full, _, _ := runCLI(t, root, "graph", "--format", "dot", "examples/stytch-2023/broken")
	focus, stderr, code := runCLI(t, root, "graph", "--format", "dot", "--focus", "FL101", "examples/stytch-2023/broken")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	nodes := func(s string) int { return strings.Count(s, "[label=\"") - strings.Count(s, " -> ") }
	if n, m := nodes(focus), nodes(full); n == 0 || n >= m {
		t.Errorf("--focus FL101 kept %d of %d nodes", n, m)
	}
	for _, want := range []string{"EC2NodeClass default", "EC2NodeClass gpu", "aws_iam_role.nodes"} {
		if !strings.Contains(focus, want) {
			t.Errorf("--focus FL101 lost %s", want)
		}
	}
	if strings.Contains(focus, "pod_identity_association") {
		t.Error("--focus FL101 kept the Karpenter controller's pod identity, which no FL101 finding touches")
	}
	ent, stderr, code := runCLI(t, root, "graph", "--focus", "EC2NodeClass gpu", "examples/stytch-2023/broken")
	if code != 0 || !strings.Contains(ent, ":::focus") || strings.Contains(ent, "NodePool general") {
		t.Errorf("--focus 'EC2NodeClass gpu': exit %d %s\n%s", code, stderr, ent)
	}
	_, stderr, code = runCLI(t, root, "graph", "--focus", "no-such-thing", "examples/stytch-2023/broken")
	if code != exitError || !strings.Contains(stderr, "no rule and no entity") {
		t.Errorf("unknown --focus: exit %d, %s", code, stderr)
	}
	_, stderr, code = runCLI(t, root, "graph", "--format", "svg", "examples/stytch-2023/broken")
	if code != exitError || !strings.Contains(stderr, "--format") {
		t.Errorf("unknown --format: exit %d, %s", code, stderr)
	}
}

// hostileName is a name written to break out of every output format.
const hostileName = "x\"]; n1 --> n2; click n1 \"javascript:alert(1)\" %%{init}%% `x` #quot; &amp; </script><img src=x onerror=alert(1)> \\\" \\n {a|b}"

// hostileGraphTree is a tree whose node class and role carry hostile
// names, related to each other.
func hostileGraphTree(t *testing.T) string {
	return fixture(t, map[string]string{
		"infra/main.tf": `resource "aws_iam_role" "nodes" {
  name               = ` + hclString(hostileName) + `
  assume_role_policy = "{}"
}
`,
		"k8s/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: " + yamlString(hostileName) + "\nspec:\n  role: " + yamlString(hostileName) + "\n",
	})
}

func hclString(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b), "%{", "%%{")
}

func yamlString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func graphOf(t *testing.T, dir, format string, args ...string) string {
	t.Helper()
	code, out, stderr := run(t, dir, nil, append([]string{"graph", "--format", format, "."}, args...)...)
	if code != 0 {
		t.Fatalf("graph --format %s: exit %d: %s", format, code, stderr)
	}
	return out
}

func TestGraphHostileNames(t *testing.T) {
	dir := hostileGraphTree(t)
	mmd := graphOf(t, dir, "mermaid")
	if !strings.Contains(mmd, "uses role") {
		t.Fatalf("the hostile node class does not reach its role:\n%s", mmd)
	}
	nodeLine := regexp.MustCompile(`^  (n\d+)\["([^"]*)"\](:::focus)?$`)
	edgeLine := regexp.MustCompile(`^  n\d+ -->\|"[^"]*"\| n\d+$`)
	for _, l := range strings.Split(strings.TrimSuffix(mmd, "\n"), "\n")[2:] {
		m := nodeLine.FindStringSubmatch(l)
		if m == nil && !edgeLine.MatchString(l) {
			t.Errorf("mermaid line is not a node or an edge: %q", l)
			continue
		}
		if m != nil && strings.ContainsAny(strings.ReplaceAll(m[2], "<br/>", ""), "`<>%[]{}|&\\") {
			t.Errorf("unescaped character in label: %q", m[2])
		}
	}
	dot := graphOf(t, dir, "dot")
	quoted := `"(?:[^"\\]|\\.)*"`
	dotNode := regexp.MustCompile(`^  "n\d+" \[label=` + quoted + `, tooltip=` + quoted + `(, [a-z]+=` + quoted + `| penwidth=\d)*\];$`)
	dotEdge := regexp.MustCompile(`^  "n\d+" -> "n\d+" \[label=` + quoted + `\];$`)
	lines := strings.Split(strings.TrimSuffix(dot, "\n"), "\n")
	for _, l := range lines[4 : len(lines)-1] {
		if !dotNode.MatchString(l) && !dotEdge.MatchString(l) {
			t.Errorf("dot line is not a quoted node or edge: %q", l)
		}
	}
	if strings.Contains(dot, `\n {a`) && !strings.Contains(dot, `\\n {a`) {
		t.Error("a backslash of the input became a DOT escape")
	}
	page := graphOf(t, dir, "html")
	if n := strings.Count(strings.ToLower(page), "<script"); n != 2 {
		t.Errorf("%d <script elements in the page, want 2 (data and code)", n)
	}
	if strings.Contains(page, "<img") || strings.Contains(page, "javascript:alert") && !strings.Contains(page, `\"javascript:alert(1)\"`) {
		t.Error("hostile markup reached the page unescaped")
	}
	data := graphData(t, page)
	found := false
	for _, n := range data.Nodes {
		found = found || n.Label == "EC2NodeClass "+hostileName || n.Name == hostileName
	}
	if !found {
		t.Errorf("the hostile name did not survive the JSON round trip: %+v", data.Nodes)
	}
	errs := mermaidCheck(t, []string{mmd, "flowchart LR\n  n1[\"a \" b\"]\n"})
	if errs[0] != "" {
		t.Errorf("the hostile graph does not parse: %s\n%s", errs[0], mmd)
	}
	if errs[1] == "" {
		t.Error("the Mermaid parser accepted a broken diagram")
	}
	if dom, ok := chromiumDOM(t, writePage(t, page)+"#n1"); ok {
		if strings.Contains(dom, "<img") {
			t.Error("the browser built an <img> from a hostile name")
		}
		if !strings.Contains(dom, "onerror=alert(1)&gt;") {
			t.Error("the hostile name is not shown as text in the details panel")
		}
	}
}

// TestGraphMermaidParses parses the Stytch graphs (full and focused) with
// the real Mermaid parser (scripts/mermaid-check).
func TestGraphMermaidParses(t *testing.T) {
	root := repoRoot(t)
	full, _, _ := runCLI(t, root, "graph", "examples/stytch-2023/broken")
	focus, _, _ := runCLI(t, root, "graph", "--focus", "FL101", "examples/stytch-2023/broken")
	for i, e := range mermaidCheck(t, []string{full, focus}) {
		if e != "" {
			t.Errorf("diagram %d does not parse: %s", i, e)
		}
	}
}

// mermaidCheck parses diagrams with scripts/mermaid-check under Node.js,
// installing its pinned packages when missing; "" for a diagram that
// parsed as a flowchart, else the error.
func mermaidCheck(t *testing.T, diagrams []string) []string {
	t.Helper()
	res, err := mermaidcheck.Parse(filepath.Join(repoRoot(t), "scripts", "mermaid-check"), diagrams)
	if errors.Is(err, mermaidcheck.ErrNoNode) {
		t.Skip("node not found on PATH: the Mermaid graphs are not parsed (install Node.js to run this test)")
	}
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(res))
	for i, r := range res {
		switch {
		case !r.OK:
			out[i] = r.Error
		case r.Type != "flowchart-v2":
			out[i] = "parsed as " + r.Type
		}
	}
	return out
}

type pageData struct {
	Nodes []struct {
		ID, Label, Name, Addr, Kind, Where string
	}
	Edges []struct{ From, To, Label string }
}

// graphData reads the JSON block of a graph page.
func graphData(t *testing.T, page string) pageData {
	t.Helper()
	const open = `<script type="application/json" id="graph-data">`
	i := strings.Index(page, open)
	j := strings.Index(page[i+1:], "</script>")
	if i < 0 || j < 0 {
		t.Fatalf("no data block in the page")
	}
	var d pageData
	if err := json.Unmarshal([]byte(page[i+len(open):i+1+j]), &d); err != nil {
		t.Fatalf("data block: %v", err)
	}
	return d
}

func writePage(t *testing.T, page string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "graph.html")
	if err := os.WriteFile(p, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + p
}

// chromium runs headless Chromium with args on url; ok is false (the test
// skipped) when it is not installed. The deadline only stops a hung
// browser.
func chromium(t *testing.T, args ...string) ([]byte, bool) {
	t.Helper()
	bin := "/usr/bin/chromium"
	if _, err := os.Stat(bin); err != nil {
		if bin, err = exec.LookPath("chromium"); err != nil {
			t.Skip("chromium not installed (Debian package chromium): the HTML graph is not rendered in a browser")
			return nil, false
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=" + t.TempDir(), "--window-size=1200,800"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes(), true
}

func chromiumDOM(t *testing.T, url string) (string, bool) {
	out, ok := chromium(t, "--dump-dom", url)
	return string(out), ok
}

// TestGraphHTMLInBrowser renders the Stytch graph page (full and --focus
// FL101) in headless Chromium: the DOM after the script ran holds one
// drawn node per entity and one path per relation, the details panel
// shows an entity's kind, address, scope and file:line, and the
// screenshot is a PNG with the drawing in it. GRAPH_SHOTS=DIR keeps the
// screenshots.
func TestGraphHTMLInBrowser(t *testing.T) {
	root := repoRoot(t)
	for name, args := range map[string][]string{"full": nil, "focus-FL101": {"--focus", "FL101"}} {
		t.Run(name, func(t *testing.T) {
			page, stderr, code := runCLI(t, root, append([]string{"graph", "--format", "html", "examples/stytch-2023/broken"}, args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data := graphData(t, page)
			if len(data.Nodes) == 0 || len(data.Edges) == 0 {
				t.Fatalf("empty graph: %+v", data)
			}
			url := writePage(t, page)
			dom, ok := chromiumDOM(t, url+"#"+data.Nodes[0].ID)
			if !ok {
				return
			}
			if got := strings.Count(dom, `<g class="node`); got != len(data.Nodes) {
				t.Errorf("%d node elements drawn, want %d", got, len(data.Nodes))
			}
			for _, n := range data.Nodes {
				if !strings.Contains(dom, `data-id="`+n.ID+`"`) {
					t.Errorf("node %s (%s) not drawn", n.ID, n.Label)
				}
			}
			if got := strings.Count(dom, `<path class="edge`); got != len(data.Edges) {
				t.Errorf("%d edges drawn, want %d", got, len(data.Edges))
			}
			first := data.Nodes[0]
			touching := 0
			for _, e := range data.Edges {
				if e.From == first.ID || e.To == first.ID {
					touching++
				}
			}
			if got := strings.Count(dom, `<path class="edge lit"`); got != touching {
				t.Errorf("%d edges lit for the selected %s, want its %d", got, first.ID, touching)
			}
			for _, want := range []string{"<dt>Kind</dt><dd>" + first.Kind + "</dd>", "<dt>Address</dt><dd>" + first.Addr + "</dd>", "<dt>File:line</dt><dd>" + first.Where + "</dd>", "<dt>Scope</dt>"} {
				if !strings.Contains(dom, want) {
					t.Errorf("details panel lacks %s", want)
				}
			}
			shot := filepath.Join(t.TempDir(), "shot.png")
			if dir := os.Getenv("GRAPH_SHOTS"); dir != "" {
				shot = filepath.Join(dir, "stytch-2023-broken-"+name+".png")
			}
			chromium(t, "--screenshot="+shot, url)
			checkScreenshot(t, shot)
		})
	}
}

// checkScreenshot decodes a PNG and checks it is not blank: enough pixels
// differ from the page's white background, and some are the fill of the
// node boxes.
func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s is not a PNG: %v", path, err)
	}
	b := img.Bounds()
	if b.Dx() != 1200 || b.Dy() != 800 {
		t.Errorf("screenshot is %dx%d, want 1200x800", b.Dx(), b.Dy())
	}
	inked, boxes := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if r < 240 || g < 240 || bl < 240 {
				inked++
			}
			// #ddf4ff (entity) or #ffebe9 (focus): the box fills.
			if near(r, 0xdd) && near(g, 0xf4) && near(bl, 0xff) || near(r, 0xff) && near(g, 0xeb) && near(bl, 0xe9) {
				boxes++
			}
		}
	}
	if total := b.Dx() * b.Dy(); inked < total/100 || boxes < 2000 {
		t.Errorf("screenshot looks blank: %d of %d pixels inked, %d of node boxes", inked, total, boxes)
	}
}

func near(v, want uint32) bool { return v+6 >= want && v <= want+6 }

// TestGraphBadInput: an unreadable file is named on stderr, the rest is
// drawn, and nothing panics.
func TestGraphBadInput(t *testing.T) {
	dir := fixture(t, map[string]string{
		"infra/main.tf":      "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n",
		"k8s/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
		"k8s/broken.yaml":    "kind: [\n",
	})
	for _, format := range []string{"mermaid", "dot", "html"} {
		code, out, stderr := run(t, dir, nil, "graph", "--format", format, ".")
		if code != 0 || !strings.Contains(out, "EC2NodeClass default") {
			t.Errorf("%s: exit %d, stderr %s\n%s", format, code, stderr, out)
		}
		for _, f := range []string{"infra/main.tf:", "k8s/broken.yaml:"} {
			if !strings.Contains(stderr, f) || !strings.Contains(stderr, "FL000") {
				t.Errorf("%s: stderr does not name %s:\n%s", format, f, stderr)
			}
		}
	}
}
