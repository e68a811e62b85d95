package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"github.com/faultline-dev/faultline/lint/report"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/rules"
	"github.com/spf13/cobra"
)

type graphFlags struct {
	root     string
	format   string
	focus    string
	outputs  []string
	vars     []string
	varFiles []string
	config   string
	plan     string
	kubeVer  string
}

// Neighbourhoods --focus keeps: one hop around a rule's findings, two
// around an entity.
const (
	focusRuleHops   = 1
	focusEntityHops = 2
)

// graphCommand is `faultline graph`: the model as a graph.
func (c *CLI) graphCommand() *cobra.Command {
	var gf graphFlags
	cmd := &cobra.Command{
		Use:   "graph [PATH ...]",
		Short: "Draw the model: its entities and the relations the rules follow, as Mermaid, DOT or HTML",
		Long: `Graph reads the given directories (default ".") as lint does and draws
the model: every entity (kind, label, address, scope, file:line) and the
relations the rules follow (uses role, launches with instance profile,
selects security group, bound to role, runs as, trusts subject, …), as a
Mermaid flowchart (default), Graphviz DOT, or one self-contained HTML page.

--focus RULE keeps the entities at that rule's findings and their
neighbours; --focus ADDRESS keeps that entity and the entities within two
relations of it.

--output FORMAT=FILE also writes FORMAT to FILE, as lint's --output does
(repeatable). A plain --output FILE, which wrote --format to FILE instead
of standard output, still does so but is deprecated.`,
		RunE: func(cmd *cobra.Command, paths []string) error {
			return c.graph(paths, gf)
		},
	}
	f := cmd.Flags()
	f.StringVar(&gf.format, "format", "mermaid", "output format: "+strings.Join(graph.Formats(), "|"))
	f.StringVar(&gf.focus, "focus", "", "keep the neighbourhood of a rule's findings (FL101) or of an entity address")
	f.StringArrayVar(&gf.outputs, "output", nil, "also write FORMAT=FILE from the same run (repeatable); a plain FILE (deprecated) takes --format instead of standard output")
	f.StringArrayVar(&gf.vars, "var", nil, "Terraform variable NAME=VALUE for every root module (repeatable)")
	f.StringArrayVar(&gf.varFiles, "var-file", nil, "Terraform variables file for every root module (repeatable)")
	f.StringVar(&gf.config, "config", "", "configuration file (default: .faultline.hcl in PATH or above)")
	f.StringVar(&gf.root, "root", "", "the directory the run may read below (default: the git top level; outside git the directory of .faultline.hcl, else the scan root)")
	f.StringVar(&gf.plan, "plan", "", "terraform show -json output (\"-\" = stdin)")
	f.StringVar(&gf.kubeVer, "kube-version", "", "Kubernetes version charts render for")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletions(graph.Formats()...))
	_ = cmd.RegisterFlagCompletionFunc("focus", completeRules)
	return cmd
}

// graph runs the graph command.
func (c *CLI) graph(paths []string, gf graphFlags) error {
	if !validGraphFormat(gf.format) {
		return flagError{fmt.Errorf("--format %q: want %s", gf.format, strings.Join(graph.Formats(), ", ")), "faultline graph"}
	}
	outputs, plain, err := c.graphOutputs(gf)
	if err != nil {
		return flagError{err, "faultline graph"}
	}
	cwd, err := c.cwd()
	if err != nil {
		return err
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(cwd, p)
	}
	eopts, cfg, stop, err := c.graphOptions(paths, gf, cwd, abs)
	if err != nil {
		return err
	}
	defer stop()
	g, err := c.buildGraph(eopts, cfg, gf.focus)
	if err != nil {
		return err
	}
	title := "faultline graph"
	if len(paths) > 0 {
		title += " of " + strings.Join(paths, " ")
	}
	if gf.focus != "" {
		title += " (focus " + gf.focus + ")"
	}
	if plain == "" {
		if err := graph.Write(c.Stdout, g, gf.format, title); err != nil {
			return err
		}
	} else if err := writeFile(abs(plain), func(w io.Writer) error { return graph.Write(w, g, gf.format, title) }); err != nil {
		return fmt.Errorf("--output %s: %w", plain, err)
	}
	for _, o := range outputs {
		if err := writeFile(abs(o.path), func(w io.Writer) error { return graph.Write(w, g, o.format, title) }); err != nil {
			return fmt.Errorf("--output %s=%s: %w", o.format, o.path, err)
		}
	}
	return nil
}

// graphOutputs reads graph's --output values: FORMAT=FILE as lint takes
// them, and at most one plain FILE (deprecated, with a note on stderr),
// which gets --format instead of standard output.
func (c *CLI) graphOutputs(gf graphFlags) (outputs []output, plain string, err error) {
	for _, v := range gf.outputs {
		o, ok, err := parseOutput(v, graph.Formats())
		if err != nil {
			return nil, "", err
		}
		if ok {
			outputs = append(outputs, o)
			continue
		}
		if plain != "" {
			return nil, "", fmt.Errorf("--output %s and --output %s: write FORMAT=FILE to name more files", plain, v)
		}
		plain = v
		fmt.Fprintf(c.Stderr, "faultline: --output FILE is deprecated: write --output %s=%s (FORMAT=FILE, as lint takes it)\n", strings.ToLower(gf.format), report.CleanText(v))
	}
	return outputs, plain, nil
}

