package extract

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/internal/helmset"
	"github.com/faultline-dev/faultline/internal/yamlanchor"
	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"
	"helm.sh/helm/v3/pkg/strvals"
)

// release reads a helm_release into a model release: name, namespace
// (Terraform's helm provider defaults it to "default"), chart, values in
// Helm's order (values documents, then set / set_list / set_sensitive),
// and where each value was set.
func (x *extraction) release(o lint.Object) *lint.Release {
	o.Kind = lint.KindRelease
	x.name(&o, "name", "")
	r := &lint.Release{Object: o, Tool: "terraform", Values: map[string]any{}, ValueRanges: map[string]lint.Range{}}
	r.Namespace = lint.Known("default")
	if a := x.attr(nil, "namespace"); a != nil {
		r.Namespace = x.val("namespace")
		r.NamespaceRange = x.e.Session.Rng(a.Range)
	}
	cv := x.val("chart")
	chart, chartKnown := cv.Str()
	if !chartKnown && strings.Contains(cv.Prefix(), "://") {
		// A URL with a part known only at apply (…/v${var.tag}.tgz):
		// a remote chart, never a directory of the tree.
		chart = cv.String()
	}
	r.Repository, _ = x.val("repository").Str()
	if repo := r.Repository; repo != "" && !strings.Contains(chart, "/") && !lint.HasSentinel(repo) && !lint.HasSentinel(chart) {
		if _, err := url.ParseRequestURI(repo); err != nil {
			// The helm provider's resolveChartName: a repository that is
			// no URL (a local directory, a repository's alias) is joined
			// with the chart's name ("../charts" + "app").
			chart, r.Repository = repo+"/"+chart, ""
		}
	}
	if repo := r.Repository; chartKnown && strings.HasPrefix(strings.ToLower(repo), "oci://") && !lint.HasSentinel(repo) {
		// The helm provider's chartPathOptions: an OCI repository's
		// path joined with the chart (path.Join, so a chart "" installs
		// the repository's own path: oci://…/karpenter/karpenter).
		if u, err := url.Parse(repo); err == nil && strings.Trim(path.Join(u.Path, chart), "/") != "" {
			full := path.Join(u.Path, chart)
			u.Path = path.Dir(full)
			r.Repository, chart = strings.TrimSuffix(u.String(), "/"), path.Base(full)
		}
	}
	r.Chart = chart
	var known bool
	r.Version, known = x.val("version").Str()
	if v := eval.GetAttr(x.v, "version"); !known && !(v.IsKnown() && v.IsNull()) {
		r.VersionUnknown = true
	}
	r.ChartDir = x.localChart(chart)
	if r.ChartDir == "" && r.Repository == "" && chartKnown {
		r.ChartMissing = x.missingChartDir(o.Label, chart)
	}
	r.PostRenderer = x.postRenderer()
	// The helm provider runs `helm dependency update` before installing
	// when dependency_update is true (unknown: as it defaults, false).
	if update, _ := boolAttr(eval.GetAttr(x.v, "dependency_update")); update {
		r.Dependencies = lint.DependenciesAlwaysBuilt
	}
	// A release declared in code `terraform init` installed (a registry or
	// git module), or in a built-in model of one, sets values the user does
	// not write (values the user passes through the module's inputs are
	// not told apart yet: the whole release counts as generated).
	r.Generated = x.mi.Module != nil && (x.e.Session.InCache(x.mi.Module.Dir) || x.mi.Model != nil)

	// values = [ ... ]: each element a YAML document.
	if a := x.attr(nil, "values"); a != nil {
		list := eval.GetAttr(x.v, "values")
		var elems []hcl.Expression
		// Values a module passes in (values = var.values) are written in
		// its caller's argument.
		written, in := x.mi.PassedExpr(a.Expr)
		elems = listElements(in, written, 4)
		switch {
		case list != cty.NilVal && list.IsKnown() && !list.IsNull() && list.CanIterateElements():
			i := 0
			for it := list.ElementIterator(); it.Next(); i++ {
				_, doc := it.Element()
				ex, exIn := a.Expr, x.mi
				if i < len(elems) {
					ex, exIn = elems[i], in
				}
				if (!doc.IsWhollyKnown() || wholeHole(doc)) && r.ValuesUnknown == "" {
					r.ValuesUnknown = fmt.Sprintf("values[%d] (%s), which faultline cannot evaluate", i, x.e.Session.Rng(ex.Range()).String())
				}
				if !x.mergeValuesDoc(r, doc, ex, exIn) && r.ValuesUnknown == "" {
					// A value known only at apply where YAML is (a line
					// ${var.extra_values}): what it adds is not known.
					r.ValuesUnknown = fmt.Sprintf("values[%d] (%s), whose YAML holds a value known only at apply", i, x.e.Session.Rng(ex.Range()).String())
				}
			}
		case list != cty.NilVal && !list.IsKnown():
			r.ValuesUnknown = fmt.Sprintf("values (%s), which faultline cannot evaluate", x.e.Session.Rng(a.Expr.Range()).String())
		}
	}
	// set, set_list, set_sensitive, in the provider's order: blocks (helm
	// provider 2.x, set and set_sensitive applied in the SDK's order), or
	// lists of objects (3.x, applied as written); set_string blocks last
	// (1.x, which sets their values as strings: getValues at v1.3.2).
	for _, kind := range []string{"set", "set_list", "set_sensitive", "set_string"} {
		var entries []setEntry
		for i, s := range eval.BlockList(eval.GetAttr(x.v, kind)) {
			if name, ok := x.e.Holes.ToValue(eval.GetAttr(s, "name")).Str(); ok {
				entries = append(entries, setEntry{i: i, obj: s, name: name})
			}
		}
		if _, isList := x.r.Body.Attrs[kind]; kind != "set_list" && !isList {
			entries = sdkSetOrder(entries, kind != "set_string")
		}
		for _, e := range entries {
			i, s, name := e.i, e.obj, e.name
			rng := x.e.Session.Rng(x.r.DefRange)
			if a := x.attr(&blockIndex{kind, i}, "value"); a != nil {
				rng = x.e.Session.Rng(a.Range)
			}
			path := lint.SplitSetName(name)
			val := x.goValue(eval.GetAttr(s, "value"), o.Addr, kind+"."+name)
			if v := eval.GetAttr(s, "value"); v != cty.NilVal && !v.IsKnown() {
				// Wholly unknown (a reference Terraform refuses, a
				// module whose code is not read): named after what the
				// value reads, as written.
				if a := x.attr(&blockIndex{kind, i}, "value"); a != nil {
					if ref, ok := x.mi.RefHole(a.Expr); ok {
						val = x.e.Holes.Sentinel(ref)
					}
				}
			}
			if t, _ := x.e.Holes.ToValue(eval.GetAttr(s, "type")).Str(); kind != "set_list" && kind != "set_string" && t != "string" {
				val = typedSetValue(val)
			}
			if e.unknownOrder {
				// Which of the blocks setting this name wins is known
				// only at apply.
				val = x.goValue(cty.UnknownVal(cty.String), o.Addr, kind+"."+name)
			}
			if !helmset.Set(r.Values, name, val) {
				lint.SetValuePath(r.Values, path, val)
			}
			r.ValueRanges[strings.Join(path, ".")] = rng
			if a := x.attr(&blockIndex{kind, i}, "name"); a != nil {
				r.SetKeyRange(strings.Join(path, "."), x.e.Session.Rng(a.Range))
			}
		}
	}
	return r
}

