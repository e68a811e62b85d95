package terragrunt

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// maxConfigFile bounds the size of one configuration file read.
const maxConfigFile = 4 << 20

// loader reads the configuration of one Load call. Load runs on one
// goroutine; the units' Inputs, called once Load has returned, run
// concurrently: they share parsed, read and localsChecked under mu, and
// record nothing in res (done).
type loader struct {
	opts Options
	mu   sync.Mutex
	// done: Load has returned its result; what is found later is a note
	// of the unit that finds it.
	done bool
	// parsed are the files parsed so far, by absolute path; a file that
	// could not be read or parsed is kept as nil, with its error in
	// parseErr (errUnreadable once its diagnostic is recorded).
	parsed   map[string]*hclsyntax.Body
	parseErr map[string]error
	// read are the files read, for Result.Files.
	read map[string]bool
	// localsChecked are the files whose references to locals are checked.
	localsChecked map[string]bool
	// producers say, by unit directory, why faultline's evaluation of the
	// unit may lack outputs its module has: the module is not in the tree.
	producers map[string]string
	// undeclared are the references to a local their file does not
	// declare (a diagnostic each).
	undeclared map[hcl.Range]bool
	// refused are the diagnostics refuse recorded, by range and summary.
	refused map[string]*refusal
	// memo keeps the evaluations of read_terragrunt_config units share.
	memo *readMemo
	// genOrigins are where the contents of each generate block read
	// (configObject) are written, by path and contents: a generate
	// attribute that hands such a block on (generate =
	// local.common.generate) writes the same file, positioned there.
	genOrigins sync.Map
	// spare are evaluators no unit uses any more (newUnitEval).
	spare []*terraform.ConfigEval
	// probed are the answers of exists and inTree.
	probed map[probeKey]bool
	// unrun are the notes of each file's calls that are not run.
	unrun map[*hclsyntax.Body][]lint.Note
	// valuesReaders say, by file, whether it reads the values variable.
	valuesReaders map[*hclsyntax.Body]bool
	// unitConfigs are the terragrunt.hcl files found in the tree.
	unitConfigs map[string]bool
	res         Result
}

func newLoader(opts Options) *loader {
	if opts.Holes == nil {
		opts.Holes = lint.NewHoles()
	}
	return &loader{opts: opts, parsed: map[string]*hclsyntax.Body{}, parseErr: map[string]error{}, read: map[string]bool{}, localsChecked: map[string]bool{}, refused: map[string]*refusal{}, memo: newReadMemo(), unrun: map[*hclsyntax.Body][]lint.Note{}, probed: map[probeKey]bool{}, valuesReaders: map[*hclsyntax.Body]bool{}, undeclared: map[hcl.Range]bool{}, producers: map[string]string{}}
}

// errUnreadable says a file could not be read or parsed; its diagnostic
// or note is already recorded.
var errUnreadable = errors.New("cannot be read")

// parse reads and parses the file at path (absolute) once. A file outside
// the tree or absent is an error for each caller to note; a file that does
// not parse is a diagnostic, recorded once, and errUnreadable.
func (l *loader) parse(path string) (*hclsyntax.Body, error) {
	path = filepath.Clean(path)
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.parsed[path]; ok {
		if b == nil {
			return nil, l.parseErr[path]
		}
		return b, nil
	}
	l.parsed[path], l.parseErr[path] = nil, errUnreadable
	src, err := l.opts.Tree.ReadFile(path, maxConfigFile)
	if err != nil {
		if errors.Is(err, treefs.ErrOutside) {
			err = fmt.Errorf("%s is %w (%s)", l.rel(path), treefs.ErrOutside, treefs.RootHint)
		} else {
			err = fmt.Errorf("reading %s: %w", l.rel(path), err)
		}
		l.parseErr[path] = err
		return nil, err
	}
	l.read[path] = true
	f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
	if diags.HasErrors() {
		if blank, ok := templatetext.Blanked(src); ok {
			// A template (a boilerplate or cookiecutter skeleton): it
			// parses once its tags are blanked, else the blanked parse's
			// errors are the file's own, at their places.
			_, bd := hclsyntax.ParseConfig(blank, path, hcl.InitialPos)
			if !bd.HasErrors() {
				err := fmt.Errorf("%s is a template: it holds {{ … }}, {%% … %%} or <%% … %%> tags filled in before it is Terragrunt configuration", l.rel(path))
				l.parseErr[path] = err
				return nil, err
			}
			diags = bd
		}
		l.diagnose(diags)
		return nil, errUnreadable
	}
	body := f.Body.(*hclsyntax.Body)
	l.parsed[path] = body
	l.duplicates(path, body)
	return body, nil
}

