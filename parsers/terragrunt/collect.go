package terragrunt

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// cfg is what a configuration says, its includes merged in.
type cfg struct {
	tf *tfBlock
	// extra are the terraform block's extra_arguments, merged by name.
	extra   []*extraArgs
	inputs  []*inputItem
	deps    []*dep
	paths   []pathAt
	gens    []*gen
	backend *terraform.Backend
	// skip is the configuration's own skip attribute: Terragrunt before
	// 0.68 ignored a skip an included file sets (live trees rely on it),
	// later versions inherit it; faultline reads only a unit's own.
	skip *skipAttr
	// exclude is the exclude block, the included one unless the unit
	// writes its own.
	exclude *excludeBlock
}

// skipAttr is a skip attribute: on when it is true.
type skipAttr struct {
	on  bool
	rng hcl.Range
}

// excludeBlock is an exclude block: the unit is excluded from a plan when
// if is true and actions name plan ("plan", "all", "all_except_output").
type excludeBlock struct {
	on             bool
	actions        []string
	actionsUnknown bool
	rng            hcl.Range
}

// excludesPlan reports whether the block excludes the unit from a plan.
func (x *excludeBlock) excludesPlan() bool {
	if x == nil || !x.on || x.actionsUnknown {
		return false
	}
	for _, a := range x.actions {
		if a == "all" || a == "all_except_output" || strings.EqualFold(a, "plan") {
			return true
		}
	}
	return false
}

// tfBlock is the terraform block: the source and where it is written.
type tfBlock struct {
	source      string
	set         bool
	srcRange    hcl.Range
	blockRange  hcl.Range
	unknownNote bool
	// why is what makes an unknown source unknown ("" when not known).
	why string
}

// inputItem is one input as written.
type inputItem struct {
	name string
	// expr is the item's value, or (whole) the inputs expression whose
	// attribute name the value is.
	expr  hcl.Expression
	whole bool
	rng   hcl.Range
	// key is where the input's name is written (the item's key; the
	// whole expression for an input of a computed object).
	key hcl.Range
	f   *fileCfg
	// base is the included input this one is deep-merged onto.
	base *inputItem
}

// dep is a dependency block.
type dep struct {
	name string
	// written is config_path as evaluated; dir the unit directory it
	// names (absolute, cleaned; "" when unknown).
	written, dir string
	rng          hcl.Range
	mocks        cty.Value
	skipOutputs  bool
	// missing is the configuration config_path names when the tree
	// lacks it (dependencyTarget): its outputs are unknown, noted once.
	missing string
}

// pathAt is a dependencies path and where it is written.
type pathAt struct {
	dir string
	rng hcl.Range
}

// gen is a generate block.
type gen struct {
	name string
	file terraform.GeneratedFile
	// unknown is set when the contents are not known: the file is still
	// written (over one of that name in the unit's directory).
	unknown bool
}

// collect reads the blocks of one file. Everything but the inputs is
// evaluated now (dependency outputs unknown); the inputs are evaluated
// when the outputs can be asked for.
func (u *unitEval) collect(f *fileCfg) *cfg {
	c := &cfg{}
	e := newEnv(cty.DynamicVal)
	for _, b := range f.body.Blocks {
		switch b.Type {
		case "terraform":
			c.tf = u.terraformBlock(f, b, e)
			for _, inner := range b.Body.Blocks {
				if inner.Type == "extra_arguments" {
					if x := u.extraArguments(f, inner, e); x != nil {
						c.extra = mergeExtraArgs(c.extra, []*extraArgs{x})
					}
				}
			}
		case "dependency":
			if d := u.dependency(f, b, e); d != nil {
				c.deps = append(c.deps, d)
			}
		case "dependencies":
			c.paths = append(c.paths, u.dependencyPaths(f, b, e)...)
		case "generate":
			// A second generate block of the same name is an error (a
			// diagnostic of the file); the first is read.
			if g := u.generate(f, b, e); g != nil && !slices.ContainsFunc(c.gens, func(x *gen) bool { return x.name == g.name }) {
				c.gens = append(c.gens, g)
			}
		case "remote_state":
			c.backend = u.remoteStateBlock(f, b, e)
		case "exclude":
			if c.exclude == nil {
				c.exclude = u.excludeBlock(f, b, e)
			}
		}
	}
	if a, ok := f.body.Attributes["skip"]; ok {
		c.skip = &skipAttr{on: isTrue(u.eval(a.Expr, u.ctx(f, e))), rng: a.SrcRange}
	}
	if a, ok := f.body.Attributes["inputs"]; ok {
		c.inputs = u.inputItems(f, a, e)
	}
	if a, ok := f.body.Attributes["remote_state"]; ok {
		c.backend = u.remoteStateAttr(f, a, e)
	}
	if a, ok := f.body.Attributes["generate"]; ok {
		for _, g := range u.generateAttr(f, a, e) {
			if !slices.ContainsFunc(c.gens, func(x *gen) bool { return x.name == g.name }) {
				c.gens = append(c.gens, g)
			}
		}
	}
	return c
}