// postRenderer is the absolute path of a helm_release's post-renderer:
// postrender.binary_path, a block (helm provider 2.x) or an object (3.x),
// resolved as the root's working directory resolves it (the provider
// runs it from there); "" when there is none or it is not known.
func (x *extraction) postRenderer() string {
	v := eval.GetAttr(x.v, "postrender")
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return ""
	}
	if !v.Type().IsObjectType() {
		blocks := eval.BlockList(v)
		if len(blocks) == 0 {
			return ""
		}
		v = blocks[0]
	}
	p, ok := x.e.Holes.ToValue(eval.GetAttr(v, "binary_path")).Str()
	if !ok || p == "" || !strings.ContainsRune(p, '/') {
		return "" // unknown, or a program looked up on PATH
	}
	env := x.e.PathEnv()
	return env.Resolve(p)
}

// typedSetValue is a set block's value as the helm provider gives it to
// Helm when its type is "auto" (the default): parsed by Helm's strvals as
// `--set` parses it, so "{a,b}" is a list, "3" a number, "true" a bool.
// A value strvals refuses (a bare comma splits it into keys), or one
// holding a hole, stays the string it is.
func typedSetValue(v any) any {
	s, ok := v.(string)
	if !ok || lint.HasSentinel(s) {
		return v
	}
	m := map[string]any{}
	if err := strvals.ParseInto("value="+s, m); err != nil || len(m) != 1 {
		return v
	}
	typed, ok := m["value"]
	if !ok {
		return v
	}
	return typed
}

