package terragrunt

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// maxReadDepth bounds nested read_terragrunt_config calls.
const maxReadDepth = 8

// unitEval evaluates the configuration of one unit (or one stack file).
// It serves one goroutine at a time.
type unitEval struct {
	l  *loader
	ce *terraform.ConfigEval
	// tf is Terraform's function table, within ce's budget; root is an
	// evaluation context holding it, whose children add Terragrunt's
	// functions (scope.funcs).
	tf   map[string]function.Function
	root *hcl.EvalContext
	// budget is ce's budget while u has no evaluator (detach).
	budget *terraform.SavedBudget
	// wallStopped: the wall-clock backstop stopped u's evaluation, and
	// the run's WallStops counted it.
	wallStopped bool
	// dir is the unit's directory as Terragrunt sees it (for a stack's
	// unit, the directory the stack generates it into); phys is where its
	// configuration lies in the tree.
	dir, phys string
	// values are a stack's values for the unit (cty.NilVal outside one).
	values cty.Value
	files  []string
	// notes collect what evaluation could not follow; seen dedupes them.
	notes []lint.Note
	seen  map[string]bool
	// reading are the configuration files being read, outermost first
	// (cycles among read_terragrunt_config and includes).
	reading []string
	// reads are the locals of the configurations read_terragrunt_config
	// returned, the latest last.
	reads []readLocals
	// stack: the configuration evaluated is a terragrunt.stack.hcl.
	stack bool
	// recs are the evaluations of read_terragrunt_config being recorded,
	// outermost first; impure counts the reads of what depends on the
	// unit (memo.go).
	recs   []*recording
	impure int64
}

func (l *loader) newUnitEval(dir, phys string, values cty.Value) *unitEval {
	u := &unitEval{l: l, dir: dir, phys: phys, values: values, seen: map[string]bool{}}
	u.attach()
	return u
}

// attach gives u an evaluator: a spare one (Terraform's function table
// costs as much to build as a small configuration to evaluate) reset to
// u's directory and budget, else a new one.
func (u *unitEval) attach() {
	l := u.l
	l.mu.Lock()
	if n := len(l.spare); n > 0 {
		u.ce, l.spare = l.spare[n-1], l.spare[:n-1]
	}
	l.mu.Unlock()
	switch {
	case u.ce == nil:
		u.ce = terraform.NewConfigEval(l.opts.Tree, u.phys, l.opts.Holes)
		if l.opts.Deadline != 0 {
			u.ce.SetDeadline(l.opts.Deadline)
		}
	default:
		u.ce.Reset(u.phys)
	}
	if u.budget != nil {
		u.ce.RestoreBudget(*u.budget)
	}
	u.tf = u.ce.Table()
	u.root = &hcl.EvalContext{Functions: u.tf}
}

// detach keeps u's budget and gives its evaluator to a later unit: u
// evaluates nothing until attached again. Every evaluation of u lies
// between attach and detach, so detach counts u among the run's wall
// stops, once, when the backstop stopped it.
func (u *unitEval) detach() {
	if !u.wallStopped && u.ce.WallStopped() {
		u.wallStopped = true
		u.l.opts.WallStops.Stopped()
	}
	b := u.ce.SaveBudget()
	u.budget = &b
	l := u.l
	l.mu.Lock()
	l.spare = append(l.spare, u.ce)
	l.mu.Unlock()
	u.ce, u.tf, u.root = nil, nil, nil
}

// evalCtx is an evaluation context of scope s with vars.
func (u *unitEval) evalCtx(s *scope, vars map[string]cty.Value) *hcl.EvalContext {
	c := u.root.NewChild()
	c.Variables, c.Functions = vars, u.funcs(s)
	return c
}

// toPhys maps a path under the unit's generated directory to where it
// lies in the tree.
func (u *unitEval) toPhys(p string) string {
	p = filepath.Clean(p)
	if len(u.recs) > 0 && underStack(p) {
		u.impure++ // a unit's generated directory maps apart
	}
	if u.dir == u.phys || !treefs.Within(u.dir, p) {
		return p
	}
	r, _ := filepath.Rel(u.dir, p)
	return filepath.Join(u.phys, r)
}

