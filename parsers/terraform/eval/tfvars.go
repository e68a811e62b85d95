package eval

import (
	"bytes"
	"fmt"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Bounds of the search for variables files Terraform does not load itself.
const (
	// maxVarFileDepth is how deep below the root variables files are
	// looked for: envs/prod/us-east-1/terraform.tfvars is three levels
	// down.
	maxVarFileDepth = 3
	// maxSiblingVarFileDepth is how deep below a directory beside the
	// root (one holding no configuration: environments/) they are.
	maxSiblingVarFileDepth = 1
	// maxVarFileCandidates bounds the files read for one root.
	maxVarFileCandidates = 50
	// maxVarFilesNamed bounds the files one note names.
	maxVarFilesNamed = 5
)

// noteUnloadedVarFiles adds one coverage note for a root whose variables
// have no value (no default, nothing given), or keep a default that
// every environment's variables file Terraform does not load
// automatically sets otherwise — values/prod.tfvars, env/*.tfvars, a
// sibling directory's files, each setting some variable of the root;
// *.tfvars.example only for the first kind: it names those files and how
// to make them read. It returns the variables of the second kind, which
// the root reads as not known rather than as their defaults: no plan the
// tree describes uses the default (environment = "development" beside
// production and staging files), and a finding resting on it would be
// about no environment. A default one environment keeps (its file sets
// the same value, or none) is a value a plan uses, and stays. No variable
// is of the second kind once the root's variables files are chosen
// (chosen: --var-file, .faultline.hcl var_files, a wrapper's -var-file),
// since those say which values apply.
func (e *Evaluator) noteUnloadedVarFiles(m *Module, in map[string]cty.Value, chosen bool) map[string]bool {
	unset, defaulted := map[string]bool{}, map[string]bool{}
	for n, v := range m.variables {
		if _, given := in[n]; given {
			continue
		}
		if !v.hasDef {
			unset[n] = true
		} else if !chosen {
			defaulted[n] = true
		}
	}
	if len(unset) == 0 && len(defaulted) == 0 {
		return nil
	}
	if len(unset) > 0 && len(e.chosenVarFiles) > 0 {
		// The chosen files say which values apply: another
		// environment's file setting the variable is not the answer.
		e.Notes = append(e.Notes, lint.Note{Kind: lint.Skipped, What: e.chosenVarFilesText(m.Dir, unset), Range: e.Session.Rng(firstDeclared(m, unset).defRng)})
		return nil
	}
	read := map[string]bool{}
	for _, f := range e.varFiles {
		read[filepath.Clean(f)] = true
	}
	var files []string
	sets := map[string]bool{}
	// overrides counts, for each variable with a default, the
	// environments' files (not examples) that set it otherwise; envs
	// counts those files, every file setting a variable of the root.
	overrides, envs := map[string]int{}, 0
	setters := map[string][]string{}
	setsUnset := map[string]int{} // by file, the variables with no value it sets
	p := hclparse.NewParser()
	for _, f := range e.varFileCandidates(m.Dir) {
		if read[f] {
			continue
		}
		attrs := e.varFileAttrs(p, f)
		if backendArguments(m, attrs) {
			continue // terraform init -backend-config=FILE's, not a plan's
		}
		if siblingFile(m.Dir, f) && !namedAfter(m.Dir, f) && setsUndeclared(m, attrs) {
			continue // another root's, beside this one (it declares what the file sets)
		}
		hit, env := false, false
		for _, a := range attrs {
			if m.variables[a.Name] == nil {
				continue
			}
			env = true
			switch {
			case unset[a.Name]:
				hit, sets[a.Name] = true, true
				setsUnset[f]++
			case defaulted[a.Name] && !isExample(f) && e.overridesDefault(m.variables[a.Name], a.Expr):
				overrides[a.Name]++
				setters[a.Name] = append(setters[a.Name], f)
			}
		}
		if env && !isExample(f) {
			envs++
		}
		if hit {
			files = append(files, f)
		}
	}
	// A default is a value some plan uses unless every environment's
	// file sets the variable otherwise.
	overridden := map[string]bool{}
	for n, c := range overrides {
		if c == envs {
			overridden[n] = true
			for _, f := range setters[n] {
				if !slices.Contains(files, f) {
					files = append(files, f)
				}
			}
		}
	}
	if len(files) == 0 {
		return nil
	}
	var decls []*variable
	for n := range sets {
		decls = append(decls, m.variables[n])
	}
	for n := range overridden {
		decls = append(decls, m.variables[n])
	}
	sort.Slice(decls, func(i, j int) bool {
		a, b := decls[i].defRng, decls[j].defRng
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
	// The file giving the most variables without a value first (one
	// that only overrides a default leaves them asked for); among as
	// many, real values: an example is the last thing to suggest.
	sort.SliceStable(files, func(i, j int) bool {
		if setsUnset[files[i]] != setsUnset[files[j]] {
			return setsUnset[files[i]] > setsUnset[files[j]]
		}
		return !isExample(files[i]) && isExample(files[j])
	})
	e.Notes = append(e.Notes, lint.Note{Kind: lint.Skipped, What: e.unloadedVarFilesText(m.Dir, files, sets, overridden), Range: e.Session.Rng(decls[0].defRng)})
	return overridden
}

// overridesDefault reports whether a variables file's value x for v is
// not v's default (both read as v's type constraint reads them). A value
// that is no constant sets nothing (reading the file reports it).
func (e *Evaluator) overridesDefault(v *variable, x hcl.Expression) bool {
	val, diags := e.varFileValue(x)
	if diags.HasErrors() || !val.IsWhollyKnown() || v.nullTakesDefault(val) {
		return false // a null for a variable not nullable is its default
	}
	def, diags := e.constValue(v.def)
	if diags.HasErrors() || def == cty.NilVal || !def.IsWhollyKnown() {
		return true
	}
	if tc := v.typeConstraint(); tc.ty != cty.DynamicPseudoType {
		if tc.defaults != nil {
			val, def = applyDefaults(tc, val), applyDefaults(tc, def)
		}
		if c, err := convert.Convert(val, tc.ty); err == nil {
			val = c
		}
		if c, err := convert.Convert(def, tc.ty); err == nil {
			def = c
		}
	}
	eq := val.Equals(def)
	return !eq.IsKnown() || eq.False()
}

// applyDefaults fills in a value's optional attributes as its type
// constraint says (a null is left as it is).
func applyDefaults(tc typeConstraint, v cty.Value) cty.Value {
	if v.IsNull() {
		return v
	}
	return tc.defaults.Apply(v)
}

// unloadedVarFilesText is the note's text: the variables (those with no
// value, sets; those whose default the files override, overridden), the
// files that set them, and the --var-file flag and .faultline.hcl block
// that read them.
func (e *Evaluator) unloadedVarFilesText(dir string, files []string, sets, overridden map[string]bool) string {
	shown, more := files, ""
	if len(shown) > maxVarFilesNamed {
		shown, more = shown[:maxVarFilesNamed], fmt.Sprintf(" and %d more", len(files)-maxVarFilesNamed)
	}
	var named []string
	for _, f := range shown {
		named = append(named, e.Session.Rel(f))
	}
	// .faultline.hcl var_files are relative to the block's directory.
	inBlock, err := filepath.Rel(dir, files[0])
	if err != nil {
		inBlock = files[0]
	}
	var what []string
	it := "it"
	if len(sets)+len(overridden) > 1 {
		it = "them"
	}
	if len(sets) > 0 {
		what = append(what, variablesPhrase(sets, "has no value", "have no value"))
	}
	if len(overridden) > 0 {
		what = append(what, variablesPhrase(overridden, "is read as not known, not as its default", "are read as not known, not as their defaults"))
	}
	verb, those := "sets", "that file"
	if len(files) > 1 {
		verb, those = "set", "those files"
	}
	if TerraspaceStack(e.Tree(), dir) && slices.ContainsFunc(files, e.erbTemplate) {
		return fmt.Sprintf("root module %s: %s; %s%s %s %s, but Terraspace renders its stack's tfvars as ERB templates at build (<%%= %%> tags), which faultline does not: what %s %s is not known",
			e.Session.Rel(dir), strings.Join(what, " and "), strings.Join(named, ", "), more, verb, it, those, verb)
	}
	return fmt.Sprintf("root module %s: %s; %s%s %s %s, but Terraform does not load %s automatically, and neither does faultline: add to .faultline.hcl: terraform %q { var_files = [%q] } (or pass --var-file %s, which applies to every root module of the run)",
		e.Session.Rel(dir), strings.Join(what, " and "), strings.Join(named, ", "), more, verb, it, those, e.Session.Rel(dir), filepath.ToSlash(inBlock), shellWord(named[0]))
}

// chosenVarFilesText is the note for a root whose chosen variables files
// leave variables unset: Terraform, given the same files, asks for them.
func (e *Evaluator) chosenVarFilesText(dir string, unset map[string]bool) string {
	var named []string
	for _, f := range e.chosenVarFiles {
		named = append(named, e.Session.Rel(f))
	}
	files, verb, it := "file", "does", "it"
	if len(named) > 1 {
		files, verb = "files", "do"
	}
	if len(unset) > 1 {
		it = "them"
	}
	return fmt.Sprintf("root module %s: %s; the variables %s chosen for it (%s) %s not set %s: a plan with them asks for %s (with -input=false it stops: No value for required variable); give %s with --var, or in the chosen files",
		e.Session.Rel(dir), variablesPhrase(unset, "has no value", "have no value"), files, strings.Join(named, ", "), verb, it, it, it)
}

// firstDeclared is the first declared (by file and offset) of variables
// names of module m.
func firstDeclared(m *Module, names map[string]bool) *variable {
	var first *variable
	for n := range names {
		v := m.variables[n]
		if first == nil || v.defRng.Filename < first.defRng.Filename || v.defRng.Filename == first.defRng.Filename && v.defRng.Start.Byte < first.defRng.Start.Byte {
			first = v
		}
	}
	return first
}

// variablesPhrase is "variable a has …" or "variables a, b have …", the
// names sorted.
func variablesPhrase(names map[string]bool, one, many string) string {
	var vars []string
	for n := range names {
		vars = append(vars, n)
	}
	sort.Strings(vars)
	if len(vars) == 1 {
		return "variable " + vars[0] + " " + one
	}
	return "variables " + strings.Join(vars, ", ") + " " + many
}

// shellWord is s as one word of a POSIX shell command line: as it is when
// it holds nothing the shell reads specially, else single-quoted (a
// quote inside closed, escaped and reopened), so a path with a space
// pastes whole.
func shellWord(s string) string {
	plain := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./+@%=:,", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// varFileCandidates lists the variables files in and under the root
// module directory and beside it that Terraform does not load by itself:
// in dir, *.tfvars other than terraform.tfvars and *.auto.tfvars (and
// their .json forms) and *.tfvars.example; below dir and in the parent's
// other directories, every variables file of a directory that is not a
// module itself; in the parent, its own variables files.
func (e *Evaluator) varFileCandidates(dir string) []string {
	var out []string
	add := func(d string, auto bool) {
		ents, err := e.Tree().ReadDir(d)
		if err != nil {
			return
		}
		for _, en := range ents {
			if !en.Type().IsRegular() || !isVarFileName(en.Name()) || auto && autoLoaded(en.Name()) || len(out) == maxVarFileCandidates {
				continue
			}
			out = append(out, filepath.Join(d, en.Name()))
		}
	}
	add(dir, true)
	e.varFileDirs(dir, maxVarFileDepth, add)
	parent := filepath.Dir(dir)
	if parent != dir && e.Tree().Contains(parent) && !hasConfig(e.Tree().ReadDir(parent)) {
		add(parent, false)
		ents, _ := e.Tree().ReadDir(parent)
		for _, en := range ents {
			if sib := filepath.Join(parent, en.Name()); en.IsDir() && sib != dir && !hidden(en.Name()) && !hasConfig(e.Tree().ReadDir(sib)) {
				add(sib, false)
				e.varFileDirs(sib, maxSiblingVarFileDepth, add)
			}
		}
		e.namedVarFiles(dir, parent, func(f string) {
			if len(out) < maxVarFileCandidates && !slices.Contains(out, f) {
				out = append(out, f)
			}
		})
	}
	return out
}

// siblingFile reports whether variables file f lies neither in or below
// root directory dir nor in its parent: in a directory beside it.
func siblingFile(dir, f string) bool {
	fd := filepath.Dir(f)
	return fd != filepath.Dir(dir) && fd != dir && !strings.HasPrefix(fd, dir+string(filepath.Separator))
}

// namedAfter reports whether variables file f is named after root
// directory dir (<root>.tfvars, <root>.tfvars.json: namedVarFiles).
func namedAfter(dir, f string) bool {
	base := filepath.Base(f)
	return base == filepath.Base(dir)+".tfvars" || base == filepath.Base(dir)+".tfvars.json"
}

// setsUndeclared reports whether a variables file sets a variable m does
// not declare.
func setsUndeclared(m *Module, attrs []*hcl.Attribute) bool {
	for _, a := range attrs {
		if m.variables[a.Name] == nil {
			return true
		}
	}
	return false
}

// namedVarFiles calls add for the variables files named after the root
// directory dir (<root>.tfvars, <root>.tfvars.json) in the directories
// beside its parent that hold no configuration, down to
// maxSiblingVarFileDepth levels: the layout that keeps one directory of
// variables files per environment beside the directory of roots
// (terraform/deployments/<root>/, terraform/variables/<env>/<root>.tfvars).
func (e *Evaluator) namedVarFiles(dir, parent string, add func(string)) {
	gp := filepath.Dir(parent)
	if gp == parent || !e.Tree().Contains(gp) {
		return
	}
	name := filepath.Base(dir)
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		ents, err := e.Tree().ReadDir(d)
		if err != nil || hasConfig(ents, err) {
			return
		}
		for _, en := range ents {
			p := filepath.Join(d, en.Name())
			switch {
			case en.Type().IsRegular() && (en.Name() == name+".tfvars" || en.Name() == name+".tfvars.json"):
				add(p)
			case en.IsDir() && !hidden(en.Name()) && depth > 0:
				walk(p, depth-1)
			}
		}
	}
	ents, _ := e.Tree().ReadDir(gp)
	for _, en := range ents {
		if d := filepath.Join(gp, en.Name()); en.IsDir() && d != parent && !hidden(en.Name()) {
			walk(d, maxSiblingVarFileDepth)
		}
	}
}

// varFileDirs calls add for each directory below dir, down to depth
// levels, that is not hidden and holds no Terraform configuration.
func (e *Evaluator) varFileDirs(dir string, depth int, add func(string, bool)) {
	if depth == 0 {
		return
	}
	ents, _ := e.Tree().ReadDir(dir)
	for _, en := range ents {
		sub := filepath.Join(dir, en.Name())
		if !en.IsDir() || hidden(en.Name()) {
			continue
		}
		if hasConfig(e.Tree().ReadDir(sub)) {
			continue // another module: its files are its own
		}
		add(sub, false)
		e.varFileDirs(sub, depth-1, add)
	}
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") }

// hasConfig reports whether a directory listing holds a .tf or .tf.json
// file; a directory that cannot be listed counts as one (it is not searched).
func hasConfig(ents []fs.DirEntry, err error) bool {
	for _, en := range ents {
		if !en.IsDir() && isConfigFile(en.Name()) {
			return true
		}
	}
	return err != nil
}

// varFileSuffixes end the names of variables files, examples included.
var varFileSuffixes = []string{".tfvars", ".tfvars.json", ".tfvars.example", ".tfvars.json.example", ".tfvars.sample"}

func isExample(n string) bool {
	return strings.HasSuffix(n, ".example") || strings.HasSuffix(n, ".sample")
}

func isVarFileName(n string) bool {
	for _, s := range varFileSuffixes {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// autoLoaded reports whether Terraform loads a root directory's file by
// itself.
func autoLoaded(n string) bool {
	return n == "terraform.tfvars" || n == "terraform.tfvars.json" || strings.HasSuffix(n, ".auto.tfvars") || strings.HasSuffix(n, ".auto.tfvars.json")
}

// varFileAttrs returns the attributes a variables file assigns; none
// when it cannot be read. Of one that does not parse whole (a name set
// twice, as examples often do), the attributes it parsed: the note names
// what the file sets, and reading it then reports what is wrong with it.
func (e *Evaluator) varFileAttrs(p *hclparse.Parser, path string) []*hcl.Attribute {
	src, err := e.Tree().ReadFile(path, maxSourceFile)
	if err != nil || nesting.HCLFile(path, src) != nil {
		return nil
	}
	var f *hcl.File
	if base := strings.TrimSuffix(strings.TrimSuffix(path, ".example"), ".sample"); strings.HasSuffix(base, ".json") {
		f, _ = p.ParseJSON(src, path)
	} else {
		f, _ = p.ParseHCL(src, path)
	}
	if f == nil || f.Body == nil {
		return nil
	}
	attrs, _ := f.Body.JustAttributes()
	return attrsInOrder(attrs)
}

// rootInputs gathers a root module's variable values, later wins:
// terraform.tfvars, *.auto.tfvars (lexical order), the variables files and
// then the variables .faultline.hcl configures for the directory,
// --var-file, then --var.
func (e *Evaluator) rootInputs(m *Module) map[string]cty.Value {
	in := map[string]cty.Value{}
	var files []string
	for _, n := range []string{"terraform.tfvars", "terraform.tfvars.json"} {
		p := filepath.Join(m.Dir, n)
		_, _ = e.Tree().Stat(p) // recorded: a tfvars file added later is an input
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if err := regularInTree(e.Tree(), p); err != nil {
			e.Session.refuse([]refusal{{p, err}})
			e.unrecordable("its variables file " + e.Session.Rel(p) + " is refused")
			continue
		}
		files = append(files, p)
	}
	ents, _ := e.Tree().ReadDir(m.Dir)
	var auto []string
	for _, en := range ents {
		n := en.Name()
		if en.IsDir() || !(strings.HasSuffix(n, ".auto.tfvars") || strings.HasSuffix(n, ".auto.tfvars.json")) {
			continue
		}
		p := filepath.Join(m.Dir, n)
		if err := regularInTree(e.Tree(), p); err != nil {
			e.Session.refuse([]refusal{{p, err}})
			e.unrecordable("its variables file " + e.Session.Rel(p) + " is refused")
			continue
		}
		auto = append(auto, p)
	}
	sort.Strings(auto)
	files = append(files, auto...)
	if base := e.terraspaceBaseVars(m.Dir); base != "" {
		files = append(files, base)
	}
	var cfgVars map[string]string
	var cfgFiles []string
	if e.Session.Options.InputsFor != nil {
		cfgVars, cfgFiles = e.Session.Options.InputsFor(m.Dir)
		files = append(files, cfgFiles...)
	}
	e.varFilesChosen = len(cfgFiles) > 0 || len(e.Session.Options.VarFiles) > 0
	e.chosenVarFiles = append(slices.Clone(cfgFiles), e.Session.Options.VarFiles...)
	p := hclparse.NewParser()
	e.rootInputAt = map[string]hcl.Range{}
	e.readVarFilesAt(p, files, false, in, e.rootInputAt)
	for n, raw := range cfgVars {
		in[n] = parseVarValue(m.variables[n], raw)
		delete(e.rootInputAt, n)
	}
	e.readVarFilesAt(p, e.Session.Options.VarFiles, true, in, e.rootInputAt)
	for n, raw := range e.Session.Options.Vars {
		in[n] = parseVarValue(m.variables[n], raw)
		delete(e.rootInputAt, n)
	}
	return in
}

// readVarFiles reads variables files into in, in order; problems in them
// are input diagnostics. Explicit files (--var-file) are the user's and may
// lie outside the tree; the others are the tree's.
func (e *Evaluator) readVarFiles(p *hclparse.Parser, files []string, explicit bool, in map[string]cty.Value) {
	e.readVarFilesAt(p, files, explicit, in, nil)
}

// readVarFilesAt is readVarFiles, recording in at (when not nil) where
// each value is written.
func (e *Evaluator) readVarFilesAt(p *hclparse.Parser, files []string, explicit bool, in map[string]cty.Value, at map[string]hcl.Range) {
	for _, f := range files {
		var file *hcl.File
		var diags hcl.Diagnostics
		if data, ok := e.Session.Options.VarFileData[f]; ok && explicit {
			file, diags = parseSource(p, f, data)
		} else if explicit {
			file, diags = e.parseExplicit(p, f)
		} else {
			src, rd := readSource(e.Tree(), f)
			if why, locked := lockedfile.Why(src); rd == nil && locked {
				// Its variables are not known: not broken input.
				e.varFiles = append(e.varFiles, f)
				e.Notes = append(e.Notes, lint.Note{Kind: lint.Skipped, What: "not read: it is " + why + "; the variables it sets are not known", Range: lint.Range{File: e.Session.Rel(f)}})
				continue
			}
			if file, diags = nil, rd; rd == nil {
				file, diags = parseSource(p, f, src)
			}
		}
		e.varFiles = append(e.varFiles, f)
		for _, d := range diags {
			if d.Severity == hcl.DiagError {
				var r lint.Range
				if d.Subject != nil {
					r = e.Session.Rng(*d.Subject)
				}
				if r.File == "" {
					r.File = e.Session.Rel(f)
				}
				e.VarDiags = append(e.VarDiags, lint.Diagnostic{Range: r, Summary: d.Summary, Detail: d.Detail})
			}
		}
		if file == nil {
			continue
		}
		attrs, _ := file.Body.JustAttributes()
		for _, a := range attrsInOrder(attrs) {
			n := a.Name
			v, d := e.varFileValue(a.Expr)
			if !d.HasErrors() {
				in[n] = v
				if at != nil {
					at[n] = a.Expr.Range()
				}
				continue
			}
			e.refuseVarFileExpr(a.Expr)
		}
	}
}

// parseExplicit reads a variables file named on the command line: a
// regular file or a pipe anywhere, byte-capped.
func (e *Evaluator) parseExplicit(p *hclparse.Parser, path string) (*hcl.File, hcl.Diagnostics) {
	src, err := e.Tree().ReadExplicit(path, maxSourceFile)
	if err != nil {
		e.unrecordable("--var-file " + path + " could not be read")
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read file", Detail: err.Error(), Subject: &hcl.Range{Filename: path}}}
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		// A pipe's content cannot be read again: the root is not kept.
		e.unrecordable("--var-file " + path + " is not a regular file")
	}
	return parseSource(p, path, src)
}

// parseVarValue reads a --var value: a string for string (or untyped)
// variables, else an HCL expression as Terraform does.
func parseVarValue(v *variable, raw string) cty.Value {
	if v != nil && v.typ != nil {
		if t := TraversalString(v.typ); t != "string" && t != "" || t == "" {
			if expr, diags := ParseExpr(raw); !diags.HasErrors() {
				if val, d := staticValue(expr); !d.HasErrors() {
					return val
				}
			}
		}
	}
	return cty.StringVal(raw)
}

// refuseVarFileExpr records Terraform's errors for a variables file's
// value that is no constant, read from its syntax: Terraform reads the
// file without functions or variables, so "Function calls not allowed"
// at each call and "Variables not allowed" at each reference (var.x,
// local.x). Every plan with the file fails.
func (e *Evaluator) refuseVarFileExpr(x hcl.Expression) {
	var out []lint.Diagnostic
	if native, ok := Unhooked(x).(hclsyntax.Expression); ok {
		_ = hclsyntax.VisitAll(native, func(n hclsyntax.Node) hcl.Diagnostics {
			if fc, ok := n.(*hclsyntax.FunctionCallExpr); ok {
				out = append(out, lint.Diagnostic{Range: e.Session.Rng(fc.Range()), Summary: "Function calls not allowed", Detail: "Functions may not be called here."})
			}
			return nil
		})
	}
	for _, t := range x.Variables() {
		if t.RootName() == budgetVar {
			continue
		}
		out = append(out, lint.Diagnostic{Range: e.Session.Rng(t.SourceRange()), Summary: "Variables not allowed", Detail: "Variables may not be used here."})
	}
	e.VarDiags = append(e.VarDiags, out...)
}

// backendArgs are the arguments of the backends a root most often leaves
// to terraform init -backend-config (s3, gcs, azurerm), as Terraform
// documents them.
var backendArgs = map[string]bool{
	// s3
	"bucket": true, "key": true, "region": true, "dynamodb_table": true, "encrypt": true, "kms_key_id": true,
	"profile": true, "role_arn": true, "workspace_key_prefix": true, "use_lockfile": true, "acl": true,
	"shared_credentials_file": true, "shared_credentials_files": true, "shared_config_files": true,
	"endpoint": true, "endpoints": true, "assume_role": true, "external_id": true, "session_name": true,
	"skip_credentials_validation": true, "skip_region_validation": true, "skip_metadata_api_check": true,
	"skip_requesting_account_id": true, "use_path_style": true, "force_path_style": true, "sts_endpoint": true,
	// gcs
	"prefix": true, "credentials": true, "impersonate_service_account": true, "access_token": true,
	"encryption_key": true,
	// azurerm
	"resource_group_name": true, "storage_account_name": true, "container_name": true, "subscription_id": true,
	"tenant_id": true, "client_id": true, "use_azuread_auth": true, "use_oidc": true, "use_msi": true,
	// (azurerm's environment is left out: far more often a variable.)
}

// backendArguments reports whether a file's attributes are a backend
// configuration rather than variables (backend.tfvars beside a root whose
// backend "s3" {} leaves bucket and key to init): every one is a backend
// argument, and one of them is no variable of the root.
func backendArguments(m *Module, attrs []*hcl.Attribute) bool {
	other := false
	for _, a := range attrs {
		if !backendArgs[a.Name] {
			return false
		}
		if m.variables[a.Name] == nil {
			other = true
		}
	}
	return other
}

// terraspaceBaseVars is a Terraspace stack's tfvars/base.tfvars, which
// terraspace build always passes to Terraform, when it is no ERB template
// (one with <% %> tags is rendered at build: its values are not known);
// "" otherwise.
func (e *Evaluator) terraspaceBaseVars(dir string) string {
	p := filepath.Join(dir, "tfvars", "base.tfvars")
	if !TerraspaceStack(e.Tree(), dir) || !e.Tree().IsFile(p) || regularInTree(e.Tree(), p) != nil || e.erbTemplate(p) {
		return ""
	}
	return p
}

// maxERBProbe bounds what is read of a file to tell an ERB template.
const maxERBProbe = 1 << 20

// erbTemplate reports whether the file at p holds an ERB tag (<% or <%=).
func (e *Evaluator) erbTemplate(p string) bool {
	data, err := e.Tree().ReadFile(p, maxERBProbe)
	return err == nil && bytes.Contains(data, []byte("<%"))
}