// missingChartDir reports, as invalid input, a release's chart written as
// a path to a directory of the tree that does not exist
// (eval.Evaluator.MissingChartDir): helm fails before installing. A
// release of code terraform init installed, or of a built-in model, is
// left alone: its paths are the module's, not the user's. It reports
// whether the chart is such a path; from a root that is not certainly
// one Terraform runs in, it is not reported (the release's note says it).
func (x *extraction) missingChartDir(label, chart string) bool {
	if x.mi.Module != nil && (x.e.Session.InCache(x.mi.Module.Dir) || x.mi.Model != nil) {
		return false
	}
	dir, certain := x.e.MissingChartDir(chart)
	a := x.attr(nil, "chart")
	if dir == "" || a == nil {
		return false
	}
	if !certain {
		return true // a note says so: the root may not be where Terraform runs
	}
	d := lint.Diagnostic{
		Range:   x.e.Session.Rng(a.Expr.Range()),
		Summary: "Chart directory not found",
		Detail: fmt.Sprintf("The chart %s of %s names %s, which does not exist: the helm provider reads a chart path from the directory Terraform runs in (%s), and helm fails with \"path not found\" before installing anything.",
			chart, label, x.e.Session.Rel(dir), x.e.Session.Rel(x.e.Root.Dir)),
	}
	if !slices.Contains(x.e.VarDiags, d) {
		x.e.VarDiags = append(x.e.VarDiags, d)
	}
	return true
}

// localChart resolves a chart written as a path to its directory (or
// .tgz) inside the scanned tree; "" for a remote chart.
func (x *extraction) localChart(chart string) string { return localChart(x.e, chart) }

// localChart is eval.Evaluator.LocalChart.
func localChart(e *eval.Evaluator, chart string) string { return e.LocalChart(chart) }

// wholeHole reports whether a values document is one value known only
// after apply (a data source's output, a variable without a value): a
// document of which nothing is known, not one with a hole in a value.
func wholeHole(doc cty.Value) bool {
	if doc.IsNull() || !doc.IsKnown() || doc.Type() != cty.String {
		return false
	}
	return lint.IsHole(strings.TrimSpace(doc.AsString()))
}

