package graph

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/faultline-dev/faultline/lint/report"
)

// Formats are the output formats of the graph.
func Formats() []string { return []string{"mermaid", "dot", "html"} }

// Write renders g in format ("mermaid", "dot" or "html").
func Write(w io.Writer, g *Graph, format, title string) error {
	switch strings.ToLower(format) {
	case "mermaid":
		return WriteMermaid(w, g)
	case "dot":
		return WriteDOT(w, g)
	case "html":
		return WriteHTML(w, g, title)
	}
	return fmt.Errorf("unknown graph format %q (want %s)", format, strings.Join(Formats(), ", "))
}

// Limits of a Mermaid graph. GitHub renders a Mermaid block of up to
// 50,000 characters with at most 500 edges; a graph stays below both and
// ends in a node saying what it left out.
const (
	mermaidMaxNodes = 250
	mermaidMaxEdges = 450
	mermaidMaxText  = 45000
	// maxLabel is the most characters of one line of a node's label.
	maxLabel = 120
)

// labelLines are the lines of a node's label: its kind, its label (and
// name when the label does not say it) and file:line.
func labelLines(n Node) []string {
	lines := []string{string(n.Kind), n.Label}
	if n.Name != "" && !strings.Contains(n.Label, n.Name) {
		lines = append(lines, "name: "+n.Name)
	}
	if n.Where != "" {
		lines = append(lines, n.Where)
	}
	return lines
}

// mermaidNodeLine is n1["kind<br/>label<br/>file:line"] with every part
// escaped as the markdown report's chains are (report.MermaidLabel).
func mermaidNodeLine(n Node) string {
	var parts []string
	for _, l := range labelLines(n) {
		if e := report.MermaidLabel(l, maxLabel); e != "" {
			parts = append(parts, e)
		}
	}
	line := "  " + n.ID + "[\"" + strings.Join(parts, "<br/>") + "\"]"
	if n.Focus {
		line += ":::focus"
	}
	return line + "\n"
}

// WriteMermaid renders g as a Mermaid flowchart (left to right). Node IDs
// are the graph's own (n1, n2…); labels are quoted and entity-encoded. A
// graph over GitHub's limits is cut, and a last node counts what was left
// out.
func WriteMermaid(w io.Writer, g *Graph) error {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	b.WriteString("  classDef focus fill:#ffebe9,stroke:#cf222e,stroke-width:3px,color:#82071e\n")
	drawn := map[int]bool{}
	for i, n := range g.Nodes {
		line := mermaidNodeLine(n)
		if i >= mermaidMaxNodes || b.Len()+len(line) > mermaidMaxText*2/3 {
			break
		}
		b.WriteString(line)
		drawn[i] = true
	}
	edges := 0
	for _, e := range g.Edges {
		if !drawn[e.From] || !drawn[e.To] {
			continue
		}
		line := fmt.Sprintf("  %s -->|\"%s\"| %s\n", g.Nodes[e.From].ID, report.MermaidLabel(e.Label, maxLabel), g.Nodes[e.To].ID)
		if edges >= mermaidMaxEdges || b.Len()+len(line) > mermaidMaxText {
			break
		}
		b.WriteString(line)
		edges++
	}
	if lostN, lostE := len(g.Nodes)-len(drawn), len(g.Edges)-edges; lostN > 0 || lostE > 0 {
		fmt.Fprintf(&b, "  more[\"%s\"]\n", report.MermaidLabel(fmt.Sprintf(
			"… %d more entities and %d more relations not drawn (GitHub's Mermaid limits): use --focus, or --format dot or html", lostN, lostE), 0))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// dotString quotes s for DOT: backslashes and quotes escaped, on one
// clean line (report.CleanText), so no escape sequence of Graphviz's
// (\n, \l, \N…) comes from the input.
func dotString(s string) string {
	s = strings.Join(strings.Fields(report.CleanText(s)), " ")
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"`
}

// WriteDOT renders g as a Graphviz digraph: quoted IDs (the graph's own)
// and labels, lines of a label joined by DOT's \n.
func WriteDOT(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph faultline {")
	fmt.Fprintln(bw, "  rankdir=LR;")
	fmt.Fprintln(bw, `  node [shape=box, style="rounded,filled", fillcolor="#f6f8fa", fontname="Helvetica"];`)
	fmt.Fprintln(bw, `  edge [fontname="Helvetica", fontsize=10];`)
	for _, n := range g.Nodes {
		var parts []string
		for _, l := range labelLines(n) {
			q := dotString(l)
			if q != `""` {
				parts = append(parts, q[1:len(q)-1])
			}
		}
		extra := ""
		if n.Focus {
			extra = `, color="#cf222e", fillcolor="#ffebe9", penwidth=3`
		}
		fmt.Fprintf(bw, "  %s [label=\"%s\", tooltip=%s%s];\n", dotString(n.ID), strings.Join(parts, `\n`), dotString(n.Addr), extra)
	}
	for _, e := range g.Edges {
		fmt.Fprintf(bw, "  %s -> %s [label=%s];\n", dotString(g.Nodes[e.From].ID), dotString(g.Nodes[e.To].ID), dotString(e.Label))
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}
