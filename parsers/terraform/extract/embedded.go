package extract

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/internal/eksaddons"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"
)

// embed records the YAML of a manifest attribute, mapping positions into
// a heredoc line by line, into the file a file() / templatefile() call
// reads, or onto the attribute itself.
func (x *extraction) embed(local, attr string) {
	a := x.attr(nil, attr)
	v := eval.GetAttr(x.v, attr)
	if a == nil || v == cty.NilVal || v.IsNull() {
		return
	}
	whole := x.e.Session.Rng(a.Range)
	// A manifest written as a local (manifest = local.node_class) is
	// placed where the local writes it.
	expr := x.mi.LocalExpr(a.Expr)
	// The file a manifest attribute reads is applied as Terraform reads
	// it: not read again as a plain manifest.
	if f := x.mi.TemplatePathIn(expr, x.extra, "templatefile", "file"); f != "" {
		x.e.Templates = append(x.e.Templates, f) // read as rendered only
	}
	if text, inner, ok := x.decodedFile(expr); ok && v.IsKnown() && (v.Type().IsObjectType() || v.Type().IsMapType()) {
		// yamldecode(templatefile(…)): the text the file renders to is
		// the manifest, line for line as the file writes it.
		v, expr = text, inner
	}
	if !v.IsKnown() {
		if obj, inner, ok := x.encodedObject(expr); ok {
			// yamlencode({…}) of an object with unknown parts: the
			// object, its unknown parts holes, as written.
			v, expr = obj, inner
		}
	}
	if x.onlyReadBack(v, x.mi.Addr(local), attr) {
		// The attribute is not known: what the module reads of it
		// (an output reading manifest["metadata"]["name"]) stands in
		// its place, each a hole naming the resource itself.
		v = cty.DynamicVal
	}
	var content []byte
	switch {
	case v.IsKnown() && v.Type() == cty.String:
		content = []byte(v.AsString())
	case v.IsKnown() && (v.Type().IsObjectType() || v.Type().IsMapType()):
		// Unknown parts (each.value of a for_each, a computed attribute)
		// become holes naming their path.
		b, err := yaml.Marshal(x.goValue(v, x.mi.Addr(local), attr))
		if err != nil {
			return
		}
		content = b
	default:
		x.e.Notes = append(x.e.Notes, lint.Note{Kind: lint.Skipped, What: x.mi.Label(local) + ": " + attr + " cannot be known statically", Range: whole})
		return
	}
	em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content}
	if src, ok := x.e.DocSourceOf(string(content)); ok {
		// A document read from a file as written (kubectl_path_documents,
		// kubectl_file_documents, split() of a file()): placed in the
		// file, which is then not read again as a plain manifest.
		em.SetMap(kept.PositionMap{Whole: whole, File: x.e.Session.Rel(src.File), FileLine: src.Line - 1})
		x.e.Templates = append(x.e.Templates, src.File)
	} else {
		em.SetMap(x.positionMap(expr, whole, content))
	}
	em.SetPassed(x.interpolationsPassed(expr))
	x.e.Embedded = append(x.e.Embedded, em)
}

// kubectlNamespace sets where a kubectl_manifest applies the namespaced
// objects of the YAML embedded from index n on: every one in its
// override_namespace when that is set, else those that write no
// namespace in "default" — the kubectl provider's own choice
// (resource_kubectl_manifest.go), whatever the kubeconfig context says.
// An override not known statically places nothing.
func (x *extraction) kubectlNamespace(n int) {
	ns, override := "default", false
	at := x.attr(nil, "yaml_body")
	if ov := eval.GetAttr(x.v, "override_namespace"); ov != cty.NilVal && !(ov.IsKnown() && ov.IsNull()) {
		ov, _ = ov.Unmark()
		if !ov.IsKnown() || ov.Type() != cty.String || ov.AsString() == "" || lint.HasSentinel(ov.AsString()) {
			return
		}
		ns, override, at = ov.AsString(), true, x.attr(nil, "override_namespace")
	}
	var rng lint.Range
	if at != nil {
		rng = x.pos(at)
	}
	for i := n; i < len(x.e.Embedded); i++ {
		x.e.Embedded[i].Namespace, x.e.Embedded[i].NamespaceOverride, x.e.Embedded[i].NamespaceRange = ns, override, rng
	}
}

