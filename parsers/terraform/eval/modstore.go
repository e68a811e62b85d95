package eval

import (
	"bytes"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// modInfo is what the load keeps of a module directory once its parsed
// code is released: what collect reports and what roots are planned from.
type modInfo struct {
	// Exists is false when the directory holds no configuration.
	Exists bool
	Files  []string
	Diags  hcl.Diagnostics
	// Refs and LooseRefs are the references of its code to what it does
	// not declare (undeclaredRefs): reported where Terraform certainly
	// evaluates the code — both in a module the tree calls, Refs in an
	// Applied root —, unless a Terragrunt unit may generate the
	// declarations into its directory.
	Refs, LooseRefs hcl.Diagnostics
	// CrossFile are the duplicate declarations of a name each of its
	// files declares (alternatives), reported as Refs are.
	CrossFile hcl.Diagnostics
	// ProviderRefs are those of its provider blocks, by the configuration
	// each block is ("aws", "aws.west"): reported as Refs are, when the
	// configuration is used (ProviderUsed). Providers says which
	// configurations its code uses.
	ProviderRefs map[string]hcl.Diagnostics
	// LooseProviderRefs are the loose references of its provider blocks
	// (a variable of a module that declares none, a local value of one
	// that declares none), reported as LooseRefs are when the
	// configuration is used.
	LooseProviderRefs map[string]hcl.Diagnostics
	Providers         ProviderUses
	// OutputRefs are its reads of its calls' outputs, LocalCalls its
	// calls of local modules, Outputs the outputs it declares and Whole
	// whether every file of it was read and parsed cleanly
	// (UnsupportedOutputs).
	OutputRefs []OutputRef
	LocalCalls map[string]LocalCall
	Outputs    []string
	Whole      bool
	// Applied is set when it is a root Terraform is run in: it keeps its
	// state in a backend (or cloud) and manages something, a resource or
	// a module call. A directory of snippets copied into roots (provider
	// and backend blocks, data sources) does not.
	Applied bool
	// Children are the local module directories it calls.
	Children []string
	// ChildPatterns are the local directories a call whose source
	// OpenTofu evaluates early ("./modules/${var.flavor}") may call, as
	// glob patterns: each interpolation a "*" (sourcePattern).
	ChildPatterns []string
	// Elsewhere are its calls of a remote source naming a subdirectory
	// of its package (go-getter's "//"): the directory of the tree that
	// is that subdirectory is instantiated by them too.
	Elsewhere []kept.RemoteCall
	// remote is set when it reads another root's state (remotestate.go).
	remote bool
	// recorded is set when the first parse recorded its inputs (what it
	// listed and read: inputs.go); notKept says why a root using it
	// cannot be kept ("" when it can).
	recorded bool
	inputs   cache.InputRecord
	notKept  string
	// refused are the notes of the files its first parse refused, when
	// recorded (a summary taken by a later run notes them again).
	refused []lint.Note
	// Templates are the files its code renders with templatefile at a
	// path under its own directory (staticTemplates), whether or not an
	// instance of it is evaluated.
	Templates []string
}

// summarize is the summary of a parsed module (nil: no configuration).
// tree is what the module's first parse reads through (the template
// files templateVarsDiags reads are its inputs too), rel names files.
func summarize(m *Module, tree *treefs.Tree, rel func(string) string) *modInfo {
	if m == nil {
		return &modInfo{}
	}
	diags := append(append(append(append(slices.Clip(m.diags), m.quotedTypeDiags()...), m.initDiags...), m.reportedCalls()...), m.defaultDiags()...)
	inf := &modInfo{Exists: true, Files: m.files, Templates: m.staticTemplates(), Applied: m.applied()}
	inf.Refs, inf.LooseRefs, inf.OutputRefs, inf.ProviderRefs, inf.LooseProviderRefs = m.undeclaredRefs()
	if len(inf.Refs)+len(inf.LooseRefs) == 0 {
		// Terraform calls a file function only once every reference
		// resolves: with one to something undeclared (reported, or a
		// snippet's kept silent) it stops before.
		diags = append(diags, m.templateVarsDiags(tree, rel)...)
	}
	inf.Diags = diags
	inf.Providers = m.providerUses()
	inf.LocalCalls, inf.Outputs = m.localCalls(), m.outputNames()
	inf.CrossFile = m.crossFile
	inf.Whole = len(m.refused) == 0 && !m.loadFailed() && len(m.crossFile) == 0
	for _, r := range m.Resources {
		if _, ok := remoteStateTypes[r.Type]; ok && r.Data {
			inf.remote = true
		}
	}
	for _, c := range m.calls {
		if child := filepath.Clean(filepath.Join(m.Dir, c.Source)); modsource.IsLocal(c.Source) && child != m.Dir {
			inf.Children = append(inf.Children, child)
		}
		if p, ok := sourcePattern(c.sourceExpr); ok {
			inf.ChildPatterns = append(inf.ChildPatterns, filepath.Join(m.Dir, p))
		}
		if sub := modsource.RemoteSubdir(c.Source); sub != "" {
			rc := kept.RemoteCall{Subdir: sub}
			for n := range c.Attrs {
				rc.Args = append(rc.Args, n)
			}
			sort.Strings(rc.Args)
			inf.Elsewhere = append(inf.Elsewhere, rc)
		}
	}
	return inf
}

// sourcePattern is the glob of the local directories a module source
// built by a template may name ("./modules/${var.flavor}" →
// "./modules/*"): its literal parts as written, each interpolation a "*";
// false for any other expression, a remote source, or one whose literal
// parts hold glob characters.
func sourcePattern(expr hcl.Expression) (string, bool) {
	t, ok := Unhooked(expr).(*hclsyntax.TemplateExpr)
	if !ok || t == nil {
		return "", false
	}
	var b strings.Builder
	for _, part := range t.Parts {
		lit, ok := Unhooked(part).(*hclsyntax.LiteralValueExpr)
		if !ok {
			if TraversalString(Unhooked(part)) == "path.module" && b.Len() == 0 {
				b.WriteString(".") // the module's own directory
			} else {
				b.WriteString("*")
			}
			continue
		}
		if lit.Val.Type() != cty.String || !lit.Val.IsKnown() || lit.Val.IsNull() || strings.ContainsAny(lit.Val.AsString(), "*?[\\") {
			return "", false
		}
		b.WriteString(lit.Val.AsString())
	}
	p := b.String()
	if !modsource.IsLocal(p) || !strings.Contains(p, "*") {
		return "", false
	}
	return p, true
}

// applied reports whether m keeps its state in a backend, or reads
// another root's state (a layer of a deployment applied in turn, its own
// state local), and manages a resource or calls a module
// (modInfo.Applied).
func (m *Module) applied() bool {
	if m.backend == nil && !slices.ContainsFunc(m.Resources, func(r *Resource) bool { return r.Data && r.Type == "terraform_remote_state" }) {
		return false
	}
	return len(m.calls) > 0 || slices.ContainsFunc(m.Resources, func(r *Resource) bool { return !r.Data })
}

// Size is the bytes of source of a parsed module.
func (m *Module) Size() int {
	n := 0
	for _, b := range m.src {
		n += len(b)
	}
	return n
}

// firstParse reports whether dir is parsed for the first time, and marks
// it parsed.
func (l *Session) firstParse(dir string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.info == nil {
		l.info = map[string]*modInfo{}
	}
	if _, seen := l.info[dir]; seen {
		return false
	}
	l.info[dir] = &modInfo{}
	return true
}

// setInfo records the summary of dir's first parse.
func (l *Session) setInfo(dir string, inf *modInfo) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info[dir] = inf
}

