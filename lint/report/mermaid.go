package report

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
)

// Limits of a finding's diagram. GitHub renders a Mermaid block of up to
// 50,000 characters with at most 500 edges; a diagram stays far below both
// and says what it left out (the list below the diagram has everything).
const (
	// mermaidMaxRelated is the most related locations drawn as nodes.
	mermaidMaxRelated = 8
	// mermaidMaxSteps is the most chain steps drawn as nodes.
	mermaidMaxSteps = 10
	// mermaidMaxLabel is the most characters of a message in one node;
	// longer ones end in an ellipsis.
	mermaidMaxLabel = 200
	// mermaidMaxText bounds a whole diagram, escaped; the limits above
	// keep even a hostile finding below it, and a diagram over it is
	// left out rather than cut.
	mermaidMaxText = 24000
)

// mermaidHeader starts every diagram: top to bottom, with the class that
// marks the break and the class of the chain's steps.
const mermaidHeader = "```mermaid\nflowchart TD\n" +
	"  classDef broken fill:#ffebe9,stroke:#cf222e,stroke-width:3px,color:#82071e\n" +
	"  classDef related fill:#f6f8fa,stroke:#57606a\n" +
	"  classDef step fill:#ffffff,stroke:#8c959f,stroke-dasharray:4 3\n"

// mermaidChain draws a finding's chain as a Mermaid flowchart in a fenced
// block, or returns "" when there is nothing to draw (no related location
// and no chain) or the drawing would be too large.
//
// The objects are the nodes: the finding's own location (the end where the
// chain breaks, class broken) and each related location, each with its
// file:line and what the rule says of it (the kind and name of the object
// and what it does there). A related location is joined to the break by an
// edge labelled with its place in the list; the chain's steps follow the
// break in order, numbered as in the text report. Node IDs are fixed (f,
// r1…, s1…); every label is quoted and entity-encoded (mermaidText).
func mermaidChain(f lint.Finding) string {
	if len(f.Related) == 0 && len(f.Chain) == 0 {
		return ""
	}
	d := &mermaidDiagram{}
	dir := commonDir(f)
	head := strings.TrimSpace(f.Rule + " " + f.Severity.String())
	mermaidNode(&d.nodes, "f", "broken", []string{head, kindWhere(f.Picture, 0, mermaidWhere(f.Range, f.Revision, dir))}, f.Message)
	mermaidRelated(d, f, dir)
	mermaidSteps(d, f.Chain)
	var b strings.Builder
	b.WriteString(mermaidHeader)
	b.WriteString(d.nodes.String())
	for _, l := range d.links {
		b.WriteString(l)
	}
	for _, i := range d.broken {
		fmt.Fprintf(&b, "  linkStyle %d stroke:#cf222e,stroke-width:3px\n", i)
	}
	b.WriteString("```\n")
	if b.Len() > mermaidMaxText {
		return ""
	}
	return b.String()
}

// mermaidDiagram collects a diagram's nodes and links apart, so that a
// link's index (which linkStyle names) is known.
type mermaidDiagram struct {
	nodes  strings.Builder
	links  []string
	broken []int
}

// link adds one link line; broken ones are styled red.
func (d *mermaidDiagram) link(line string, broken bool) {
	if broken {
		d.broken = append(d.broken, len(d.links))
	}
	d.links = append(d.links, "  "+line+"\n")
}

// kindWhere puts the kind of the entity at location i (from the picture)
// before its position.
func kindWhere(p *lint.Picture, i int, where string) string {
	if p == nil || i >= len(p.Kinds) || p.Kinds[i] == "" {
		return where
	}
	if where == "" {
		return string(p.Kinds[i])
	}
	return string(p.Kinds[i]) + " · " + where
}

// mermaidRelated draws the related locations above the break and a node
// counting those left out. With a picture, the model's relations between
// the locations are labelled links (the missing one dashed and red);
// a location in no relation is joined to the break by a plain line.
func mermaidRelated(d *mermaidDiagram, f lint.Finding, dir string) {
	id := func(i int) string {
		if i == 0 {
			return "f"
		}
		return "r" + strconv.Itoa(i)
	}
	drawn := map[int]bool{0: true}
	for i, l := range f.Related {
		if i == mermaidMaxRelated {
			mermaidNode(&d.nodes, "rmore", "related", nil, fmt.Sprintf("… and %s (listed below)", plural(len(f.Related)-i, "more related location", "more related locations")))
			d.link("rmore -.- f", false)
			break
		}
		mermaidNode(&d.nodes, id(i+1), "related", []string{kindWhere(f.Picture, i+1, mermaidWhere(l.Range, l.Revision, dir))}, l.Message)
		drawn[i+1] = true
	}
	joined := map[int]bool{}
	if f.Picture != nil {
		for _, e := range f.Picture.Edges {
			if !drawn[e.From] || !drawn[e.To] {
				continue
			}
			arrow := "-->"
			if e.Broken {
				arrow = "-.->"
			}
			d.link(fmt.Sprintf("%s %s|\"%s\"| %s", id(e.From), arrow, mermaidLine(e.Label, 60), id(e.To)), e.Broken)
			joined[e.From], joined[e.To] = true, true
		}
	}
	for i := range f.Related {
		if i == mermaidMaxRelated {
			break
		}
		if !joined[i+1] {
			d.link(id(i+1)+" --- f", false)
		}
	}
}