// addNote records a note once.
func (u *unitEval) addNote(n lint.Note) {
	if len(u.recs) > 0 {
		u.record(readEvent{kind: evNote, note: n})
	}
	k := n.Range.String() + "\x00" + n.What
	if !u.seen[k] {
		u.seen[k] = true
		u.notes = append(u.notes, n)
	}
}

// addFile records a file read for the unit and notes what in it is not
// run.
func (u *unitEval) addFile(path string, body *hclsyntax.Body) {
	if len(u.recs) > 0 {
		u.record(readEvent{kind: evFile, path: path, body: body})
	}
	if slices.Contains(u.files, path) {
		return
	}
	u.files = append(u.files, path)
	// The notes follow from the file: a replay of the file makes them.
	recs := u.recs
	u.recs = nil
	u.noteUnrun(body)
	u.recs = recs
}

// addJSONFile records a JSON variables file read for the unit.
func (u *unitEval) addJSONFile(path string) {
	if len(u.recs) > 0 {
		u.record(readEvent{kind: evJSONFile, path: path})
	}
	u.files = append(u.files, path)
}

// scope is what Terragrunt's functions see of the configuration being
// evaluated: an included file is evaluated in the scope of the file
// including it, as Terragrunt does.
type scope struct {
	// config is the configuration path (as Terragrunt sees it) whose
	// directory get_terragrunt_dir() is; original is
	// get_original_terragrunt_dir().
	config, original string
	// base is the directory of the file being parsed, as it lies in the
	// tree: Terraform's file functions resolve a relative path against it
	// (see rebaseFileFuncs), Terragrunt's own functions against config's.
	base     string
	includes []*include
	// unread are the names of the include blocks whose path is not known
	// (a find_in_parent_folders of a file not committed): what the
	// include functions say of them is not known either.
	unread []string
	// parsing is, in an included file, the include that reads it:
	// Terragrunt's include functions (get_parent_terragrunt_dir,
	// path_relative_to_include, …) name it there whatever name they are
	// given (getSelectedIncludeBlock returns the include being parsed).
	parsing *include
	// funcs are the scope's functions, bound to the evaluator funcsOf.
	funcs   map[string]function.Function
	funcsOf *terraform.ConfigEval
}

// dir is get_terragrunt_dir().
func (s *scope) dir() string { return filepath.Dir(s.config) }

// include finds the include a function names: in an included file, the
// include reading it; else the one named, "" the unlabeled one, else the
// first.
func (s *scope) include(name string) *include {
	if s.parsing != nil {
		return s.parsing
	}
	for _, inc := range s.includes {
		if inc.name == name {
			return inc
		}
	}
	if name == "" && len(s.includes) > 0 {
		return s.includes[0]
	}
	return nil
}

// includeUnread reports whether the include a function names is one whose
// path is not known (scope.unread).
func (s *scope) includeUnread(name string) bool {
	return s.parsing == nil && (slices.Contains(s.unread, name) || name == "" && len(s.includes) == 0 && len(s.unread) > 0)
}

// fileCfg is one configuration file being evaluated.
type fileCfg struct {
	// path is where the file lies in the tree.
	path   string
	body   *hclsyntax.Body
	sc     *scope
	locals map[string]cty.Value
	// why says, for a local that is unknown because an evaluation
	// failed, where and how.
	why map[string]string
	// includes are the file's own include blocks (only the including
	// file has any: Terragrunt does not nest includes).
	includes []*include
}

// include is one include block.
type include struct {
	name     string
	path     string
	expose   bool
	strategy string
	rng      hcl.Range
	f        *fileCfg
	cfg      *cfg
}

// env is the dependency object evaluation sees, and the include objects
// built from it.
type env struct {
	deps cty.Value
	inc  map[*fileCfg]cty.Value
}

func newEnv(deps cty.Value) *env { return &env{deps: deps, inc: map[*fileCfg]cty.Value{}} }