// generateAttr reads the generate attribute, the form of generate blocks
// a configuration sets from a value (generate = local.common.generate,
// the blocks of a configuration read_terragrunt_config read): a map of
// blocks by name, each with its path and contents. A file written as
// some block read elsewhere writes it is positioned there.
func (u *unitEval) generateAttr(f *fileCfg, a *hclsyntax.Attribute, e *env) []*gen {
	v := u.eval(a.Expr, u.ctx(f, e))
	if !v.IsKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: the generate attribute is unknown; the files it generates are not read"))
		return nil
	}
	var out []*gen
	for it := v.ElementIterator(); it.Next(); {
		k, b := it.Element()
		name := k.AsString()
		if !b.IsKnown() || b.IsNull() || !b.Type().IsObjectType() || !b.Type().HasAttribute("path") || !b.Type().HasAttribute("contents") {
			u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: generate %q of the generate attribute is unknown; the file is not read", name))
			continue
		}
		if b.Type().HasAttribute("disable") {
			if d := b.GetAttr("disable"); d.IsKnown() && !d.IsNull() && d.Type() == cty.Bool && d.True() {
				continue
			}
		}
		path, contents := b.GetAttr("path"), b.GetAttr("contents")
		if !path.IsKnown() || path.IsNull() || path.Type() != cty.String {
			u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: generate %q: the path is unknown; the file is not read", name))
			continue
		}
		file := terraform.GeneratedFile{Name: path.AsString(), Filename: f.path, Start: a.Expr.Range().Start}
		if !contents.IsWhollyKnown() || contents.IsNull() || contents.Type() != cty.String {
			u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: generate %q: the contents are unknown; %s is not read", name, file.Name))
			out = append(out, &gen{name: name, file: file, unknown: true})
			continue
		}
		file.Src = []byte(contents.AsString())
		if o, ok := u.l.genOrigins.Load(file.Name + "\x00" + contents.AsString()); ok {
			file.Filename, file.Start = o.(terraform.GeneratedFile).Filename, o.(terraform.GeneratedFile).Start
		}
		out = append(out, &gen{name: name, file: file})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// terraformBlock reads the terraform block's source.
func (u *unitEval) terraformBlock(f *fileCfg, b *hclsyntax.Block, e *env) *tfBlock {
	t := &tfBlock{blockRange: b.DefRange()}
	a, ok := b.Body.Attributes["source"]
	if !ok {
		return t
	}
	t.srcRange, t.set = a.Expr.Range(), true
	v, err := u.evalWhy(a.Expr, u.ctx(f, e))
	s, ok := knownString(v)
	if !ok || !v.IsWhollyKnown() {
		t.unknownNote, t.why = true, err
		if t.why == "" {
			t.why = u.unknownWhy(f, a.Expr)
		}
		return t
	}
	t.source = s
	return t
}

// excludeBlock reads an exclude block.
func (u *unitEval) excludeBlock(f *fileCfg, b *hclsyntax.Block, e *env) *excludeBlock {
	ctx := u.ctx(f, e)
	x := &excludeBlock{rng: b.DefRange()}
	if a, ok := b.Body.Attributes["if"]; ok {
		x.on = isTrue(u.eval(a.Expr, ctx))
	}
	if a, ok := b.Body.Attributes["actions"]; ok {
		v := u.eval(a.Expr, ctx)
		x.actionsUnknown = !v.IsWhollyKnown() || v.IsNull() || !(v.Type().IsTupleType() || v.Type().IsListType())
		if !x.actionsUnknown {
			for it := v.ElementIterator(); it.Next(); {
				if _, s := it.Element(); s.Type() == cty.String {
					x.actions = append(x.actions, s.AsString())
				}
			}
		}
	}
	return x
}

// isTrue reports whether v is known to be true (a bool, or the string
// "true" as Terragrunt reads one).
func isTrue(v cty.Value) bool {
	if !v.IsKnown() || v.IsNull() {
		return false
	}
	switch v.Type() {
	case cty.Bool:
		return v.True()
	case cty.String:
		return v.AsString() == "true"
	}
	return false
}

// dependency reads a dependency block.
func (u *unitEval) dependency(f *fileCfg, b *hclsyntax.Block, e *env) *dep {
	if len(b.Labels) != 1 {
		return nil
	}
	d := &dep{name: b.Labels[0], rng: b.DefRange(), mocks: cty.NilVal}
	ctx := u.ctx(f, e)
	if a, ok := b.Body.Attributes["config_path"]; ok {
		p, known := u.evalString(a.Expr, ctx)
		switch {
		case known:
			d.written = p
			d.dir = u.depDir(f, p)
		default:
			u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: dependency.%s: config_path is unknown; its outputs are unknown", d.name))
		}
	}
	if a, ok := b.Body.Attributes["mock_outputs"]; ok {
		d.mocks = u.eval(a.Expr, ctx)
	}
	if a, ok := b.Body.Attributes["skip_outputs"]; ok {
		v := u.eval(a.Expr, ctx)
		d.skipOutputs = v.IsKnown() && v.Type() == cty.Bool && v.True()
	}
	disabled := false
	if a, ok := b.Body.Attributes["enabled"]; ok {
		v := u.eval(a.Expr, ctx)
		disabled = v.IsKnown() && !v.IsNull() && v.Type() == cty.Bool && v.False()
	}
	if a, ok := b.Body.Attributes["config_path"]; ok && d.dir != "" && !d.skipOutputs && !disabled && filepath.Dir(f.path) == u.phys && u.dir == u.phys {
		u.dependencyTarget(d, a.Expr.Range())
	}
	return d
}

// dependencyTarget notes a dependency whose configuration does not
// exist in the tree (d.missing): Terragrunt reads the outputs of every
// dependency whose outputs are not skipped, and fails before it looks at
// mock_outputs when the configuration config_path names (the file, or a
// directory's terragrunt.hcl or terragrunt.hcl.json) does not exist. It
// is a note, not FL000: a unit kept as a template (copied per
// environment, or by a catalog) names siblings its copies have. A path
// outside the tree, or into a directory a stack generates, is not judged.
func (u *unitEval) dependencyTarget(d *dep, at hcl.Range) {
	if !u.l.inTree(d.dir) || underStack(d.dir) {
		return
	}
	target := filepath.Join(d.dir, unitFile)
	if strings.HasSuffix(d.written, ".hcl") || strings.HasSuffix(d.written, ".hcl.json") {
		target = filepath.Join(d.dir, filepath.Base(d.written))
	} else if !u.l.exists(target) && u.l.exists(target+".json") {
		return
	}
	if !u.l.inTree(target) || u.l.exists(target) {
		return
	}
	d.missing = target
	if !u.l.exists(d.dir) {
		d.missing = d.dir
	}
	read := "its outputs are unknown"
	if d.mocks != cty.NilVal {
		read = "its mock_outputs are read for them, inferred"
	}
	u.addNote(u.l.note(lint.Unresolved, at, "terragrunt unit %s: dependency.%s (%s): %s does not exist, and Terragrunt refuses the unit where it lies (before any mock_outputs: they stand in for outputs of a configuration that exists) — a unit removed, or this one a template whose copies have it; %s", u.l.rel(u.dir), d.name, d.written, u.l.rel(d.missing), read))
}

// depDir is the unit directory a config_path names: relative to the
// including configuration's directory; a path to a file names its
// directory.
func (u *unitEval) depDir(f *fileCfg, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.sc.dir(), p)
	}
	p = filepath.Clean(p)
	if strings.HasSuffix(p, ".hcl") || strings.HasSuffix(p, ".hcl.json") {
		p = filepath.Dir(p)
	}
	return p
}

