package kustomize

import (
	"fmt"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// kustomizationType is what krusty decodes a kustomization file into.
var kustomizationType = reflect.TypeFor[types.Kustomization]()

// canonicalKeys renames the keys of a kustomization to the field names
// krusty decodes them as. krusty converts the YAML to JSON and decodes it
// with encoding/json, which matches keys case-insensitively: without this,
// "Resources:" would reach krusty without faultline vetting its entries
// (a remote one would run git). Two spellings of one field in a mapping
// are refused: which one krusty keeps is not worth guessing.
func canonicalKeys(n *yaml.Node, t reflect.Type, depth int) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n == nil || depth > maxYAMLDepth {
		return nil
	}
	switch {
	case n.Kind == yaml.SequenceNode && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		for _, c := range n.Content {
			if err := canonicalKeys(c, t.Elem(), depth+1); err != nil {
				return err
			}
		}
	case n.Kind == yaml.MappingNode && t.Kind() == reflect.Map:
		for i := 1; i < len(n.Content); i += 2 {
			if err := canonicalKeys(n.Content[i], t.Elem(), depth+1); err != nil {
				return err
			}
		}
	case n.Kind == yaml.MappingNode && t.Kind() == reflect.Struct:
		return canonicalStruct(n, t, depth)
	}
	return nil
}

// canonicalStruct renames the keys of a mapping krusty decodes into a
// struct of type t.
func canonicalStruct(n *yaml.Node, t reflect.Type, depth int) error {
	fields := jsonFields(t, nil)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		name, ft, ok := lookupField(fields, k.Value)
		if !ok {
			continue // krusty refuses unknown fields
		}
		if _, dup := seen[name]; dup && k.Value != name {
			return keyError{line: k.Line, msg: fmt.Sprintf("key %q repeats %q (kustomize matches keys case-insensitively)", k.Value, name)}
		}
		seen[name] = true
		k.Value = name
		if err := canonicalKeys(n.Content[i+1], ft, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// keyError is a key krusty would read ambiguously, at its line.
type keyError struct {
	line int
	msg  string
}

func (e keyError) Error() string { return e.msg }

// jsonField is a struct field as encoding/json names it.
type jsonField struct {
	name string
	typ  reflect.Type
}

// jsonFields lists the fields encoding/json decodes into t, with embedded
// structs without a name promoted.
func jsonFields(t reflect.Type, out []jsonField) []jsonField {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if name == "" && f.Anonymous && ft.Kind() == reflect.Struct {
			out = jsonFields(ft, out)
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{name: name, typ: f.Type})
	}
	return out
}

// lookupField finds the field a key decodes into: an exact match, else
// the first that matches ignoring case (as encoding/json does).
func lookupField(fields []jsonField, key string) (string, reflect.Type, bool) {
	for _, f := range fields {
		if f.name == key {
			return f.name, f.typ, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f.name, f.typ, true
		}
	}
	return "", nil, false
}

// refusedNode is the first node under n that krusty's decode into t
// refuses: a key no field of t's struct has, or a value whose YAML shape
// is not what the field holds (a scalar where a list or an object is
// wanted, a mapping where a string is). krusty's own error names the Go
// field, not the line; this is the line. nil when nothing is found (YAML
// 1.1 readings such as `yes` for true are krusty's, not yaml.v3's).
func refusedNode(n *yaml.Node, t reflect.Type, depth int) *yaml.Node {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n == nil || depth > maxYAMLDepth || n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return n
		}
		fields := jsonFields(t, nil)
		for i := 0; i+1 < len(n.Content); i += 2 {
			_, ft, ok := lookupField(fields, n.Content[i].Value)
			if !ok {
				return n.Content[i]
			}
			if r := refusedNode(n.Content[i+1], ft, depth+1); r != nil {
				return r
			}
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return n
		}
		for i := 1; i < len(n.Content); i += 2 {
			if r := refusedNode(n.Content[i], t.Elem(), depth+1); r != nil {
				return r
			}
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return n
		}
		for _, c := range n.Content {
			if r := refusedNode(c, t.Elem(), depth+1); r != nil {
				return r
			}
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode || n.Tag == "!!int" || n.Tag == "!!float" || n.Tag == "!!bool" {
			return n
		}
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
			return n
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" && n.Tag != "!!float" {
			return n
		}
	}
	return nil
}
