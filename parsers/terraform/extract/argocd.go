package extract

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"
)

// argoField is one argument or block of the argocd_application schema
// and the Application field the Argo CD provider writes it to
// (expandApplication in argoproj-labs/terraform-provider-argocd's
// structure_application.go). A block is read as a mapping, or, with
// list, every block of its type as a list; fields are a block's own.
type argoField struct {
	hcl, yaml string
	block     bool
	list      bool
	fields    []argoField
}

// argoSchema is what of an argocd_application the release finder reads:
// the metadata, the project, the destination and the sources with their
// Helm, Kustomize and directory settings. The rest (sync policy, ignored
// differences, info) decides nothing faultline checks.
var argoSchema = []argoField{
	{hcl: "metadata", yaml: "metadata", block: true, fields: []argoField{
		{hcl: "name", yaml: "name"}, {hcl: "namespace", yaml: "namespace"},
		{hcl: "labels", yaml: "labels"}, {hcl: "annotations", yaml: "annotations"},
	}},
	{hcl: "spec", yaml: "spec", block: true, fields: []argoField{
		{hcl: "project", yaml: "project"},
		{hcl: "destination", yaml: "destination", block: true, fields: []argoField{
			{hcl: "server", yaml: "server"}, {hcl: "namespace", yaml: "namespace"}, {hcl: "name", yaml: "name"},
		}},
		{hcl: "source", yaml: "sources", block: true, list: true, fields: []argoField{
			{hcl: "repo_url", yaml: "repoURL"}, {hcl: "path", yaml: "path"}, {hcl: "chart", yaml: "chart"},
			{hcl: "target_revision", yaml: "targetRevision"}, {hcl: "ref", yaml: "ref"},
			{hcl: "helm", yaml: "helm", block: true, fields: []argoField{
				{hcl: "release_name", yaml: "releaseName"},
				{hcl: "value_files", yaml: "valueFiles"},
				{hcl: "ignore_missing_value_files", yaml: "ignoreMissingValueFiles"},
				{hcl: "values", yaml: "values"},
				{hcl: "parameter", yaml: "parameters", block: true, list: true, fields: []argoField{
					{hcl: "name", yaml: "name"}, {hcl: "value", yaml: "value"}, {hcl: "force_string", yaml: "forceString"},
				}},
				{hcl: "file_parameter", yaml: "fileParameters", block: true, list: true, fields: []argoField{
					{hcl: "name", yaml: "name"}, {hcl: "path", yaml: "path"},
				}},
			}},
			{hcl: "kustomize", yaml: "kustomize", block: true, fields: []argoField{
				{hcl: "name_prefix", yaml: "namePrefix"}, {hcl: "name_suffix", yaml: "nameSuffix"},
				{hcl: "version", yaml: "version"}, {hcl: "images", yaml: "images"},
				{hcl: "common_labels", yaml: "commonLabels"}, {hcl: "common_annotations", yaml: "commonAnnotations"},
			}},
			{hcl: "directory", yaml: "directory", block: true, fields: []argoField{
				{hcl: "recurse", yaml: "recurse"}, {hcl: "include", yaml: "include"}, {hcl: "exclude", yaml: "exclude"},
				{hcl: "jsonnet", yaml: "jsonnet", block: true, fields: []argoField{
					{hcl: "libs", yaml: "libs"},
				}},
			}},
			// A config management plugin generates what the source
			// deploys: its presence is what counts.
			{hcl: "plugin", yaml: "plugin", block: true, fields: []argoField{
				{hcl: "name", yaml: "name"},
			}},
		}},
	}},
}

// argoDoc builds the Application an argocd_application creates as a YAML
// node tree, remembering where in the .tf each node is written.
type argoDoc struct {
	x    *extraction
	addr string
	// at is where each value node is written (an argument, or a block's
	// type keyword); keyAt where each key node is.
	at, keyAt map[*yaml.Node]lint.Range
	// text are the argument expressions of string values that hold YAML
	// of their own (helm values), placed line by line.
	text map[*yaml.Node]hcl.Expression
}

