package eval

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// maxSourceFile bounds a .tf / .tfvars file.
const maxSourceFile = 8 << 20

// Module is one directory of Terraform configuration, parsed once.
type Module struct {
	Dir   string
	files []string

	variables map[string]*variable
	locals    map[string]*hcl.Attribute
	outputs   map[string]*hcl.Attribute
	// outputBlocks are where each output is declared.
	outputBlocks map[string]hcl.Range
	Resources    []*Resource
	calls        []*Call
	providers    []*provider
	removed      []*hcl.Block
	// backend is the module's backend or cloud block (remotestate.go).
	backend *hcl.Block
	// requiredProviders is where the first required_providers block is.
	requiredProviders *hcl.Range
	// requiredVersions are the required_version constraints of its
	// terraform blocks, as written.
	requiredVersions []string
	// unit is set on a unit's root module (units.go).
	unit bool
	// composed is set on a unit's root that calls the module its source
	// names (UnitModule), not one run in place: its one call is that
	// module.
	composed bool
	// dependsOn is set when a block of the module writes depends_on: its
	// instances then record what each block produced (dependson.go).
	dependsOn bool

	diags hcl.Diagnostics
	// initDiags are terraform init's errors about what a call installs
	// (a submodule its package no longer has): reported with diags, but
	// the module's own code still reads whole (its variables, its
	// references), so its callers' arguments are checked.
	initDiags hcl.Diagnostics
	// crossFile are the duplicate declarations of a module call every
	// file of it declares: an error where Terraform reads the directory whole (a
	// module the tree calls, a root it applies), not in a directory of
	// alternative files an installer copies one of (settleDuplicates).
	crossFile hcl.Diagnostics
	dups      []dupDecl
	// callDiags are calls of functions Terraform does not have
	// (unknownFunctions): errors of the tree's own code, apart from diags.
	callDiags hcl.Diagnostics
	// quotedTypes are the variable types written in quotes that Terraform
	// refuses from 0.15 (quotedTypeSummary), reported unless the module's
	// required_version allows only earlier releases.
	quotedTypes hcl.Diagnostics
	// callKeys are the top-level declarations each of callDiags is in,
	// overridden those an override file replaces (unknownFunctions).
	callKeys   []string
	overridden map[string]bool
	// bodies are the files in the native syntax, for the checks of the
	// tree's own code once the module is whole (undeclaredRefs).
	bodies []fileBody
	// refused are configuration files the tree would not read (outside it,
	// or not a regular file): coverage notes, never content.
	refused []refusal
	// src keeps each file's bytes for position mapping.
	src map[string][]byte

	// exprFacts caches, by expression, its exprFacts (exprfacts.go).
	exprFacts sync.Map

	once  struct{ graph, needed, outputs, templates, summaries sync.Once }
	cache struct {
		graph  *itemGraph
		needed map[string][]hcl.Traversal
		// outputs is what the module reads of each call's outputs, by
		// call name (outputsread.go).
		outputs map[string]outputsRead
		// templates are its templatefile() calls (template_file.go).
		templates []*hclsyntax.FunctionCallExpr
		// summaries are its items as altPlan compares them (altplan.go).
		summaries map[string]*itemSummary
	}
}

type variable struct {
	name    string
	def     hcl.Expression
	typ     hcl.Expression
	defRng  hcl.Range
	hasDef  bool
	isSensi bool
	// notNull is `nullable = false`: a null input takes the default.
	notNull bool
	// declType is a stand-in's faultline_declared_type: the real
	// module's type, which the stand-in is evaluated without
	// (droppedattrs.go); declared caches declaredType, read from the
	// syntax alone (index 1: modelled).
	declType hcl.Expression
	declared [2]struct {
		once sync.Once
		t    cty.Type
		ok   bool
	}
	// defaultValue is the default with the type constraint applied, once
	// evaluated within a budget (replay.go).
	defaultValue defaultCache
	// constraint is the type constraint read from typ, once.
	constraint struct {
		once sync.Once
		c    typeConstraint
	}
}

// typeConstraint is what a variable's type expression says: the type and
// the optional attributes' defaults (cty.DynamicPseudoType and nil when it
// has none, holds a for expression or does not read).
type typeConstraint struct {
	ty       cty.Type
	defaults *typeexpr.Defaults
}

// typeConstraint reads the variable's type constraint, once per parsed
// module: it depends on the syntax alone, and every instance of the module
// in every root asks for it. Optional attribute defaults in the type are
// evaluated by typeexpr without a budget, so a type holding a for
// expression is not read.
func (v *variable) typeConstraint() typeConstraint {
	v.constraint.once.Do(func() {
		c := typeConstraint{ty: cty.DynamicPseudoType}
		if v.typ != nil && !hasFor(v.typ) {
			if t, d, diags := typeexpr.TypeConstraintWithDefaults(v.typ); !diags.HasErrors() {
				c.ty, c.defaults = t, d
			}
		}
		v.constraint.c = c
	})
	return v.constraint.c
}

