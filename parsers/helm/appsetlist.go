package helm

import (
	"bytes"
	"fmt"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"go.yaml.in/yaml/v3"
)

// An Argo CD ApplicationSet whose generators are all list generators
// makes one Application per element: its template with the element's
// parameters filled in. Those are read as the Applications they are,
// each node where the template writes it (Argo CD's ApplicationSet
// controller, applicationset/utils: with goTemplate each string is a Go
// template over the element, sprig's functions included; otherwise each
// {{ key }} is replaced by the element's parameter of that name, nested
// keys joined with dots, and a tag no parameter names is left as it is).
// Another generator (git, cluster, matrix …), a templatePatch, or a
// template Argo CD would fail on leaves the set as it was: noted, not
// followed.

// maxListElements bounds the Applications one set is expanded into.
const maxListElements = 200

// listApplications are the Applications an ApplicationSet of list
// generators makes; false when it has another generator, a
// templatePatch, elements not written as a list of mappings, or a
// template that does not render.
func listApplications(top *yaml.Node) ([]*yaml.Node, bool) {
	spec := at(top, "spec")
	tmpl := at(spec, "template")
	gens := items(at(spec, "generators"))
	if tmpl == nil || tmpl.Kind != yaml.MappingNode || len(gens) == 0 || at(spec, "templatePatch") != nil {
		return nil, false
	}
	var elements []*yaml.Node
	for _, g := range gens {
		if g.Kind != yaml.MappingNode || len(g.Content) != 2 || g.Content[0].Value != "list" {
			return nil, false
		}
		list := at(g.Content[1], "elements")
		if list == nil || list.Kind != yaml.SequenceNode || at(g.Content[1], "elementsYaml") != nil {
			return nil, false
		}
		elements = append(elements, list.Content...)
	}
	if len(elements) == 0 || len(elements) > maxListElements {
		return nil, false
	}
	goTemplate := str(at(spec, "goTemplate")) == "true"
	var out []*yaml.Node
	for _, el := range elements {
		var params map[string]any
		if el.Kind != yaml.MappingNode || el.Decode(&params) != nil {
			return nil, false
		}
		fill := fasttemplateFill(flattenParams(params))
		if goTemplate {
			var opts []string
			for _, o := range items(at(spec, "goTemplateOptions")) {
				opts = append(opts, str(o))
			}
			fill = goTemplateFill(params, opts)
		}
		app, err := fillNode(tmpl, fill)
		if err != nil {
			return nil, false
		}
		kind := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "Application", Line: keyNode(top, "kind").Line, Column: keyNode(top, "kind").Column}
		api := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "argoproj.io/v1alpha1"}
		doc := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: app.Line, Column: app.Column,
			Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: "apiVersion"}, api, {Kind: yaml.ScalarNode, Tag: "!!str", Value: "kind", Line: kind.Line, Column: kind.Column}, kind}}
		doc.Content = append(doc.Content, app.Content...)
		out = append(out, doc)
	}
	return out, true
}

// flattenParams are an element's parameters as Argo CD's fasttemplate
// mode names them: nested keys joined with dots, values as text.
func flattenParams(params map[string]any) map[string]string {
	out := map[string]string{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(prefix+k+".", e)
			}
		case nil:
			out[strings.TrimSuffix(prefix, ".")] = ""
		default:
			out[strings.TrimSuffix(prefix, ".")] = fmt.Sprint(x)
		}
	}
	walk("", params)
	return out
}

// fasttemplateFill replaces each {{ key }} of s by its parameter; a tag
// no parameter names stays as written.
func fasttemplateFill(params map[string]string) func(string) (string, error) {
	return func(s string) (string, error) {
		if !strings.Contains(s, "{{") {
			return s, nil
		}
		var b strings.Builder
		for {
			i := strings.Index(s, "{{")
			if i < 0 {
				break
			}
			j := strings.Index(s[i+2:], "}}")
			if j < 0 {
				break
			}
			tag := s[i+2 : i+2+j]
			b.WriteString(s[:i])
			if v, ok := params[strings.TrimSpace(tag)]; ok {
				b.WriteString(v)
			} else {
				b.WriteString("{{" + tag + "}}")
			}
			s = s[i+2+j+2:]
		}
		b.WriteString(s)
		return b.String(), nil
	}
}

// goTemplateFill executes s as a Go template over the element, with
// sprig's functions (those reading the environment left out, as Argo CD
// leaves them out) and the set's goTemplateOptions (missingkey=error).
func goTemplateFill(params map[string]any, opts []string) func(string) (string, error) {
	funcs := sprig.TxtFuncMap()
	for _, f := range []string{"env", "expandenv", "getHostByName"} {
		delete(funcs, f)
	}
	return func(s string) (string, error) {
		if !strings.Contains(s, "{{") {
			return s, nil
		}
		t, err := template.New("").Funcs(funcs).Parse(s)
		if err != nil {
			return "", err
		}
		if err := setOptions(t, opts); err != nil {
			return "", err
		}
		var b bytes.Buffer
		if err := t.Execute(&b, params); err != nil {
			return "", err
		}
		return b.String(), nil
	}
}

// fillNode is a copy of n with every scalar (keys too) filled in, each
// node keeping its position.
func fillNode(n *yaml.Node, fill func(string) (string, error)) (*yaml.Node, error) {
	c := *n
	if n.Kind == yaml.ScalarNode {
		v, err := fill(n.Value)
		if err != nil {
			return nil, err
		}
		c.Value = v
		if v != n.Value && c.Tag != "!!str" {
			c.Tag = "" // resolved again from the text filled in
		}
		return &c, nil
	}
	if n.Kind == yaml.AliasNode {
		return &c, nil
	}
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		fx, err := fillNode(x, fill)
		if err != nil {
			return nil, err
		}
		c.Content[i] = fx
	}
	return &c, nil
}

// setOptions applies template options (text/template's Option panics on
// one it does not know: an error here, as Argo CD fails the set).
func setOptions(t *template.Template, opts []string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("goTemplateOptions: %v", r)
		}
	}()
	if len(opts) > 0 {
		t.Option(opts...)
	}
	return nil
}