// InfoOf is the summary of dir, nil when it was never parsed.
func (l *Session) InfoOf(dir string) *modInfo {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.info[filepath.Clean(dir)]
}

// ParsedDirs are the directories parsed that hold configuration, sorted.
func (l *Session) ParsedDirs() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]string, 0, len(l.info))
	for d, inf := range l.info {
		if inf.Exists {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

// Release drops the parsed code of dir; a later request parses it again.
func (l *Session) Release(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.Mods, filepath.Clean(dir))
}

// module is the module in dir, recorded as used by this root.
func (e *Evaluator) module(dir string) *Module {
	if e.Used == nil {
		e.Used = map[string]bool{}
	}
	e.Used[filepath.Clean(dir)] = true
	return e.Session.Module(dir)
}

// Output is what the load keeps of e: nothing that refers to parsed code
// or evaluated values.
func (e *Evaluator) Output() kept.RootOutput {
	return kept.RootOutput{Entities: e.entities, Notes: e.Notes, Calls: e.calls, Embedded: e.Embedded, Templates: e.Templates, KustomizationReads: e.KustomizationReads, Written: e.Written, VarFiles: e.varFiles, VarDiags: e.VarDiags, Reads: e.remoteReads, Unapplied: e.Unapplied}
}

// HoleCodec is the session's hole numbering.
func (l *Session) HoleCodec() *lint.Holes { return l.holes() }

// ReadsRemoteState reports whether a module parsed reads another root's
// state.
func (l *Session) ReadsRemoteState() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, inf := range l.info {
		if inf.remote {
			return true
		}
	}
	return false
}

// staticTemplates are the files the module's code renders with
// templatefile at a path made of path.module and literal text
// ("${path.module}/values.yaml"), sorted: Terraform reads them as
// templates, not as manifests, even when no instance of the module is
// evaluated (a call with count = 0), so they are never read as plain
// YAML.
func (m *Module) staticTemplates() []string {
	if modsource.IsModelFile(m.Dir) || !m.mayCall("templatefile") {
		return nil
	}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"path": cty.ObjectVal(map[string]cty.Value{"module": cty.StringVal(m.Dir)})}}
	seen := map[string]bool{}
	for _, e := range m.bodyExpressions() {
		n, ok := e.(hclsyntax.Expression)
		if !ok || n == nil {
			continue
		}
		_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
			fc, ok := x.(*hclsyntax.FunctionCallExpr)
			if !ok || fc.Name != "templatefile" || len(fc.Args) == 0 || !readsPathModule(fc.Args[0]) {
				return nil
			}
			v, diags := fc.Args[0].Value(ctx)
			if diags.HasErrors() || !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
				return nil
			}
			if p := filepath.Clean(v.AsString()); strings.HasPrefix(p, filepath.Clean(m.Dir)+string(filepath.Separator)) {
				seen[p] = true
			}
			return nil
		})
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// readsPathModule reports whether e reads path.module and nothing else.
func readsPathModule(e hcl.Expression) bool {
	vars := e.Variables()
	for _, t := range vars {
		if n, ok := AttrName(t, 1); t.RootName() != "path" || !ok || n != "module" {
			return false
		}
	}
	return len(vars) > 0
}

// mayCall reports whether the module's source may call function fn: its
// name appears in a file's bytes, or a file's bytes are not kept. It only
// spares walking the syntax of modules that cannot (the walk decides).
func (m *Module) mayCall(fn string) bool {
	if len(m.src) < len(m.files) {
		return true
	}
	for _, b := range m.src {
		if bytes.Contains(b, []byte(fn)) {
			return true
		}
	}
	return false
}
