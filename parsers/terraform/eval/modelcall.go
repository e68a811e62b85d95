package eval

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// modelChild is the stand-in a call is evaluated from when it has no code
// of its own in the tree or the cache: for a registry or git source, the
// model of that module at the versions the call allows; for a local
// source inside a stand-in, the model of that submodule at the version
// its caller is modelled at. It says why not ("" when no model is known).
func (mi *ModInst) modelChild(c *Call) (*Module, *modelUse, string) {
	ix := mi.Evaluator.Session.models.idx()
	use := &modelUse{topCall: c, topPath: mi.Label("module." + c.name)}
	nested := mi.Model != nil && modsource.IsLocal(c.Source)
	if nested {
		if inner, ok := innerModelDir(mi.Model.dir.Dir, c.Source); ok {
			// A directory the stand-in carries itself (./addon), as a
			// module's own nested directory: the caller's version.
			in := *mi.Model
			in.dir, in.alts, in.assumed = modsource.ModelDir{Dir: inner, Span: mi.Model.dir.Span, First: mi.Model.dir.First}, nil, ""
			child := mi.Evaluator.Session.models.module(inner)
			if child == nil || mi.stack[child.Dir] || mi.depth >= maxModuleDepth {
				return nil, nil, "its built-in model calls itself"
			}
			return child, &in, ""
		}
		repo, sub, _ := strings.Cut(mi.Model.key, "//")
		sub = path.Clean(path.Join(sub, c.Source))
		if strings.HasPrefix(sub, "..") {
			return nil, nil, "local source " + c.Source + " leaves the module " + repo
		}
		use.key = repo
		if sub != "." {
			use.key += "//" + sub
		}
		use.allowed = mi.Model.allowed.Intersect(mi.Model.dir.Span)
		use.constraint, use.topCall, use.topPath = mi.Model.constraint, mi.Model.topCall, mi.Model.topPath
	} else {
		key, ref, ok := modsource.ModelKey(c.Source)
		if !ok {
			return nil, nil, ""
		}
		if _, known := ix[key]; !known {
			return nil, nil, ""
		}
		written := c.Version
		if modsource.VersionRefused(c.Source) != "" {
			// terraform init refuses the version argument (FL000); the
			// code would come from the ref.
			written = ""
		}
		allowed, constraint, ok := modsource.CallVersions(written, ref)
		if !ok {
			return nil, nil, "its version constraint " + c.Version + " cannot be read"
		}
		use.key, use.allowed, use.constraint = key, allowed, constraint
		if written == "" && modsource.IsCommitRef(ref) {
			use.commit = ref
		}
	}
	dir, alts, assumed, why := ix.ChooseModel(use.key, use.allowed, use.constraint, nested)
	if why != "" {
		return nil, nil, why
	}
	use.dir, use.alts, use.assumed = dir, alts, assumed
	if use.constraint == "" && !nested {
		if why := mi.fitInputs(c, use, ix[use.key]); why != "" {
			return nil, nil, why
		}
	}
	child := mi.Evaluator.Session.models.module(use.dir.Dir)
	if child == nil || mi.stack[child.Dir] || mi.depth >= maxModuleDepth {
		return nil, nil, "its built-in model calls itself"
	}
	return child, use, ""
}

// fitInputs reads an unconstrained call at the newest modelled version
// whose variables admit every input the call passes and whose outputs
// hold every output its caller reads, when the newest version (what
// `terraform init` installs today) rejects some input or lacks some
// output: the call was written for the older one, and evaluating the
// newest would invent its defaults (a v21 Pod Identity association for a
// v19-style call that reads irsa_arn). The newest stays recorded in
// use.installs, so the call's lint.ModuleCall still says that Terraform
// rejects it there (FL501). A call pinned to a commit that no modelled
// version admits is of a release faultline does not know, and is not
// modelled: why says so.
func (mi *ModInst) fitInputs(c *Call, use *modelUse, dirs []modsource.ModelDir) (why string) {
	models := mi.Evaluator.Session.models
	read := mi.Module.outputsRead(c)
	// An output no model declares (a stand-in keeps only the outputs
	// faultline reads) tells no version from another.
	modelled := map[string]bool{}
	for n := range read.names {
		for _, d := range dirs {
			if m := models.module(d.Dir); m != nil {
				if _, ok := m.outputs[n]; ok {
					modelled[n] = true
					break
				}
			}
		}
	}
	admits := func(d modsource.ModelDir) bool {
		m := models.module(d.Dir)
		if m == nil {
			return false
		}
		vars := declaredVariables(m, d.Span)
		for n := range c.Attrs {
			if v, ok := vars[n]; !ok || v.Declared == lint.No {
				return false
			}
		}
		if !read.all {
			for n := range read.names {
				if _, ok := m.outputs[n]; !ok && modelled[n] {
					return false
				}
			}
		}
		return true
	}
	pinned := "pinned to commit " + shortCommit(use.commit) + ", a release faultline does not know: "
	if admits(use.dir) {
		if use.commit != "" {
			use.assumed = pinned + "the newest modelled version is assumed"
		}
		return ""
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		if d.Dir == use.dir.Dir || !admits(d) {
			continue
		}
		if use.commit != "" {
			// terraform init installs the commit, not the newest
			// release: the version the call fits is the best guess.
			use.dir = d
			use.assumed = pinned + "read at " + d.Span.Label() + ", the newest modelled version that declares every input the call passes and output its caller reads"
			return ""
		}
		newest := use.dir
		use.installs = &newest
		use.dir = d
		use.assumed = "no version constraint: " + newest.Span.Label() + ", the newest modelled, rejects inputs the call passes or lacks outputs its caller reads; read at " + d.Span.Label() + ", the newest modelled that declares them all"
		return ""
	}
	if use.commit != "" {
		// The call was written for a release no model describes: reading
		// it at one would report inputs Terraform takes and invent
		// entities the commit does not make.
		return "pinned to commit " + shortCommit(use.commit) + ", a release faultline does not know, whose inputs no modelled version declares all of"
	}
	return ""
}