// committedManifest reads the YAML file a github_repository_file or
// gitlab_repository_file commits to a repository (its file a .yaml or
// .yml path) as the manifests it holds: a GitOps controller syncing that
// repository applies them. Whether one syncs the path to this cluster
// is not in the tree: what is read from them is inferred.
func (x *extraction) committedManifest(local string) {
	file, _ := eval.GetAttr(x.v, "file").Unmark()
	if file == cty.NilVal || !file.IsKnown() || file.IsNull() || file.Type() != cty.String {
		return
	}
	name := file.AsString()
	if ext := strings.ToLower(path.Ext(name)); ext != ".yaml" && ext != ".yml" {
		return
	}
	repo := "its repository"
	if v, ok := x.val("repository").Str(); ok {
		repo = "repository " + v
	} else if v, ok := x.val("project").Str(); ok {
		repo = "project " + v
	}
	n := len(x.e.Embedded)
	x.embed(local, "content")
	for i := n; i < len(x.e.Embedded); i++ {
		why := fmt.Sprintf("committed to %s as %s by %s: applied if a GitOps controller syncs that path to this cluster", repo, name, x.mi.Label(local))
		x.e.Embedded[i].Inferred = append(slices.Clone(x.e.Embedded[i].Inferred), why)
	}
}

// decodedFile is the text a yamldecode() argument evaluates to — a
// file() or templatefile() call, a heredoc, a document split out of a
// file —, with that argument: false when expr is anything else or the
// text is not known statically.
func (x *extraction) decodedFile(expr hcl.Expression) (cty.Value, hcl.Expression, bool) {
	fc, ok := expr.(*hclsyntax.FunctionCallExpr)
	if !ok || fc.Name != "yamldecode" || len(fc.Args) != 1 {
		return cty.NilVal, nil, false
	}
	inner := eval.Unhooked(fc.Args[0])
	text := x.mi.Eval(inner, x.extra)
	if !text.IsKnown() || text.IsNull() || text.Type() != cty.String {
		return cty.NilVal, nil, false
	}
	return text, inner, true
}

// encodedObject is the object a yamlencode() or jsonencode() argument
// evaluates to, with that argument: false when expr is anything else or
// the object itself is not known (its parts may be). The text
// Terraform encodes it to is the object as YAML, an unknown part (a
// map variable without a value) a hole where it is.
func (x *extraction) encodedObject(expr hcl.Expression) (cty.Value, hcl.Expression, bool) {
	fc, ok := expr.(*hclsyntax.FunctionCallExpr)
	if !ok || (fc.Name != "yamlencode" && fc.Name != "jsonencode") || len(fc.Args) != 1 || fc.ExpandFinal {
		return cty.NilVal, nil, false
	}
	inner := eval.Unhooked(fc.Args[0])
	obj := x.mi.Eval(inner, x.extra)
	if !obj.IsKnown() || obj.IsNull() || !(obj.Type().IsObjectType() || obj.Type().IsMapType()) {
		return cty.NilVal, nil, false
	}
	return obj, inner, true
}

// positionMap builds the range mapping for YAML written by expr.
func (x *extraction) positionMap(expr hcl.Expression, whole lint.Range, content []byte) kept.PositionMap {
	return x.positionMapIn(x.mi, expr, whole, content)
}

