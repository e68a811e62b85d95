// Package yamlanchor finds the YAML anchors a document refers to through
// aliases: the keys holding them (`defaults: &java …`, merged into others
// with `<<: *java`) are written to be referenced, not read for
// themselves.
package yamlanchor

import "go.yaml.in/yaml/v3"

// maxNodes bounds the walk of one document.
const maxNodes = 1 << 20

// Aliased are the names of the anchors an alias of the document under n
// refers to.
func Aliased(n *yaml.Node) map[string]bool {
	out := map[string]bool{}
	budget := maxNodes
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || budget <= 0 {
			return
		}
		budget--
		if n.Kind == yaml.AliasNode {
			if n.Alias != nil && n.Alias.Anchor != "" {
				out[n.Alias.Anchor] = true
			} else if n.Value != "" {
				out[n.Value] = true
			}
			return // the anchored node is walked where it is written
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	return out
}

// Holds reports whether value node v carries an anchor of aliased.
func Holds(v *yaml.Node, aliased map[string]bool) bool {
	return v != nil && v.Anchor != "" && aliased[v.Anchor]
}