// ctx is the evaluation context of an expression of f.
func (u *unitEval) ctx(f *fileCfg, e *env) *hcl.EvalContext {
	vars := map[string]cty.Value{"local": cty.ObjectVal(f.locals)}
	if u.values != cty.NilVal {
		vars["values"] = u.values
	}
	if e != nil {
		if e.deps != cty.NilVal {
			vars["dependency"] = e.deps
		}
		if inc := u.includeVar(f, e); inc != cty.NilVal {
			vars["include"] = inc
		}
	}
	return u.evalCtx(f.sc, vars)
}

// eval evaluates e; an error is a note and an unknown value.
func (u *unitEval) eval(e hcl.Expression, ctx *hcl.EvalContext) cty.Value {
	v, _ := u.evalWhy(e, ctx)
	return v
}

// evalWhy is eval, and the first error as a note says it ("" when none).
func (u *unitEval) evalWhy(e hcl.Expression, ctx *hcl.EvalContext) (cty.Value, string) {
	if e == nil {
		return cty.NullVal(cty.DynamicPseudoType), ""
	}
	v, diags := u.ce.Value(e, ctx)
	if !diags.HasErrors() {
		return v, ""
	}
	var first string
	for _, d := range diags.Errs() {
		r := e.Range()
		what := d.Error()
		if hd, ok := d.(*hcl.Diagnostic); ok && hd.Subject != nil {
			r = *hd.Subject
			what = hd.Summary + ": " + hd.Detail
		}
		if first == "" {
			first = fmt.Sprintf("%s:%d: %s", u.l.rel(r.Filename), r.Start.Line, strings.TrimSuffix(what, "."))
		}
		if hd, ok := d.(*hcl.Diagnostic); ok && u.missingAttr(hd) {
			continue // a diagnostic, or a note of its own
		}
		u.addNote(u.l.note(lint.Unresolved, r, "terragrunt: %s; the value is unknown", what))
	}
	return cty.DynamicVal, first
}

// unknownWhy says why e, evaluated in f, is unknown: the first local (of
// f, or of an include it exposes) it reads that is unknown because an
// evaluation failed, and that failure; "" when no such cause is known.
func (u *unitEval) unknownWhy(f *fileCfg, e hcl.Expression) string {
	for _, t := range e.Variables() {
		if len(t) < 2 {
			continue
		}
		switch t.RootName() {
		case "local":
			if n, ok := stepKey(t[1]); ok && f.why[n] != "" {
				return f.why[n]
			}
		case "include":
			name, rest := "", t[1:]
			if k, ok := stepKey(t[1]); ok && k != "locals" {
				name, rest = k, t[2:]
			}
			if len(rest) < 2 {
				continue
			}
			if k, ok := stepKey(rest[0]); !ok || k != "locals" {
				continue
			}
			n, ok := stepKey(rest[1])
			if !ok {
				continue
			}
			for _, inc := range f.includes {
				if inc.name == name && inc.f != nil && inc.f.why[n] != "" {
					return fmt.Sprintf("include.%s.locals.%s is unknown: %s", name, n, inc.f.why[n])
				}
			}
		}
	}
	return ""
}

// evalString evaluates e to a known string without holes; ok false
// otherwise.
func (u *unitEval) evalString(e hcl.Expression, ctx *hcl.EvalContext) (string, bool) {
	v := u.eval(e, ctx)
	if !v.IsWhollyKnown() || v.IsNull() || v.Type() != cty.String || lint.HasSentinel(v.AsString()) {
		return "", false
	}
	return v.AsString(), true
}

// config reads the configuration at path (as Terragrunt sees it) with the
// files it includes; original is get_original_terragrunt_dir().
func (u *unitEval) config(path, original string) (*fileCfg, *cfg, error) {
	phys := u.toPhys(path)
	u.enter(phys)
	if slices.Contains(u.reading, phys) {
		u.impure++ // the message names the unit's chain of reads
		return nil, nil, fmt.Errorf("%s reads itself (%s)", u.l.rel(phys), u.chain(phys))
	}
	if len(u.reading) >= maxReadDepth {
		u.impure++
		return nil, nil, fmt.Errorf("configuration read %d deep (%s): not followed further", len(u.reading), u.chain(phys))
	}
	body, err := u.l.parse(phys)
	if err != nil {
		return nil, nil, err
	}
	u.reading = append(u.reading, phys)
	defer func() { u.reading = u.reading[:len(u.reading)-1] }()
	u.addFile(phys, body)
	u.readsValues(body)
	f := &fileCfg{path: phys, body: body, sc: &scope{config: path, original: original, base: filepath.Dir(phys)}}
	f.includes, f.sc.unread = u.includes(f)
	f.sc.includes = f.includes
	for _, inc := range f.includes {
		u.loadInclude(f, inc)
	}
	u.evalLocals(f)
	c := u.collect(f)
	for i := len(f.includes) - 1; i >= 0; i-- {
		if inc := f.includes[i]; inc.cfg != nil && inc.strategy != "no_merge" {
			c = merge(inc.cfg, c, inc.strategy == "deep")
		}
	}
	return f, c, nil
}

