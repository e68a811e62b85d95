package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/changes"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/internal/fixer"
	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/version"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/report"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/rules"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
)

// CLI is the command line with injected streams and environment; Run
// returns the exit code.
type CLI struct {
	Stdout, Stderr io.Writer
	// Stdin is read by --plan -.
	Stdin io.Reader
	// Getenv reads the environment (NO_COLOR).
	Getenv func(string) string
	// Cwd overrides the working directory (tests).
	Cwd string
	// IsTerminal says whether a writer is a terminal (color, progress).
	IsTerminal func(io.Writer) bool
	// Renderer renders charts; nil means a bounded child process.
	Renderer helm.Renderer
	// PlanRead, when set, is called with the size in bytes of the plan
	// --plan read, before it is decoded (main raises the collector's
	// memory limit with it).
	PlanRead func(size int64)
	// Collector says how main set the garbage collector, for --verbose
	// ("" when it did not).
	Collector string
}

// New returns a CLI writing to the given streams.
func New(stdout, stderr io.Writer) *CLI {
	return &CLI{Stdout: stdout, Stderr: stderr, Stdin: os.Stdin, Getenv: os.Getenv, IsTerminal: isTerminal}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// usageError marks errors that exit 2.
type usageError struct{ error }

type lintFlags struct {
	format   string
	outputs  []string
	vars     []string
	varFiles []string
	config   string
	root     string
	failOn   string
	enable   []string
	disable  []string
	quiet    bool
	verbose  bool
	noColor  bool
	color    string
	kubeVer  string
	baseline string
	writeBL  string
	changed  bool
	staged   bool
	base     string
	plan     string
	fix      bool
	noCache  bool
	cacheDir string
	cpuProf  string
	memProf  string
}

// Run executes the command line.
func (c *CLI) Run(args []string) int {
	// Libraries log to the standard logger (kustomize's api prints "well-
	// defined vars that were never replaced" with a timestamp); a run
	// reports through its output and notes alone, so they say nothing.
	prev := log.Writer()
	log.SetOutput(io.Discard)
	defer log.SetOutput(prev)
	code := exitOK
	root := &cobra.Command{
		Use:           "faultline",
		Short:         "Lint Terraform, Helm and Kubernetes together for cross-layer EKS failure chains",
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints what `faultline version` prints.
		Version: version.Get().String("faultline"),
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError{err, cmd.CommandPath()} })
	root.SetOut(c.Stdout)
	root.SetErr(c.Stderr)
	root.SetArgs(args)

	var lf lintFlags
	lintCmd := &cobra.Command{
		Use:   "lint [PATH ...]",
		Short: "Lint the given directories (default \".\"), or the chains touching the given files",
		Long: `Lint reads every Terraform module, variables file and Kubernetes /
Karpenter manifest under the given directories into one model and reports
failure chains that cross them. File arguments (as pre-commit passes them)
scan the repository root and report only chains that touch those files.

Output: --format picks what standard output gets: text for people (the
source line with the span underlined, the chain, the hint, a summary),
compact (one file:line:col: line per finding, for editors and grep), json,
sarif (code scanning), github (workflow annotations), gitlab (a Code
Quality report), markdown (a pull-request comment), junit or checkstyle.
--output FORMAT=FILE writes more formats from the same run. Color: the
text format is colored on a terminal (--color auto), unless NO_COLOR is
set; FORCE_COLOR forces it; --color always|never decides outright.

Exit codes: 0 no finding at or above --fail-on, 1 there are, 2 the command
could not run.`,
		RunE: func(cmd *cobra.Command, paths []string) error {
			stop, err := startProfiles(lf.cpuProf, lf.memProf)
			if err != nil {
				code = exitError
				return err
			}
			code, err = c.lint(paths, lf)
			if perr := stop(); perr != nil && err == nil {
				code, err = exitError, perr
			}
			return err
		},
	}
	f := lintCmd.Flags()
	f.StringVar(&lf.format, "format", "text", "output format: "+strings.Join(report.Formats(), "|"))
	f.StringArrayVar(&lf.outputs, "output", nil, "also write FORMAT=FILE from the same run (repeatable)")
	f.StringArrayVar(&lf.vars, "var", nil, "Terraform variable NAME=VALUE for every root module (repeatable)")
	f.StringArrayVar(&lf.varFiles, "var-file", nil, "Terraform variables file for every root module (repeatable)")
	f.StringVar(&lf.config, "config", "", "configuration file (default: .faultline.hcl in PATH or above; with file arguments, at the repository's top level or above)")
	f.StringVar(&lf.root, "root", "", "the directory the run may read below (default: the git top level; outside git the directory of .faultline.hcl, else the scan root): a local module, kustomize base or values file outside it is not read")
	f.StringVar(&lf.failOn, "fail-on", "error", "lowest severity that fails: error|warning|notice|never")
	f.StringArrayVar(&lf.enable, "enable", nil, "run only these rules, by ID or name (repeatable)")
	f.StringArrayVar(&lf.disable, "disable", nil, "skip these rules, by ID or name (repeatable)")
	f.BoolVar(&lf.quiet, "quiet", false, "print findings only, no summary")
	f.BoolVar(&lf.verbose, "verbose", false, "list what was read and every coverage note")
	f.StringVar(&lf.color, "color", colorAuto, "color the text format: auto (a terminal; NO_COLOR turns it off, FORCE_COLOR on)|always|never")
	f.BoolVar(&lf.noColor, "no-color", false, "no color: the same as --color never")
	f.BoolVar(&lf.changed, "changed", false, "report only chains touching files changed since --base (committed, staged, unstaged or untracked)")
	f.BoolVar(&lf.staged, "staged", false, "lint the staged change against HEAD, deletions included: --base HEAD, reporting only chains touching staged files (the work tree must hold what is staged, as under pre-commit)")
	f.StringVar(&lf.base, "base", "", "git revision to compare with: objects deleted or replaced since (its merge base with HEAD) are judged; with --changed, the revision changed files are counted from (default: the default branch)")
	f.StringVar(&lf.plan, "plan", "", "terraform show -json output (\"-\" = stdin): its deletions, replacements and forgets are checked")
	f.StringVar(&lf.baseline, "baseline", "", "report only findings that are not in this baseline file")
	f.StringVar(&lf.writeBL, "write-baseline", "", "write the current findings to this baseline file")
	f.BoolVar(&lf.fix, "fix", false, "apply the deterministic fixes of the findings (not suppressed ones) to the source, print the diff, and lint again (exit code from that run; --format text only)")
	f.BoolVar(&lf.noCache, "no-cache", false, "neither read nor write the result cache")
	f.StringVar(&lf.cacheDir, "cache-dir", "", "the result cache's directory (default: $"+cache.DirEnv+", else faultline/ in the user cache directory)")
	f.StringVar(&lf.cpuProf, "cpuprofile", "", "write a CPU profile of the run to FILE (go tool pprof FILE)")
	f.StringVar(&lf.memProf, "memprofile", "", "write a heap profile to FILE at the end of the run, after a garbage collection")
	f.StringVar(&lf.kubeVer, "kube-version", "", "Kubernetes version charts render for (default: kube_version in .faultline.hcl, else "+helm.DefaultKubeVersion+")")

	_ = lintCmd.RegisterFlagCompletionFunc("format", fixedCompletions(report.Formats()...))
	_ = lintCmd.RegisterFlagCompletionFunc("fail-on", fixedCompletions("error", "warning", "notice", "never"))
	_ = lintCmd.RegisterFlagCompletionFunc("color", fixedCompletions(colorAuto, colorAlways, colorNever))
	_ = lintCmd.RegisterFlagCompletionFunc("enable", completeRules)
	_ = lintCmd.RegisterFlagCompletionFunc("disable", completeRules)

	var rulesFormat string
	rulesCmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rules",
		Long: `Rules lists the rule catalogue: ID, name, default severity and summary
(--format text), or also the version that introduced each rule and its
documentation URL (--format json).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return writeRules(c.Stdout, rulesFormat)
		},
	}
	rulesCmd.Flags().StringVar(&rulesFormat, "format", "text", "output format: "+strings.Join(ruleFormats, "|"))
	_ = rulesCmd.RegisterFlagCompletionFunc("format", fixedCompletions(ruleFormats...))
	explainCmd := &cobra.Command{
		Use:               "explain RULE",
		Short:             "Show a rule's documentation: the failure chain, an example and the fix",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeRules,
		RunE: func(cmd *cobra.Command, args []string) error {
			r := rules.Find(args[0])
			if r == nil {
				return usageError{fmt.Errorf("unknown rule %q (see `faultline rules`)", args[0])}
			}
			fmt.Fprint(c.Stdout, rules.Explain(r))
			return nil
		},
	}
	versionCmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit, build date and Go version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintln(c.Stdout, version.Get().String("faultline"))
		},
	}
	root.AddCommand(lintCmd, rulesCmd, explainCmd, versionCmd)
	root.AddCommand(c.graphCommand())

	if err := root.Execute(); err != nil {
		fmt.Fprintln(c.Stderr, "faultline:", err)
		var fe flagError
		if errors.As(err, &fe) {
			fmt.Fprintf(c.Stderr, "Run '%s --help' for usage.\n", fe.command)
		}
		return exitError
	}
	return code
}

// writeRulesTable prints the catalogue as an aligned table: ID, name,
// default severity and summary.
func writeRulesTable(w io.Writer, catalogue []*lint.Rule) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSEVERITY\tSUMMARY")
	for _, r := range catalogue {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Severity, r.Summary)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write rules: %w", err)
	}
	return nil
}

// Bounds of explicitly named inputs.
const (
	maxBaseline = 64 << 20
)

// readPlan reads --plan FILE ("-" = standard input). A plan that cannot be
// read or is not a `terraform show -json` plan is an error (exit 2): it was
// named explicitly.
func (c *CLI) readPlan(name string, abs func(string) string) (*plan.Plan, string, error) {
	if name == "" {
		return nil, "", nil
	}
	file := "<stdin>"
	var data []byte
	var err error
	if name == "-" {
		if c.Stdin == nil {
			return nil, "", errors.New("--plan -: no standard input")
		}
		data, err = plan.Read(c.Stdin)
	} else {
		file = abs(name)
		data, err = treefs.ReadExplicit(file, plan.MaxPlan)
		if errors.Is(err, treefs.ErrIsDir) {
			return nil, "", fmt.Errorf("--plan %s: is a directory, want the output of `terraform show -json PLANFILE`", name)
		}
	}
	if err != nil {
		return nil, "", fmt.Errorf("--plan %s: %w", name, err)
	}
	if c.PlanRead != nil {
		c.PlanRead(int64(len(data)))
	}
	p, err := plan.ParseBytes(data)
	if err != nil {
		return nil, "", fmt.Errorf("--plan %s: %w", name, err)
	}
	return p, file, nil
}

func (c *CLI) cwd() (string, error) {
	if c.Cwd != "" {
		return c.Cwd, nil
	}
	return os.Getwd()
}

// lint runs the lint command and returns its exit code.
func (c *CLI) lint(paths []string, lf lintFlags) (int, error) {
	start := time.Now()
	cwd, err := c.cwd()
	if err != nil {
		return exitError, err
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(cwd, p)
	}
	badFlag := func(err error) error { return flagError{err, "faultline lint"} }
	failOn, err := parseFailOn(lf.failOn)
	if err != nil {
		return exitError, badFlag(err)
	}
	if err := lint.CheckRuleNames(rules.All, append(append([]string(nil), lf.enable...), lf.disable...)); err != nil {
		return exitError, err
	}
	vars := map[string]string{}
	for _, v := range lf.vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			return exitError, badFlag(fmt.Errorf("--var %q: want NAME=VALUE", v))
		}
		vars[name] = value
	}
	var varFiles []string
	varFileData := map[string][]byte{}
	for _, vf := range lf.varFiles {
		p := abs(vf)
		data, err := checkVarFile(p)
		if err != nil {
			return exitError, fmt.Errorf("--var-file %s: %w", vf, err)
		}
		varFiles = append(varFiles, p)
		varFileData[p] = data
	}
	var outputs []output
	for _, v := range lf.outputs {
		o, ok, err := parseOutput(v, report.Formats())
		if err == nil && !ok {
			err = fmt.Errorf("--output %q: want FORMAT=FILE", v)
		}
		if err != nil {
			return exitError, badFlag(err)
		}
		outputs = append(outputs, output{o.format, abs(o.path)})
	}
	if lf.fix && !strings.EqualFold(lf.format, "text") {
		return exitError, errors.New("--fix prints its diff on standard output: use --format text, and --output FORMAT=FILE for other formats")
	}
	color, err := c.useColor(lf.color, lf.noColor)
	if err != nil {
		return exitError, badFlag(err)
	}
	rep, err := report.New(lf.format, color)
	if err != nil {
		return exitError, badFlag(fmt.Errorf("--format: %w", err))
	}

	if err := checkFlagLikePaths(paths, abs); err != nil {
		return exitError, err
	}
	lay, err := engine.Locate(paths, cwd, lf.root)
	if err != nil {
		return exitError, err
	}
	cfg, err := c.loadConfig(lf.config, lay.ConfigStart, cwd)
	if err != nil {
		return exitError, err
	}
	treeRoot := lay.TreeRootFor(cfg, lf.config != "")
	// The model's paths, and so fingerprints and keys, are relative to the
	// anchor (the repository's top level): see rebase.go. prefix rebases
	// them to the working directory for display.
	anchor := anchorOf(lay, cwd)
	prefix := displayPrefix(cwd, anchor)
	ropts, err := cfg.Options(rules.All)
	if err != nil {
		return exitError, err
	}
	ropts.Enable = append(ropts.Enable, lf.enable...)
	ropts.Disable = append(ropts.Disable, lf.disable...)

	var baseline *lint.Baseline
	if lf.baseline != "" {
		data, err := treefs.ReadExplicit(abs(lf.baseline), maxBaseline)
		if err != nil {
			return exitError, fmt.Errorf("--baseline %s: %w", lf.baseline, err)
		}
		baseline, err = lint.ReadBaseline(bytes.NewReader(data))
		if err != nil {
			return exitError, fmt.Errorf("--baseline %s: %w", lf.baseline, err)
		}
	}
	if lf.kubeVer != "" {
		if err := helm.CheckKubeVersion(lf.kubeVer); err != nil {
			return exitError, fmt.Errorf("--kube-version: %w", err)
		}
	}
	tfPlan, planFile, err := c.readPlan(lf.plan, abs)
	if err != nil {
		return exitError, err
	}
	var changed []string
	// The directory git is asked about: the first path's.
	gitDir := cwd
	if len(paths) > 0 {
		gitDir = abs(paths[0])
		if st, err := os.Stat(gitDir); err == nil && !st.IsDir() {
			gitDir = filepath.Dir(gitDir)
		}
	}
	// touched is what the reports show findings at and mark: the changed
	// files, also with --base alone (where nothing is filtered), relative
	// to the working directory and (touchedAnchored) to the anchor;
	// touchedLines are their changed lines, by the same names.
	var touched, touchedAnchored []string
	var touchedLines, touchedLinesAnchored map[string]report.LineChanges
	if lf.staged {
		if lf.base != "" {
			return exitError, badFlag(errors.New("--staged compares the index with HEAD: it takes no --base"))
		}
		// The hook's view: HEAD is the base, the staged files are the
		// changed ones (deleted ones too), and the work tree, which must
		// hold what is staged, is what is linted.
		indexFile := c.Getenv("GIT_INDEX_FILE")
		if indexFile != "" {
			indexFile = abs(indexFile)
		}
		set, err := changes.Staged(gitDir, indexFile)
		if err != nil {
			return exitError, fmt.Errorf("--staged: %w", err)
		}
		// The engine filters on the model's paths: the anchor's.
		changed = set.RelTo(anchor)
		if changed == nil {
			changed = []string{}
		}
		touched, touchedAnchored = append([]string{}, set.RelTo(cwd)...), changed
		touchedLines, touchedLinesAnchored = lineChanges(set, cwd), lineChanges(set, anchor)
		if set.Base != "" && len(set.Files) > 0 {
			lf.base = "HEAD" // nothing staged: nothing deleted, no export
		}
	} else if lf.changed {
		set, err := changes.Changed(gitDir, lf.base)
		if err != nil {
			return exitError, fmt.Errorf("--changed: %w", err)
		}
		// The engine filters on the model's paths: the anchor's.
		changed = set.RelTo(anchor)
		if changed == nil {
			changed = []string{}
		}
		touched, touchedAnchored = append([]string{}, set.RelTo(cwd)...), changed
		touchedLines, touchedLinesAnchored = lineChanges(set, cwd), lineChanges(set, anchor)
	}
	var rc *engine.Cache
	cacheOff := "--no-cache"
	if !lf.noCache {
		rc, cacheOff = c.openCache(lf.cacheDir)
	}
	var baseDir, baseRoot string
	if lf.base != "" {
		rev, err := changes.ResolveBase(gitDir, lf.base)
		if err != nil {
			return exitError, fmt.Errorf("--base: %w", err)
		}
		dir, cleanup, err := exportBase(rc, rev)
		if err != nil {
			return exitError, fmt.Errorf("--base %s: reading the revision: %w", lf.base, err)
		}
		defer cleanup()
		baseDir, baseRoot = dir, rev.Root
		if touched == nil {
			set, err := changes.Changed(gitDir, lf.base)
			if err != nil {
				return exitError, fmt.Errorf("--base: %w", err)
			}
			touched, touchedAnchored = append([]string{}, set.RelTo(cwd)...), append([]string{}, set.RelTo(anchor)...)
			touchedLines, touchedLinesAnchored = lineChanges(set, cwd), lineChanges(set, anchor)
		}
	}
	renderer, stopRenderer, err := c.renderer()
	if err != nil {
		return exitError, err
	}
	defer stopRenderer()
	eopts := engine.Options{Paths: paths, Cwd: cwd, RelTo: anchor, TreeRoot: treeRoot, Vars: vars, VarFiles: varFiles, VarFileData: varFileData, Config: cfg, Renderer: renderer, KubeVersion: lf.kubeVer, Changed: changed, Plan: tfPlan, PlanFile: planFile, BaseDir: baseDir, BaseRoot: baseRoot, BaseRev: lf.base}
	stopProgress := c.progress(lf.quiet)
	loaded, res, err := engine.RunCached(eopts, rules.All, ropts, rc)
	stopProgress()
	if err != nil {
		return exitError, err
	}
	fixer.Resolve(res.Findings, fixer.Reader(sourceReader(anchor, loaded.Tree)))
	if lf.writeBL != "" {
		if err := writeFile(abs(lf.writeBL), func(w io.Writer) error { return lint.WriteBaseline(w, res, rules.All) }); err != nil {
			return exitError, fmt.Errorf("--write-baseline: %w", err)
		}
	}
	if baseline != nil {
		before := len(res.Findings)
		res = baseline.Filter(res, rules.All)
		if hidden := before - len(res.Findings); hidden > 0 && !lf.quiet {
			fmt.Fprintf(c.Stderr, "faultline: %d findings already in the baseline %s are not reported\n", hidden, lf.baseline)
		}
		// Only a run over the whole tree sees every finding a baseline
		// could match.
		if n := baseline.Unmatched(); n > 0 && len(loaded.Focus) == 0 && changed == nil {
			fmt.Fprintf(c.Stderr, "faultline: warning: %d of the %d entries of the baseline %s match no finding of this run: fixed since (write it again to drop them), or written for another tree (fingerprints hold the paths from the repository's top level, or outside git from the working directory)\n", n, baseline.Len(), lf.baseline)
		}
	}
	if lf.fix {
		applied, err := c.applyFixes(rebaseResult(res, prefix), loaded, cwd, abs)
		if err != nil {
			return exitError, fmt.Errorf("--fix: %w", err)
		}
		if applied {
			stopProgress := c.progress(lf.quiet)
			loaded, res, err = engine.RunCached(eopts, rules.All, ropts, rc)
			stopProgress()
			if err != nil {
				return exitError, fmt.Errorf("--fix: linting again: %w", err)
			}
			fixer.Resolve(res.Findings, fixer.Reader(sourceReader(anchor, loaded.Tree)))
			if baseline != nil {
				res = baseline.Filter(res, rules.All)
			}
		}
	}
	if lf.verbose {
		c.describe(loaded, cfg, prefix, time.Since(start))
		if loaded.Cache.Off == "--no-cache" && cacheOff != "" {
			loaded.Cache.Off = cacheOff
		}
		fmt.Fprintf(c.Stderr, "cache: %s\n", loaded.Cache)
		if c.Collector != "" {
			fmt.Fprintf(c.Stderr, "memory: %s\n", c.Collector)
		}
	}
	if strings.EqualFold(lf.format, "markdown") || slices.ContainsFunc(outputs, func(o output) bool { return strings.EqualFold(o.format, "markdown") }) {
		pictureFindings(res.Findings, loaded.Input.Model)
	}
	// The report of a format: paths relative to the working directory,
	// or for the formats a forge reads, to the anchor.
	shown := rebaseResult(res, prefix)
	reportFor := func(format string) report.Report {
		if anchoredFormat(format) {
			return report.Report{Result: res, Rules: rules.All, Sources: sourceReader(anchor, loaded.Tree), Changed: touchedAnchored, ChangedLines: touchedLinesAnchored, ToolVersion: version.Get().Version, Root: anchor}
		}
		return report.Report{Result: shown, Rules: rules.All, Sources: sourceReader(cwd, loaded.Tree), Changed: touched, ChangedLines: touchedLines, ToolVersion: version.Get().Version}
	}
	rpt := reportFor(lf.format)
	rpt.Verbose = lf.verbose
	rpt.Quiet = lf.quiet
	var werr error
	stages := engine.Measure(loaded.Stages, "report", "findings", func() int {
		werr = rep.Write(c.Stdout, rpt)
		return len(res.Findings)
	})
	if werr != nil {
		return exitError, fmt.Errorf("writing %s output: %w", lf.format, werr)
	}
	if lf.verbose {
		writeStages(c.Stderr, stages)
	}
	for _, o := range outputs {
		r, _ := report.New(o.format, false)
		full := reportFor(o.format)
		if err := writeFile(o.path, func(w io.Writer) error { return r.Write(w, full) }); err != nil {
			return exitError, fmt.Errorf("--output %s=%s: %w", o.format, o.path, err)
		}
	}
	if res.Summary.Files == 0 {
		c.warnNoInput(loaded, prefix, lf.format)
	}
	if lf.writeBL != "" {
		return exitOK, nil // recording a baseline is the adoption step, not a failed check
	}
	if res.Failed(failOn) {
		return exitFindings, nil
	}
	return exitOK, nil
}

// warnNoInput says loudly that the run found nothing to read, naming where
// it looked: an empty or mistyped directory must not pass unnoticed.
func (c *CLI) warnNoInput(l *engine.Loaded, prefix rebaser, format string) {
	where := make([]string, len(l.Roots))
	for i, r := range l.Roots {
		where[i] = rebasePath(prefix, l.Rel(r))
	}
	msg := fmt.Sprintf("no input found under %s: no Terraform or OpenTofu (.tf, .tf.json, .tofu, .tofu.json), YAML manifest, kustomization or chart was read; check the path", strings.Join(where, ", "))
	fmt.Fprintln(c.Stderr, "faultline: warning:", msg)
	if strings.EqualFold(format, "github") {
		fmt.Fprintf(c.Stdout, "::warning title=faultline::%s\n", msg)
	}
}

// completeRules completes rule IDs, with their names as descriptions.
func completeRules(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, r := range rules.All {
		out = append(out, r.ID+"\t"+r.Name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func fixedCompletions(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// progress prints an elapsed-time line on stderr while a long run goes on,
// on a terminal only; the returned stop clears it.
func (c *CLI) progress(quiet bool) (stop func()) {
	if quiet || !c.IsTerminal(c.Stderr) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(c.Stderr, "\r\033[K")
				}
				return
			case now := <-t.C:
				if now.Sub(start) < time.Second {
					continue
				}
				shown = true
				fmt.Fprintf(c.Stderr, "\rfaultline: reading and linting… %ds", int(now.Sub(start).Seconds()))
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// renderer is the bounded chart renderer: a pool of faultline-render
// processes (renderExecutable), each bounding every rendering in CPU
// time, memory and output (Helm's engine takes no context), or the
// renderer the CLI was given (tests). Without a faultline-render, a tree
// with charts stops the run with the reason (missingRenderer). stop
// shuts the pool's workers down; the run calls it when it ends.
func (c *CLI) renderer() (r helm.Renderer, stop func(), err error) {
	if c.Renderer != nil {
		return c.Renderer, func() {}, nil
	}
	exe, err := renderExecutable(os.Getenv)
	if err != nil {
		return missingRenderer{err}, func() {}, nil
	}
	pool := helm.NewPool(exe)
	return pool, func() { _ = pool.Close() }, nil
}

func parseFailOn(s string) (lint.Severity, error) {
	if strings.EqualFold(s, "never") {
		return 0, nil
	}
	sev, err := lint.ParseSeverity(s)
	if err != nil {
		return 0, fmt.Errorf("--fail-on: %w", err)
	}
	return sev, nil
}

// maxVarFile bounds an explicitly named variables file.
const maxVarFile = 8 << 20

// checkVarFile reads an explicitly named variables file (a regular file or
// a pipe, byte-capped) and makes sure it is well-formed before anything
// runs; the bytes are read once, so a pipe works.
func checkVarFile(path string) ([]byte, error) {
	src, err := treefs.ReadExplicit(path, maxVarFile)
	if err != nil {
		return nil, err
	}
	if d := nesting.HCLFile(path, src); d != nil {
		return nil, d
	}
	p := hclparse.NewParser()
	var diags error
	if strings.HasSuffix(path, ".json") {
		_, d := p.ParseJSON(src, path)
		if d.HasErrors() {
			diags = d
		}
	} else {
		f, d := p.ParseHCL(src, path)
		if d.HasErrors() {
			diags = d
		} else if _, d := f.Body.JustAttributes(); d.HasErrors() {
			diags = d
		}
	}
	return src, diags
}

// loadConfig reads --config, or finds .faultline.hcl in start (the
// layout's ConfigStart) or above. An explicitly named file must exist.
func (c *CLI) loadConfig(explicit, start, cwd string) (*lint.Config, error) {
	if explicit != "" {
		p := explicit
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		cfg, err := lint.LoadConfigNamed(p, explicit)
		if err != nil {
			return nil, fmt.Errorf("--config: %w", err)
		}
		return cfg, nil
	}
	path, ok := lint.FindConfig(filepath.Clean(start))
	if !ok {
		return nil, nil
	}
	display := path
	if r, err := filepath.Rel(cwd, path); err == nil && !strings.HasPrefix(r, "..") {
		display = r
	}
	if err := lint.CheckFoundConfig(path); err != nil {
		return nil, fmt.Errorf("%s %w", display, err)
	}
	cfg, err := lint.LoadConfigNamed(path, display)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// checkFlagLikePaths explains a path argument that looks like a flag and
// names nothing: after `--` every argument is a path, and pre-commit puts
// a hook's `args:` after the entry's `--`.
func checkFlagLikePaths(paths []string, abs func(string) string) error {
	for _, p := range paths {
		if !strings.HasPrefix(p, "-") {
			continue
		}
		if _, err := os.Lstat(abs(p)); errors.Is(err, fs.ErrNotExist) {
			return usageError{fmt.Errorf("path %s: no such file or directory; after `--` every argument is a path (the pre-commit hook's entry ends with `--`: give flags in `entry: faultline lint FLAGS --`, not in `args:`)", p)}
		}
	}
	return nil
}

// describe prints what was found and how it was read (--verbose).
func (c *CLI) describe(l *engine.Loaded, cfg *lint.Config, prefix rebaser, took time.Duration) {
	w := c.Stderr
	if cfg != nil {
		fmt.Fprintf(w, "config: %s\n", cfg.Path)
	}
	for _, r := range l.Roots {
		fmt.Fprintf(w, "scan root: %s\n", rebasePath(prefix, l.Rel(r)))
	}
	for _, r := range l.TerraformRoots {
		fmt.Fprintf(w, "terraform root module: %s\n", rebasePath(prefix, l.Rel(r)))
	}
	for _, mc := range l.ModuleCalls {
		fmt.Fprintf(w, "module call: %s\n", moduleCallLine(mc))
	}
	census := l.Census()
	counts := census.Counts
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	fmt.Fprintf(w, "model: %s\n", strings.Join(parts, ", "))
	sources := census.Sources
	var srcParts []string
	for _, src := range []lint.Source{lint.SourceTerraform, lint.SourceKubernetes, lint.SourceHelm, lint.SourceKustomize, lint.SourceCrossplane} {
		if sources[src] > 0 {
			srcParts = append(srcParts, fmt.Sprintf("%d from %s", sources[src], src))
		}
	}
	if len(srcParts) > 0 {
		fmt.Fprintf(w, "entities: %s\n", strings.Join(srcParts, ", "))
	}
	var changes []*lint.Change
	if l.Input.Model != nil {
		changes = l.Input.Model.Changes
	}
	for _, ch := range changes {
		fmt.Fprintf(w, "change (%s): %s %s at %s\n", ch.Origin, ch.Action, ch.Address, rebaseRange(prefix, ch.Range))
	}
	fmt.Fprintf(w, "read %d files in %s\n", l.Input.Files, took.Round(time.Millisecond))
	fmt.Fprintf(w, "run budget: %s\n", l.Budget)
}

// moduleCallLine says in one line how a module call resolved: where it is
// written, its source, and local / cached (with the directory read),
// modelled (with the model and version evaluated) or unknown.
func moduleCallLine(mc terraform.ModuleCall) string {
	src := mc.Source
	if mc.Version != "" {
		src += " " + mc.Version
	}
	line := fmt.Sprintf("%s %s (%s): %s", mc.Range, mc.Call, src, mc.How)
	if mc.Dir != "" {
		line += " from " + mc.Dir
	}
	if mc.Model != "" {
		line += " as " + mc.Model
		if mc.Assumed != "" {
			line += " (assumed: " + mc.Assumed + ")"
		} else {
			line += " (the only modelled version the constraint allows)"
		}
	}
	return report.CleanText(line)
}

// sourceReader reads files for snippets, relative to the working
// directory, through the tree the run read: a snippet never shows bytes of
// a file outside it.
func sourceReader(cwd string, tree *treefs.Tree) report.SourceReader {
	return func(file string) ([]byte, bool) {
		if tree == nil {
			return nil, false
		}
		p := file
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, filepath.FromSlash(file))
		}
		b, err := tree.ReadFile(p, maxSnippetFile)
		return b, err == nil
	}
}

// maxSnippetFile bounds a file read for snippets.
const maxSnippetFile = 8 << 20

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeStages prints the measurement of each stage of the run
// (--verbose): wall time and its share, this process's CPU time and the
// cores it kept busy (CPU / wall), heap allocated and what it handled.
func writeStages(w io.Writer, stages []engine.Stage) {
	var total time.Duration
	for _, s := range stages {
		total += s.Wall
	}
	for _, s := range stages {
		fmt.Fprintf(w, "stage %-12s %9s %5.1f%%  cpu %9s %4.1f cores  %8.1f MiB allocated in %s objects  %d %s\n", s.Name,
			s.Wall.Round(10*time.Microsecond), 100*s.Wall.Seconds()/max(total.Seconds(), 1e-9),
			s.CPU.Round(10*time.Microsecond), s.CPU.Seconds()/max(s.Wall.Seconds(), 1e-9),
			float64(s.AllocBytes)/(1<<20), thousands(s.Allocs), s.Count, s.Unit)
	}
}

// thousands writes n with thousands separators.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// lineChanges returns the changed lines of set by the names RelTo(cwd)
// gives, as the reports take them.
func lineChanges(set *changes.Set, cwd string) map[string]report.LineChanges {
	out := map[string]report.LineChanges{}
	for f, l := range set.LinesRelTo(cwd) {
		lc := report.LineChanges{Whole: l.Whole}
		for _, r := range l.Ranges {
			lc.Spans = append(lc.Spans, report.LineSpan{Start: r.Start, End: r.End})
		}
		out[f] = lc
	}
	return out
}