// shortCommit is a commit as messages write it: its first 12 characters.
func shortCommit(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}

// innerModelDir is the directory a local source names inside a stand-in's
// own version directory, when the stand-in carries it (with configuration
// files); false when the source leaves the directory or names none.
func innerModelDir(dir, source string) (string, bool) {
	inner := path.Clean(path.Join(dir, source))
	if !strings.HasPrefix(inner, dir+"/") {
		return "", false
	}
	ents, err := fs.ReadDir(models.FS, inner)
	if err != nil {
		return "", false
	}
	for _, e := range ents {
		if !e.IsDir() && isConfigFile(e.Name()) {
			return inner, true
		}
	}
	return "", false
}

// modelInferred is what every entity of a modelled instance rests on when
// its version is assumed.
func (u *modelUse) inferredText(path string) string {
	return path + " modelled as " + u.label() + " (" + u.assumed + ")"
}

// modelAnchor is where the entities of one instance of a modelled call
// are reported: the user's module call; inside a stand-in, the entry of
// the user's map input a for_each instance is made from (the node group
// "general" of eks_managed_node_groups), else where the caller is.
func (mi *ModInst) modelAnchor(c *Call, in Instance) hcl.Range {
	if mi.Model == nil {
		return c.DefRange
	}
	if at, ok := mi.itemAnchor(c.forEach, in); ok {
		return at
	}
	return mi.anchor
}

// itemAnchor is, in an instance of a stand-in, the entry of the user's map
// argument that a for_each instance is keyed by: the for_each expression
// reads var.NAME (directly or through locals, and through the stand-in's
// own calls up to the user's) and the user's call writes that argument as
// an object with that key.
func (mi *ModInst) itemAnchor(forEach hcl.Expression, in Instance) (hcl.Range, bool) {
	if mi.Model == nil || forEach == nil || in.key == cty.NilVal || !in.key.IsKnown() || in.key.Type() != cty.String {
		return hcl.Range{}, false
	}
	key := mi.Evaluator.Holes.decode(in.key.AsString())
	k, ok := key.Str()
	for _, a := range mi.userArgsIn(forEach, 0) {
		if ok {
			if item := a.in.writtenEntry(a.attr.Expr, k, 0); item != nil {
				return item.Range(), true
			}
		}
		// A key the user writes as a template ("${terraform.workspace}-
		// node", "${var.env}-ng" with the value known or not): the entry
		// whose key evaluates to the same value.
		if item := mi.symbolicItem(a.attr.Expr, key); item != nil {
			return item.Range(), true
		}
	}
	return hcl.Range{}, false
}

// symbolicItem is the value of the entry of object expr (written in the
// user's call) whose key, evaluated where the user wrote it, provably
// equals key, a value unknown before apply; nil when none does.
func (mi *ModInst) symbolicItem(expr hcl.Expression, key lint.Value) hcl.Expression {
	oc, ok := expr.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil
	}
	user := mi.Parent
	for user != nil && user.Model != nil {
		user = user.Parent
	}
	if user == nil {
		return nil
	}
	for _, it := range oc.Items {
		k := it.KeyExpr
		if w, ok := k.(*hclsyntax.ObjectConsKeyExpr); ok {
			if hcl.ExprAsKeyword(w.Wrapped) != "" {
				continue // a literal name: not a value unknown before apply
			}
			k = w.Wrapped
		}
		if lint.Compare(mi.Evaluator.Holes.ToValue(user.Eval(k, nil)), key) == lint.Yes {
			return it.ValueExpr
		}
	}
	return nil
}

// userArgs are the arguments of the user's call of a stand-in that an
// expression of the stand-in reads, through locals and the stand-in's own
// module calls.
func (mi *ModInst) userArgs(expr hcl.Expression, depth int) []*hcl.Attribute {
	var out []*hcl.Attribute
	for _, ua := range mi.userArgsIn(expr, depth) {
		out = append(out, ua.attr)
	}
	return out
}