// chain is the read chain ending at p, for a note.
func (u *unitEval) chain(p string) string {
	var parts []string
	for _, r := range append(slices.Clone(u.reading), p) {
		parts = append(parts, u.l.rel(r))
	}
	return strings.Join(parts, " → ")
}

// includes reads f's include blocks; their path may only call functions.
func (u *unitEval) includes(f *fileCfg) (out []*include, unread []string) {
	ctx := u.evalCtx(f.sc, nil)
	for _, b := range f.body.Blocks {
		if b.Type != "include" {
			continue
		}
		inc := &include{rng: b.DefRange(), strategy: "shallow"}
		if len(b.Labels) > 0 {
			inc.name = b.Labels[0]
		}
		a, ok := b.Body.Attributes["path"]
		if !ok {
			u.addNote(u.l.note(lint.Skipped, b.DefRange(), "terragrunt: include %q has no path; not read", inc.name))
			continue
		}
		p, ok := u.evalString(a.Expr, ctx)
		if !ok {
			u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: the path of include %q is unknown; not read", inc.name))
			unread = append(unread, inc.name)
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(f.sc.dir(), p)
		}
		inc.path = filepath.Clean(p)
		if a, ok := b.Body.Attributes["expose"]; ok {
			v := u.eval(a.Expr, ctx)
			inc.expose = v.IsKnown() && v.Type() == cty.Bool && v.True()
		}
		if a, ok := b.Body.Attributes["merge_strategy"]; ok {
			s, known := u.evalString(a.Expr, ctx)
			switch {
			case known && (s == "shallow" || s == "deep" || s == "no_merge"):
				inc.strategy = s
			default:
				u.addNote(u.l.note(lint.Skipped, a.Expr.Range(), "terragrunt: include %q: merge_strategy %q is not one faultline reads (shallow, deep, no_merge); merged shallow", inc.name, s))
			}
		}
		out = append(out, inc)
	}
	return out, unread
}

// loadInclude reads an included file, in the scope of the file including
// it (but for the directory Terraform's file functions resolve against).
func (u *unitEval) loadInclude(parent *fileCfg, inc *include) {
	phys := u.toPhys(inc.path)
	u.enter(phys)
	if slices.Contains(u.reading, phys) {
		u.impure++
		u.addNote(u.l.note(lint.Skipped, inc.rng, "terragrunt: include %q: %s includes itself (%s); not read", inc.name, u.l.rel(phys), u.chain(phys)))
		return
	}
	body, err := u.l.parse(phys)
	if err != nil {
		if err != errUnreadable {
			u.addNote(u.l.note(lint.Skipped, inc.rng, "terragrunt: include %q: %v; not read", inc.name, err))
		}
		return
	}
	u.reading = append(u.reading, phys)
	defer func() { u.reading = u.reading[:len(u.reading)-1] }()
	u.addFile(phys, body)
	u.readsValues(body)
	// Terragrunt's functions see the including file (get_terragrunt_dir,
	// find_in_parent_folders, read_terragrunt_config); Terraform's file
	// functions resolve against the included file's own directory.
	sc := *parent.sc
	sc.base, sc.funcs, sc.parsing = filepath.Dir(phys), nil, inc
	f := &fileCfg{path: phys, body: body, sc: &sc}
	for _, b := range body.Blocks {
		if b.Type != "include" {
			continue
		}
		// Terragrunt refuses the including unit: "… includes …, which
		// itself includes …. Only one level of includes is allowed."
		if u.l.unitConfigs[phys] {
			// The included file is a valid unit of its own: the error is
			// the including unit's, at its include.
			u.l.diagnoseOnce(lint.Diagnostic{Range: u.l.rng(inc.rng), Summary: "Nested include", Detail: fmt.Sprintf("%s includes %s, a unit that includes another configuration itself; Terragrunt allows one level of includes and refuses %s (%s is a unit of its own)", u.l.rel(parent.path), u.l.rel(phys), u.l.rel(filepath.Dir(parent.path)), u.l.rel(filepath.Dir(phys)))})
			break
		}
		// A shared file: once, at its first include, where the nesting
		// is mended for every unit including it.
		u.l.diagnoseOnce(lint.Diagnostic{Range: u.l.rng(b.DefRange()), Summary: "Nested include", Detail: fmt.Sprintf("%s is included by %s, and includes another configuration itself; Terragrunt allows one level of includes and refuses the unit", u.l.rel(phys), u.l.rel(parent.path))})
		break
	}
	u.evalLocals(f)
	inc.f, inc.cfg = f, u.collect(f)
}