// Resource is a resource or data block.
type Resource struct {
	Data    bool
	Type    string
	Name    string
	Body    *Body
	count   hcl.Expression
	forEach hcl.Expression
	// enabled is OpenTofu's lifecycle { enabled = … } (1.11): false
	// makes no instance, and the resource reads as null.
	enabled  hcl.Expression
	provider string // "aws" or "aws.alias"
	// dependsOn are the blocks its depends_on names (parseDependsOn).
	dependsOn []string
	// CreateBeforeDestroy is set when its lifecycle block sets
	// create_before_destroy = true (a literal, as Terraform requires):
	// a replacement creates the new object before destroying the old.
	CreateBeforeDestroy bool
	DefRange            hcl.Range
	// Commands are the commands of its local-exec provisioners that run
	// when it is created (not when = destroy).
	Commands []hcl.Expression
}

// ForEachExpr is the block's for_each expression, nil when it has none.
func (r *Resource) ForEachExpr() hcl.Expression { return r.forEach }

func (r *Resource) key() string {
	if r.Data {
		return "data." + r.Type + "." + r.Name
	}
	return r.Type + "." + r.Name
}

// Call is a module block: the call's name, source, version, arguments
// and meta-arguments.
type Call struct {
	name      string
	Source    string
	Attrs     map[string]*hcl.Attribute
	count     hcl.Expression
	forEach   hcl.Expression
	enabled   hcl.Expression // OpenTofu's lifecycle { enabled = … }
	providers hcl.Expression
	// Version is the registry version constraint as written ("~> 20.0").
	Version string
	// sourceExpr and versionExpr are the source and version when they are
	// written as expressions, not literal strings (nil otherwise): OpenTofu
	// evaluates them early from static values (early.go).
	sourceExpr, versionExpr hcl.Expression
	// dependsOn are the blocks its depends_on names (parseDependsOn).
	dependsOn []string
	DefRange  hcl.Range
	srcRange  hcl.Range
	// generatedVars are, for a Terragrunt unit's call of its module, the
	// variables the unit's generate blocks declare: Terragrunt writes
	// them into the module's directory, so they are the module's own.
	generatedVars []string
}

type provider struct {
	name  string
	alias string
	body  *Body
	rng   hcl.Range
}

var topSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "terraform"},
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "output", LabelNames: []string{"name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "moved"},
	{Type: "import"},
	{Type: "check", LabelNames: []string{"name"}},
	{Type: "removed"},
	{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	// Terraform 1.14's actions (a provider's operation a resource's
	// lifecycle action_trigger or the CLI invokes): read, never modelled.
	{Type: "action", LabelNames: []string{"type", "name"}},
}}

var metaSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "count"}, {Name: "for_each"}, {Name: "provider"}, {Name: "depends_on"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "lifecycle"}, {Type: "provisioner", LabelNames: []string{"type"}}, {Type: "connection"}},
}

// configExts are the extensions of configuration files: Terraform's, and
// OpenTofu's own (.tofu, .tofu.json), which OpenTofu reads alike.
var configExts = []string{".tf", ".tf.json", ".tofu", ".tofu.json"}

// configExt is the configuration extension a file name ends in, or "".
func configExt(name string) string {
	for _, ext := range configExts {
		if strings.HasSuffix(name, ext) && len(name) > len(ext) {
			return ext
		}
	}
	return ""
}

// isOverride reports whether a file name is an override file
// (override.tf, x_override.tofu.json, …).
func isOverride(name string) bool {
	base := strings.TrimSuffix(name, configExt(name))
	return base == "override" || strings.HasSuffix(base, "_override")
}

// isConfigFile reports whether a file name is Terraform or OpenTofu
// configuration (.tf, .tf.json, .tofu, .tofu.json; not tests such as
// .tftest.hcl or .tofutest.hcl).
func isConfigFile(name string) bool { return configExt(name) != "" }

// IsConfigFile reports whether a file name is configuration Terraform or
// OpenTofu reads from a module directory: .tf, .tf.json, .tofu or
// .tofu.json.
func IsConfigFile(name string) bool { return isConfigFile(name) }

// tofuTwin is the OpenTofu file that takes a Terraform file's place when
// both are in one directory (x.tf → x.tofu, x.tf.json → x.tofu.json), or
// "" for a name that has none.
func tofuTwin(name string) string {
	switch ext := configExt(name); ext {
	case ".tf", ".tf.json":
		return strings.TrimSuffix(name, ext) + strings.Replace(ext, ".tf", ".tofu", 1)
	}
	return ""
}

// WithoutShadowed drops from a directory's file names (or paths) the
// Terraform files OpenTofu (1.8 and later) ignores because their .tofu
// twin is among them: x.tofu replaces x.tf, x.tofu.json replaces
// x.tf.json, and neither replaces the other pair's file.
func WithoutShadowed(names []string) []string {
	present := make(map[string]bool, len(names))
	for _, n := range names {
		present[n] = true
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		if twin := tofuTwin(n); twin == "" || !present[twin] {
			out = append(out, n)
		}
	}
	return out
}

// refusal is a file the tree would not read, and why.
type refusal struct {
	path string
	err  error
}

