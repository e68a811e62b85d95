package kustomize

import (
	"bytes"
	"errors"
	"strconv"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/resource"
)

// Where each rendered object came from is what positions need. krusty
// records it when a kustomization asks for origin annotations, but then it
// also records, on every object, every transformer that touched it (a list
// it decodes and encodes again for each transformer), which on overlays
// with prefixes, labels, images and patches costs more than the build. So
// a build first runs marked instead: every document of a resource file
// (and of a chart's output) carries a top-level field naming its file, and
// every generator entry an annotation naming its kustomization; krusty
// carries both through and they are taken off the output. Whenever that
// could differ from what origin annotations say — the kustomization sets
// buildMetadata, merges a generator into an object (behavior: merge keeps
// the old object's origin) or uses generator plugins, a file
// is not a plain block mapping per document, a marked file is also read
// as something else, an object comes out with no mark or two, or the build
// fails — the build runs again with origin annotations, as before.
const (
	// markField is the top-level field a resource document carries.
	markField = "x-faultline-origin"
	// markAnnotation is the annotation a generated object carries.
	markAnnotation = "faultline.invalid/configured-in"
)

// marker is the state of a marked build.
type marker struct {
	on     bool
	failed bool            // the build cannot be marked: run it unmarked
	paths  []string        // mark → memory path it names
	marked map[string]bool // memory paths written with marks
}

// mark returns the token naming memory path m.
func (mk *marker) mark(m string) string {
	mk.paths = append(mk.paths, m)
	return strconv.Itoa(len(mk.paths) - 1)
}

// resolveMark is the memory path a token names, or "".
func (mk *marker) resolveMark(tok string) string {
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i >= len(mk.paths) {
		return ""
	}
	return mk.paths[i]
}

// markFile returns data with every document marked as coming from memory
// path m, or fails the marked build when that cannot be done safely. parse
// gives data's documents (pluginDocs, or the run's parse of the same
// content).
func (b *builder) markFile(m string, data []byte, parse func([]byte) ([]*yaml.Node, bool)) []byte {
	mk := &b.marks
	if !mk.on || mk.failed {
		return data
	}
	if bytes.Contains(data, []byte("needs-hash")) || bytes.Contains(data, []byte(markField)) {
		mk.failed = true // the hash of such an object covers every field
		return data
	}
	docs, ok := parse(data)
	if !ok {
		mk.failed = true
		return data
	}
	out, ok := appendMarks(data, docs, markField+": \""+mk.mark(m)+"\"\n")
	if !ok {
		mk.failed = true
		return data
	}
	mk.marked[m] = true
	return out
}

// appendMarks appends line to every document of data (parsed as docs)
// whose root is a block mapping at the first column; false when data is
// anything else (a flow or JSON document, directives, a document end
// marker, a document that is not a mapping).
func appendMarks(data []byte, docs []*yaml.Node, line string) ([]byte, bool) {
	var roots []*yaml.Node
	for _, d := range docs {
		if r := docRoot(d); r != nil && r.Kind != yaml.DocumentNode && !(r.Kind == yaml.ScalarNode && r.Tag == "!!null") {
			roots = append(roots, r)
		}
	}
	pieces, ok := splitDocs(data)
	if !ok {
		return nil, false
	}
	var out bytes.Buffer
	n := 0
	for _, p := range pieces {
		out.Write(p.sep)
		out.Write(p.body)
		if !hasContent(p.body) {
			continue
		}
		if n >= len(roots) || roots[n].Kind != yaml.MappingNode || roots[n].Style&yaml.FlowStyle != 0 || roots[n].Column != 1 {
			return nil, false
		}
		n++
		if len(p.body) > 0 && p.body[len(p.body)-1] != '\n' {
			out.WriteByte('\n')
		}
		out.WriteString(line)
	}
	if n != len(roots) {
		return nil, false
	}
	return out.Bytes(), true
}

// piece is one document's text: the separator line that opens it, if any,
// and the lines up to the next one.
type piece struct{ sep, body []byte }