// positionMapIn is positionMap for expr written in module instance mi.
func (x *extraction) positionMapIn(mi *eval.ModInst, expr hcl.Expression, whole lint.Range, content []byte) kept.PositionMap {
	if t := x.templateFileAttr(expr); t != nil && mi == x.mi {
		// data.template_file.NAME.rendered: where the template is written.
		expr, whole = t.Expr, x.e.Session.Rng(t.Range)
	}
	onAttr := kept.PositionMap{Whole: whole}
	// The instance's each and count are those of expr only when it is
	// written in the resource's own module instance.
	var extra map[string]cty.Value
	if mi == x.mi {
		extra = x.extra
	}
	if fc, ok := expr.(*hclsyntax.FunctionCallExpr); ok && (fc.Name == "file" || fc.Name == "templatefile") && len(fc.Args) > 0 {
		p := mi.Eval(fc.Args[0], extra)
		if !p.IsKnown() || p.IsNull() || p.Type() != cty.String || lint.HasSentinel(p.AsString()) {
			return onAttr
		}
		env := x.e.PathEnv()
		pm := kept.PositionMap{Whole: whole, File: x.e.Session.Rel(env.Resolve(p.AsString()))}
		pm.Rows = templateRows(mi, fc, extra, content)
		return pm
	}
	if obj := objectWritten(expr); obj != nil {
		return x.objectMap(obj, content, whole)
	}
	tpl, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok || tpl.Range().Start.Line == tpl.Range().End.Line {
		return onAttr
	}
	if hasDirective(tpl) {
		// %{ for } and %{ if } render lines no longer one for one with
		// the source: each rendered line is placed part by part.
		if rows := inlineRows(mi, tpl, extra, content); rows != nil {
			return kept.PositionMap{Whole: whole, File: x.e.Session.Rel(tpl.Range().Filename), Rows: rows}
		}
	}
	// A heredoc: YAML line n is source line start+n; indented heredocs
	// (<<-) lose their common indentation, which columns get back.
	// The shift and the written end of each line are worked out now, so
	// the map keeps two numbers a line and not the source file.
	src := mi.Module.Source(tpl.Range().Filename)
	srcLines := strings.Split(string(src), "\n")
	yLines := strings.Split(string(content), "\n")
	start := tpl.Range().Start.Line
	n := min(len(yLines), max(len(srcLines)-start, 0))
	shifts, ends, interps := make([]int, n), make([]int, n), make([]int, n)
	for i := range n {
		s := srcLines[start+i]
		shifts[i] = max(indent(s)-indent(yLines[i]), 0)
		ends[i] = len([]rune(strings.TrimRight(yamlCommentCut(s), " \t\r"))) + 1
		if j := strings.Index(s, "${"); j >= 0 {
			interps[i] = len([]rune(s[:j])) + 1
		}
	}
	return kept.PositionMap{Whole: whole, Heredoc: true, Start: start, Shifts: shifts, Ends: ends, Interps: interps}
}

// templateRows places the lines of content, what templatefile() call fc
// rendered, in its template (kept.TemplateRows); nil for a file() call,
// or when the template does not render part by part.
func templateRows(mi *eval.ModInst, fc *hclsyntax.FunctionCallExpr, extra map[string]cty.Value, content []byte) []kept.TemplateRow {
	if fc.Name != "templatefile" {
		return nil
	}
	segs, src, ok := mi.TemplateSegments(fc, extra)
	if !ok {
		return nil
	}
	return segmentRows(segs, src, content)
}

// segmentRows places the lines of content, the texts of segs put
// together, in src, where the segments are written (kept.TemplateRows).
func segmentRows(segs []eval.TemplateSegment, src string, content []byte) []kept.TemplateRow {
	parts := make([]kept.Segment, len(segs))
	for i, s := range segs {
		parts[i] = kept.Segment{Text: s.Text, Line: s.Range.Start.Line, Column: s.Range.Start.Column, Start: s.Range.Start.Byte, End: s.Range.End.Byte, Literal: s.Literal}
	}
	rows, _ := kept.TemplateRows(string(content), src, parts)
	return rows
}

// hasDirective reports whether template t holds a %{ for } or %{ if }
// directive among its top-level parts.
func hasDirective(t *hclsyntax.TemplateExpr) bool {
	for _, p := range t.Parts {
		switch eval.Unhooked(p).(type) {
		case *hclsyntax.TemplateJoinExpr, *hclsyntax.ConditionalExpr:
			return true
		}
	}
	return false
}

