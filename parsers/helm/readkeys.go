package helm

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	tparse "text/template/parse"

	"github.com/faultline-dev/faultline/lint"
)

// Which values keys a chart's templates read, found by walking the
// templates' syntax trees (text/template/parse, functions unchecked) with
// an abstract value per expression: the root context, a values path, a
// string made from values, a dict or list built in the template, a
// literal, or anything.
//
//   - `.Values.a.b` (also through `$`, variables, `with`, `index` / `get` /
//     `dig` with literal keys, dicts passed to `include`) reads a.b; a key
//     that is not a literal (`index .Values $k`) is "*", any key.
//   - A value printed, or passed to a function that walks or serialises it
//     (toYaml, toJson, printf, quote, b64enc, … — every function not
//     listed below as a test or a pass-through) is read whole: a.b.** in
//     the table. A test (if, with, not, eq, empty, hasKey, kindIs, …)
//     reads only the value itself. range over a.b reads a.b.* and binds
//     the element to a.b.*.
//   - include / template analyse the named define with the argument's
//     abstract value (each define and argument once; recursion is cut at
//     depth 3 by reading the argument whole).
//   - tpl renders a string as a template with a context: a string from
//     values at a.b is recorded as a.b (whole) plus TplPaths — the keys a
//     user's template text there reads are read; any other text with a
//     context that reaches the values (or toYaml of the root, `.Values`
//     printed) means every key may be read.
//
// Entry points are the chart's templates/ files not starting with "_"
// (and NOTES.txt); defines come from every template file, subcharts'
// included. Subcharts' own templates read subchart values, not these.

// TemplateReads is what a chart's templates read of its values.
type TemplateReads struct {
	// Reads are the keys read, compacted (reads a Whole read covers and
	// tests on a prefix of another read are left out).
	Reads []lint.ValueRead
	// TplPaths are values paths whose text is rendered with tpl and the
	// chart's context: a user value there holding template text may read
	// any key.
	TplPaths [][]string
	// Missing are defines an include names that no template file holds
	// (a library subchart in an archive): what they read is unknown.
	Missing []string
}

// AnalyzeTemplates reads a chart's template files (chart paths such as
// "templates/deployment.yaml", "charts/sub/templates/_helpers.tpl" →
// text). An error: a template does not parse; nothing is known then.
func AnalyzeTemplates(files map[string]string) (TemplateReads, error) {
	a := &analyzer{defines: map[string][]*tparse.Tree{}, files: map[string]*tparse.Tree{}, missing: map[string]bool{}, reads: map[string]lint.ValueRead{}, tpl: map[string][]string{}, memo: map[string]bool{}, onStack: map[string]int{}}
	var entries []*tparse.Tree
	for _, name := range sortedKeys(files) {
		if !isTemplateFile(name) || strings.HasSuffix(name, "/") {
			continue
		}
		trees, err := parseTemplate(name, files[name])
		if err != nil {
			return TemplateReads{}, err
		}
		for tn, t := range trees {
			if tn != name {
				a.defines[tn] = append(a.defines[tn], t)
				continue
			}
			a.files["file:"+name] = t
			base := name[strings.LastIndex(name, "/")+1:]
			if strings.HasPrefix(name, "templates/") && !strings.HasPrefix(base, "_") {
				entries = append(entries, t)
			}
		}
	}
	root := val(atom{kind: aRoot})
	for _, t := range entries {
		a.tree(t, root)
	}
	return a.result(), nil
}

// parseTemplate parses one file into its trees (the file's own under its
// name, and each define).
func parseTemplate(name, text string) (map[string]*tparse.Tree, error) {
	set := map[string]*tparse.Tree{}
	t := tparse.New(name)
	t.Mode = tparse.SkipFuncCheck
	if _, err := t.Parse(text, "", "", set); err != nil {
		return nil, fmt.Errorf("parse %s: %w", name, err)
	}
	if _, ok := set[name]; !ok {
		set[name] = t
	}
	return set, nil
}

type atomKind int

const (
	aOther atomKind = iota // holds no values
	aLit                   // a string or number literal
	aRoot                  // the chart's root context
	aVals                  // the values at path
	aStr                   // text made from the values at path
	aDict                  // a dict built in the template
	aList                  // a list built in the template
	aTop                   // anything at all
)

