package kustomize

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// Positions need the rendered output parsed. An object several roots
// render alike has the same YAML in each (Cache.objectYAML), so once a
// second render takes that YAML its parse is kept, and each later output
// gets a copy of it with its lines moved to where the object starts. The
// other objects of an output are parsed together in one pass: the
// documents a parse of the whole output gives, without parsing again what
// was parsed before.

// objectEntry is a rendered object's YAML and, once a second render took
// it, that YAML parsed (its text starting at line 1), to copy.
type objectEntry struct {
	out  []byte
	uses int        // renders that took it (under Cache.mu)
	tmpl *yaml.Node // out parsed (shared: only copied)
}

// newObjectEntry is an entry for YAML just serialised.
func newObjectEntry(out []byte, err error) (*objectEntry, error) {
	if err != nil {
		return nil, err
	}
	return &objectEntry{out: out}, nil
}

// placedObject is an object's YAML in an output, at the line it starts at.
type placedObject struct {
	entry *objectEntry
	line  int
}

// outputDocs returns the documents of content, the objects objs joined by
// "---" lines, and whether content parsed whole: what pluginDocs(content)
// gives. An object whose parse is kept gets a copy; the others are parsed
// in one pass over their text (content itself when that is all of them).
// When an object's YAML does not end in a newline or that pass does not
// give one document per object, content is parsed as a whole.
func (c *Cache) outputDocs(content []byte, objs []placedObject) ([]*yaml.Node, bool) {
	if len(objs) == 0 {
		return pluginDocs(content)
	}
	p := &outputParse{docs: make([]*yaml.Node, len(objs)), start: make([]int, len(objs))}
	for i, o := range objs {
		if !bytes.HasSuffix(o.entry.out, []byte("\n")) {
			return pluginDocs(content)
		}
		tmpl, again := c.take(o.entry)
		if tmpl != nil {
			p.docs[i], p.start[i] = cloneTree(tmpl), 1
			continue
		}
		p.rest = append(p.rest, i)
		p.keep = append(p.keep, again)
	}
	if !c.parseRest(content, objs, p) {
		return pluginDocs(content)
	}
	for i, o := range objs {
		d := p.docs[i]
		shiftLines(d, o.line-p.start[i])
		d.Line, d.Column = 1, 1
		if i > 0 {
			// A document after the first starts at its "---" line.
			d.Line = o.line - 1
		}
	}
	return p.docs, true
}

// outputParse is an output's documents being assembled.
type outputParse struct {
	docs  []*yaml.Node // by object
	start []int        // by object: the line its text starts at where it was parsed
	rest  []int        // the objects to parse
	keep  []bool       // by rest: keep the parse for later renders
}

// take counts one more render of e and returns its kept parse, if any;
// again says an earlier render took it (a parse is worth keeping).
func (c *Cache) take(e *objectEntry) (tmpl *yaml.Node, again bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e.uses++
	return e.tmpl, e.uses > 1
}

// parseRest parses the objects p.rest names in one pass into p (lines as
// in the text parsed), keeping a copy where p.keep says; false when that
// text does not give one document per object.
func (c *Cache) parseRest(content []byte, objs []placedObject, p *outputParse) bool {
	if len(p.rest) == 0 {
		return true
	}
	text := content
	if len(p.rest) < len(objs) {
		var buf bytes.Buffer
		line := 1
		for j, i := range p.rest {
			if j > 0 {
				buf.WriteString("---\n")
				line++
			}
			p.start[i] = line
			buf.Write(objs[i].entry.out)
			line += bytes.Count(objs[i].entry.out, []byte("\n"))
		}
		text = buf.Bytes()
	} else {
		for _, i := range p.rest {
			p.start[i] = objs[i].line
		}
	}
	parsed, ok := pluginDocs(text)
	if !ok || len(parsed) != len(p.rest) {
		return false
	}
	for j, i := range p.rest {
		d := parsed[j]
		if d.Kind != yaml.DocumentNode || len(d.Content) != 1 {
			return false
		}
		p.docs[i] = d
		if p.keep[j] {
			c.keep(objs[i].entry, d, p.start[i])
		}
	}
	return true
}

// keep stores a copy of d, e's YAML parsed with its text starting at line
// start, as e's parse (its text starting at line 1).
func (c *Cache) keep(e *objectEntry, d *yaml.Node, start int) {
	t := cloneTree(d)
	shiftLines(t, 1-start)
	c.mu.Lock()
	if e.tmpl == nil {
		e.tmpl = t
	}
	c.mu.Unlock()
}

// shiftLines moves every node of a tree by delta lines.
func shiftLines(n *yaml.Node, delta int) {
	if delta == 0 {
		return
	}
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.Line += delta
		stack = append(stack, n.Content...)
	}
}