// argoApplication reads an argocd_application as the Application the
// provider creates from it, YAML embedded in Terraform like a
// kubernetes_manifest's: the release finder reads its Helm sources and
// destination, each line placed where the argument or block writing it
// is, a helm values string line by line where that is written.
func (x *extraction) argoApplication(local string) {
	d := &argoDoc{x: x, addr: x.mi.Addr(local), at: map[*yaml.Node]lint.Range{}, keyAt: map[*yaml.Node]lint.Range{}, text: map[*yaml.Node]hcl.Expression{}}
	whole := x.e.Session.Rng(x.r.DefRange)
	root := &yaml.Node{Kind: yaml.MappingNode}
	d.put(root, "apiVersion", scalarNode("argoproj.io/v1alpha1"), whole, whole)
	d.put(root, "kind", scalarNode("Application"), whole, whole)
	d.fill(root, argoSchema, x.v, x.r.Body, whole, "")
	content, err := yaml.Marshal(root)
	if err != nil {
		return
	}
	em := kept.Embedded{Addr: d.addr, Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content}
	em.SetMap(kept.PositionMap{Whole: whole, Lines: d.lines(root, content, whole), LiteralLines: true})
	em.SetPassed(nil)
	x.e.Embedded = append(x.e.Embedded, em)
}

// fill adds the fields of schema that v (a block's value) sets to m, body
// being the block as written (nil: not known, such as a dynamic block's)
// and at where it is.
func (d *argoDoc) fill(m *yaml.Node, schema []argoField, v cty.Value, body *eval.Body, at lint.Range, path string) {
	for _, f := range schema {
		fv := eval.GetAttr(v, f.hcl)
		if fv == cty.NilVal || (fv.IsKnown() && fv.IsNull()) {
			continue
		}
		p := path + "." + f.yaml
		if !f.block {
			rng, expr := at, hcl.Expression(nil)
			if body != nil {
				if a := body.Attrs[f.hcl]; a != nil {
					rng, expr = d.x.e.Session.Rng(a.Range), a.Expr
				}
			}
			n := &yaml.Node{}
			if err := n.Encode(d.x.goValue(fv, d.addr, strings.TrimPrefix(p, "."))); err != nil {
				continue
			}
			if f.yaml == "values" && expr != nil {
				d.text[n] = expr
			}
			d.put(m, f.yaml, n, rng, rng)
			continue
		}
		blocks := eval.BlockList(fv)
		if len(blocks) == 0 {
			continue
		}
		written := blocksOf(body, f.hcl)
		if !f.list {
			blocks = blocks[:1]
		}
		var list *yaml.Node
		keyRng := at
		if len(written) > 0 {
			keyRng = d.x.e.Session.Rng(written[0].at)
		}
		for i, b := range blocks {
			sub, subAt := (*eval.Body)(nil), at
			if len(written) == len(blocks) {
				sub, subAt = written[i].body, d.x.e.Session.Rng(written[i].at)
			}
			bm := &yaml.Node{Kind: yaml.MappingNode}
			d.fill(bm, f.fields, b, sub, subAt, p)
			if !f.list {
				d.put(m, f.yaml, bm, subAt, keyRng)
				break
			}
			if list == nil {
				list = &yaml.Node{Kind: yaml.SequenceNode}
			}
			list.Content = append(list.Content, bm)
			d.at[bm] = subAt
		}
		if list != nil {
			if len(list.Content) == 1 && f.hcl == "source" {
				// One source is written spec.source, as the provider
				// reads its state back (flattenApplicationSpec).
				d.put(m, "source", list.Content[0], d.at[list.Content[0]], keyRng)
				continue
			}
			d.put(m, f.yaml, list, keyRng, keyRng)
		}
	}
}

// writtenBlock is a block as written: its body and its type keyword.
type writtenBlock struct {
	body *eval.Body
	at   hcl.Range
}