type atom struct {
	kind atomKind
	path []string
	lit  string
	dict *dictVal
	list *listVal
}

// dictVal is a dict built by the template: known keys, and what was merged
// in or set under an unknown key.
type dictVal struct {
	fields map[string]absVal
	merged absVal
}

type listVal struct{ elems absVal }

// absVal is every atom an expression may be.
type absVal []atom

func val(as ...atom) absVal { return absVal(as) }

func (a atom) key() string {
	switch a.kind {
	case aVals, aStr:
		return fmt.Sprintf("%d:%s", a.kind, strings.Join(a.path, "\x00"))
	case aLit:
		return "l:" + a.lit
	case aDict:
		return fmt.Sprintf("d:%p", a.dict)
	case aList:
		return fmt.Sprintf("s:%p", a.list)
	}
	return fmt.Sprint(a.kind)
}

// maxAtoms bounds an abstract value; beyond it, it is anything.
const maxAtoms = 64

// union joins abstract values, each atom once.
func union(vs ...absVal) absVal {
	var out absVal
	seen := map[string]bool{}
	for _, v := range vs {
		for _, x := range v {
			if k := x.key(); !seen[k] {
				seen[k] = true
				out = append(out, x)
			}
		}
	}
	if len(out) > maxAtoms {
		return val(atom{kind: aTop})
	}
	return out
}

func (v absVal) key() string {
	ks := make([]string, len(v))
	for i, x := range v {
		ks[i] = x.key()
	}
	sort.Strings(ks)
	return strings.Join(ks, "|")
}

// literal is the value's text when it is exactly one literal.
func (v absVal) literal() (string, bool) {
	if len(v) == 1 && v[0].kind == aLit {
		return v[0].lit, true
	}
	return "", false
}

// analyzer walks templates, collecting reads.
type analyzer struct {
	defines map[string][]*tparse.Tree
	files   map[string]*tparse.Tree // template files by chart path, "file:" first
	reads   map[string]lint.ValueRead
	tpl     map[string][]string
	memo    map[string]bool
	onStack map[string]int
	missing map[string]bool
	budget  int
	all     bool
	// fileOrder is files' keys sorted and targets what each include
	// name resolves to, worked out once: a chart of hundreds of defines
	// includes them hundreds of thousands of times.
	fileOrder, defineOrder []string
	targets                map[string][]*tparse.Tree
}

// maxDefineRuns bounds define analyses; beyond it every key may be read.
const maxDefineRuns = 20000

// maxPath bounds a values path; a longer one is read whole.
const maxPath = 24

func (a *analyzer) read(path []string, whole bool) {
	if len(path) == 0 && whole {
		a.all = true
	}
	k := strings.Join(path, "\x00")
	if r, ok := a.reads[k]; ok {
		r.Whole = r.Whole || whole
		a.reads[k] = r
		return
	}
	a.reads[k] = lint.ValueRead{Path: append([]string(nil), path...), Whole: whole}
}

// env is one scope of template variables.
type env struct {
	vars   map[string]absVal
	parent *env
}

func (e *env) lookup(name string) (absVal, bool) {
	for s := e; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (e *env) assign(name string, v absVal) {
	for s := e; s != nil; s = s.parent {
		if old, ok := s.vars[name]; ok {
			s.vars[name] = union(old, v)
			return
		}
	}
	e.vars[name] = v
}

func (e *env) child() *env { return &env{vars: map[string]absVal{}, parent: e} }

// tree walks a template (a file or a define) with dot.
func (a *analyzer) tree(t *tparse.Tree, dot absVal) {
	if t == nil || t.Root == nil {
		return
	}
	e := &env{vars: map[string]absVal{"$": dot}}
	a.list(t.Root, dot, e)
}

func (a *analyzer) list(l *tparse.ListNode, dot absVal, e *env) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		a.node(n, dot, e)
	}
}