// dependencyPaths reads a dependencies block.
func (u *unitEval) dependencyPaths(f *fileCfg, b *hclsyntax.Block, e *env) []pathAt {
	a, ok := b.Body.Attributes["paths"]
	if !ok {
		return nil
	}
	v := u.eval(a.Expr, u.ctx(f, e))
	if !v.IsWhollyKnown() || v.IsNull() || !(v.Type().IsTupleType() || v.Type().IsListType()) {
		u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: dependencies.paths is unknown; the order of units is not known"))
		return nil
	}
	var out []pathAt
	for it := v.ElementIterator(); it.Next(); {
		_, x := it.Element()
		if x.Type() == cty.String && !lint.HasSentinel(x.AsString()) {
			out = append(out, pathAt{dir: u.depDir(f, x.AsString()), rng: a.Expr.Range()})
		}
	}
	return out
}

// generate reads a generate block into the file it writes.
func (u *unitEval) generate(f *fileCfg, b *hclsyntax.Block, e *env) *gen {
	if len(b.Labels) != 1 {
		return nil
	}
	ctx := u.ctx(f, e)
	if a, ok := b.Body.Attributes["disable"]; ok {
		if v := u.eval(a.Expr, ctx); v.IsKnown() && v.Type() == cty.Bool && v.True() {
			return nil
		}
	}
	pa, pok := b.Body.Attributes["path"]
	ca, cok := b.Body.Attributes["contents"]
	if !pok || !cok {
		return nil
	}
	name, ok := u.evalString(pa.Expr, ctx)
	if !ok {
		u.addNote(u.l.note(lint.Unresolved, pa.Expr.Range(), "terragrunt: generate %q: the path is unknown; the file is not read", b.Labels[0]))
		return nil
	}
	v := u.eval(ca.Expr, ctx)
	if !v.IsWhollyKnown() || v.IsNull() || v.Type() != cty.String {
		u.addNote(u.l.note(lint.Unresolved, ca.Expr.Range(), "terragrunt: generate %q: the contents are unknown; %s is not read", b.Labels[0], name))
		return &gen{name: b.Labels[0], file: terraform.GeneratedFile{Name: name, Filename: f.path}, unknown: true}
	}
	start := contentStart(ca.Expr, v.AsString())
	keep := false
	if a, ok := b.Body.Attributes["if_exists"]; ok {
		s, known := u.evalString(a.Expr, ctx)
		keep = known && s == "skip"
	}
	return &gen{name: b.Labels[0], file: terraform.GeneratedFile{Name: name, Src: []byte(v.AsString()), Filename: f.path, Start: start, KeepExisting: keep}}
}