// ConfigFiles lists a directory's configuration files, primaries first then
// overrides, each group in lexical order (Terraform's order); a .tf or
// .tf.json file whose .tofu twin is present is left out, as OpenTofu
// leaves it out. Entries that
// are not regular files inside the tree (a symlink out of it, a FIFO, a
// device) are returned as refusals instead.
func ConfigFiles(tree *treefs.Tree, dir string) ([]string, []refusal, error) {
	ents, err := tree.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !isConfigFile(n) || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "#") || strings.HasSuffix(n, "~") {
			continue
		}
		names = append(names, n)
	}
	var prim, over []string
	var refused []refusal
	for _, n := range WithoutShadowed(names) {
		if err := regularInTree(tree, filepath.Join(dir, n)); err != nil {
			refused = append(refused, refusal{filepath.Join(dir, n), err})
			continue
		}
		if isOverride(n) {
			over = append(over, n)
		} else {
			prim = append(prim, n)
		}
	}
	sort.Strings(prim)
	sort.Strings(over)
	return append(prim, over...), refused, nil
}

// regularInTree says why path is not a regular file inside the tree, or nil.
func regularInTree(tree *treefs.Tree, path string) error {
	st, err := tree.Stat(path)
	switch {
	case err != nil:
		return err
	case st.IsDir():
		return errors.New("is a directory")
	case !st.Mode().IsRegular():
		return treefs.ErrNotRegular
	}
	return nil
}

// refusedNote is the coverage note for a file the tree would not read; it
// names the file and the reason, never its content.
func refusedNote(rel func(string) string, r refusal) lint.Note {
	return lint.Note{Kind: lint.Skipped, What: "not read: " + refusalReason(r.err), Range: lint.Range{File: rel(r.path)}}
}

// refusalReason says in words why a file was not read.
func refusalReason(err error) string {
	switch {
	case errors.Is(err, treefs.ErrOutside):
		return "it leads outside the scanned tree"
	case errors.Is(err, treefs.ErrNotRegular):
		return "it is not a regular file (" + err.Error() + ")"
	}
	return err.Error()
}

// parseFile reads one HCL or JSON file of the tree with a size bound.
func parseFile(p *hclparse.Parser, tree *treefs.Tree, path string) (*hcl.File, hcl.Diagnostics) {
	src, diags := readSource(tree, path)
	if diags != nil {
		return nil, diags
	}
	return parseSource(p, path, src)
}

// readSource reads one configuration file of the tree with a size bound,
// or says why it could not.
func readSource(tree *treefs.Tree, path string) ([]byte, hcl.Diagnostics) {
	src, err := tree.ReadFile(path, maxSourceFile)
	if errors.Is(err, treefs.ErrTooLarge) {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "File too large", Detail: "The file is larger than " + treefs.Size(maxSourceFile) + " and was not read.", Subject: &hcl.Range{Filename: path, Start: hcl.InitialPos, End: hcl.InitialPos}}}
	}
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read file", Detail: err.Error(), Subject: &hcl.Range{Filename: path}}}
	}
	return src, nil
}

// parseSource parses the bytes of a file read as path, refusing nesting
// the parser would overflow its stack on.
func parseSource(p *hclparse.Parser, path string, src []byte) (*hcl.File, hcl.Diagnostics) {
	if d := nesting.HCLFile(path, src); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	if strings.HasSuffix(path, ".json") {
		return p.ParseJSON(src, path)
	}
	return p.ParseHCL(src, path)
}

// loadModule parses every configuration file of dir, or with sc reads
// back the syntax trees an earlier run kept of the same files (syntax.go).
func loadModule(tree *treefs.Tree, dir string, sc SyntaxCache) *Module {
	m := newModule(dir)
	names, refused, err := ConfigFiles(tree, dir)
	m.refused = refused
	if err != nil {
		m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot read directory", Detail: err.Error(), Subject: &hcl.Range{Filename: dir}})
		return m
	}
	files := make([]sourceFile, len(names))
	for i, n := range names {
		path := filepath.Join(dir, n)
		src, diags := readSource(tree, path)
		files[i] = sourceFile{name: n, path: path, src: src, readDiags: diags}
	}
	m.addSources(files, nil, sc)
	m.settleDuplicates()
	return m
}

func newModule(dir string) *Module {
	return &Module{Dir: dir, variables: map[string]*variable{}, locals: map[string]*hcl.Attribute{}, outputs: map[string]*hcl.Attribute{}, outputBlocks: map[string]hcl.Range{}, src: map[string][]byte{}}
}

// addParsed adds one parsed configuration file (nil when it did not
// parse) and its diagnostics.
func (m *Module) addParsed(path string, f *hcl.File, diags hcl.Diagnostics, override bool) {
	m.diags = append(m.diags, diags...)
	if f == nil {
		return
	}
	m.files = append(m.files, path)
	m.src[path] = f.Bytes
	m.addFile(f, override)
}