func (a *analyzer) node(n tparse.Node, dot absVal, e *env) {
	switch n := n.(type) {
	case *tparse.ActionNode:
		v := a.pipe(n.Pipe, dot, e)
		if len(n.Pipe.Decl) == 0 {
			a.whole(v)
		}
	case *tparse.IfNode:
		s := e.child()
		a.test(a.pipe(n.Pipe, dot, s))
		a.list(n.List, dot, s)
		a.list(n.ElseList, dot, e.child())
	case *tparse.WithNode:
		s := e.child()
		v := a.pipe(n.Pipe, dot, s)
		a.test(v)
		a.list(n.List, v, s)
		a.list(n.ElseList, dot, e.child())
	case *tparse.RangeNode:
		a.rangeNode(n, dot, e)
	case *tparse.TemplateNode:
		arg := val(atom{kind: aOther})
		if n.Pipe != nil {
			arg = a.pipe(n.Pipe, dot, e)
		}
		a.include(n.Name, arg)
	case *tparse.ListNode:
		a.list(n, dot, e)
	}
}

// rangeNode binds the element (and key) of what is ranged over; the body
// runs twice so values assigned in a later iteration reach earlier uses.
func (a *analyzer) rangeNode(n *tparse.RangeNode, dot absVal, e *env) {
	s := e.child()
	over := a.pipe(&tparse.PipeNode{NodeType: n.Pipe.NodeType, Cmds: n.Pipe.Cmds}, dot, s)
	elem := a.elements(over)
	switch len(n.Pipe.Decl) {
	case 1:
		s.vars[n.Pipe.Decl[0].Ident[0]] = elem
	case 2:
		s.vars[n.Pipe.Decl[0].Ident[0]] = keysOf(over)
		s.vars[n.Pipe.Decl[1].Ident[0]] = elem
	}
	for range 2 {
		a.list(n.List, elem, s.child())
	}
	a.list(n.ElseList, dot, e.child())
}

// keysOf is the key (or index) ranging over v binds: text made from the
// values at a path when v is values (their keys, which tpl may render),
// else text of no value.
func keysOf(v absVal) absVal {
	var out absVal
	for _, x := range v {
		if x.kind == aVals {
			out = append(out, atom{kind: aStr, path: x.path})
		}
	}
	if len(out) == 0 {
		return val(atom{kind: aOther})
	}
	return union(out)
}

// elements is what ranging over v yields; the keys of values ranged over
// are read.
func (a *analyzer) elements(v absVal) absVal {
	var out absVal
	for _, x := range v {
		switch x.kind {
		case aVals:
			p := appendPath(x.path, "*")
			a.read(p, false)
			out = append(out, atom{kind: aVals, path: p})
		case aList:
			out = append(out, x.list.elems...)
		case aDict:
			for _, f := range x.dict.fields {
				out = append(out, f...)
			}
			out = append(out, a.field(x.dict.merged, "*")...)
		case aRoot, aTop:
			out = append(out, atom{kind: aTop})
		default:
			out = append(out, atom{kind: aOther})
		}
	}
	return union(out)
}

func appendPath(p []string, seg ...string) []string {
	return append(append([]string(nil), p...), seg...)
}

// pipe evaluates a pipeline: each command gets the previous result as its
// last argument; a declaration binds the result.
func (a *analyzer) pipe(p *tparse.PipeNode, dot absVal, e *env) absVal {
	if p == nil {
		return val(atom{kind: aOther})
	}
	var prev absVal
	for i, c := range p.Cmds {
		prev = a.command(c, dot, e, prev, i > 0)
	}
	for _, d := range p.Decl {
		if p.IsAssign {
			e.assign(d.Ident[0], prev)
		} else {
			e.vars[d.Ident[0]] = prev
		}
	}
	return prev
}

// command evaluates one command of a pipeline.
func (a *analyzer) command(c *tparse.CommandNode, dot absVal, e *env, prev absVal, piped bool) absVal {
	if len(c.Args) == 0 {
		return val(atom{kind: aOther})
	}
	if id, ok := c.Args[0].(*tparse.IdentifierNode); ok {
		args := make([]absVal, 0, len(c.Args))
		for _, n := range c.Args[1:] {
			args = append(args, a.arg(n, dot, e))
		}
		if piped {
			args = append(args, prev)
		}
		return a.call(id.Ident, c.Args[1:], args, dot)
	}
	head := a.arg(c.Args[0], dot, e)
	if len(c.Args) > 1 || piped {
		// A method call (.Capabilities.APIVersions.Has "x", .Files.Get …):
		// its arguments are read whole, its result holds no values.
		for _, n := range c.Args[1:] {
			a.whole(a.arg(n, dot, e))
		}
		if piped {
			a.whole(prev)
		}
		return val(atom{kind: aOther})
	}
	return head
}