func validGraphFormat(f string) bool {
	for _, x := range graph.Formats() {
		if strings.EqualFold(f, x) {
			return true
		}
	}
	return false
}

// buildGraph loads the tree and draws it, around --focus when given: a
// rule's findings (the rules run as lint runs them) or an entity.
func (c *CLI) buildGraph(eopts engine.Options, cfg *lint.Config, focus string) (*graph.Graph, error) {
	r := rules.Find(focus)
	if focus == "" || r == nil {
		loaded, err := engine.Load(eopts)
		if err != nil {
			return nil, err
		}
		c.unreadable(loaded.Input.Diagnostics)
		m := loaded.Input.Model
		g := graph.Build(m)
		if focus == "" {
			return g, nil
		}
		seeds := g.Find(focus)
		if len(seeds) == 0 {
			if e := m.Lookup(focus); e != nil {
				seeds = g.Find(e.Base().Addr)
			}
		}
		if len(seeds) == 0 {
			return nil, usageError{fmt.Errorf("--focus %q: no rule and no entity of the model has that ID, address or label (see `faultline rules`, and the addresses in `faultline graph --format dot`)", focus)}
		}
		return g.Around(seeds, focusEntityHops), nil
	}
	ropts, err := cfg.Options(rules.All)
	if err != nil {
		return nil, err
	}
	loaded, res, err := engine.Run(eopts, rules.All, ropts)
	if err != nil {
		return nil, err
	}
	c.unreadable(loaded.Input.Diagnostics)
	var fs []lint.Finding
	for _, f := range res.Findings {
		if f.Rule == r.ID && f.Suppressed == nil {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		fmt.Fprintf(c.Stderr, "faultline: no %s finding: the graph is empty\n", r.ID)
	}
	g := graph.Build(loaded.Input.Model)
	return g.Around(g.Findings(fs), focusRuleHops), nil
}

// unreadable says on stderr which inputs the graph lacks because they
// could not be read (lint reports them as FL000).
func (c *CLI) unreadable(diags []lint.Diagnostic) {
	for _, d := range diags {
		fmt.Fprintf(c.Stderr, "faultline: %s: %s (not in the graph; `faultline lint` reports it as FL000)\n", report.CleanText(d.Range.String()), report.CleanText(d.Summary))
	}
}

// graphOptions builds the engine's options from the flags as lint does:
// variables, variables files, configuration, plan and chart renderer.
func (c *CLI) graphOptions(paths []string, gf graphFlags, cwd string, abs func(string) string) (engine.Options, *lint.Config, func(), error) {
	none := func() {}
	vars := map[string]string{}
	for _, v := range gf.vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			return engine.Options{}, nil, none, fmt.Errorf("--var %q: want NAME=VALUE", v)
		}
		vars[name] = value
	}
	var varFiles []string
	varFileData := map[string][]byte{}
	for _, vf := range gf.varFiles {
		p := abs(vf)
		data, err := checkVarFile(p)
		if err != nil {
			return engine.Options{}, nil, none, fmt.Errorf("--var-file %s: %w", vf, err)
		}
		varFiles = append(varFiles, p)
		varFileData[p] = data
	}
	lay, err := engine.Locate(paths, cwd, gf.root)
	if err != nil {
		return engine.Options{}, nil, none, err
	}
	cfg, err := c.loadConfig(gf.config, lay.ConfigStart, cwd)
	if err != nil {
		return engine.Options{}, nil, none, err
	}
	if gf.kubeVer != "" {
		if err := helm.CheckKubeVersion(gf.kubeVer); err != nil {
			return engine.Options{}, nil, none, fmt.Errorf("--kube-version: %w", err)
		}
	}
	tfPlan, planFile, err := c.readPlan(gf.plan, abs)
	if err != nil {
		return engine.Options{}, nil, none, err
	}
	renderer, stop, err := c.renderer()
	if err != nil {
		return engine.Options{}, nil, none, err
	}
	return engine.Options{Paths: paths, Cwd: cwd, TreeRoot: lay.TreeRootFor(cfg, gf.config != ""), Vars: vars, VarFiles: varFiles, VarFileData: varFileData, Config: cfg,
		Renderer: renderer, KubeVersion: gf.kubeVer, Plan: tfPlan, PlanFile: planFile}, cfg, stop, nil
}

// pictureFindings maps every finding onto the model's graph, for the
// markdown report's drawn chains (objects and their relations).
func pictureFindings(fs []lint.Finding, m *lint.Model) {
	if m == nil || len(fs) == 0 {
		return
	}
	d := graph.Build(m).Pictures()
	for i := range fs {
		fs[i].Picture = d.Picture(fs[i])
	}
}