// addFile adds a file's top-level blocks; override files merge into the
// blocks they name, as Terraform merges them.
func (m *Module) addFile(f *hcl.File, override bool) {
	content, _, diags := f.Body.PartialContent(topSchema)
	// A body that does not even parse has already been reported.
	if diags.HasErrors() && content == nil {
		return
	}
	m.diags = append(m.diags, topLevelArguments(f)...)
	m.diags = append(m.diags, unsupportedBlockTypes(f)...)
	explicitResourceRefs(f)
	m.unknownFunctions(f, override)
	if body, ok := f.Body.(*hclsyntax.Body); ok {
		m.bodies = append(m.bodies, fileBody{body: body, override: override})
	}
	for _, b := range content.Blocks {
		switch b.Type {
		case "variable":
			m.addVariable(b, override)
		case "locals":
			attrs, _ := b.Body.JustAttributes()
			for _, a := range attrsInOrder(attrs) {
				if old, ok := m.locals[a.Name]; ok && !override {
					m.duplicate("Duplicate local value definition", fmt.Sprintf("A local value named %q was already defined at %s. Local value names must be unique within a module.", a.Name, declaredAt(old.Range)), a.Range, old.Range)
					continue
				}
				m.locals[a.Name] = a
			}
		case "output":
			name := b.Labels[0]
			if _, ok := m.outputBlocks[name]; ok && !override {
				m.duplicate("Duplicate output definition", fmt.Sprintf("An output named %q was already defined at %s. Output names must be unique within a module.", name, declaredAt(m.outputBlocks[name])), b.DefRange, m.outputBlocks[name])
				continue
			}
			m.outputBlocks[name] = b.DefRange
			attrs, _ := b.Body.JustAttributes()
			if a, ok := attrs["value"]; ok {
				m.outputs[name] = a
			}
		case "resource", "data":
			m.addResource(b, override)
		case "module":
			m.addCall(b, override)
		case "provider":
			m.addProvider(b, override)
		case "removed":
			m.removed = append(m.removed, b)
		case "terraform":
			m.addBackend(b, override)
		}
	}
}

// duplicate records Terraform's error for a name declared twice in the
// module (the later declaration, as Terraform reports it; the first is
// read).
func (m *Module) duplicate(summary, detail string, at, first hcl.Range) {
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: at.Ptr()}
	if first.Filename != at.Filename && summary == duplicateCall {
		m.dups = append(m.dups, dupDecl{d: d, first: first})
		return
	}
	m.diags = append(m.diags, d)
}

// duplicateCall is Terraform's summary for a module call declared twice.
const duplicateCall = "Duplicate module call"

// dupDecl is a declaration repeating one (first) of another file.
type dupDecl struct {
	d     *hcl.Diagnostic
	first hcl.Range
}

// settleDuplicates decides the module calls declared in several files
// once every file is parsed: a call every file of the directory declares
// makes the files alternatives (one per cloud, an installer copying one
// of them into a root), an error only where Terraform reads the
// directory whole (crossFile); a call some of its files declare twice is
// an error anywhere.
func (m *Module) settleDuplicates() {
	files := map[string]map[string]bool{}
	key := func(r hcl.Range) string { return fmt.Sprintf("%s:%d", r.Filename, r.Start.Byte) }
	for _, dd := range m.dups {
		k := key(dd.first)
		if files[k] == nil {
			files[k] = map[string]bool{dd.first.Filename: true}
		}
		files[k][dd.d.Subject.Filename] = true
	}
	for _, dd := range m.dups {
		if len(files[key(dd.first)]) == len(m.files) {
			m.crossFile = append(m.crossFile, dd.d)
		} else {
			m.diags = append(m.diags, dd.d)
		}
	}
	m.dups = nil
}

// declaredAt is where a declaration is, as Terraform's duplicate errors
// name it: its file and line.
func declaredAt(r hcl.Range) string {
	return fmt.Sprintf("%s:%d", filepath.Base(r.Filename), r.Start.Line)
}

// attrsInOrder are a body's attributes in the order they are written.
func attrsInOrder(attrs hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Range.Start.Byte < out[j].Range.Start.Byte })
	return out
}

// moduleCallNames are the argument and block names of a module block,
// which Terraform refuses as variable names ("Invalid variable name":
// such a variable could not be given in a call; configs'
// moduleBlockSchema).
var moduleCallNames = map[string]bool{
	"source": true, "version": true, "count": true, "for_each": true, "depends_on": true, "providers": true,
	"_": true, "lifecycle": true, "locals": true, "provider": true,
}