// userArg is an argument the user's code writes and the instance of that
// code (where its locals are).
type userArg struct {
	attr *hcl.Attribute
	in   *ModInst
}

// userArgsIn is userArgs with the instance each argument is written in.
func (mi *ModInst) userArgsIn(expr hcl.Expression, depth int) []userArg {
	if mi.Model == nil || mi.Call == nil || mi.Parent == nil || depth > 4 {
		return nil
	}
	var out []userArg
	for _, name := range mi.inputsRead(expr, 0) {
		a, ok := mi.Call.Attrs[name]
		switch {
		case !ok:
		case mi.Parent.Model == nil:
			out = append(out, userArg{a, mi.Parent})
		default:
			out = append(out, mi.Parent.userArgsIn(a.Expr, depth+1)...)
		}
	}
	return out
}

// InputItem is, in an instance of a stand-in, the entry key of a user's
// map argument that an expression of the stand-in reads
// (tags = merge(var.tags, var.node_security_group_tags) and the key
// written in node_security_group_tags).
func (mi *ModInst) InputItem(expr hcl.Expression, key string) (hcl.Range, bool) {
	args := mi.userArgsIn(expr, 0)
	for i := len(args) - 1; i >= 0; i-- { // merge: the last one wins
		// An object, or merge() of objects and locals, in the user's code.
		if r, ok := args[i].in.WrittenItem(args[i].attr.Expr, key); ok {
			return r, true
		}
	}
	return hcl.Range{}, false
}

// keyRange is where the key of an object item whose value is item is
// written (the value itself when it cannot be found).
func keyRange(obj, item hcl.Expression) hcl.Range {
	if oc, ok := obj.(*hclsyntax.ObjectConsExpr); ok {
		for _, it := range oc.Items {
			if it.ValueExpr == item {
				return it.KeyExpr.Range()
			}
		}
	}
	return item.Range()
}

// inputsRead are the variables an expression reads, through locals.
func (mi *ModInst) inputsRead(expr hcl.Expression, depth int) []string {
	var out []string
	for _, t := range mi.Module.traversals(expr) {
		name, ok := AttrName(t, 1)
		switch {
		case !ok:
		case t.RootName() == "var":
			out = append(out, name)
		case t.RootName() == "local" && depth < 4:
			if a, ok := mi.Module.locals[name]; ok {
				out = append(out, mi.inputsRead(a.Expr, depth+1)...)
			}
		}
	}
	return out
}

