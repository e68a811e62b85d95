package kustomize

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	yaml2 "go.yaml.in/yaml/v2"
	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/resource"
)

// resourceYAML is res.AsYAML(), byte for byte, without its detours.
// AsYAML encodes the object's node as YAML, decodes that into Go values,
// encodes those as JSON and decodes the JSON again with yaml.v2 before
// yaml.v2 encodes the result (which sorts keys and normalises numbers);
// on a tree of large CRDs those four passes cost more than the build.
// Here the JSON passes are skipped: yaml.v2 encodes the Go values the
// first decode gives, the ones the JSON pass would give back. Where that
// pass would change a value (floats, timestamps, invalid UTF-8, non-string
// keys, a value JSON refuses), res.AsYAML() runs as before. The YAML
// encode and decode are skipped too unless the object holds a scalar
// yaml.v3 may not write back as it read it: a folded one (with
// more-indented lines it gains a line) or one holding a carriage return
// or a Unicode line break; AsYAML's output keeps what that pass made of
// them.
func resourceYAML(res *resource.Resource) ([]byte, error) {
	n := res.YNode()
	if n == nil || n.Kind != yaml.MappingNode {
		return res.AsYAML()
	}
	m := map[string]any{}
	var err error
	if writesBack(n, 0) {
		err = n.Decode(&m)
	} else {
		var s string
		if s, err = res.RNode.String(); err == nil {
			err = yaml.Unmarshal([]byte(s), &m)
		}
	}
	if err != nil || !jsonStable(m, 0) {
		return res.AsYAML()
	}
	return yaml2.Marshal(m)
}

// writesBack reports whether yaml.v3 writes every scalar below n back as
// it holds it: none is folded or holds a carriage return or a Unicode
// line break.
func writesBack(n *yaml.Node, depth int) bool {
	if depth > maxYAMLDepth {
		return false
	}
	if n.Kind == yaml.ScalarNode {
		return n.Style&yaml.FoldedStyle == 0 && !strings.ContainsAny(n.Value, "\r\u0085\u2028\u2029")
	}
	for _, c := range n.Content {
		if !writesBack(c, depth+1) {
			return false
		}
	}
	return true
}

// jsonStable reports whether v (as yaml.v3 decodes into any) comes back
// from encoding/json and yaml.v2 unchanged: strings (valid UTF-8), bools,
// integers, nil, and lists and string-keyed maps of those. Floats are
// replaced in place by what that pass makes of them; NaN and infinities,
// which JSON refuses, are not stable.
func jsonStable(v any, depth int) bool {
	if depth > maxYAMLDepth {
		return false
	}
	switch x := v.(type) {
	case nil, bool, int, int64, uint64:
		return true
	case string:
		return utf8.ValidString(x)
	case []any:
		for i, e := range x {
			if f, ok := e.(float64); ok {
				g, ok := viaJSON(f)
				if !ok {
					return false
				}
				x[i] = g
				continue
			}
			if !jsonStable(e, depth+1) {
				return false
			}
		}
		return true
	case map[string]any:
		for k, e := range x {
			if !utf8.ValidString(k) {
				return false
			}
			if f, ok := e.(float64); ok {
				g, ok := viaJSON(f)
				if !ok {
					return false
				}
				x[k] = g
				continue
			}
			if !jsonStable(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// viaJSON is what a float becomes through encoding/json and yaml.v2 (an
// integral float comes back as an int, as AsYAML prints it).
func viaJSON(f float64) (any, bool) {
	b, err := json.Marshal(f)
	if err != nil {
		return nil, false
	}
	var out any
	if err := yaml2.Unmarshal(b, &out); err != nil {
		return nil, false
	}
	return out, true
}