// diagnose records the errors among diags as FL000 diagnostics.
func (l *loader) diagnose(diags hcl.Diagnostics) {
	if l.done {
		return
	}
	for _, d := range diags {
		if d.Severity != hcl.DiagError || d.Subject == nil {
			continue
		}
		l.res.Diagnostics = append(l.res.Diagnostics, lint.Diagnostic{Range: l.rng(*d.Subject), Summary: d.Summary, Detail: d.Detail})
	}
}

// diagnoseOnce records d unless a diagnostic at the same place saying the
// same is recorded (a file several units read).
func (l *loader) diagnoseOnce(d lint.Diagnostic) {
	if l.done {
		return
	}
	for _, x := range l.res.Diagnostics {
		if x.Range == d.Range && x.Summary == d.Summary {
			return
		}
	}
	l.res.Diagnostics = append(l.res.Diagnostics, d)
}

// refuse records an error for which Terragrunt refuses each unit (or
// stack) reading a configuration: one diagnostic at a place, d, whose
// detail ends with, per file the error comes from (group), whom it
// refuses ("… F1 for U1, U2; F2 for U3"): a file several units include
// is one diagnostic, the file each reads named. It reports false once
// Load has returned (the caller notes it instead), unless the diagnostic
// names who for group already.
func (l *loader) refuse(d lint.Diagnostic, group, who string) bool {
	k := fmt.Sprintf("%v\x00%s", d.Range, d.Summary)
	r := l.refused[k]
	var g *refusalGroup
	if r != nil {
		for _, x := range r.groups {
			if x.what == group {
				g = x
			}
		}
	}
	if g != nil && slices.Contains(g.who, who) {
		return true
	}
	if l.done {
		return false
	}
	if r == nil {
		r = &refusal{at: len(l.res.Diagnostics), detail: d.Detail}
		l.refused[k] = r
		l.res.Diagnostics = append(l.res.Diagnostics, d)
	}
	if g == nil {
		g = &refusalGroup{what: group}
		r.groups = append(r.groups, g)
	}
	g.who = append(g.who, who)
	var parts []string
	for _, x := range r.groups {
		parts = append(parts, x.what+" for "+strings.Join(x.who, ", "))
	}
	l.res.Diagnostics[r.at].Detail = r.detail + ": " + strings.Join(parts, "; ")
	return true
}

// refusal is a diagnostic refuse recorded: its detail before the groups,
// and the groups.
type refusal struct {
	at     int
	detail string
	groups []*refusalGroup
}

// refusalGroup is one file an error comes from, and whom it refuses.
type refusalGroup struct {
	what string
	who  []string
}

// markRead records a file read (parse records those it parses).
func (l *loader) markRead(path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.read[path] = true
}

// isUndeclared reports whether the reference at r is to a local its file
// does not declare.
func (l *loader) isUndeclared(r hcl.Range) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.undeclared[r]
}

// duplicates records, as Terragrunt refuses them, a second generate block
// of the same name in one configuration, and a second unit or stack block
// of the same name in a stack file (a block that expands with an expansion
// block aside).
func (l *loader) duplicates(path string, body *hclsyntax.Body) {
	kinds := []string{"generate"}
	if filepath.Base(path) == stackFile {
		kinds = []string{"unit", "stack"}
	}
	for _, kind := range kinds {
		first := map[string]*hclsyntax.Block{}
		for _, b := range body.Blocks {
			if b.Type != kind || len(b.Labels) != 1 || expands(b) {
				continue
			}
			f, ok := first[b.Labels[0]]
			if !ok {
				first[b.Labels[0]] = b
				continue
			}
			what := fmt.Sprintf("Terragrunt refuses a %s with two %s blocks of the same name", map[bool]string{true: "stack", false: "configuration"}[kind != "generate"], kind)
			l.diagnoseOnce(lint.Diagnostic{Range: l.rng(b.DefRange()), Summary: "Duplicate " + kind + " block", Detail: fmt.Sprintf("%s %q is already declared at line %d; %s (only the first is read)", kind, b.Labels[0], f.DefRange().Start.Line, what)})
		}
	}
}

// expands reports whether a block declares an expansion (count or
// for_each), whose instances are named apart.
func expands(b *hclsyntax.Block) bool {
	if b.Body.Attributes["for_each"] != nil || b.Body.Attributes["count"] != nil {
		return true
	}
	for _, inner := range b.Body.Blocks {
		if inner.Type == "expansion" {
			return true
		}
	}
	return false
}

// exists reports whether path is a file or directory inside the tree.
// The tree's shape is fixed for a run: each path is looked at once per
// Load (find_in_parent_folders climbs the same directories for every
// unit).
func (l *loader) exists(path string) bool {
	return l.probe(path, false)
}