// inlineRows places the lines of content, what template t written in
// mi's code rendered, where they are written (kept.TemplateRows); nil
// when the template does not render part by part.
func inlineRows(mi *eval.ModInst, t *hclsyntax.TemplateExpr, extra map[string]cty.Value, content []byte) []kept.TemplateRow {
	segs, src, ok := mi.InlineTemplateSegments(t, extra)
	if !ok {
		return nil
	}
	return segmentRows(segs, src, content)
}

// yamlCommentCut is a heredoc line of YAML without the comment that ends
// it (" #" after the last interpolation): the written end of its value.
func yamlCommentCut(s string) string {
	from := strings.LastIndexByte(s, '}') + 1
	if j := strings.Index(s[from:], " #"); j >= 0 {
		return s[:from+j]
	}
	return s
}

func indent(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }

// asBlockYAML is text, what jsonencode({…}) written as expr made, as
// block YAML of the same value (Helm and the Kubernetes providers read
// JSON as YAML): JSON writes the whole object on one line, where lines
// cannot tell its keys apart, so each is placed on a line of its own for
// objectMap to place at the HCL item writing it. Any other text is
// returned as it is.
func asBlockYAML(text string, expr hcl.Expression) string {
	fc, ok := expr.(*hclsyntax.FunctionCallExpr)
	if !ok || fc.Name != "jsonencode" || len(fc.Args) != 1 || strings.Contains(strings.TrimSpace(text), "\n") {
		return text
	}
	if _, isObj := fc.Args[0].(*hclsyntax.ObjectConsExpr); !isObj {
		return text
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) != 1 {
		return text
	}
	var unflow func(n *yaml.Node)
	unflow = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
			n.Style &^= yaml.FlowStyle
		}
		for _, c := range n.Content {
			unflow(c)
		}
	}
	unflow(doc.Content[0])
	out, err := yaml.Marshal(doc.Content[0])
	if err != nil {
		return text
	}
	return string(out)
}

// objectWritten is the HCL object the YAML of expr is written as: the
// argument of yamlencode({…}) or jsonencode({…}) (JSON is YAML), or the
// object itself (a kubernetes_manifest's manifest); nil otherwise.
func objectWritten(expr hcl.Expression) *hclsyntax.ObjectConsExpr {
	if fc, ok := expr.(*hclsyntax.FunctionCallExpr); ok && (fc.Name == "yamlencode" || fc.Name == "jsonencode") && len(fc.Args) == 1 {
		expr = fc.Args[0]
	}
	obj, _ := expr.(*hclsyntax.ObjectConsExpr)
	return obj
}

// objectLines places each line of content, the YAML obj encodes, at the
// HCL item that writes it: a mapping key's line at the item's value (its
// key when the value is a block of its own), a list item's at its
// element, found by key and index through the object and tuple
// constructors; a line under what is not a constructor (a variable, a
// merge()) at the nearest item above it, else at whole.
func (x *extraction) objectLines(obj *hclsyntax.ObjectConsExpr, content []byte, whole lint.Range) []lint.Range {
	m := x.objectMap(obj, content, whole)
	return m.Lines
}