func (m *Module) addVariable(b *hcl.Block, override bool) {
	if n := b.Labels[0]; moduleCallNames[n] {
		m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid variable name",
			Detail: fmt.Sprintf("The variable name %q is reserved due to its special meaning inside module blocks.", n), Subject: b.LabelRanges[0].Ptr()})
	}
	content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "default"}, {Name: "type"}, {Name: "sensitive"}, {Name: "nullable"}, {Name: declaredTypeAttr}}})
	if _, diags := b.Body.Content(variableSchema); diags.HasErrors() {
		for _, d := range diags {
			if d.Summary == "Unsupported argument" || d.Summary == "Unsupported block type" {
				m.diags = append(m.diags, d)
			}
		}
	}
	v := m.variables[b.Labels[0]]
	if v != nil && !override {
		m.duplicate("Duplicate variable declaration", fmt.Sprintf("A variable named %q was already declared at %s. Variable names must be unique within a module.", b.Labels[0], declaredAt(v.defRng)), b.DefRange, v.defRng)
		return
	}
	if v == nil || !override {
		v = &variable{name: b.Labels[0], defRng: b.DefRange}
	}
	if content != nil {
		if a, ok := content.Attributes["default"]; ok {
			v.def, v.hasDef = a.Expr, true
		}
		if a, ok := content.Attributes["type"]; ok {
			v.typ = a.Expr
			if d := quotedTypeConstraint(a.Expr); d != nil && d.Summary == quotedTypeSummary {
				m.quotedTypes = append(m.quotedTypes, d)
			} else if d != nil {
				m.diags = append(m.diags, d)
			} else if kw := hcl.ExprAsKeyword(a.Expr); kw != "list" && kw != "map" && !hasFor(a.Expr) {
				// Terraform decodes the type with the same typeexpr, and
				// refuses the configuration on its errors; a bare list or
				// map is its legacy shorthand for list(any) / map(any)
				// (configs.decodeVariableType), accepted.
				_, _, diags := typeexpr.TypeConstraintWithDefaults(a.Expr)
				for _, d := range diags {
					if d.Severity == hcl.DiagError {
						m.diags = append(m.diags, d)
					}
				}
			}
		}
		if a, ok := content.Attributes["nullable"]; ok {
			v.notNull = staticFalse(a.Expr)
		}
		if a, ok := content.Attributes[declaredTypeAttr]; ok {
			v.declType = a.Expr
		}
	}
	m.variables[b.Labels[0]] = v
}

// variableSchema is what a variable block may hold: Terraform's
// arguments (configs.variableBlockSchema: description, default, type,
// sensitive, ephemeral, nullable, deprecated, const, as of 2026) and
// validation blocks, OpenTofu's being among them; any other argument is
// "Unsupported argument" to both (a misspelt default), with hcl's "Did
// you mean" as Terraform gives it.
var variableSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "description"}, {Name: "default"}, {Name: "type"}, {Name: "sensitive"}, {Name: "ephemeral"}, {Name: "nullable"}, {Name: "deprecated"}, {Name: "const"}, {Name: declaredTypeAttr}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "validation"}},
}

// lifecycleEnabled is the enabled argument of a lifecycle block among
// blocks (OpenTofu 1.11: the object exists only when it is true), nil
// when none is written.
func lifecycleEnabled(blocks hcl.Blocks) hcl.Expression {
	for _, b := range blocks {
		if b.Type != "lifecycle" {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		if a, ok := attrs["enabled"]; ok {
			return a.Expr
		}
	}
	return nil
}

// quotedTypeSummary is the summary of a type written in quotes that
// Terraform 0.12 to 0.14 accepted with a deprecation warning ("string",
// "list", "map"); 0.15 refuses it.
const quotedTypeSummary = "Invalid quoted type constraints"

// quotedTypeConstraint is Terraform's error for a variable type written
// in quotes, the form of Terraform 0.11 (type = "list"): Terraform 1.x
// refuses it when it loads the configuration (its messages, as terraform
// validate 1.11 gives them); nil for any other type expression.
func quotedTypeConstraint(expr hcl.Expression) *hcl.Diagnostic {
	t, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok || len(t.Parts) != 1 {
		return nil
	}
	lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type() != cty.String || !lit.Val.IsKnown() || lit.Val.IsNull() {
		return nil
	}
	const legacy = "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. "
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: quotedTypeSummary, Subject: expr.Range().Ptr()}
	switch s := lit.Val.AsString(); s {
	case "string":
		d.Detail = legacy + `Remove the quotes around "string".`
	case "list", "map":
		d.Detail = legacy + fmt.Sprintf("Remove the quotes around %q and write %s(string) instead to explicitly indicate that the %s elements are strings.", s, s, s)
	default:
		d.Summary, d.Detail = "Invalid legacy variable type hint", "To provide a full type expression, remove the surrounding quotes and give the type expression directly."
	}
	return d
}