// emptyDefaultsPassed are the variables of a root instance mi, given no
// value and left at an empty default (""), that call c's arguments read
// (through locals): "var.NAME", sorted. None for a module instance, or
// for a root module calls of the tree instantiate (what they leave is
// in force).
func (mi *ModInst) emptyDefaultsPassed(c *Call) []string {
	if mi.Call != nil || mi.Evaluator.calledElsewhere {
		return nil
	}
	seen := map[string]bool{}
	for _, a := range c.Attrs {
		for _, name := range mi.inputsRead(a.Expr, 0) {
			v, ok := mi.Module.variables[name]
			if _, given := mi.inputs[name]; !ok || given || !v.hasDef {
				continue
			}
			if val := mi.vars[name]; val != cty.NilVal && val.IsKnown() && !val.IsNull() && val.Type() == cty.String && val.AsString() == "" {
				seen["var."+name] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// evalMark is how much an evaluator had produced at some point.
type evalMark struct{ ents, notes, embedded, diags, templates, written, placed int }

func (e *Evaluator) mark() evalMark {
	return evalMark{len(e.entities), len(e.Notes), len(e.Embedded), len(e.VarDiags), len(e.Templates), len(e.Written), len(e.providerPlaced)}
}

// anchorModel moves every position that what an instance of a stand-in
// produced (since m) has in the stand-in's own files into the user's
// configuration: a reference passed in from the user's arguments points
// there, everything else at the instance's anchor. Reports never show
// stand-in code.
func (e *Evaluator) anchorModel(m evalMark, at hcl.Range, cands []inputLeaf, keepObjects bool) {
	an := anchorer{at: e.Session.Rng(at), cands: cands, keepObjects: keepObjects}
	r := an.at
	for _, ent := range e.entities[m.ents:] {
		an.self = moduleInstance(ent.Base().Addr)
		an.value(reflect.ValueOf(ent))
	}
	for i := m.notes; i < len(e.Notes); i++ {
		if modsource.IsModelFile(e.Notes[i].Range.File) {
			e.Notes[i].Range = r
		}
	}
	for i := m.diags; i < len(e.VarDiags); i++ {
		if modsource.IsModelFile(e.VarDiags[i].Range.File) {
			e.VarDiags[i].Range = r
		}
	}
	for i := m.embedded; i < len(e.Embedded); i++ {
		em := &e.Embedded[i]
		if !modsource.IsModelFile(em.File) {
			continue
		}
		em.File = r.File
		em.Anchor(r)
	}
}

var (
	rangeType     = reflect.TypeOf(lint.Range{})
	refType       = reflect.TypeOf(lint.Ref{})
	objectType    = reflect.TypeOf(lint.Object{})
	conditionType = reflect.TypeOf(lint.TrustCondition{})
	statementType = reflect.TypeOf(lint.TrustStatement{})
)

// inputLeaf is a value the user writes inside a map or list argument of a
// modelled call: where it is written (leaf) and the entry holding it
// (elem), so an entity of the stand-in that carries that value is shown
// there (the aws_auth_roles entry whose rolearn a mapping is made of).
type inputLeaf struct {
	value      lint.Value
	leaf, elem lint.Range
	// top is an argument itself (node_iam_role_arn = …): a reference
	// carrying its value points there, an object is never placed there.
	top bool
}

// maxInputLeaves bounds the values read from one call's arguments.
const maxInputLeaves = 256

// inputLeaves collects the values written inside the map and list
// arguments of a user's call of a stand-in (one instance of it).
func (mi *ModInst) inputLeaves(c *Call, in Instance) []inputLeaf {
	var out []inputLeaf
	var walk func(expr hcl.Expression, elem hcl.Range, depth int)
	walk = func(expr hcl.Expression, elem hcl.Range, depth int) {
		if len(out) >= maxInputLeaves || depth > 6 {
			return
		}
		// A local written as a map or list (cluster_addons =
		// local.addons): its entries are where the user writes them.
		if l := Unhooked(mi.LocalExpr(expr)); l != expr {
			switch l.(type) {
			case *hclsyntax.TupleConsExpr, *hclsyntax.ObjectConsExpr:
				expr = l
			}
		}
		switch x := expr.(type) {
		case *hclsyntax.TupleConsExpr:
			for _, el := range x.Exprs {
				walk(el, entry(elem, el.Range(), depth), depth+1)
			}
		case *hclsyntax.ObjectConsExpr:
			for _, it := range x.Items {
				walk(it.ValueExpr, entry(elem, hcl.RangeBetween(it.KeyExpr.Range(), it.ValueExpr.Range()), depth), depth+1)
			}
		default:
			if v := mi.Evaluator.Holes.ToValue(mi.Eval(expr, in.Extra)); !v.IsUnknown() {
				out = append(out, inputLeaf{value: v, leaf: mi.Evaluator.Session.Rng(expr.Range()), elem: mi.Evaluator.Session.Rng(elem), top: depth == 0})
			}
		}
	}
	names := make([]string, 0, len(c.Attrs))
	for n := range c.Attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		walk(c.Attrs[n].Expr, c.Attrs[n].Range, 0)
	}
	return out
}

// entry is the entry of an argument a value belongs to: the element or
// item directly in the argument.
func entry(outer, inner hcl.Range, depth int) hcl.Range {
	if depth == 0 {
		return inner
	}
	return outer
}

// anchorer moves positions in stand-in code into the user's files.
type anchorer struct {
	at    lint.Range
	cands []inputLeaf
	// keepObjects: objects go to at (an instance's own entry), only
	// references are matched to the values written.
	keepObjects bool
	// self is the module instance of the entity being placed: a value
	// made in that same instance (the node group's own role) is not the
	// user's, even when the user writes it elsewhere (rolearn =
	// module.karpenter.role_arn, fed back from it).
	self string
}

// match is the user's value a stand-in value is, if one is: written in
// an entry of an argument, or as an argument itself when args is set or
// the value holds a reference.
func (an anchorer) match(v lint.Value, args bool) (inputLeaf, bool) {
	if v.IsUnknown() {
		return inputLeaf{}, false
	}
	_, literal := v.Str()
	var first inputLeaf
	found := false
	for _, c := range an.cands {
		// A literal ("prod") may be written in many arguments; a value
		// with a reference in it names one thing.
		if (args || !c.top || !literal) && lint.Compare(c.value, v) == lint.Yes {
			// The same value written in several entries (one role for
			// two add-ons): the one in the instance's own entry.
			if within(c.leaf, an.at) {
				return c, true
			}
			if !found {
				first, found = c, true
			}
		}
	}
	return first, found
}

// within reports whether range inner lies inside outer (same file).
func within(inner, outer lint.Range) bool {
	if inner.File != outer.File || outer.Line == 0 {
		return false
	}
	startsAfter := inner.Line > outer.Line || inner.Line == outer.Line && inner.Column >= outer.Column
	endsBefore := inner.EndLine < outer.EndLine || inner.EndLine == outer.EndLine && inner.EndColumn <= outer.EndColumn
	return startsAfter && endsBefore
}

// value rewrites, in place, every lint.Range of v (an entity, or a part
// of one) that lies in stand-in code.
func (an anchorer) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			an.value(v.Elem())
		}
	case reflect.Struct:
		switch v.Type() {
		case rangeType:
			if r := v.Addr().Interface().(*lint.Range); modsource.IsModelFile(r.File) {
				*r = an.at
			}
			return
		case refType:
			an.ref(v.Addr().Interface().(*lint.Ref))
			return
		case conditionType:
			an.condition(v.Addr().Interface().(*lint.TrustCondition))
		case statementType:
			an.statement(v.Addr().Interface().(*lint.TrustStatement))
		case objectType:
			// An object whose name the user's arguments do not pass in
			// is shown at the entry whose value names it.
			if o := v.Addr().Interface().(*lint.Object); !an.keepObjects && modsource.IsModelFile(o.Range.File) && modsource.IsModelFile(o.NameRange.File) {
				if c, ok := an.match(o.Name, false); ok {
					o.Range, o.NameRange = c.elem, c.leaf
				}
			}
		}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				an.value(f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			an.value(v.Index(i))
		}
	case reflect.Map:
		if v.Type().Elem() != rangeType {
			return
		}
		for _, k := range v.MapKeys() {
			if r := v.MapIndex(k).Interface().(lint.Range); modsource.IsModelFile(r.File) {
				v.SetMapIndex(k, reflect.ValueOf(an.at))
			}
		}
	}
}

