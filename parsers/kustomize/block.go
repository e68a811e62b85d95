package kustomize

import (
	"bytes"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// inBlock maps a range inside the text of a block scalar of the rendered
// output (a YAML document written in a string: an Argo CD Application's
// helm.values, a ConfigMap's values.yaml) to the same place in the file
// that wrote the text: the object's own literal block when it holds the
// same text, the file a configMapGenerator read it from; else the
// scalar's own place. ok is false when the range is in no block scalar.
func (m *mapper) inBlock(d *docIndex, r lint.Range) (lint.Range, bool) {
	steps, val := blockAt(d.node, r.Line, 0)
	if val == nil {
		return lint.Range{}, false
	}
	shift := func(mem string, data []byte, at *yaml.Node, line int) (lint.Range, bool) {
		from, to := blockIndent(m.content, val), 0
		if at != nil {
			to = blockIndent(data, at)
		}
		if from < 0 || to < 0 {
			return lint.Range{}, false
		}
		out := lint.Range{File: m.b.rel(m.b.disk(mem)),
			Line: r.Line - val.Line + line, Column: r.Column - from + to,
			EndLine: r.EndLine - val.Line + line, EndColumn: r.EndColumn - from + to}
		return out, out.Line >= 1 && out.Column >= 1 && out.EndLine >= out.Line
	}
	if val.Style&yaml.LiteralStyle != 0 {
		if od := m.originDoc(d); od != nil {
			if _, ov := lookupFrom(docRoot(od), steps); ov != nil && ov.Kind == yaml.ScalarNode && ov.Style&yaml.LiteralStyle != 0 && ov.Value == val.Value {
				if out, ok := shift(d.origin, m.b.orig[d.origin], ov, ov.Line); ok {
					return out, true
				}
			}
		}
		if mem := m.generatorFile(d, steps, val); mem != "" {
			if out, ok := shift(mem, nil, nil, 0); ok {
				return out, true
			}
		}
	}
	return m.resolve(d, steps, false, val), true
}

// blockAt finds the multi-line block scalar (| or >) under n whose text
// holds line, and the path to it.
func blockAt(n *yaml.Node, line, depth int) (steps []step, val *yaml.Node) {
	if n == nil || depth > maxRangeDepth {
		return nil, nil
	}
	holds := func(v *yaml.Node) bool {
		if v.Kind != yaml.ScalarNode || v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 || line <= v.Line {
			return false
		}
		return line-v.Line <= strings.Count(strings.TrimSuffix(v.Value, "\n"), "\n")+1+blankLines(v.Value)
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Line > line {
				return nil, nil
			}
			if i+2 < len(n.Content) && n.Content[i+2].Line <= line {
				continue
			}
			if holds(v) {
				return []step{{key: k.Value}}, v
			}
			if s, b := blockAt(v, line, depth+1); b != nil {
				return append([]step{{key: k.Value}}, s...), b
			}
		}
	case yaml.SequenceNode:
		for i, it := range n.Content {
			if it.Line > line {
				return nil, nil
			}
			if i+1 < len(n.Content) && n.Content[i+1].Line <= line {
				continue
			}
			if holds(it) {
				return []step{{index: i, isIndex: true, item: it}}, it
			}
			if s, b := blockAt(it, line, depth+1); b != nil {
				return append([]step{{index: i, isIndex: true, item: it}}, s...), b
			}
		}
	}
	return nil, nil
}

// blankLines counts the empty lines a block scalar's text ends with past
// its last line ("|+" keeps them).
func blankLines(s string) int {
	return len(s) - len(strings.TrimRight(s, "\n")) - min(1, len(s)-len(strings.TrimRight(s, "\n")))
}

// blockIndent is the indentation of a literal block's text in data (the
// first line after the indicator that is not blank); 0 for a file's own
// text (data nil), -1 when not found.
func blockIndent(data []byte, v *yaml.Node) int {
	if data == nil {
		return 0
	}
	lines := bytes.Split(data, []byte("\n"))
	for i := v.Line; i < len(lines); i++ { // lines[v.Line] follows the indicator
		l := bytes.TrimRight(lines[i], " \t\r")
		if len(l) > 0 {
			return len(l) - len(bytes.TrimLeft(l, " "))
		}
	}
	return -1
}

// generatorFile is the memory path of the file a configMapGenerator read
// the text of a generated ConfigMap's data key from (files: "key=path" or
// "path"), when the text is that file's whole content; "" otherwise.
func (m *mapper) generatorFile(d *docIndex, steps []step, val *yaml.Node) string {
	if d.kind != "ConfigMap" || len(steps) != 2 || steps[0].key != "data" || steps[1].isIndex {
		return ""
	}
	key := steps[1].key
	for _, k := range m.b.order {
		if d.configuredIn != "" && m.b.mem(k.file) != d.configuredIn {
			continue
		}
		gens := get(k.top, "configMapGenerator")
		if gens == nil || gens.Kind != yaml.SequenceNode {
			continue
		}
		for _, g := range gens.Content {
			files := get(g, "files")
			if files == nil || files.Kind != yaml.SequenceNode {
				continue
			}
			for _, f := range files.Content {
				name, path, named := strings.Cut(str(f), "=")
				if !named {
					path = name
					name = filepath.Base(path)
				}
				if name != key || path == "" {
					continue
				}
				mem := m.b.mem(absUnder(k.dir, path))
				if data, ok := m.b.orig[mem]; ok && string(data) == val.Value {
					return mem
				}
			}
		}
	}
	return ""
}