// contentStart is where the text of a generated file begins in the
// configuration, as rendered (content): the first character of a template
// written as it is (a heredoc or a quoted string without interpolation);
// the first line of a heredoc whose interpolations each rendered within
// their line (as many lines rendered as written); else the start of the
// expression.
func contentStart(e hcl.Expression, content string) hcl.Pos {
	t, ok := e.(*hclsyntax.TemplateExpr)
	if !ok {
		return e.Range().Start
	}
	if len(t.Parts) != 1 {
		return heredocStart(t, content)
	}
	verbatim := true
	_ = hclsyntax.VisitAll(t.Parts[0], func(n hclsyntax.Node) hcl.Diagnostics {
		switch n.(type) {
		case *hclsyntax.FunctionCallExpr, *hclsyntax.ScopeTraversalExpr, *hclsyntax.TemplateWrapExpr, *hclsyntax.ConditionalExpr, *hclsyntax.ForExpr:
			verbatim = false
		}
		return nil
	})
	if !verbatim {
		return heredocStart(t, content)
	}
	return t.Parts[0].Range().Start
}

// heredocStart is the first line of heredoc t's text when its content
// rendered on as many lines as t is written on (each interpolation within
// its line), else the expression's start. The text begins on the line
// after the opening marker and ends on the one before the closing marker.
func heredocStart(t *hclsyntax.TemplateExpr, content string) hcl.Pos {
	r := t.Range()
	written := r.End.Line - r.Start.Line - 1
	if written <= 0 || strings.Count(content, "\n") != written {
		return r.Start
	}
	// The first part is on that line: a literal from its start, or an
	// interpolation past its "${".
	first := t.Parts[0].Range().Start
	if first.Line != r.Start.Line+1 {
		return r.Start
	}
	return hcl.Pos{Line: first.Line, Column: 1, Byte: first.Byte - (first.Column - 1)}
}

// remoteStateBlock reads a remote_state block.
func (u *unitEval) remoteStateBlock(f *fileCfg, b *hclsyntax.Block, e *env) *terraform.Backend {
	ctx := u.ctx(f, e)
	be := &terraform.Backend{Range: b.DefRange(), Config: cty.EmptyObjectVal}
	if a, ok := b.Body.Attributes["backend"]; ok {
		be.Type, _ = u.evalString(a.Expr, ctx)
	}
	if a, ok := b.Body.Attributes["config"]; ok {
		be.Config = u.eval(a.Expr, ctx)
	}
	return be
}

// remoteStateAttr reads remote_state written as an attribute.
func (u *unitEval) remoteStateAttr(f *fileCfg, a *hclsyntax.Attribute, e *env) *terraform.Backend {
	v := u.eval(a.Expr, u.ctx(f, e))
	be := &terraform.Backend{Range: a.SrcRange, Config: cty.DynamicVal}
	if !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() {
		return be
	}
	if v.Type().HasAttribute("backend") {
		if t := v.GetAttr("backend"); t.IsKnown() && !t.IsNull() && t.Type() == cty.String {
			be.Type = t.AsString()
		}
	}
	if v.Type().HasAttribute("config") {
		be.Config = v.GetAttr("config")
	}
	return be
}