// lifecycleCreateBeforeDestroy reads create_before_destroy from a
// resource's lifecycle block: its value, and whether it is written.
// Terraform takes only a literal; anything else is read as not set.
func lifecycleCreateBeforeDestroy(meta *hcl.BodyContent) (value, set bool) {
	if meta == nil {
		return false, false
	}
	for _, b := range meta.Blocks {
		if b.Type != "lifecycle" {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		if a, ok := attrs["create_before_destroy"]; ok {
			v, diags := a.Expr.Value(nil)
			if !diags.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type() == cty.Bool {
				value, set = v.True(), true
			}
		}
	}
	return value, set
}

// createCommands are the command arguments of the local-exec
// provisioner blocks among blocks that run at create (no when = destroy).
func createCommands(blocks hcl.Blocks) []hcl.Expression {
	var out []hcl.Expression
	for _, b := range blocks {
		if b.Type != "provisioner" || len(b.Labels) == 0 || b.Labels[0] != "local-exec" {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		if w, ok := attrs["when"]; ok {
			if t, diags := hcl.AbsTraversalForExpr(w.Expr); !diags.HasErrors() && len(t) == 1 && t.RootName() == "destroy" {
				continue
			}
		}
		if c, ok := attrs["command"]; ok {
			out = append(out, c.Expr)
		}
	}
	return out
}

func (m *Module) addResource(b *hcl.Block, override bool) {
	r := &Resource{Data: b.Type == "data", Type: b.Labels[0], Name: b.Labels[1], DefRange: b.DefRange}
	meta, rest, _ := b.Body.PartialContent(metaSchema)
	body := withoutMeta(toGeneric(rest))
	if meta != nil {
		if a, ok := meta.Attributes["count"]; ok {
			r.count = a.Expr
		}
		if a, ok := meta.Attributes["for_each"]; ok {
			r.forEach = a.Expr
		}
		if a, ok := meta.Attributes["provider"]; ok {
			r.provider = TraversalString(a.Expr)
		}
		if a, ok := meta.Attributes["depends_on"]; ok {
			r.dependsOn = m.dependsOnOf(a)
		}
	}
	cbd, cbdSet := lifecycleCreateBeforeDestroy(meta)
	r.CreateBeforeDestroy = cbd
	if meta != nil {
		r.enabled = lifecycleEnabled(meta.Blocks)
		r.Commands = createCommands(meta.Blocks)
	}
	if override {
		for _, old := range m.Resources {
			if old.Data == r.Data && old.Type == r.Type && old.Name == r.Name {
				old.Body = mergeBodies(old.Body, body)
				if r.count != nil {
					old.count = r.count
				}
				if r.forEach != nil {
					old.forEach = r.forEach
				}
				if r.enabled != nil {
					old.enabled = r.enabled
				}
				if r.provider != "" {
					old.provider = r.provider
				}
				if r.dependsOn != nil {
					old.dependsOn = r.dependsOn
				}
				if cbdSet {
					old.CreateBeforeDestroy = cbd
				}
				return
			}
		}
	}
	for _, old := range m.Resources {
		if old.Data == r.Data && old.Type == r.Type && old.Name == r.Name {
			// Terraform refuses the module; the first declaration is
			// read, whichever file sorts last.
			m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError,
				Summary: fmt.Sprintf("Duplicate %s %q configuration", b.Type, r.Type),
				Detail:  fmt.Sprintf("A %s %s named %q was already declared at %s:%d. Resource names must be unique per type in each module.", r.Type, b.Type, r.Name, filepath.Base(old.DefRange.Filename), old.DefRange.Start.Line),
				Subject: &b.DefRange})
			return
		}
	}
	r.Body = body
	m.Resources = append(m.Resources, r)
}

func (m *Module) addCall(b *hcl.Block, override bool) {
	attrs, _ := b.Body.JustAttributes()
	c := &Call{name: b.Labels[0], Attrs: map[string]*hcl.Attribute{}, DefRange: b.DefRange}
	if body, ok := b.Body.(*hclsyntax.Body); ok {
		var blocks hcl.Blocks
		for _, x := range body.Blocks {
			blocks = append(blocks, x.AsHCLBlock())
		}
		c.enabled = lifecycleEnabled(blocks)
	}
	for n, a := range attrs {
		switch n {
		case "source":
			c.Source, c.sourceExpr = literalOrExpr(a.Expr)
			c.srcRange = a.Expr.Range()
		case "count":
			c.count = a.Expr
		case "for_each":
			c.forEach = a.Expr
		case "providers":
			c.providers = a.Expr
		case "version":
			c.Version, c.versionExpr = literalOrExpr(a.Expr)
		case "depends_on":
			c.dependsOn = m.dependsOnOf(a)
		default:
			c.Attrs[n] = a
		}
	}
	if _, ok := attrs["source"]; !ok && !override {
		// terraform init and validate refuse a call without a source.
		m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError,
			Summary: "Missing required argument",
			Detail:  `The argument "source" is required, but no definition was found.`,
			Subject: b.DefRange.Ptr()})
	}
	if c.Source != "" {
		_, hasVersion := attrs["version"]
		if r := modsource.SourceRefused(c.Source, hasVersion); r != nil {
			// terraform init and validate refuse the call.
			m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError,
				Summary: r.Summary, Detail: r.Detail, Subject: c.srcRange.Ptr()})
		}
	}
	if r := modsource.SubmoduleRemoved(c.Source, c.Version); r != nil && c.versionExpr == nil {
		// terraform init installs a release without the directory.
		m.initDiags = append(m.initDiags, &hcl.Diagnostic{Severity: hcl.DiagError,
			Summary: r.Summary, Detail: r.Detail, Subject: c.srcRange.Ptr(), Extra: lint.DiagnosticHint(r.Hint)})
	}
	if va, ok := attrs["version"]; ok && c.Source != "" {
		if why := modsource.VersionRefused(c.Source); why != "" {
			// terraform init refuses the call.
			m.diags = append(m.diags, &hcl.Diagnostic{Severity: hcl.DiagError,
				Summary: "Invalid version constraint",
				Detail:  fmt.Sprintf("Cannot apply a version constraint to module %q because %s.", c.name, why),
				Subject: va.Range.Ptr()})
		}
	}
	if override {
		for _, old := range m.calls {
			if old.name == c.name {
				for n, a := range c.Attrs {
					old.Attrs[n] = a
				}
				if c.Source != "" || c.sourceExpr != nil {
					old.Source, old.sourceExpr, old.srcRange = c.Source, c.sourceExpr, c.srcRange
				}
				if c.Version != "" || c.versionExpr != nil {
					old.Version, old.versionExpr = c.Version, c.versionExpr
				}
				if c.dependsOn != nil {
					old.dependsOn = c.dependsOn
				}
				return
			}
		}
		if c.Source == "" && c.sourceExpr == nil {
			// An override of a module block the directory does not
			// have (a test fixture copied next to a root by CI): it
			// calls nothing here.
			m.refused = append(m.refused, refusal{b.DefRange.Filename, fmt.Errorf("its module block %q overrides no module block of the directory", c.name)})
			return
		}
	}
	if !override {
		for _, old := range m.calls {
			if old.name == c.name {
				m.duplicate(duplicateCall, fmt.Sprintf("A module call named %q was already defined at %s. Module calls must have unique names within a module.", c.name, declaredAt(old.DefRange)), b.DefRange, old.DefRange)
				return
			}
		}
	}
	m.calls = append(m.calls, c)
}