// mergeValuesDoc merges one values document and records where its keys
// are written: in the YAML file a file() / templatefile() call reads, in a
// heredoc, or the element itself; a local of the module is followed to
// where it is written. ex is written in module instance in. It is false
// when the document holds a value known only at apply where its YAML is
// (what it adds is then not known).
func (x *extraction) mergeValuesDoc(r *lint.Release, doc cty.Value, ex hcl.Expression, in *eval.ModInst) (ok bool) {
	ex = in.LocalExpr(ex)
	if doc.IsNull() || !doc.IsKnown() || doc.Type() != cty.String {
		return true
	}
	text := asBlockYAML(doc.AsString(), ex)
	// A document that does not read as a map is false only when it
	// holds a value known only at apply: that value may be YAML.
	var node yaml.Node
	if err := yaml.Unmarshal([]byte(text), &node); err != nil || len(node.Content) == 0 {
		return !lint.HasSentinel(text)
	}
	// The helm provider hands the text to Helm, which keeps the last
	// value of a key written twice (see internal/yamldup).
	read, dups := yamldup.LastWins(node.Content[0])
	m := yamlToGo(read)
	mm, isMap := m.(map[string]any)
	if !isMap {
		return !lint.HasSentinel(text)
	}
	lint.MergeValues(r.Values, mm)
	// Where each value is written: in the file a file() / templatefile()
	// call reads, on its line of a heredoc (the columns a <<- heredoc
	// drops given back), else on the element itself (positionMap).
	pm := x.positionMapIn(in, ex, x.e.Session.Rng(ex.Range()), []byte(text))
	shown := pm.File != "" || pm.Heredoc
	at := func(n *yaml.Node) lint.Range {
		return pm.Map(lint.Range{Line: n.Line, Column: n.Column, EndLine: n.Line, EndColumn: n.Column + len([]rune(n.Value))}, n.Value)
	}
	walkYAML(read, nil, func(path []string, n *yaml.Node) {
		r.ValueRanges[strings.Join(path, ".")] = at(n)
	})
	aliased := yamlanchor.Aliased(read)
	walkKeys(read, nil, func(path []string, k, v *yaml.Node) {
		key := strings.Join(path, ".")
		if rng := at(k); rng != pm.Whole {
			// A key's own place; a key the map cannot place stands at the
			// whole element, which is no key's place.
			r.SetKeyRange(key, rng)
		}
		if yamlanchor.Holds(v, aliased) {
			if r.AnchorKeys == nil {
				r.AnchorKeys = map[string]bool{}
			}
			r.AnchorKeys[key] = true
		}
	})
	for _, d := range dups {
		if !shown {
			continue // written where no line of it can be shown
		}
		last, first := at(d.Last), at(d.First)
		r.DuplicateKeys = append(r.DuplicateKeys, &lint.DuplicateKey{
			Object: lint.Object{Kind: lint.KindDuplicateKey, Addr: last.String() + "#" + first.String(), Label: "key " + d.Key,
				Name: lint.Known(d.Key), Range: last, NameRange: last, Source: lint.SourceTerraform},
			Key: d.Key, Path: d.Path, First: first, Reader: "Helm",
		})
	}
	return true
}

// walkYAML calls f for every scalar or list leaf with its key path, and
// for the key of every non-empty block (mapping) with its path.
func walkYAML(n *yaml.Node, path []string, f func([]string, *yaml.Node)) {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) == 0 && len(path) > 0 {
			f(path, n) // an empty block ({}): a value set
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := append(append([]string(nil), path...), n.Content[i].Value)
			if v := n.Content[i+1]; v.Kind == yaml.MappingNode && len(v.Content) > 0 {
				f(key, n.Content[i]) // a block: its key, where a finding on all of it points
			}
			walkYAML(n.Content[i+1], key, f)
		}
	case yaml.ScalarNode:
		f(path, n)
	case yaml.SequenceNode:
		f(path, n)
	}
}

// walkKeys calls f with the path, key node and value node of every
// mapping key of n.
func walkKeys(n *yaml.Node, path []string, f func(path []string, k, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key := append(append([]string(nil), path...), n.Content[i].Value)
		f(key, n.Content[i], n.Content[i+1])
		walkKeys(n.Content[i+1], key, f)
	}
}

// yamlToGo converts a YAML node into Go values as Helm reads them.
func yamlToGo(n *yaml.Node) any {
	var v any
	if err := n.Decode(&v); err != nil {
		return nil
	}
	return normalize(v)
}

func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
		return x
	case map[any]any:
		out := map[string]any{}
		for k, e := range x {
			if ks, ok := k.(string); ok {
				out[ks] = normalize(e)
			}
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
		return x
	}
	return v
}

