package extract

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"
)

// providerField is one argument or block of a provider resource's schema
// and the field of the Kubernetes object the provider writes it to. A
// block is read as a mapping, or, with list, every block of its type as
// a list; fields are a block's own.
type providerField struct {
	hcl, yaml string
	block     bool
	list      bool
	fields    []providerField
	// one is the key a list of exactly one block is written under
	// instead (an Argo CD Application's single source).
	one string
	// text marks a string holding YAML of its own (Helm values), placed
	// line by line where the argument writes it.
	text bool
	// mapOrBlock marks an argument holding a map that older versions of
	// the provider took as a block (the kubernetes provider 1.x's
	// resources { requests { cpu = … } }): one block is read as the map.
	mapOrBlock bool
	// def is the value the provider's schema gives the argument when it
	// is not set (a namespaced object's metadata.namespace, "default").
	def string
}

// providerDoc builds the object a provider resource creates as a YAML
// node tree, remembering where in the .tf each node is written.
type providerDoc struct {
	x    *extraction
	addr string
	// at is where each value node is written (an argument, or a block's
	// type keyword); keyAt where each key node is.
	at, keyAt map[*yaml.Node]lint.Range
	// text are the argument expressions of string values that hold YAML
	// of their own (helm values), placed line by line.
	text map[*yaml.Node]hcl.Expression
}

// embedProviderObject reads the resource being extracted as the
// Kubernetes object its provider creates from it (apiVersion and kind,
// the fields of schema), YAML embedded in Terraform like a
// kubernetes_manifest's, each line placed where the argument or block
// writing it is.
func (x *extraction) embedProviderObject(local, apiVersion, kind string, schema []providerField) {
	d := &providerDoc{x: x, addr: x.mi.Addr(local), at: map[*yaml.Node]lint.Range{}, keyAt: map[*yaml.Node]lint.Range{}, text: map[*yaml.Node]hcl.Expression{}}
	whole := x.e.Session.Rng(x.r.DefRange)
	root := &yaml.Node{Kind: yaml.MappingNode}
	d.put(root, "apiVersion", scalarNode(apiVersion), whole, whole)
	d.put(root, "kind", scalarNode(kind), whole, whole)
	d.fill(root, schema, x.v, x.r.Body, whole, "")
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
func (d *providerDoc) fill(m *yaml.Node, schema []providerField, v cty.Value, body *eval.Body, at lint.Range, path string) {
	for _, f := range schema {
		fv := eval.GetAttr(v, f.hcl)
		p := path + "." + f.yaml
		rng, expr := at, hcl.Expression(nil)
		if body != nil {
			if a := body.Attrs[f.hcl]; a != nil {
				rng, expr = d.x.e.Session.Rng(a.Range), a.Expr
			}
		}
		if fv == cty.NilVal || (fv.IsKnown() && fv.IsNull()) {
			if f.def != "" {
				d.put(m, f.yaml, scalarNode(f.def), at, at)
			}
			continue
		}
		if !f.block || !fv.IsKnown() {
			// An argument, or blocks not known (a dynamic block over
			// values known only at apply): written as a hole.
			var asBlock *eval.Body
			if f.mapOrBlock {
				if bs := eval.BlockList(fv); len(bs) == 1 && (fv.Type().IsTupleType() || fv.Type().IsListType()) {
					fv = bs[0]
					if ws := blocksOf(body, f.hcl); len(ws) == 1 {
						rng, asBlock = d.x.e.Session.Rng(ws[0].at), ws[0].body
					}
				}
			}
			if ws := blocksOf(body, f.hcl); f.block && len(ws) > 0 {
				rng = d.x.e.Session.Rng(ws[0].at)
			}
			n := &yaml.Node{}
			if err := n.Encode(d.x.goValue(fv, d.addr, strings.TrimPrefix(p, "."))); err != nil {
				continue
			}
			if f.text && expr != nil {
				d.text[n] = expr
			}
			d.put(m, f.yaml, n, rng, rng)
			d.placeWithin(n, expr, rng)
			if asBlock != nil {
				d.placeArguments(n, asBlock)
			}
			continue
		}
		d.fillBlocks(m, f, fv, body, at, p)
	}
}

// fillBlocks adds the blocks fv of field f to m.
func (d *providerDoc) fillBlocks(m *yaml.Node, f providerField, fv cty.Value, body *eval.Body, at lint.Range, p string) {
	blocks := eval.BlockList(fv)
	if len(blocks) == 0 {
		return
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
		var bm *yaml.Node
		if b.IsKnown() {
			bm = &yaml.Node{Kind: yaml.MappingNode}
			d.fill(bm, f.fields, b, sub, subAt, p)
		} else {
			// One block of a dynamic block over values not known.
			bm = &yaml.Node{}
			if err := bm.Encode(d.x.goValue(b, d.addr, strings.TrimPrefix(p, "."))); err != nil {
				continue
			}
		}
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
	if list == nil {
		return
	}
	if len(list.Content) == 1 && f.one != "" {
		d.put(m, f.one, list.Content[0], d.at[list.Content[0]], keyRng)
		return
	}
	d.put(m, f.yaml, list, keyRng, keyRng)
}

// placeWithin places the entries and items of n, the value of expr
// written at rng: each where an object or tuple constructor writes it
// (a map's key on its own line: node_selector = { workload = "ingest" }),
// else at rng.
func (d *providerDoc) placeWithin(n *yaml.Node, expr hcl.Expression, rng lint.Range) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			r, sub := rng, hcl.Expression(nil)
			if expr != nil {
				if item, ok := objectItemExpr(expr, k.Value); ok {
					r, sub = d.x.e.Session.Rng(hcl.RangeBetween(item.KeyExpr.Range(), item.ValueExpr.Range())), item.ValueExpr
				}
			}
			d.keyAt[k], d.at[v] = r, r
			d.placeWithin(v, sub, r)
		}
	case yaml.SequenceNode:
		tup, _ := expr.(*hclsyntax.TupleConsExpr)
		for i, c := range n.Content {
			r, sub := rng, hcl.Expression(nil)
			if tup != nil && len(tup.Exprs) == len(n.Content) {
				r, sub = d.x.e.Session.Rng(tup.Exprs[i].Range()), tup.Exprs[i]
			}
			d.at[c] = r
			d.placeWithin(c, sub, r)
		}
	}
}

// placeArguments places the entries of n, a map written as a block
// (requests { memory = "12Gi" }), at the block's arguments.
func (d *providerDoc) placeArguments(n *yaml.Node, body *eval.Body) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if a := body.Attrs[n.Content[i].Value]; a != nil {
			r := d.x.e.Session.Rng(a.Range)
			d.keyAt[n.Content[i]], d.at[n.Content[i+1]] = r, r
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
func (d *providerDoc) put(m *yaml.Node, key string, v *yaml.Node, rng, keyRng lint.Range) {
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
func (d *providerDoc) lines(root *yaml.Node, content []byte, whole lint.Range) []lint.Range {
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
func (d *providerDoc) scalarLines(built, parsed *yaml.Node, set func(int, lint.Range)) {
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