// condition places a trust condition written in stand-in code: each
// value the user writes in an argument (a subject in
// oidc_subjects_with_wildcards, or in a condition object of
// provider_trust_policy_conditions, or a namespace_service_accounts
// entry it was made from) is where it is written, and the
// condition is at the entry that holds them all when there is one; what
// is left goes to the anchor with the rest of the entity.
func (an anchorer) condition(c *lint.TrustCondition) {
	if !modsource.IsModelFile(c.Range.File) {
		return
	}
	var elem lint.Range
	shared := len(c.Values) > 0
	for i, v := range c.Values {
		m, ok := an.match(v, false)
		if !ok {
			m, ok = an.match(accountEntry(v), false)
		}
		if !ok || madeIn(v, an.self) {
			shared = false
			continue
		}
		if c.ValueRanges == nil {
			c.ValueRanges = make([]lint.Range, len(c.Values))
		}
		c.ValueRanges[i] = m.leaf
		if i > 0 && m.elem != elem {
			shared = false
		}
		elem = m.elem
	}
	if shared {
		c.Range = elem
	}
}

// statement places the Federated principals of a trust statement written
// in stand-in code at the argument the user writes each in
// (oidc_providers' provider_arn); the statement itself goes to the anchor
// with the rest of the entity.
func (an anchorer) statement(s *lint.TrustStatement) {
	if !modsource.IsModelFile(s.Range.File) {
		return
	}
	for i, f := range s.Federated {
		m, ok := an.match(f, true)
		if !ok || madeIn(f, an.self) {
			continue
		}
		if s.FederatedRanges == nil {
			s.FederatedRanges = make([]lint.Range, len(s.Federated))
		}
		s.FederatedRanges[i] = m.leaf
	}
}

// accountEntry is a service-account subject as the IRSA role module's
// namespace_service_accounts entries write it ("NAMESPACE:NAME", which
// the module turns into system:serviceaccount:NAMESPACE:NAME; either part
// may hold a value not known statically, "${var.team}:*"), or an unknown
// value when v is not such a subject.
func accountEntry(v lint.Value) lint.Value {
	ns, name, ok := lint.ParseSubject(v)
	if !ok {
		return lint.Unknown()
	}
	return lint.Concat(ns, lint.Known(":"), name)
}

// ref points a reference written in stand-in code at the user's argument
// that passes its value in, else where the user writes that value, else
// at the anchor.
func (an anchorer) ref(ref *lint.Ref) {
	kept := slices.DeleteFunc(slices.Clone(ref.Passed), func(l lint.Location) bool { return modsource.IsModelFile(l.Range.File) })
	if modsource.IsModelFile(ref.Range.File) {
		c, matched := an.match(ref.Value, true)
		matched = matched && !madeIn(ref.Value, an.self)
		switch {
		case len(kept) > 0:
			ref.Range, kept = kept[0].Range, kept[1:]
		case matched:
			ref.Range = c.leaf
		default:
			ref.Range = an.at
		}
	}
	if len(kept) == 0 {
		kept = nil
	}
	ref.Passed = kept
}

// madeIn reports whether v names something made in module instance self
// (a hole whose object is a resource of that instance itself).
func madeIn(v lint.Value, self string) bool {
	for _, s := range v.Segments() {
		if s.Ref != nil && moduleInstance(s.Ref.Object) == self {
			return true
		}
	}
	return false
}

// moduleInstance is the module instance an address lies in: the address
// up to its last `module.NAME[KEY]` ("root:module.eks.module.ng[\"a\"]"
// of "root:module.eks.module.ng[\"a\"].aws_iam_role.this[0]"), else its
// root ("root:"). Dots inside brackets and quotes belong to keys.
func moduleInstance(addr string) string {
	if i := strings.IndexByte(addr, '#'); i >= 0 {
		addr = addr[:i]
	}
	start := strings.IndexByte(addr, ':') + 1
	end := start
	var tokens []int // the end of each top-level dotted token
	depth, quoted := 0, false
	for i := start; i < len(addr); i++ {
		switch c := addr[i]; {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '"' {
				quoted = false
			}
		case c == '"':
			quoted = true
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == '.' && depth == 0:
			tokens = append(tokens, i)
		}
	}
	tokens = append(tokens, len(addr))
	from := start
	for k, to := range tokens {
		if addr[from:to] == "module" && k+1 < len(tokens) {
			end = tokens[k+1]
		}
		from = to + 1
	}
	return addr[:end]
}