// goValue converts an evaluated value into Helm values: unknown parts
// become sentinels naming where they were set, so they stay unknown
// through rendering instead of rendering as empty strings.
func (x *extraction) goValue(v cty.Value, addr, path string) any {
	if v == cty.NilVal || v.IsNull() {
		return nil
	}
	if !v.IsKnown() {
		return x.e.Holes.Sentinel(lint.HoleRef{Object: addr, Path: path})
	}
	v, _ = v.Unmark()
	ty := v.Type()
	switch {
	case ty == cty.String:
		return v.AsString()
	case ty == cty.Bool:
		return v.True()
	case ty == cty.Number:
		f := v.AsBigFloat()
		if f.IsInt() {
			i, _ := f.Int64()
			return i
		}
		fl, _ := f.Float64()
		return fl
	case ty.IsObjectType() || ty.IsMapType():
		out := map[string]any{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			out[k.AsString()] = x.goValue(e, addr, path+"."+k.AsString())
		}
		return out
	case ty.IsListType() || ty.IsTupleType() || ty.IsSetType():
		var out []any
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			idx := ""
			if k.Type() == cty.Number {
				idx = k.AsBigFloat().Text('f', 0)
			}
			out = append(out, x.goValue(e, addr, path+"["+idx+"]"))
		}
		return out
	}
	return nil
}

// knownLength is the length of a list, tuple or set value whose length is
// known.
func knownLength(v cty.Value) (int, bool) {
	if v == cty.NilVal {
		return 0, false
	}
	v, _ = v.Unmark()
	if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		return 0, false
	}
	n := v.Length()
	if !n.IsKnown() {
		return 0, false
	}
	l, _ := n.AsBigFloat().Int64()
	return int(l), true
}

// compactElements are the elements compact() keeps of elems: those whose
// value is neither null nor the empty string; nil when one's value is not
// known (which are kept is then not known).
func compactElements(in *eval.ModInst, elems []hcl.Expression) []hcl.Expression {
	if elems == nil {
		return nil
	}
	out := []hcl.Expression{}
	for _, e := range elems {
		v := in.Eval(e, nil)
		switch {
		case !v.IsKnown():
			return nil
		case v.IsNull():
		case v.Type() == cty.String && v.AsString() == "":
		default:
			out = append(out, e)
		}
	}
	return out
}

// listElements are the elements of a list expression as written: a tuple
// constructor's, a local's that is one, or those of concat()'s arguments
// in order (concat(local.base, [yamlencode(…)])); an argument of concat()
// not so written whose value is a list of known length (a variable)
// stands for each of its elements, so the others keep their place. Nil
// when some part is neither (its elements cannot be told apart).
func listElements(in *eval.ModInst, expr hcl.Expression, depth int) []hcl.Expression {
	expr = eval.Unhooked(in.LocalExpr(expr))
	switch x := expr.(type) {
	case *hclsyntax.TupleConsExpr:
		out := make([]hcl.Expression, 0, len(x.Exprs))
		for _, e := range x.Exprs {
			out = append(out, e)
		}
		return out
	case *hclsyntax.ConditionalExpr:
		// The branch a condition known statically chooses
		// (concat(base, var.ha ? [extra] : [])).
		c := in.Eval(x.Condition, nil)
		if depth == 0 || !c.IsKnown() || c.IsNull() || c.Type() != cty.Bool {
			return nil
		}
		if c.True() {
			return listElements(in, x.TrueResult, depth-1)
		}
		return listElements(in, x.FalseResult, depth-1)
	case *hclsyntax.FunctionCallExpr:
		if x.Name == "compact" && depth > 0 && !x.ExpandFinal && len(x.Args) == 1 {
			return compactElements(in, listElements(in, x.Args[0], depth-1))
		}
		if x.Name != "concat" || depth == 0 || x.ExpandFinal {
			return nil
		}
		var out []hcl.Expression
		for _, arg := range x.Args {
			part := listElements(in, arg, depth-1)
			if part == nil {
				n, ok := knownLength(in.Eval(arg, nil))
				if !ok {
					return nil
				}
				part = slices.Repeat([]hcl.Expression{arg}, n)
			}
			out = append(out, part...)
		}
		return out
	}
	return nil
}