// probe answers exists (inTree false) or inTree for path, once.
func (l *loader) probe(path string, inTree bool) bool {
	k := probeKey{path, inTree}
	l.mu.Lock()
	v, ok := l.probed[k]
	l.mu.Unlock()
	if ok {
		return v
	}
	if inTree {
		v = l.inTreeNow(path)
	} else {
		_, err := l.opts.Tree.Stat(path)
		v = err == nil
	}
	l.mu.Lock()
	l.probed[k] = v
	l.mu.Unlock()
	return v
}

// probeKey is a question probe answers.
type probeKey struct {
	path   string
	inTree bool
}

// holdsModule reports whether dir holds a Terraform or OpenTofu file
// (.tf, .tf.json, .tofu, .tofu.json), as Terragrunt checks before it runs;
// true when it cannot be listed.
func (l *loader) holdsModule(dir string) bool {
	if l.opts.Tree == nil {
		return true
	}
	ents, err := l.opts.Tree.ReadDir(dir)
	if err != nil {
		return true
	}
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && (strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json") || strings.HasSuffix(n, ".tofu") || strings.HasSuffix(n, ".tofu.json")) {
			return true
		}
	}
	return false
}

// isDir reports whether path is a directory inside the tree.
func (l *loader) isDir(path string) bool { return l.opts.Tree.IsDir(path) }

// inTree reports whether dir may be looked at: inside the tree, or (with
// no tree) below the root.
func (l *loader) inTree(dir string) bool { return l.probe(dir, true) }

func (l *loader) inTreeNow(dir string) bool {
	if l.opts.Tree != nil {
		return l.opts.Tree.Contains(dir)
	}
	return l.opts.Root == "" || treefs.Within(filepath.Clean(l.opts.Root), dir)
}

// repoRoot is what get_repo_root() returns: the repository's top level,
// else the scan root.
func (l *loader) repoRoot() string {
	if l.opts.Tree != nil {
		if r := l.opts.Tree.Repo(); r != "" {
			return r
		}
	}
	return filepath.Clean(l.opts.Root)
}

// repoRootOf is what get_repo_root() returns in directory dir: the top
// level of the git repository dir is in, as git finds it from there — the
// nearest directory of the scanned tree at or above dir holding .git (a
// repository checked out inside another directory scanned with it) —,
// else repoRoot.
func (l *loader) repoRootOf(dir string) string {
	root := filepath.Clean(l.opts.Root)
	for d := filepath.Clean(dir); d != "" && treefs.Within(root, d); d = filepath.Dir(d) {
		if l.exists(filepath.Join(d, ".git")) {
			return d
		}
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	return l.repoRoot()
}

// rel is the path findings show for an absolute path.
func (l *loader) rel(p string) string {
	if l.opts.Rel != nil {
		return l.opts.Rel(p)
	}
	return filepath.ToSlash(p)
}

// rng converts an hcl range into a model range.
func (l *loader) rng(r hcl.Range) lint.Range {
	if r.Filename == "" {
		return lint.Range{}
	}
	return lint.Range{File: l.rel(r.Filename), Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// note makes a coverage note at r.
func (l *loader) note(kind lint.CoverageKind, r hcl.Range, format string, args ...any) lint.Note {
	return lint.Note{Kind: kind, What: l.relText(fmt.Sprintf(format, args...)), Range: l.rng(r)}
}

// relText writes every path under the scan root in s (HCL's and
// Terragrunt's messages name files absolutely: "Call to function "file"
// failed: /home/ci/repo/live/config.yml: …") as the path findings show,
// so a note reads the same in every checkout.
func (l *loader) relText(s string) string {
	root := l.opts.Root
	if root == "" || !strings.Contains(s, root) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, root)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + len(root)
		if j < len(s) && s[j] != '/' && s[j] != filepath.Separator {
			// A longer name that starts alike (/repo-other).
			b.WriteString(s[:j])
			s = s[j:]
			continue
		}
		for j < len(s) && !strings.ContainsRune(" \t\n:\",;()", rune(s[j])) {
			j++
		}
		b.WriteString(s[:i])
		b.WriteString(l.rel(filepath.Clean(s[i:j])))
		s = s[j:]
	}
}

// fileStart is the first line of a file, where what has no construct of
// its own is anchored.
func fileStart(body *hclsyntax.Body, path string) hcl.Range {
	end := hcl.Pos{Line: 1, Column: 1, Byte: 0}
	if body != nil && body.SrcRange.End.Line == 1 {
		end = body.SrcRange.End
	}
	return hcl.Range{Filename: path, Start: hcl.InitialPos, End: end}
}