// objectMap is the position map of content, the YAML obj encodes:
// objectLines, and each mapping key's line and column placed at the
// HCL item's key.
func (x *extraction) objectMap(obj *hclsyntax.ObjectConsExpr, content []byte, whole lint.Range) kept.PositionMap {
	out := kept.PositionMap{Whole: whole}
	var doc yaml.Node
	if yaml.Unmarshal(content, &doc) != nil || len(doc.Content) == 0 {
		return out
	}
	n := bytes.Count(content, []byte("\n")) + 1
	lines, keys, keyCols := make([]lint.Range, n), make([]lint.Range, n), make([]int, n)
	set := func(line int, r lint.Range) {
		if line >= 1 && line <= len(lines) {
			lines[line-1] = r
		}
	}
	setKey := func(k *yaml.Node, r lint.Range) {
		if k.Line >= 1 && k.Line <= len(keys) {
			keys[k.Line-1], keyCols[k.Line-1] = r, k.Column
		}
	}
	var walk func(n *yaml.Node, e hclsyntax.Expression, at lint.Range, depth int)
	walk = func(n *yaml.Node, e hclsyntax.Expression, at lint.Range, depth int) {
		if n == nil || depth > maxObjectDepth {
			return
		}
		switch n.Kind {
		case yaml.MappingNode:
			items := objectItems(e)
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				here, ve := at, hclsyntax.Expression(nil)
				if it, ok := items[k.Value]; ok {
					ve = it.ValueExpr
					here = x.e.Session.Rng(it.ValueExpr.Range())
					if v.Kind != yaml.ScalarNode {
						here = x.e.Session.Rng(it.KeyExpr.Range())
					}
					setKey(k, x.e.Session.Rng(it.KeyExpr.Range()))
				}
				set(k.Line, here)
				walk(v, ve, here, depth+1)
			}
		case yaml.SequenceNode:
			var elems []hclsyntax.Expression
			if t, ok := e.(*hclsyntax.TupleConsExpr); ok {
				elems = t.Exprs
			}
			for i, c := range n.Content {
				here, ce := at, hclsyntax.Expression(nil)
				if i < len(elems) {
					ce, here = elems[i], x.e.Session.Rng(elems[i].Range())
				}
				set(c.Line, here)
				walk(c, ce, here, depth+1)
			}
		default:
			set(n.Line, at)
		}
	}
	walk(doc.Content[0], obj, whole, 0)
	out.Lines, out.Keys, out.KeyColumns = lines, keys, keyCols
	return out
}

// maxObjectDepth bounds the walk of an encoded object (its YAML was
// checked against nesting.Max before; this is a second bound).
const maxObjectDepth = 1000

// objectItems are the items of e by static key, when e is an object
// constructor (nil otherwise): a key written as a name or a literal
// string; an item whose key is computed is left out.
func objectItems(e hclsyntax.Expression) map[string]hclsyntax.ObjectConsItem {
	obj, ok := e.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil
	}
	out := make(map[string]hclsyntax.ObjectConsItem, len(obj.Items))
	for _, it := range obj.Items {
		if k := hcl.ExprAsKeyword(it.KeyExpr); k != "" {
			out[k] = it
			continue
		}
		if v, diags := it.KeyExpr.Value(nil); !diags.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type() == cty.String {
			out[v.AsString()] = it
		}
	}
	return out
}

// serviceAccount reads kubernetes_service_account(_v1).
func (x *extraction) serviceAccount(o lint.Object) *lint.ServiceAccount {
	o.Kind = lint.KindServiceAccount
	sa := &lint.ServiceAccount{Object: o, Namespace: lint.Known("default")}
	md := eval.BlockList(eval.GetAttr(x.v, "metadata"))
	if len(md) == 0 {
		return sa
	}
	sa.Name = x.e.Holes.ToValue(eval.GetAttr(md[0], "name"))
	if a := x.attr(&blockIndex{"metadata", 0}, "name"); a != nil {
		sa.NameRange = x.e.Session.Rng(a.Range)
	}
	if ns := eval.GetAttr(md[0], "namespace"); ns != cty.NilVal && !ns.IsNull() {
		sa.Namespace = x.e.Holes.ToValue(ns)
	}
	if ann := eval.GetAttr(md[0], "annotations"); ann != cty.NilVal && ann.IsKnown() && !ann.IsNull() {
		if arn := eval.GetAttr(ann, "eks.amazonaws.com/role-arn"); arn != cty.NilVal && !arn.IsNull() {
			rng := sa.NameRange
			if a := x.attr(&blockIndex{"metadata", 0}, "annotations"); a != nil {
				rng = x.e.Session.Rng(a.Range)
				if item, ok := objectItemAt(a.Expr, "eks.amazonaws.com/role-arn"); ok {
					rng = x.e.Session.Rng(item) // the annotation's own line
				}
			}
			sa.RoleARN = lint.Ref{Value: x.e.Holes.ToValue(arn), Range: rng}
		}
	}
	if n, ok := sa.Name.Str(); ok {
		ns, _ := sa.Namespace.Str()
		sa.Aliases = []string{lint.KubeKey("", "ServiceAccount", ns, n)}
	}
	return sa
}