// literalOrExpr reads a source or version argument: the string it
// holds when it is a literal, else the expression (to evaluate early).
func literalOrExpr(e hcl.Expression) (string, hcl.Expression) {
	if v, d := staticValue(e); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
		return v.AsString(), nil
	}
	return "", e
}

func (m *Module) addProvider(b *hcl.Block, override bool) {
	p := &provider{name: b.Labels[0], body: toGeneric(b.Body), rng: b.DefRange}
	m.diags = append(m.diags, reservedInProvider(p.body)...)
	aliasKnown := true
	if a, ok := p.body.Attrs["alias"]; ok {
		aliasKnown = false
		if v, d := staticValue(a.Expr); !d.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type().FriendlyName() == "string" {
			p.alias, aliasKnown = v.AsString(), true
		}
	}
	for _, old := range m.providers {
		if override || !aliasKnown || old.name != p.name || old.alias != p.alias {
			continue
		}
		detail := fmt.Sprintf("A default (non-aliased) provider configuration for %q was already given at %s. If multiple configurations are required, set the \"alias\" argument for alternative configurations.", p.name, declaredAt(old.rng))
		if p.alias != "" {
			detail = fmt.Sprintf("A provider configuration for %q with alias %q was already given at %s. Each configuration for the same provider must have a distinct alias.", p.name, p.alias, declaredAt(old.rng))
		}
		m.duplicate("Duplicate provider configuration", detail, b.DefRange, old.rng)
		return
	}
	m.providers = append(m.providers, p)
}

// reservedInProvider are Terraform's errors for the argument and block
// names it reserves in a provider block (configs/provider.go): count,
// depends_on and source, and a lifecycle or locals block. for_each is
// left alone: OpenTofu (1.9) reads it there.
func reservedInProvider(body *Body) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, name := range []string{"count", "depends_on", "source"} {
		if a, ok := body.Attrs[name]; ok {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Reserved argument name in provider block",
				Detail: fmt.Sprintf("The provider argument name %q is reserved for use by Terraform in a future version.", name), Subject: a.NameRange.Ptr()})
		}
	}
	for _, blk := range body.Blocks {
		if blk.Type == "lifecycle" || blk.Type == "locals" {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Reserved block type name in provider block",
				Detail: fmt.Sprintf("The block type name %q is reserved for use by Terraform in a future version.", blk.Type), Subject: blk.TypeRange.Ptr()})
		}
	}
	return diags
}

// TraversalString renders a bare reference expression ("aws.west").
func TraversalString(e hcl.Expression) string {
	t, diags := hcl.AbsTraversalForExpr(e)
	if diags.HasErrors() {
		return ""
	}
	var parts []string
	for _, s := range t {
		switch x := s.(type) {
		case hcl.TraverseRoot:
			parts = append(parts, x.Name)
		case hcl.TraverseAttr:
			parts = append(parts, x.Name)
		}
	}
	return strings.Join(parts, ".")
}

// Body is a body read without a schema: attributes and nested blocks as
// they are written (JSON bodies have attributes only; nested blocks are
// object-valued attributes there).
type Body struct {
	Attrs  map[string]*hcl.Attribute
	Blocks []*gblock
	rng    hcl.Range
}

type gblock struct {
	Type      string
	Labels    []string
	Body      *Body
	DefRange  hcl.Range
	TypeRange hcl.Range
}

