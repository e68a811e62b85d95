package kustomize

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// Positions need the rendered output parsed. An object several roots
// render alike has the same YAML in each (Cache.objectYAML), so that YAML
// is parsed once it is rendered a second time, and each output then gets
// a copy of that parse with its lines moved to where the object starts:
// the documents a parse of the whole output gives, without parsing what
// was parsed before.

// objectEntry is a rendered object's YAML and, once a second render took
// it, that YAML parsed as it stands alone, to copy.
type objectEntry struct {
	out  []byte
	uses int        // renders that took it (under Cache.mu)
	tmpl *yaml.Node // out parsed (shared: only copied)
	bad  bool       // out does not parse as one document
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
// gives, assembled from each object's parse. When an object's YAML does
// not stand alone as one document ending in a newline, content is parsed
// as a whole.
func (c *Cache) outputDocs(content []byte, objs []placedObject) ([]*yaml.Node, bool) {
	docs := make([]*yaml.Node, 0, len(objs))
	for i, o := range objs {
		if !bytes.HasSuffix(o.entry.out, []byte("\n")) {
			return pluginDocs(content)
		}
		d, ok := c.objectDoc(o.entry)
		if !ok {
			return pluginDocs(content)
		}
		shiftLines(d, o.line-1)
		if i > 0 {
			// A document after the first starts at its "---" line.
			d.Line, d.Column = o.line-1, 1
		}
		docs = append(docs, d)
	}
	if len(docs) == 0 {
		return pluginDocs(content)
	}
	return docs, true
}

// objectDoc returns e's YAML parsed as the one document it is (positions
// as if it stood alone), a tree of the caller's own; false when it is not
// one document.
func (c *Cache) objectDoc(e *objectEntry) (*yaml.Node, bool) {
	if c == nil {
		return parseOne(e.out)
	}
	c.mu.Lock()
	e.uses++
	tmpl, bad, again := e.tmpl, e.bad, e.uses > 1
	c.mu.Unlock()
	switch {
	case bad:
		return nil, false
	case tmpl != nil:
		return cloneTree(tmpl), true
	}
	d, ok := parseOne(e.out)
	if ok && !again {
		return d, true // the first render: kept only if another comes
	}
	c.mu.Lock()
	if !ok {
		e.bad = true
	} else if e.tmpl == nil {
		e.tmpl = d
	}
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	return cloneTree(d), true
}

// parseOne parses YAML holding one document.
func parseOne(data []byte) (*yaml.Node, bool) {
	docs, ok := pluginDocs(data)
	if !ok || len(docs) != 1 {
		return nil, false
	}
	return docs[0], true
}

// shiftLines moves every node of a tree by delta lines.
func shiftLines(n *yaml.Node, delta int) {
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.Line += delta
		stack = append(stack, n.Content...)
	}
}
