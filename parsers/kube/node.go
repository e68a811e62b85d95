package kube

import (
	"github.com/faultline-dev/faultline/internal/yamlpos"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// maxAliasHops bounds how many aliases resolve follows.
const maxAliasHops = 16

// resolve follows alias nodes to the node they name. It returns nil for a
// broken or overly long alias chain.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i >= maxAliasHops {
			return nil
		}
		n = n.Alias
	}
	return n
}

// entry is one key of a mapping: its name and its key and value nodes as
// written (either may be an alias).
type entry struct {
	key  string
	k, v *yaml.Node
}

// entries lists the scalar keys of mapping n in document order, with YAML
// merge keys (`<<: *base`) applied: explicit keys win over merged ones, and
// a later duplicate of an explicit key wins over an earlier one.
func entries(n *yaml.Node) []entry {
	c := collector{seen: map[string]int{}, visited: map[*yaml.Node]bool{}}
	c.add(n, true)
	return c.out
}

// collector gathers mapping entries across merge keys; visited stops
// merge cycles and repeated merges of one mapping.
type collector struct {
	out     []entry
	seen    map[string]int
	visited map[*yaml.Node]bool
}

func (c *collector) add(n *yaml.Node, explicit bool) {
	m := resolve(n)
	if m == nil || m.Kind != yaml.MappingNode || c.visited[m] {
		return
	}
	c.visited[m] = true
	var merges []*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := resolve(m.Content[i])
		if k == nil || k.Kind != yaml.ScalarNode {
			continue
		}
		if isMerge(k) {
			merges = append(merges, m.Content[i+1])
			continue
		}
		e := entry{key: k.Value, k: m.Content[i], v: m.Content[i+1]}
		if j, ok := c.seen[k.Value]; ok {
			if explicit {
				c.out[j] = e
			}
			continue
		}
		c.seen[k.Value] = len(c.out)
		c.out = append(c.out, e)
	}
	for _, mv := range merges {
		for _, src := range mergeSources(mv) {
			c.add(src, false)
		}
	}
}

// isMerge reports whether a key node is the YAML merge key `<<`.
func isMerge(k *yaml.Node) bool {
	return k.Value == "<<" && (k.Tag == "!!merge" || k.Tag == "" || k.Tag == "!")
}

// mergeSources returns the mappings a merge key's value names: one mapping
// or a sequence of them.
func mergeSources(v *yaml.Node) []*yaml.Node {
	v = resolve(v)
	if v == nil {
		return nil
	}
	if v.Kind == yaml.SequenceNode {
		return v.Content
	}
	return []*yaml.Node{v}
}

// lookup returns the key and value nodes (as written) of key in mapping n.
func lookup(n *yaml.Node, key string) (k, v *yaml.Node) {
	m := resolve(n)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	merged := false
	// Fast path: an explicit key, without building the entry list.
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn := resolve(m.Content[i])
		if kn == nil || kn.Kind != yaml.ScalarNode {
			continue
		}
		if kn.Value == key && !isMerge(kn) {
			k, v = m.Content[i], m.Content[i+1]
		}
		merged = merged || isMerge(kn)
	}
	if k != nil || !merged {
		return k, v
	}
	for _, e := range entries(m) {
		if e.key == key {
			return e.k, e.v
		}
	}
	return nil, nil
}

// path follows keys down nested mappings and returns the key and value
// nodes of the last one, or nils when any step is missing.
func path(n *yaml.Node, keys ...string) (k, v *yaml.Node) {
	v = n
	for _, key := range keys {
		if k, v = lookup(v, key); v == nil {
			return nil, nil
		}
	}
	return k, v
}

// scalar returns the text of a string-like scalar (following aliases). ok is
// false for collections, nulls and empty strings: an empty value is unknown.
func scalar(n *yaml.Node) (string, bool) {
	s := resolve(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.Tag == "!!null" || s.Value == "" {
		return "", false
	}
	return s.Value, true
}

// rangeOf returns where node n is written in file.
func rangeOf(file string, n *yaml.Node) lint.Range { return yamlpos.Range(file, n) }