// runChild evaluates one instance of a call from the child module's code.
func (mi *ModInst) runChild(c *Call, child *Module, in Instance, path string, inf marks) *ModInst {
	ci, _ := mi.childInst(c, child, in, path, inf, nil)
	return ci
}

// childInst is one instance of a call of child, with the inputs given
// (evaluated from the call's arguments when nil). same reports whether the
// inputs it evaluated would come out the same if evaluated again: no fresh
// anonymous hole (a new one each time) and the budget still open.
func (mi *ModInst) childInst(c *Call, child *Module, in Instance, path string, inf marks, inputs map[string]cty.Value) (ci *ModInst, same bool) {
	ci = newModInst(mi.Evaluator, child, path, mi.depth+1, withDir(mi.stack, child.Dir))
	ci.inferred, ci.possibles = inf.inferred, inf.possible
	if inputs != nil {
		ci.inputs = inputs
	} else {
		anons := mi.Evaluator.Holes.made()
		ci.inputs = make(map[string]cty.Value, len(c.Attrs))
		for n, a := range c.Attrs {
			ci.inputs[n] = mi.Eval(a.Expr, in.Extra)
		}
		same = mi.Evaluator.Holes.made() == anons && mi.Evaluator.Budget().Ok()
	}
	// A variable the unit's generate blocks declare is the module's own
	// (Terragrunt writes the file into its directory): the unit's input
	// of that name is its value.
	for _, n := range c.generatedVars {
		if _, declared := child.variables[n]; declared {
			continue
		}
		if v, ok := ci.inputs[n]; ok {
			ci.vars[n] = v
		}
	}
	ci.providers = mi.ChildProviders(c, in.Extra)
	ci.inherited = maps.Clone(ci.providers)
	ci.Call, ci.Parent = c, mi
	return ci, same
}

func (mi *ModInst) outputsValue() cty.Value {
	mi.run()
	return cty.ObjectVal(mi.outputs)
}

// runModelled evaluates one instance of a modelled call from its stand-in
// and anchors what it produced in the user's files. Without a version
// constraint every entity rests on the assumed version; when the
// constraint allows other modelled versions, each is evaluated too (and
// dropped) and only the entities whose facts differ in one of them are
// inferred.
func (mi *ModInst) runModelled(c *Call, child *Module, use *modelUse, in Instance, path string, inf marks) cty.Value {
	e := mi.Evaluator
	if use.assumed != "" && len(use.alts) == 0 {
		inf.inferred = append(slices.Clone(inf.inferred), use.inferredText(path))
	}
	cands := mi.cands
	if mi.Model == nil {
		cands = mi.inputLeaves(c, in)
	}
	// The alternatives are evaluated from the same arguments: their
	// inputs are evaluated once when that gives the same values.
	var inputs map[string]cty.Value
	run := func(m *Module, u *modelUse, reuse *altReuse) (cty.Value, evalMark, *ModInst) {
		mark := e.mark()
		ci, same := mi.childInst(c, m, in, path, inf, inputs)
		if same {
			inputs = ci.inputs
		}
		ci.Model, ci.anchor, ci.cands, ci.reuse = u, mi.modelAnchor(c, in), cands, reuse
		out := ci.outputsValue()
		e.anchorModel(mark, ci.anchor, cands, false)
		return out, mark, ci
	}
	start := e.Holes.Len()
	out, mark, chosenInst := run(child, use, nil)
	if empty := mi.emptyDefaultsPassed(c); len(empty) > 0 {
		for _, ent := range e.entities[mark.ents:] {
			if r, ok := ent.(*lint.Role); ok {
				r.Trust.EmptyDefaults = empty
			}
		}
	}
	if len(use.alts) == 0 {
		return out
	}
	ents := e.entities[mark.ents:]
	chosen, chosenFacts := fingerprints(ents), factPrints(ents)
	prefix := e.RootRel + ":" + path + "."
	// differ holds, per entity that differs in some allowed version, the
	// facts (lint.Facts) it differs on; nil: every fact.
	differ := map[string]map[lint.Fact]bool{}
	differs := func(addr string, facts map[lint.Fact]bool) {
		old, seen := differ[addr]
		switch {
		case seen && old == nil, facts == nil:
			differ[addr] = nil
		case !seen:
			differ[addr] = facts
		default:
			for f := range facts {
				old[f] = true
			}
		}
	}
	var fresh map[string]bool
	for _, alt := range use.alts {
		// A quiet alternative's plan comes from the embedded table
		// (quietplans.go) without loading its module; any other's from
		// its module, which is loaded only to be evaluated.
		var m *Module
		plan := e.Session.quietPlan(child, alt.Dir)
		if plan == nil {
			if m = e.Session.models.module(alt.Dir); m == nil {
				continue
			}
			plan = e.Session.altPlan(child, m)
		}
		u := *use
		u.dir, u.alts = alt, nil
		var reuse *altReuse
		quiet := false
		if !e.Session.WholeAlternatives && plan.covers(ents, prefix) {
			reuse = &altReuse{from: chosenInst, redo: plan.redo}
			if fresh == nil {
				fresh = freshAnonymous(ents, start)
			}
			e.Session.InPart.Add(1)
			// Evaluated in part, a quiet alternative makes no entity:
			// it is compared as made, with nothing to show.
			quiet = plan.quiet && !e.Session.EvaluateQuiet
		} else {
			e.Session.whole.Add(1)
		}
		var other map[string]string
		var otherFacts map[string]map[lint.Fact]string
		altMark := e.mark()
		if quiet {
			e.Session.Quiet.Add(1)
		} else {
			if m == nil {
				// A plan from the table that does not cover the
				// chosen version's entities: evaluated whole.
				if m = e.Session.models.module(alt.Dir); m == nil {
					continue
				}
			}
			_, altMark, _ = run(m, &u, reuse)
			other, otherFacts = fingerprints(e.entities[altMark.ents:]), factPrints(e.entities[altMark.ents:])
		}
		for addr, fp := range chosen {
			switch {
			case reuse == nil:
				if other[addr] != fp {
					differs(addr, factsDiffer(chosenFacts[addr], otherFacts[addr]))
				}
			case fresh[addr]:
				// A hole made anew in each evaluation never
				// equals the alternative's: the entity differs,
				// its facts as far as where their anonymous holes
				// sit (factPrints). An entity the alternative takes
				// from the chosen version is made alike in a whole
				// evaluation but for those holes, which factPrints
				// numbers alike.
				theirs := otherFacts[addr]
				if !reuse.redo[itemOf(addr, prefix)] {
					theirs = chosenFacts[addr]
				}
				differs(addr, factsDiffer(chosenFacts[addr], theirs))
			case reuse.redo[itemOf(addr, prefix)] && other[addr] != fp:
				differs(addr, factsDiffer(chosenFacts[addr], otherFacts[addr]))
			}
		}
		e.truncate(altMark)
	}
	why := use.inferredText(path)
	for _, ent := range e.entities[mark.ents:] {
		if facts, ok := differ[ent.Base().Addr]; ok {
			markInferredFacts(ent.Base(), why, facts)
		}
	}
	return out
}