// includeVar is the include variable of f: the exposed includes, by
// label; the unlabeled include itself when it is f's only include
// (Terragrunt's includeMapAsCtyVal: with several, a bare include is the
// one labeled "").
func (u *unitEval) includeVar(f *fileCfg, e *env) cty.Value {
	if v, ok := e.inc[f]; ok {
		return v
	}
	e.inc[f] = cty.NilVal // while it is built: an include reading include
	ie := e
	if e.deps == cty.NilVal {
		ie = newEnv(cty.DynamicVal) // locals: included inputs may read dependencies
	}
	attrs := map[string]cty.Value{}
	var bare cty.Value
	for _, inc := range f.includes {
		if !inc.expose || inc.f == nil {
			continue
		}
		obj := u.configObject(inc.f, inc.cfg, ie)
		if inc.name == "" && len(f.includes) == 1 {
			bare = obj
			continue
		}
		attrs[inc.name] = obj
	}
	v := cty.NilVal
	switch {
	case bare != cty.NilVal:
		v = bare
	case len(attrs) > 0:
		v = cty.ObjectVal(attrs)
	}
	e.inc[f] = v
	return v
}

// configObject is a configuration as include.<name> and
// read_terragrunt_config() give it: its locals, inputs, dependencies,
// terraform source and remote state.
func (u *unitEval) configObject(f *fileCfg, c *cfg, e *env) cty.Value {
	attrs := map[string]cty.Value{
		"locals": cty.ObjectVal(f.locals),
		"inputs": u.inputsObject(c, e),
	}
	deps := map[string]cty.Value{}
	for _, d := range c.deps {
		deps[d.name] = cty.ObjectVal(map[string]cty.Value{"config_path": cty.StringVal(d.written), "outputs": cty.DynamicVal})
	}
	attrs["dependency"] = cty.ObjectVal(deps)
	if c.tf != nil {
		attrs["terraform"] = cty.ObjectVal(map[string]cty.Value{"source": cty.StringVal(c.tf.source)})
	}
	if b := c.backend; b != nil {
		attrs["remote_state"] = cty.ObjectVal(map[string]cty.Value{"backend": cty.StringVal(b.Type), "config": b.Config})
	}
	attrs["generate"] = u.generateObject(c)
	return cty.ObjectVal(attrs)
}

// generateObject is the generate blocks of a configuration as
// read_terragrunt_config() gives them, by name: each one's path and
// contents (unknown when not known), the rest of its settings unknown.
// Where each block's contents are written is kept (loader.genOrigins).
func (u *unitEval) generateObject(c *cfg) cty.Value {
	out := map[string]cty.Value{}
	for _, g := range c.gens {
		contents := cty.DynamicVal
		if !g.unknown {
			contents = cty.StringVal(string(g.file.Src))
			u.l.genOrigins.Store(g.file.Name+"\x00"+string(g.file.Src), g.file)
		}
		out[g.name] = cty.ObjectVal(map[string]cty.Value{
			"path": cty.StringVal(g.file.Name), "contents": contents,
			"if_exists": cty.DynamicVal, "if_disabled": cty.DynamicVal, "comment_prefix": cty.DynamicVal,
			"disable_signature": cty.DynamicVal, "disable": cty.False,
		})
	}
	return cty.ObjectVal(out)
}