// objectItemAt is where an object constructor writes the item of key
// (its key and value), when the key is written as that text.
func objectItemAt(expr hcl.Expression, key string) (hcl.Range, bool) {
	it, ok := objectItemExpr(expr, key)
	if !ok {
		return hcl.Range{}, false
	}
	return hcl.RangeBetween(it.KeyExpr.Range(), it.ValueExpr.Range()), true
}

// objectItemExpr is the item of key an object constructor writes, when
// the key is written as that text (the last such item, which is the one
// that counts).
func objectItemExpr(expr hcl.Expression, key string) (hclsyntax.ObjectConsItem, bool) {
	obj, ok := expr.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return hclsyntax.ObjectConsItem{}, false
	}
	var found hclsyntax.ObjectConsItem
	var ok2 bool
	for _, it := range obj.Items {
		k, diags := it.KeyExpr.Value(nil)
		if diags.HasErrors() || !k.IsKnown() || k.IsNull() || k.Type() != cty.String || k.AsString() != key {
			continue
		}
		found, ok2 = it, true
	}
	return found, ok2
}

// addon reads aws_eks_addon: for an add-on eksaddons knows, its fixed
// service account with service_account_role_arn as the IRSA role; and a
// pod identity association per pod_identity_association block (its
// namespace is the add-on's, unknown for other add-ons).
func (x *extraction) addon(o lint.Object) []lint.Entity {
	name := x.val("addon_name")
	nameRange := o.Range
	if a := x.attr(nil, "addon_name"); a != nil {
		nameRange = x.e.Session.Rng(a.Range)
	}
	n, _ := name.Str()
	acct, known := eksaddons.AccountOf(n)
	cluster := x.val("cluster_name")
	var out []lint.Entity
	if known {
		sa := &lint.ServiceAccount{Object: o, Namespace: lint.Known(acct.Namespace), NamespaceRange: nameRange}
		sa.Kind = lint.KindServiceAccount
		sa.Name, sa.NameRange = lint.Known(acct.Name), nameRange
		sa.Via, sa.AddOn = o.Label+", add-on "+n, n
		sa.Label = "service account " + acct.Namespace + "/" + acct.Name + " (" + sa.Via + ")"
		sa.Aliases = []string{lint.KubeKey("", "ServiceAccount", acct.Namespace, acct.Name)}
		sa.RoleARN = x.ref("service_account_role_arn")
		out = append(out, sa)
	}
	for i, b := range eval.BlockList(eval.GetAttr(x.v, "pod_identity_association")) {
		p := &lint.PodIdentityAssociation{Object: o, Cluster: cluster}
		p.Kind = lint.KindPodIdentity
		p.Addr = o.Addr + "#pod_identity_association[" + strconv.Itoa(i) + "]"
		p.Label = o.Label + " pod_identity_association"
		p.Name = lint.Unknown()
		p.Namespace = lint.Ref{Value: lint.Unknown(), Range: nameRange}
		if known {
			p.Namespace.Value = lint.Known(acct.Namespace)
		}
		blk := &blockIndex{"pod_identity_association", i}
		p.ServiceAccount = x.blockRef(blk, b, "service_account")
		p.RoleARN = x.blockRef(blk, b, "role_arn")
		if sn, ok := p.ServiceAccount.Value.Str(); ok {
			if ns, ok := p.Namespace.Value.Str(); ok {
				p.Label = "pod identity association " + ns + "/" + sn + " (" + o.Label + ")"
			} else {
				// An add-on faultline does not know: its namespace is not.
				p.Label = "pod identity association of service account " + sn + " (" + o.Label + ", in the add-on's namespace, not known)"
			}
		}
		out = append(out, p)
	}
	return out
}

// blockRef reads an attribute of the i-th nested block as a reference.
func (x *extraction) blockRef(blk *blockIndex, b cty.Value, attr string) lint.Ref {
	v := eval.GetAttr(b, attr)
	if v == cty.NilVal || v.IsNull() {
		return lint.Ref{}
	}
	r := lint.Ref{Value: x.e.Holes.ToValue(v), Range: x.e.Session.Rng(x.r.DefRange)}
	if a := x.attr(blk, attr); a != nil {
		r.Range = x.e.Session.Rng(a.Range)
		if a.Name == attr {
			r.Passed = x.passed(a.Expr)
		}
	}
	return r
}