// markInferredFacts adds why to what o rests on, saying which of its
// facts the versions differ on (facts nil: every one). An entry o already
// holds for every fact stays so.
func markInferredFacts(o *lint.Object, why string, facts map[lint.Fact]bool) {
	had := slices.Contains(o.Inferred, why)
	_, partial := o.InferredOn[why]
	if !had {
		o.Inferred = append(o.Inferred, why)
	}
	switch {
	case facts == nil || had && !partial:
		delete(o.InferredOn, why)
	default:
		if o.InferredOn == nil {
			o.InferredOn = map[string][]lint.Fact{}
		}
		on := o.InferredOn[why]
		for f := range facts {
			if !slices.Contains(on, f) {
				on = append(on, f)
			}
		}
		slices.Sort(on)
		o.InferredOn[why] = on
	}
}

// factPrints renders the facts each entity states apart (lint.Facts), by
// address and fact, as fingerprints renders entities, anonymous holes
// numbered by where they appear in the fact.
func factPrints(ents []lint.Entity) map[string]map[lint.Fact]string {
	out := map[string]map[lint.Fact]string{}
	for _, ent := range ents {
		facts := lint.Facts(ent)
		if facts == nil {
			continue
		}
		addr := ent.Base().Addr
		if out[addr] == nil {
			out[addr] = map[lint.Fact]string{}
		}
		for f, v := range facts {
			var b strings.Builder
			writeFacts(&b, reflect.ValueOf(v), map[string]int{})
			out[addr][f] += b.String()
		}
	}
	return out
}

// factsDiffer is the set of facts two renderings of an entity differ on;
// nil (every fact) when the entity states no facts apart or is missing
// from one side.
func factsDiffer(a, b map[lint.Fact]string) map[lint.Fact]bool {
	if a == nil || b == nil {
		return nil
	}
	out := map[lint.Fact]bool{}
	for f, fp := range a {
		if b[f] != fp {
			out[f] = true
		}
	}
	return out
}

// truncate drops what the evaluator produced since m.
func (e *Evaluator) truncate(m evalMark) {
	e.entities, e.Notes, e.Embedded, e.VarDiags, e.Templates = e.entities[:m.ents], e.Notes[:m.notes], e.Embedded[:m.embedded], e.VarDiags[:m.diags], e.Templates[:m.templates]
	e.Written = e.Written[:m.written]
	e.providerPlaced = e.providerPlaced[:m.placed]
}