// evalLocals evaluates f's locals, each after the locals it reads; locals
// that read each other in a cycle are unknown.
func (u *unitEval) evalLocals(f *fileCfg) {
	f.locals, f.why = map[string]cty.Value{}, map[string]string{}
	pending := map[string]*hclsyntax.Attribute{}
	for _, b := range f.body.Blocks {
		if b.Type == "locals" {
			for n, a := range b.Body.Attributes {
				pending[n] = a
			}
		}
	}
	u.l.undeclaredLocals(f, pending)
	e := newEnv(cty.NilVal)
	for progress := true; progress && len(pending) > 0; {
		progress = false
		for _, n := range sortedKeys(pending) {
			a := pending[n]
			if readsPending(a.Expr, pending, n) {
				continue
			}
			v, err := u.evalWhy(a.Expr, u.ctx(f, e))
			f.locals[n] = v
			switch {
			case err != "":
				f.why[n] = fmt.Sprintf("local.%s fails (%s)", n, err)
			case !v.IsWhollyKnown():
				if w := u.unknownWhy(f, a.Expr); w != "" {
					f.why[n] = w
				}
			}
			delete(pending, n)
			progress = true
		}
	}
	for _, n := range sortedKeys(pending) {
		u.addNote(u.l.note(lint.Unresolved, pending[n].SrcRange, "terragrunt: local.%s is part of a cycle among locals; it is unknown", n))
		f.locals[n] = cty.DynamicVal
	}
}

// undeclaredLocals records, once per file, each reference to a local the
// file does not declare: Terragrunt fails to read such a configuration
// (a file's local is its own locals blocks' only, included or not) —
// unless the reference is where the evaluation may not reach it or
// catches its failure (eval.GuardedIn: try(), can(), a conditional's
// branch, a for body).
// declared are the file's locals.
func (l *loader) undeclaredLocals(f *fileCfg, declared map[string]*hclsyntax.Attribute) {
	l.mu.Lock()
	checked := l.localsChecked[f.path]
	l.localsChecked[f.path] = true
	l.mu.Unlock()
	if checked {
		return
	}
	var walk func(b *hclsyntax.Body)
	walk = func(b *hclsyntax.Body) {
		for _, n := range sortedKeys(b.Attributes) {
			expr := b.Attributes[n].Expr
			var guarded func(hcl.Range) bool
			for _, t := range expr.Variables() {
				if t.RootName() != "local" || len(t) < 2 {
					continue
				}
				name, ok := stepKey(t[1])
				if _, known := declared[name]; !ok || known {
					continue
				}
				// try() and can() catch the failure, and a branch or a
				// for body may never be evaluated.
				if guarded == nil {
					guarded = eval.GuardedIn(expr)
				}
				if guarded(t.SourceRange()) {
					continue
				}
				what := "it declares no locals"
				if len(declared) > 0 {
					what = "its locals are " + strings.Join(sortedKeys(declared), ", ")
				}
				l.mu.Lock()
				l.undeclared[t.SourceRange()] = true
				l.mu.Unlock()
				l.diagnoseOnce(lint.Diagnostic{Range: l.rng(t.SourceRange()), Summary: "Reference to undeclared local value", Detail: fmt.Sprintf("local.%s is not declared in %s (%s; an included file's locals are not the including file's); Terragrunt fails to read the configuration", name, l.rel(f.path), what)})
			}
		}
		for _, inner := range b.Blocks {
			walk(inner.Body)
		}
	}
	walk(f.body)
}

// readsPending reports whether e reads a local of pending other than
// itself (a local reading itself is an error the evaluation reports).
func readsPending(e hcl.Expression, pending map[string]*hclsyntax.Attribute, self string) bool {
	for _, t := range e.Variables() {
		if t.RootName() != "local" || len(t) < 2 {
			continue
		}
		if a, ok := t[1].(hcl.TraverseAttr); ok && a.Name != self && pending[a.Name] != nil {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