// arg evaluates one operand.
func (a *analyzer) arg(n tparse.Node, dot absVal, e *env) absVal {
	switch n := n.(type) {
	case *tparse.DotNode:
		return dot
	case *tparse.FieldNode:
		return a.fields(dot, n.Ident)
	case *tparse.VariableNode:
		v, ok := e.lookup(n.Ident[0])
		if !ok {
			v = val(atom{kind: aTop})
		}
		return a.fields(v, n.Ident[1:])
	case *tparse.ChainNode:
		return a.fields(a.arg(n.Node, dot, e), n.Field)
	case *tparse.PipeNode:
		return a.pipe(n, dot, e.child())
	case *tparse.StringNode:
		return val(atom{kind: aLit, lit: n.Text})
	case *tparse.NumberNode:
		return val(atom{kind: aLit, lit: n.Text})
	case *tparse.IdentifierNode:
		return a.call(n.Ident, nil, nil, dot)
	}
	return val(atom{kind: aOther})
}

// fields applies a field chain.
func (a *analyzer) fields(v absVal, names []string) absVal {
	for _, f := range names {
		v = a.field(v, f)
	}
	return v
}

// field is v.name.
func (a *analyzer) field(v absVal, name string) absVal {
	var out absVal
	for _, x := range v {
		switch x.kind {
		case aRoot:
			if name == "Values" {
				out = append(out, atom{kind: aVals})
			} else {
				out = append(out, atom{kind: aOther})
			}
		case aVals:
			if len(x.path) >= maxPath {
				a.read(x.path, true)
				out = append(out, x)
				continue
			}
			p := appendPath(x.path, name)
			a.read(p, false)
			out = append(out, atom{kind: aVals, path: p})
		case aDict:
			if f, ok := x.dict.fields[name]; ok {
				out = append(out, f...)
			}
			out = append(out, a.field(x.dict.merged, name)...)
		case aTop:
			if name == "Values" {
				out = append(out, atom{kind: aVals})
			}
			out = append(out, atom{kind: aTop})
		default:
			out = append(out, atom{kind: aOther})
		}
	}
	if len(out) == 0 {
		out = val(atom{kind: aOther})
	}
	return union(out)
}

// whole marks everything v may hold as read whole: a values path and all
// beneath it; the root context, or anything, means every key.
func (a *analyzer) whole(v absVal) {
	a.wholeSeen(v, map[string]bool{})
}

func (a *analyzer) wholeSeen(v absVal, seen map[string]bool) {
	for _, x := range v {
		k := x.key()
		if seen[k] {
			continue
		}
		seen[k] = true
		switch x.kind {
		case aVals:
			a.read(x.path, true)
		case aRoot, aTop:
			a.read(nil, true)
		case aDict:
			for _, f := range sortedKeys(x.dict.fields) {
				a.wholeSeen(x.dict.fields[f], seen)
			}
			a.wholeSeen(x.dict.merged, seen)
		case aList:
			a.wholeSeen(x.list.elems, seen)
		}
	}
}

// test marks a value tested: read itself, not what is beneath it.
func (a *analyzer) test(v absVal) {
	for _, x := range v {
		if x.kind == aVals {
			a.read(x.path, false)
		}
	}
}

// strOf is text made from v: each values path it holds, as text.
func strOf(v absVal) absVal {
	var out absVal
	for _, x := range v {
		switch x.kind {
		case aVals, aStr:
			out = append(out, atom{kind: aStr, path: x.path})
		}
	}
	if len(out) == 0 {
		return val(atom{kind: aOther})
	}
	return union(out)
}