// fingerprints renders the facts of each entity by address: everything
// but positions, so two versions of a stand-in that model an entity alike
// give it one fingerprint.
func fingerprints(ents []lint.Entity) map[string]string {
	out := make(map[string]string, len(ents))
	for _, ent := range ents {
		var b strings.Builder
		WriteFacts(&b, reflect.ValueOf(ent))
		out[ent.Base().Addr] += b.String()
	}
	return out
}

var locationType = reflect.TypeOf(lint.Location{})

// WriteFacts writes what a model value states (an entity, walked by
// reflection) to b, positions and locations left out: two entities with
// the same facts write the same text.
func WriteFacts(b *strings.Builder, v reflect.Value) { writeFacts(b, v, nil) }

// writeFacts is WriteFacts; with anon set, each anonymous hole is written
// as the order it first appears in (anon numbers them): two evaluations
// that make their anonymous holes anew, in the same places, write the
// same text. No rule decides on what an anonymous hole stands for
// (it equals nothing), so where they sit is all a fact says of them.
func writeFacts(b *strings.Builder, v reflect.Value, anon map[string]int) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		writeFacts(b, v.Elem(), anon)
	case reflect.Struct:
		if t := v.Type(); t == rangeType || t == locationType {
			return
		}
		if anon != nil && v.Type() == holeRefType && v.FieldByName("Anonymous").Bool() {
			obj := v.FieldByName("Object").String()
			n, ok := anon[obj]
			if !ok {
				n = len(anon)
				anon[obj] = n
			}
			fmt.Fprintf(b, "{anonymous %d}", n)
			return
		}
		b.WriteByte('{')
		for i := 0; i < v.NumField(); i++ {
			if v.Type() == objectType && v.Type().Field(i).Name == "DependsOn" {
				// Ordering only, read by no rule; an alternative
				// evaluated in part holds only the targets it redid.
				continue
			}
			b.WriteString(v.Type().Field(i).Name + ":")
			writeFacts(b, v.Field(i), anon)
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case reflect.Slice, reflect.Array:
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			writeFacts(b, v.Index(i), anon)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		b.WriteByte('{')
		for _, k := range keys {
			writeFacts(b, k, anon)
			b.WriteByte(':')
			writeFacts(b, v.MapIndex(k), anon)
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case reflect.Func:
		b.WriteString("func")
	default:
		fmt.Fprintf(b, "%v", v)
	}
}

// ObjectItem returns the value expression of key in an object written as
// a literal ({ key = … }), or nil.
func ObjectItem(expr hcl.Expression, key string) hcl.Expression {
	oc, ok := expr.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil
	}
	for _, it := range oc.Items {
		k := it.KeyExpr
		if w, ok := k.(*hclsyntax.ObjectConsKeyExpr); ok {
			if kw := hcl.ExprAsKeyword(w.Wrapped); kw != "" {
				if kw == key {
					return it.ValueExpr
				}
				continue
			}
			k = w.Wrapped
		}
		if v, d := k.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() && v.AsString() == key {
			return it.ValueExpr
		}
	}
	return nil
}

// writtenEntry is the value of the entry key of a map the user's code
// (this instance's) writes as an object, perhaps behind locals, as
// either result of a conditional (var.enabled ? { … } : {}) or as one of
// merge()'s arguments (the last that writes key wins); nil for anything
// else.
func (mi *ModInst) writtenEntry(expr hcl.Expression, key string, depth int) hcl.Expression {
	expr = Unhooked(mi.LocalExpr(Unhooked(expr)))
	if depth >= 4 {
		return ObjectItem(expr, key)
	}
	switch x := expr.(type) {
	case *hclsyntax.ConditionalExpr:
		if item := mi.writtenEntry(x.TrueResult, key, depth+1); item != nil {
			return item
		}
		return mi.writtenEntry(x.FalseResult, key, depth+1)
	case *hclsyntax.FunctionCallExpr:
		if x.Name == "merge" {
			for i := len(x.Args) - 1; i >= 0; i-- {
				if item := mi.writtenEntry(x.Args[i], key, depth+1); item != nil {
					return item
				}
			}
			return nil
		}
	}
	return ObjectItem(expr, key)
}

// WrittenItem is where the entry key of a map an expression of the
// user's own code writes is: an object constructor, one of merge()'s
// arguments (the last that writes key wins), each perhaps behind a
// local. False for anything else (a variable, a for expression, a key
// built by interpolation).
func (mi *ModInst) WrittenItem(expr hcl.Expression, key string) (hcl.Range, bool) {
	expr = mi.LocalExpr(expr)
	if fc, ok := expr.(*hclsyntax.FunctionCallExpr); ok && fc.Name == "merge" {
		for i := len(fc.Args) - 1; i >= 0; i-- {
			if r, ok := mi.WrittenItem(fc.Args[i], key); ok {
				return r, true
			}
		}
		return hcl.Range{}, false
	}
	if item := ObjectItem(expr, key); item != nil {
		return hcl.RangeBetween(keyRange(expr, item), item.Range()), true
	}
	return hcl.Range{}, false
}
