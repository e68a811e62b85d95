// Package yamldup reads YAML mappings that write a key more than once as
// the programs that consume them do. Helm's values reader
// (chartutil.ReadValues) and kubectl apply (its YAML-to-JSON step,
// sigs.k8s.io/yaml) keep the last value of such a key; go.yaml.in/yaml/v3
// refuses to decode it. LastWins gives the document those programs read,
// and where each key was written twice.
package yamldup

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// maxDepth bounds the walk (the parsers refuse deeper YAML before this).
const maxDepth = 1000

// Duplicate is a key written more than once in one mapping: First is the
// key node of its first occurrence, Last of the one the consumer keeps.
// A key written three times gives two duplicates (first and second
// against the third).
type Duplicate struct {
	Key         string
	First, Last *yaml.Node
	// Path is the keys of the mappings above the key ("image" for tag
	// under image; a list element is "[i]"), "" at the top.
	Path string
}

// LastWins returns n as a last-wins reader sees it: every mapping keeps
// only the last pair of a key written more than once (scalar keys
// compared by their text, as yaml.v3 compares them; merge keys "<<" are
// left alone). n itself is never modified: a mapping that changes is
// copied, with its ancestors and the aliases that refer to it. When no
// key repeats, n is returned as is. Duplicates come in document order.
func LastWins(n *yaml.Node) (*yaml.Node, []Duplicate) {
	w := &walker{copies: map[*yaml.Node]*yaml.Node{}}
	out := w.walk(n, "", 0)
	return out, w.dups
}

type walker struct {
	dups []Duplicate
	// copies maps a node that changed to its copy, for aliases to it.
	copies map[*yaml.Node]*yaml.Node
}

func (w *walker) walk(n *yaml.Node, path string, depth int) *yaml.Node {
	if n == nil || depth > maxDepth {
		return n
	}
	switch n.Kind {
	case yaml.AliasNode:
		if c, ok := w.copies[n.Alias]; ok {
			a := *n
			a.Alias = c
			return &a
		}
		return n
	case yaml.DocumentNode, yaml.SequenceNode:
		var content []*yaml.Node
		for i, c := range n.Content {
			p := path
			if n.Kind == yaml.SequenceNode {
				p += "[" + strconv.Itoa(i) + "]"
			}
			if nc := w.walk(c, p, depth+1); nc != c {
				if content == nil {
					content = append([]*yaml.Node(nil), n.Content...)
				}
				content[i] = nc
			}
		}
		return w.changed(n, content)
	case yaml.MappingNode:
		var last map[string]int // key text → index of its last key node
		if repeats(n) {
			last = map[string]int{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i]; counted(k) {
					last[k.Value] = i
				}
			}
		}
		var content []*yaml.Node
		dropped := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if last != nil && counted(k) && last[k.Value] != i {
				w.dups = append(w.dups, Duplicate{Key: k.Value, First: k, Last: n.Content[last[k.Value]], Path: path})
				dropped = true
				continue
			}
			sub := k.Value
			if path != "" {
				sub = path + "." + k.Value
			}
			nk, nv := w.walk(k, path, depth+1), w.walk(v, sub, depth+1)
			content = append(content, nk, nv)
			if nk != k || nv != v {
				dropped = true
			}
		}
		if !dropped {
			return n
		}
		return w.changed(n, content)
	}
	return n
}

// changed returns a copy of n with content (n itself when content is
// nil: nothing under it changed), remembered for aliases.
func (w *walker) changed(n *yaml.Node, content []*yaml.Node) *yaml.Node {
	if content == nil {
		return n
	}
	c := *n
	c.Content = content
	w.copies[n] = &c
	return &c
}

// counted says whether a key takes part in the comparison: a scalar
// that is not a merge key.
func counted(k *yaml.Node) bool { return k.Kind == yaml.ScalarNode && k.Value != "<<" }

// repeats reports whether mapping n writes a key twice, without
// allocating for the small mappings most documents are made of.
func repeats(n *yaml.Node) bool {
	pairs := len(n.Content) / 2
	if pairs < 2 {
		return false
	}
	if pairs <= 16 {
		for i := 0; i+1 < len(n.Content); i += 2 {
			for j := i + 2; j+1 < len(n.Content); j += 2 {
				if a, b := n.Content[i], n.Content[j]; counted(a) && counted(b) && a.Value == b.Value {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]bool, pairs)
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; counted(k) {
			if seen[k.Value] {
				return true
			}
			seen[k.Value] = true
		}
	}
	return false
}