// splitDocs splits YAML text at its "---" lines; false on directives, a
// document end marker, or a separator line with content after it.
func splitDocs(data []byte) ([]piece, bool) {
	var out []piece
	cur := piece{}
	start := 0
	for start < len(data) {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start + 1
		}
		line := data[start:end]
		switch {
		case bytes.HasPrefix(line, []byte("%")), bytes.HasPrefix(line, []byte("...")):
			return nil, false
		case bytes.HasPrefix(line, []byte("---")):
			rest := bytes.TrimSpace(line[3:])
			if len(line) > 3 && line[3] != ' ' && line[3] != '\t' && line[3] != '\n' && line[3] != '\r' {
				break // "---x" is content, not a separator
			}
			if len(rest) > 0 && rest[0] != '#' {
				return nil, false
			}
			out = append(out, cur)
			cur = piece{sep: line}
			start = end
			continue
		}
		cur.body = data[start-len(cur.body) : end]
		start = end
	}
	return append(out, cur), true
}

// hasContent reports whether text holds more than blank and comment lines.
func hasContent(text []byte) bool {
	for _, l := range bytes.Split(text, []byte("\n")) {
		t := bytes.TrimSpace(l)
		if len(t) > 0 && t[0] != '#' {
			return true
		}
	}
	return false
}

// markUse fails the marked build when a file written with marks is read
// as something other than a resource (a patch, generator data, a plugin
// config): the mark would change what it means.
func (b *builder) markUse(m, field string) {
	if b.marks.marked[m] && !resourceField(field) {
		b.marks.failed = true
	}
}

// resourceField reports whether files named in field are resources.
func resourceField(field string) bool {
	return field == "resources" || field == "bases"
}

// markKust prepares a kustomization for a marked build: its generators'
// objects carry an annotation naming it. Anything that could make origin
// annotations say something the marks do not fails the marked build.
func (b *builder) markKust(k *kustomization) {
	mk := &b.marks
	if !mk.on || mk.failed {
		return
	}
	if get(k.top, "buildMetadata") != nil || get(k.top, "generators") != nil {
		mk.failed = true
		return
	}
	tok := ""
	for _, f := range []string{"configMapGenerator", "secretGenerator"} {
		seq := get(k.top, f)
		if seq == nil {
			continue
		}
		if seq.Kind != yaml.SequenceNode {
			mk.failed = true
			return
		}
		for _, e := range seq.Content {
			if bh := str(get(e, "behavior")); e.Kind != yaml.MappingNode || (bh != "" && bh != "create" && bh != "replace") {
				mk.failed = true
				return
			}
			if tok == "" {
				tok = mk.mark(b.mem(k.file))
			}
			if !annotate(e, tok) {
				mk.failed = true
				return
			}
		}
	}
}

// annotate adds the mark annotation to a generator entry's options.
func annotate(e *yaml.Node, tok string) bool {
	opts := get(e, "options")
	if opts == nil {
		opts = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		setKey(e, "options", opts)
	}
	if opts.Kind != yaml.MappingNode {
		return false
	}
	annos := get(opts, "annotations")
	if annos == nil {
		annos = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		setKey(opts, "annotations", annos)
	}
	if annos.Kind != yaml.MappingNode || get(annos, markAnnotation) != nil {
		return false
	}
	setKey(annos, markAnnotation, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: tok})
	return true
}

// takeMark removes the marks from a rendered object and fills in where it
// came from; false when it carries none or both.
func (b *builder) takeMark(res *resource.Resource, d *renderedDoc) (bool, error) {
	n := res.YNode()
	var file string
	if n != nil && n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == markField {
				file = b.marks.resolveMark(n.Content[i+1].Value)
				n.Content = append(n.Content[:i:i], n.Content[i+2:]...)
				break
			}
		}
	}
	annos := res.GetAnnotations()
	gen, isGen := annos[markAnnotation]
	delete(annos, markAnnotation)
	if err := res.SetAnnotations(annos); err != nil {
		return false, err
	}
	switch {
	case file != "" && !isGen:
		d.origin = file
	case file == "" && isGen && b.marks.resolveMark(gen) != "":
		d.configuredIn = b.marks.resolveMark(gen)
	default:
		return false, nil
	}
	return true, nil
}

// errUnmarked says a marked build must run again unmarked.
var errUnmarked = errors.New("a rendered object lost its mark")