// Function classes (Helm's template functions: Go's builtins, sprig and
// Helm's own).
var (
	// testFuncs inspect their arguments without walking them.
	testFuncs = setOf("not", "eq", "ne", "lt", "le", "gt", "ge", "empty", "kindIs", "kindOf", "typeOf", "typeIs", "typeIsLike",
		"has", "mustHas", "semverCompare", "contains", "hasPrefix", "hasSuffix", "regexMatch", "mustRegexMatch", "fail", "isAbs")
	// passFuncs return one of their arguments (or a part of one).
	passFuncs = setOf("default", "coalesce", "ternary", "required", "and", "or", "merge", "mergeOverwrite", "mustMerge",
		"mustMergeOverwrite", "deepCopy", "mustDeepCopy", "initial", "mustInitial",
		"rest", "mustRest", "compact", "mustCompact", "uniq", "mustUniq", "reverse", "mustReverse", "sortAlpha", "without",
		"mustWithout", "pick", "omit", "values", "slice", "mustSlice")
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// call evaluates a function call; nodes are the argument nodes as
// written (for literals), args their values (the piped value last).
func (a *analyzer) call(name string, nodes []tparse.Node, args []absVal, dot absVal) absVal {
	switch name {
	case "include", "template":
		if len(args) == 0 {
			return val(atom{kind: aOther})
		}
		arg := val(atom{kind: aOther})
		if len(args) > 1 {
			arg = args[1]
		}
		if n, ok := args[0].literal(); ok {
			a.include(n, arg)
		} else {
			a.includeAny(arg) // a name built at run time
		}
		return val(atom{kind: aOther})
	case "tpl":
		a.tplCall(args)
		return val(atom{kind: aOther})
	case "dict":
		return a.dict(args)
	case "list", "tuple":
		return val(atom{kind: aList, list: &listVal{elems: union(args...)}})
	case "append", "mustAppend", "prepend", "mustPrepend", "concat":
		return val(atom{kind: aList, list: &listVal{elems: union(a.elementsAll(args)...)}})
	case "set", "unset":
		return a.setCall(name, args)
	case "first", "mustFirst", "last", "mustLast":
		if len(args) == 0 {
			return val(atom{kind: aOther})
		}
		return a.index(args[len(args)-1], []string{"*"})
	case "index", "get", "dig", "pluck", "hasKey", "keys", "len":
		return a.lookupCall(name, args)
	}
	if testFuncs[name] {
		for _, v := range args {
			a.test(v)
		}
		return val(atom{kind: aOther})
	}
	if passFuncs[name] {
		if strings.Contains(strings.ToLower(name), "merge") && len(args) > 1 {
			for _, x := range args[0] {
				if x.kind == aDict {
					x.dict.merged = union(append([]absVal{x.dict.merged}, args[1:]...)...)
				}
			}
		}
		if name == "and" || name == "or" || name == "ternary" {
			for _, v := range args {
				a.test(v)
			}
		}
		if name == "default" && len(args) == 2 {
			a.test(args[1])
		}
		return union(args...)
	}
	// Anything else walks or serialises its arguments: read them whole.
	// The text it makes is made of the values among them; the chart's
	// own plain literals (a separator, a width) add no template text.
	var out absVal
	for _, v := range args {
		a.whole(v)
		if !plainLiteral(v) {
			out = union(out, strOf(v))
		}
	}
	if len(out) == 0 {
		out = val(atom{kind: aOther})
	}
	return out
}

// plainLiteral reports whether v is only literals without template text
// ("{{"): text tpl would render as itself.
func plainLiteral(v absVal) bool {
	for _, x := range v {
		if x.kind != aLit || strings.Contains(x.lit, "{{") {
			return false
		}
	}
	return len(v) > 0
}

// elementsAll is the elements of the lists among args, and the other
// arguments themselves (append's new elements).
func (a *analyzer) elementsAll(args []absVal) []absVal {
	var out []absVal
	for _, v := range args {
		for _, x := range v {
			if x.kind == aList {
				out = append(out, x.list.elems)
			} else {
				out = append(out, val(x))
			}
		}
	}
	return out
}

// dict builds a dict from literal keys; a key that is not a literal puts
// its value among the merged ones.
func (a *analyzer) dict(args []absVal) absVal {
	d := &dictVal{fields: map[string]absVal{}}
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].literal(); ok {
			d.fields[k] = union(d.fields[k], args[i+1])
		} else {
			d.merged = union(d.merged, args[i+1])
		}
	}
	if len(args)%2 == 1 {
		a.whole(args[len(args)-1])
	}
	return val(atom{kind: aDict, dict: d})
}