// podIdentity reads aws_eks_pod_identity_association.
func (x *extraction) podIdentity(o lint.Object) *lint.PodIdentityAssociation {
	o.Kind = lint.KindPodIdentity
	o.Name = lint.Unknown()
	p := &lint.PodIdentityAssociation{Object: o, Cluster: x.val("cluster_name")}
	p.Namespace = x.ref("namespace")
	p.ServiceAccount = x.ref("service_account")
	p.RoleARN = x.ref("role_arn")
	if p.ServiceAccount.IsSet() {
		p.NameRange = p.ServiceAccount.Range
	}
	return p
}

// namespace reads kubernetes_namespace(_v1) as a Namespace object.
func (x *extraction) namespace(o lint.Object) *lint.KubeObject {
	o.Kind = lint.KindObject
	obj := &lint.KubeObject{Object: o, APIVersion: "v1", KindName: "Namespace"}
	md := eval.BlockList(eval.GetAttr(x.v, "metadata"))
	if len(md) == 0 {
		obj.Name = lint.Unknown()
		return obj
	}
	obj.Name = x.e.Holes.ToValue(eval.GetAttr(md[0], "name"))
	if a := x.attr(&blockIndex{"metadata", 0}, "name"); a != nil {
		obj.NameRange = x.e.Session.Rng(a.Range)
	}
	return obj
}

// configMap reads kubernetes_config_map(_v1) and _v1_data (aws-auth).
func (x *extraction) configMap(o lint.Object) *lint.KubeObject {
	o.Kind = lint.KindObject
	obj := &lint.KubeObject{Object: o, APIVersion: "v1", KindName: "ConfigMap", Namespace: lint.Known("default")}
	md := eval.BlockList(eval.GetAttr(x.v, "metadata"))
	if len(md) > 0 {
		obj.Name = x.e.Holes.ToValue(eval.GetAttr(md[0], "name"))
		if ns := eval.GetAttr(md[0], "namespace"); ns != cty.NilVal && !ns.IsNull() {
			obj.Namespace = x.e.Holes.ToValue(ns)
		}
	}
	return obj
}

// configMapData records the ConfigMap a kubernetes_config_map(_v1)(_v1_data)
// writes as YAML, for a Flux Kustomization that substitutes from it (a
// "cluster-vars" ConfigMap Terraform fills when it bootstraps Flux). Its
// data's lines are placed at the items of the data object written, the
// rest at the data attribute. Nothing is recorded when the name or the
// data is not known, or the data is not a map.
func (x *extraction) configMapData(local string, cm *lint.KubeObject) {
	x.sourceData(local, cm, "ConfigMap", "data")
}

// secretData records the Secret a kubernetes_secret(_v1) writes as YAML,
// for a Flux Kustomization that substitutes from it, as configMapData
// does: its data (plain text in Terraform, which the provider encodes)
// under stringData.
func (x *extraction) secretData(local string, obj lint.Object) {
	x.sourceData(local, x.configMap(obj), "Secret", "stringData")
}