func toGeneric(b hcl.Body) *Body {
	g := &Body{Attrs: map[string]*hcl.Attribute{}}
	if sb, ok := b.(*hclsyntax.Body); ok {
		g.rng = sb.SrcRange
		for n, a := range sb.Attributes {
			g.Attrs[n] = a.AsHCLAttribute()
		}
		for _, blk := range sb.Blocks {
			g.Blocks = append(g.Blocks, &gblock{Type: blk.Type, Labels: blk.Labels, Body: toGeneric(blk.Body), DefRange: blk.DefRange(), TypeRange: blk.TypeRange})
		}
		return g
	}
	attrs, _ := b.JustAttributes()
	for n, a := range attrs {
		g.Attrs[n] = a
	}
	g.rng = b.MissingItemRange()
	return g
}

// withoutMeta is a resource's body without its meta-arguments (count,
// for_each, provider, depends_on) and meta blocks (lifecycle,
// provisioner, connection): toGeneric reads an hclsyntax body's own
// attributes, which PartialContent only hides. They are read apart and
// are no value of the resource (evaluating a depends_on list per
// instance built every instance of what it names).
func withoutMeta(g *Body) *Body {
	for _, a := range metaSchema.Attributes {
		delete(g.Attrs, a.Name)
	}
	meta := map[string]bool{}
	for _, b := range metaSchema.Blocks {
		meta[b.Type] = true
	}
	g.Blocks = slices.DeleteFunc(g.Blocks, func(b *gblock) bool { return meta[b.Type] })
	return g
}

// mergeBodies applies an override body: its attributes replace the base's,
// and its nested blocks replace all base blocks of the same type.
func mergeBodies(base, over *Body) *Body {
	out := &Body{Attrs: map[string]*hcl.Attribute{}, rng: base.rng}
	for n, a := range base.Attrs {
		out.Attrs[n] = a
	}
	for n, a := range over.Attrs {
		out.Attrs[n] = a
	}
	overTypes := map[string]bool{}
	for _, b := range over.Blocks {
		overTypes[b.Type] = true
	}
	for _, b := range base.Blocks {
		if !overTypes[b.Type] {
			out.Blocks = append(out.Blocks, b)
		}
	}
	out.Blocks = append(out.Blocks, over.Blocks...)
	return out
}

// expressions returns every expression in the body, nested blocks included.
func (g *Body) expressions() []hcl.Expression {
	var out []hcl.Expression
	for _, a := range g.Attrs {
		out = append(out, a.Expr)
	}
	for _, b := range g.Blocks {
		out = append(out, b.Body.expressions()...)
	}
	return out
}

// validatedExpressions are the body's expressions `terraform validate`
// evaluates as written: those of nested blocks too, but not of a dynamic
// block's (evaluated per element of its for_each).
func (g *Body) validatedExpressions() []hcl.Expression {
	var out []hcl.Expression
	for _, a := range g.Attrs {
		out = append(out, a.Expr)
	}
	for _, b := range g.Blocks {
		if b.Type != "dynamic" {
			out = append(out, b.Body.validatedExpressions()...)
		}
	}
	return out
}

// topLevelArguments are the errors Terraform gives a configuration file
// for each argument written outside any block: a file of a module holds
// blocks only ("Unsupported argument"). A file of arguments alone is not
// read as configuration: a partial backend configuration
// (`terraform init -backend-config=backend.tf`) or variables saved under
// a .tf name, which no one plans.
func topLevelArguments(f *hcl.File) hcl.Diagnostics {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok || len(body.Blocks) == 0 {
		return nil
	}
	var out hcl.Diagnostics
	for _, a := range body.Attributes {
		out = append(out, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Unsupported argument",
			Detail: fmt.Sprintf("An argument named %q is not expected here.", a.Name), Subject: a.NameRange.Ptr()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Subject.Start.Byte < out[j].Subject.Start.Byte })
	return out
}

// unsupportedBlockTypes are Terraform's refusals of top-level blocks of a
// type a configuration file does not have (`ariable "tags" {` for
// `variable`): hcl's own diagnostic, "Did you mean" included, for each
// block whose type topSchema does not list, as Terraform's Content of its
// file schema gives them. A JSON file is left alone.
func unsupportedBlockTypes(f *hcl.File) hcl.Diagnostics {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return nil
	}
	known := map[string]bool{}
	for _, b := range topSchema.Blocks {
		known[b.Type] = true
	}
	unknown := map[hcl.Range]bool{}
	var out hcl.Diagnostics
	for _, b := range body.Blocks {
		switch {
		case b.Type == "required_providers":
			// Terraform's schema has it, to say where it belongs.
			out = append(out, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid required_providers block",
				Detail: `A "required_providers" block must be nested inside a "terraform" block.`, Subject: b.TypeRange.Ptr()})
		case !known[b.Type]:
			unknown[b.TypeRange] = true
		}
	}
	if len(unknown) == 0 {
		return out
	}
	_, diags := body.Content(&hcl.BodySchema{Blocks: topSchema.Blocks})
	for _, d := range diags {
		if d.Subject != nil && unknown[*d.Subject] {
			out = append(out, d)
		}
	}
	return out
}