// setCall is set / unset: a dict gains the value under the key; a values
// map written into keeps what was written readable through the path (read
// whole, conservatively).
func (a *analyzer) setCall(name string, args []absVal) absVal {
	if len(args) < 2 {
		return val(atom{kind: aOther})
	}
	if name == "set" && len(args) >= 3 {
		k, lit := args[1].literal()
		for _, x := range args[0] {
			switch {
			case x.kind == aDict && lit:
				x.dict.fields[k] = union(x.dict.fields[k], args[2])
			case x.kind == aDict:
				x.dict.merged = union(x.dict.merged, args[2])
			default:
				a.whole(args[2])
			}
		}
	}
	return args[0]
}

// lookupCall is index / get / dig / pluck / hasKey / keys: a path below
// the map argument, "*" for a key that is not a literal.
func (a *analyzer) lookupCall(name string, args []absVal) absVal {
	if len(args) == 0 {
		return val(atom{kind: aOther})
	}
	keyOf := func(v absVal) string {
		if k, ok := v.literal(); ok {
			if strings.Trim(k, "0123456789") == "" {
				return "*" // a list index
			}
			return k
		}
		a.whole(v)
		return "*"
	}
	var m absVal
	var keys []string
	switch name {
	case "index":
		m = args[0]
		for _, k := range args[1:] {
			keys = append(keys, keyOf(k))
		}
	case "get", "hasKey":
		m = args[0]
		if len(args) > 1 {
			keys = []string{keyOf(args[1])}
		}
	case "dig":
		if len(args) < 2 {
			return val(atom{kind: aOther})
		}
		m = args[len(args)-1]
		for _, k := range args[:len(args)-2] {
			keys = append(keys, keyOf(k))
		}
		a.test(args[len(args)-2])
	case "pluck":
		if len(args) < 1 {
			return val(atom{kind: aOther})
		}
		keys = []string{keyOf(args[0])}
		var out absVal
		for _, d := range args[1:] {
			out = union(out, a.fields(d, keys))
		}
		return val(atom{kind: aList, list: &listVal{elems: out}})
	case "keys", "len":
		for _, v := range args {
			a.test(a.field(v, "*"))
		}
		return val(atom{kind: aOther})
	}
	v := a.index(m, keys)
	if name == "hasKey" {
		a.test(v)
		return val(atom{kind: aOther})
	}
	return v
}

// index follows keys through maps and lists built here or in values.
func (a *analyzer) index(v absVal, keys []string) absVal {
	for _, k := range keys {
		var next absVal
		for _, x := range v {
			if x.kind == aList {
				next = append(next, x.list.elems...)
				continue
			}
			next = append(next, a.field(val(x), k)...)
		}
		v = union(next)
	}
	return v
}

// tplCall is tpl TEXT CONTEXT: text from values is a template the user
// writes there; literal text is analysed; any other text (a chart file)
// with a context reaching the values may read every key.
func (a *analyzer) tplCall(args []absVal) {
	if len(args) < 2 {
		for _, v := range args {
			a.whole(v)
		}
		return
	}
	text, ctx := args[0], args[1]
	reaches := reachesValues(ctx, map[string]bool{})
	for _, x := range text {
		switch x.kind {
		case aVals, aStr:
			a.read(x.path, true)
			if reaches {
				a.tpl[strings.Join(x.path, "\x00")] = x.path
			}
		case aLit:
			if !reaches {
				continue
			}
			trees, err := parseTemplate("tpl", x.lit)
			if err != nil {
				continue // tpl fails at render time
			}
			for n, t := range trees {
				if n == "tpl" {
					a.tree(t, ctx)
				} else {
					a.defines[n] = append(a.defines[n], t)
				}
			}
		case aOther, aTop, aRoot, aDict, aList:
			if reaches {
				a.read(nil, true)
			}
		}
	}
}

// reachesValues reports whether a context lets a template reach values.
func reachesValues(v absVal, seen map[string]bool) bool {
	for _, x := range v {
		k := x.key()
		if seen[k] {
			continue
		}
		seen[k] = true
		switch x.kind {
		case aRoot, aVals, aTop:
			return true
		case aDict:
			for _, f := range x.dict.fields {
				if reachesValues(f, seen) {
					return true
				}
			}
			if reachesValues(x.dict.merged, seen) {
				return true
			}
		case aList:
			if reachesValues(x.list.elems, seen) {
				return true
			}
		}
	}
	return false
}