// blocksOf are body's blocks of type typ as written (dynamic blocks left
// out: what they make is placed at the enclosing block).
func blocksOf(body *eval.Body, typ string) []writtenBlock {
	if body == nil {
		return nil
	}
	var out []writtenBlock
	for _, b := range body.Blocks {
		if b.Type == typ {
			out = append(out, writtenBlock{body: b.Body, at: b.TypeRange})
		}
	}
	return out
}

// put adds key: v to the mapping m, v written at rng and the key at
// keyRng.
func (d *argoDoc) put(m *yaml.Node, key string, v *yaml.Node, rng, keyRng lint.Range) {
	k := scalarNode(key)
	m.Content = append(m.Content, k, v)
	d.at[v], d.keyAt[k] = rng, keyRng
}

func scalarNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// lines places each line of content, root as marshalled, where it is
// written: content is parsed again and walked beside root, both being the
// same tree; a key's line at its value when that is one line, else at the
// key; the lines of a values string where each is written.
func (d *argoDoc) lines(root *yaml.Node, content []byte, whole lint.Range) []lint.Range {
	var doc yaml.Node
	if yaml.Unmarshal(content, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	out := make([]lint.Range, strings.Count(string(content), "\n")+1)
	set := func(line int, r lint.Range) {
		if line >= 1 && line <= len(out) && out[line-1].IsZero() {
			out[line-1] = r
		}
	}
	var walk func(built, parsed *yaml.Node)
	walk = func(built, parsed *yaml.Node) {
		if built == nil || parsed == nil || built.Kind != parsed.Kind || len(built.Content) != len(parsed.Content) {
			return
		}
		switch built.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(built.Content); i += 2 {
				bk, bv, pk, pv := built.Content[i], built.Content[i+1], parsed.Content[i], parsed.Content[i+1]
				if pv.Kind == yaml.ScalarNode && pv.Line == pk.Line {
					set(pk.Line, d.at[bv])
				} else {
					set(pk.Line, d.keyAt[bk])
				}
				d.scalarLines(bv, pv, set)
				walk(bv, pv)
			}
		case yaml.SequenceNode:
			for i := range built.Content {
				if parsed.Content[i].Kind != yaml.MappingNode {
					// A mapping item's line is its first key's
					// ("- name: x"), placed at that key's argument.
					set(parsed.Content[i].Line, d.at[built.Content[i]])
				}
				d.scalarLines(built.Content[i], parsed.Content[i], set)
				walk(built.Content[i], parsed.Content[i])
			}
		}
	}
	walk(root, doc.Content[0])
	for i := range out {
		if out[i].IsZero() {
			out[i] = whole
		}
	}
	return out
}

// scalarLines places the lines of a block scalar (a values string
// written over several lines): each where the argument writes it when
// that is known line by line (a heredoc, yamlencode of an object, a
// file), else at the argument.
func (d *argoDoc) scalarLines(built, parsed *yaml.Node, set func(int, lint.Range)) {
	if parsed.Kind != yaml.ScalarNode || (parsed.Style != yaml.LiteralStyle && parsed.Style != yaml.FoldedStyle) {
		return
	}
	n := strings.Count(strings.TrimSuffix(parsed.Value, "\n"), "\n") + 1
	at := d.at[built]
	expr, ok := d.text[built]
	if !ok {
		for i := 1; i <= n; i++ {
			set(parsed.Line+i, at)
		}
		return
	}
	pm := d.x.positionMap(expr, at, []byte(parsed.Value))
	rows := strings.Split(parsed.Value, "\n")
	for i := 1; i <= n && i <= len(rows); i++ {
		// The line from its first character on: what a key or item of
		// the values on it is placed at (a line holds one).
		row := rows[i-1]
		start := len(row) - len(strings.TrimLeft(row, " ")) + 1
		set(parsed.Line+i, pm.Map(lint.Range{Line: i, Column: start, EndLine: i, EndColumn: len(row) + 1}, row))
	}
}