// sourceData records the data attribute of the object obj names (its
// metadata's name and namespace) as a kind document with the data under
// key (configMapData, secretData); data known only at apply as the
// document without it, marked DataUnknown.
func (x *extraction) sourceData(local string, cm *lint.KubeObject, kind, key string) {
	a := x.attr(nil, "data")
	v := eval.GetAttr(x.v, "data")
	name, ok := cm.Name.Str()
	ns, nsOK := cm.Namespace.Str()
	if a == nil || v == cty.NilVal || v.IsNull() || !ok || !nsOK {
		return
	}
	head, err := yaml.Marshal(configMapHead{APIVersion: "v1", Kind: kind, Metadata: configMapMeta{Name: name, Namespace: ns}})
	if err != nil {
		return
	}
	whole := x.e.Session.Rng(a.Range)
	// kubernetes_config_map_v1_data writes its keys into a ConfigMap made
	// elsewhere (force: taking them over), not a ConfigMap of its own.
	em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, SubstitutionSource: true, AddsData: x.r.Type == "kubernetes_config_map_v1_data"}
	if !v.IsKnown() {
		// Known only at apply: the object is named, what it holds is not.
		em.Content, em.DataUnknown = head, true
		em.SetMap(kept.PositionMap{Whole: whole})
		em.SetPassed(nil)
		x.e.Embedded = append(x.e.Embedded, em)
		return
	}
	if !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return
	}
	data, err := yaml.Marshal(x.goValue(v, x.mi.Addr(local), "data"))
	if err != nil {
		return
	}
	content := append(head, key+":\n"...)
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line != "" {
			content = append(append(content, "  "...), line...)
		}
	}
	var lines []lint.Range
	if obj := objectWritten(a.Expr); obj != nil {
		// The head and "data:" lines are at the attribute; the data's
		// own lines where their items are written.
		above := bytes.Count(head, []byte("\n")) + 1
		lines = make([]lint.Range, above, above+bytes.Count(data, []byte("\n"))+1)
		for i := range lines {
			lines[i] = whole
		}
		lines = append(lines, x.objectLines(obj, data, whole)...)
	}
	em.Content = content
	em.SetMap(kept.PositionMap{Whole: whole, Lines: lines})
	em.SetPassed(nil)
	x.e.Embedded = append(x.e.Embedded, em)
}

// configMapHead and configMapMeta are the lines of a ConfigMap above its
// data, in the order a user writes them.
type configMapHead struct {
	APIVersion string        `yaml:"apiVersion"`
	Kind       string        `yaml:"kind"`
	Metadata   configMapMeta `yaml:"metadata"`
}

type configMapMeta struct {
	Name      string `yaml:"name"`
	Namespace string `yaml:"namespace"`
}

// interpolationsPassed is, for YAML written as a template in the module,
// the module arguments each interpolation of a variable (${var.x}) is
// passed in by, looked up by the range the YAML value is mapped to: a
// value the module only forwards is set where the caller writes it.
// Nil when no interpolation is passed in.
func (x *extraction) interpolationsPassed(expr hcl.Expression) []kept.PassedPart {
	tpl, ok := eval.Unhooked(expr).(*hclsyntax.TemplateExpr)
	if !ok {
		return nil
	}
	var parts []kept.PassedPart
	for _, part := range tpl.Parts {
		p := eval.Unhooked(part)
		if w, ok := p.(*hclsyntax.TemplateWrapExpr); ok {
			p = eval.Unhooked(w.Wrapped)
		}
		if _, ok := p.(*hclsyntax.ScopeTraversalExpr); !ok {
			continue
		}
		if passed := x.passed(p); len(passed) > 0 {
			parts = append(parts, kept.PassedPart{Range: x.e.Session.Rng(p.Range()), Passed: passed})
		}
	}
	return parts
}

// onlyReadBack reports whether v, the value of a resource's attribute
// attr, is only the paths the module reads of it, each a hole naming the
// resource's own attribute at addr: the stand-in for an attribute not
// known (its reads named), not a value written.
func (x *extraction) onlyReadBack(v cty.Value, addr, attr string) bool {
	if !v.IsKnown() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return false
	}
	leaves, own := 0, true
	_ = cty.Walk(v, func(_ cty.Path, e cty.Value) (bool, error) {
		if !own || !e.IsKnown() || e.IsNull() {
			return false, nil
		}
		t := e.Type()
		if t.IsObjectType() || t.IsMapType() {
			return true, nil
		}
		leaves++
		if t != cty.String {
			own = false
			return false, nil
		}
		ref, ok := x.e.Holes.Decode(e.AsString()).SoleRef()
		own = ok && ref.Object == addr && (ref.Path == attr || strings.HasPrefix(ref.Path, attr+"[") || strings.HasPrefix(ref.Path, attr+"."))
		return false, nil
	})
	return own && leaves > 0
}