// mermaidSteps draws the chain below the break, one node a step, and a node
// counting the steps left out.
func mermaidSteps(d *mermaidDiagram, chain []string) {
	prev := "f"
	for i, step := range chain {
		id := "s" + strconv.Itoa(i+1)
		text := strconv.Itoa(i+1) + ". " + step
		if i == mermaidMaxSteps {
			id = "smore"
			text = fmt.Sprintf("… %s (listed below)", plural(len(chain)-i, "more step", "more steps"))
		}
		mermaidNode(&d.nodes, id, "step", nil, text)
		if prev == "f" {
			d.link("f ==> "+id, false)
		} else {
			d.link(prev+" --> "+id, false)
		}
		if i == mermaidMaxSteps {
			return
		}
		prev = id
	}
}

// mermaidWhere is a node's position line: file:line with the directory
// all the finding's files share left out, and the revision the object is
// at when it is not the working tree.
func mermaidWhere(r lint.Range, revision, dir string) string {
	if r.IsZero() {
		return ""
	}
	s := strings.TrimPrefix(r.File, dir)
	if r.Line > 0 {
		s += ":" + strconv.Itoa(r.Line)
	}
	if revision != "" {
		s += " at " + revision
	}
	return s
}

// commonDir is the longest directory prefix (ending in a slash) of all the
// finding's files, "" when they share none or there is only one location:
// the section's Location line and the list below the diagram name the
// whole paths.
func commonDir(f lint.Finding) string {
	files := []string{}
	for _, r := range append([]lint.Location{{Range: f.Range}}, f.Related...) {
		if !r.IsZero() {
			files = append(files, r.File)
		}
	}
	if len(files) < 2 {
		return ""
	}
	dir := files[0][:strings.LastIndex(files[0], "/")+1]
	for _, file := range files[1:] {
		for !strings.HasPrefix(file, dir) {
			dir = dir[:strings.LastIndex(strings.TrimSuffix(dir, "/"), "/")+1]
		}
	}
	return dir
}

// mermaidNode writes one node: id["line<br/>line<br/>text"]:::class, each
// part cut at mermaidMaxLabel and blank ones left out.
func mermaidNode(b *strings.Builder, id, class string, lines []string, text string) {
	var parts []string
	for _, l := range append(lines, text) {
		if e := mermaidLine(l, mermaidMaxLabel); e != "" {
			parts = append(parts, e)
		}
	}
	if len(parts) == 0 {
		parts = []string{"(no location or message)"}
	}
	fmt.Fprintf(b, "  %s[\"%s\"]:::%s\n", id, strings.Join(parts, "<br/>"), class)
}

// mermaidLine cleans text onto one line with single spaces, cuts it to
// limit characters (0: no limit) and escapes it. Mermaid wraps it to the
// node's width.
func mermaidLine(text string, limit int) string {
	text = strings.Join(strings.Fields(cleanText(text)), " ")
	if limit > 0 && utf8.RuneCountInString(text) > limit {
		cut, n := 0, 0
		for i := range text {
			if n == limit-1 {
				cut = i
				break
			}
			n++
		}
		text = strings.TrimSpace(text[:cut]) + "…"
	}
	return mermaidText(text)
}

// mermaidText escapes untrusted text for a quoted Mermaid label. Mermaid
// decodes #name; and #123; as HTML entities, so every character that could
// end the string (a quote), start an entity (#, &), form HTML (<, >), a
// Markdown string or the fenced block's end (a backtick), a comment or
// directive (%%), or a shape or edge label ([]{}|) is written as a numeric
// entity, and so is @ (no mention); a quoted label keeps the rest (-->
// and ; included) as text. The text must be one clean line.
func mermaidText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case '"', '#', '&', '<', '>', '`', '%', '[', ']', '{', '}', '|', '\\', '@':
			b.WriteByte('#')
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// MermaidLabel cleans untrusted text onto one line, cuts it to limit
// characters (0: no limit) and escapes it for a quoted Mermaid label, as
// the chains of the markdown report are: for other diagrams of the model.
func MermaidLabel(text string, limit int) string { return mermaidLine(text, limit) }