// includeAny analyses every define and template file with arg: what an
// include whose name is built at run time (the checksum idiom
// `include (print $.Template.BasePath "/configmap.yaml") .`) may run.
func (a *analyzer) includeAny(arg absVal) {
	ak := arg.key()
	if a.defineOrder == nil {
		a.defineOrder = sortedKeys(a.defines)
	}
	for _, n := range a.defineOrder {
		a.includeKeyed(n, arg, ak)
	}
	for _, n := range a.sortedFiles() {
		a.includeKeyed(n, arg, ak)
	}
}

// sortedFiles is the keys of files, sorted once.
func (a *analyzer) sortedFiles() []string {
	if a.fileOrder == nil {
		a.fileOrder = sortedKeys(a.files)
	}
	return a.fileOrder
}

// target is what an include of name runs: its defines, then the
// template files Helm names so ("<chart>/templates/x.yaml").
func (a *analyzer) target(name string) []*tparse.Tree {
	if trees, ok := a.targets[name]; ok {
		return trees
	}
	trees := slices.Clone(a.defines[name])
	for _, f := range a.sortedFiles() {
		if f == name || strings.HasSuffix(name, "/"+strings.TrimPrefix(f, "file:")) {
			trees = append(trees, a.files[f])
		}
	}
	if a.targets == nil {
		a.targets = map[string][]*tparse.Tree{}
	}
	a.targets[name] = trees
	return trees
}

// include analyses a define with an argument, once per argument; a define
// already three deep on the stack reads its argument whole instead.
func (a *analyzer) include(name string, arg absVal) {
	a.includeKeyed(name, arg, arg.key())
}

// includeKeyed is include with the argument's key worked out.
func (a *analyzer) includeKeyed(name string, arg absVal, argKey string) {
	trees := a.target(name)
	if len(trees) == 0 {
		a.missing[name] = true
		return
	}
	key := name + "\x00" + argKey
	if a.memo[key] {
		return
	}
	if a.onStack[name] >= 3 || a.budget >= maxDefineRuns {
		a.whole(arg)
		return
	}
	a.memo[key] = true
	a.budget++
	a.onStack[name]++
	defer func() { a.onStack[name]-- }()
	for _, t := range trees {
		a.tree(t, arg)
	}
}

// result compacts the reads.
func (a *analyzer) result() TemplateReads {
	out := TemplateReads{Missing: sortedKeys(a.missing)}
	if a.all {
		out.Reads = []lint.ValueRead{{Whole: true}}
		return out
	}
	var all []lint.ValueRead
	for _, k := range sortedKeys(a.reads) {
		all = append(all, a.reads[k])
	}
	for _, r := range all {
		if !redundant(r, all) {
			out.Reads = append(out.Reads, r)
		}
	}
	for _, k := range sortedKeys(a.tpl) {
		out.TplPaths = append(out.TplPaths, a.tpl[k])
	}
	return out
}

// redundant reports whether another read makes r unnecessary: a Whole
// read of a prefix covers it, or r is a test on a literal prefix of a
// longer read.
func redundant(r lint.ValueRead, all []lint.ValueRead) bool {
	for _, o := range all {
		if len(o.Path) == len(r.Path) && strings.Join(o.Path, "\x00") == strings.Join(r.Path, "\x00") {
			continue
		}
		if o.Whole && len(o.Path) <= len(r.Path) && coversPath(o.Path, r.Path[:len(o.Path)]) {
			return true
		}
		if !r.Whole && len(r.Path) < len(o.Path) && strings.Join(o.Path[:len(r.Path)], "\x00") == strings.Join(r.Path, "\x00") {
			return true
		}
	}
	return false
}

// coversPath: pattern matches path segment by segment, "*" in the
// pattern matching anything ("*" in path only "*").
func coversPath(pattern, path []string) bool {
	for i := range pattern {
		if pattern[i] != "*" && pattern[i] != path[i] {
			return false
		}
	}
	return true
}

// DefineSource is a define's body as the parser reads it (comments and
// whitespace control dropped), for comparing helpers across versions.
func DefineSource(text, name string) (string, bool) {
	trees, err := parseTemplate("file", text)
	if err != nil {
		return "", false
	}
	t, ok := trees[name]
	if !ok || t.Root == nil {
		return "", false
	}
	return t.Root.String(), true
}
