package kube

import "go.yaml.in/yaml/v3"

// enabledAt reads a boolean switch at a key path: on when written true,
// unknown when written but not a boolean (a template, a hole).
func (d *doc) enabledAt(keys ...string) (on, unknown bool) {
	_, v := path(d.root, keys...)
	return d.enabled(v)
}

// enabled reads a boolean switch node: absent or false is off.
func (d *doc) enabled(v *yaml.Node) (on, unknown bool) {
	n := resolve(v)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return false, n != nil && n.Kind != yaml.ScalarNode
	}
	switch n.Tag {
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err == nil {
			return b, false
		}
	case "!!str":
		if n.Value == "true" || n.Value == "false" {
			return n.Value == "true", false
		}
	}
	return false, true
}
