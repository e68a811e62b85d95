package lint

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// ConfigFile is the name of the configuration file FindConfig looks for.
const ConfigFile = ".faultline.hcl"

// Config is a parsed .faultline.hcl.
type Config struct {
	// Path is the config file as given to LoadConfig (positions use it).
	Path string
	// Dir is the absolute directory of the config file; excludes and
	// scope directories are relative to it.
	Dir string
	// Exclude are doublestar globs over slash paths relative to Dir.
	Exclude []string
	// KubeVersion is the Kubernetes version for chart rendering, if set.
	KubeVersion string
	Rules       []RuleConfig
	Scopes      []ScopeConfig
	// Terraform are default variables and variable files per root module.
	Terraform []TerraformConfig
	// Charts are values files to render charts with when nothing in the
	// tree installs them.
	Charts []ChartConfig
	// CapacityComplete is set by capacity { complete = true }: the
	// capacity the tree declares is the whole capacity of its clusters,
	// though it declares no EKS cluster (see Model.CapacityComplete).
	CapacityComplete bool
}

// TerraformConfig is one terraform block: variables for the root modules
// under a directory (--var and --var-file still win).
type TerraformConfig struct {
	// Dir is the absolute, cleaned directory the block applies to.
	Dir string
	// Vars are variable values as written (strings; HCL expressions for
	// non-string variables, as --var takes them).
	Vars map[string]string
	// VarFiles are absolute variables files, applied in order.
	VarFiles []string
	Range    Range
}

// ChartConfig is one chart block: values files for a chart directory.
type ChartConfig struct {
	// Dir is the chart's absolute, cleaned directory.
	Dir string
	// ValuesFiles are absolute values files, merged in order.
	ValuesFiles []string
	Range       Range
}

// RuleConfig is one rule block: a rule (ID or name) enabled or disabled,
// or given another severity.
type RuleConfig struct {
	Rule string
	// Enabled is nil when the block does not say.
	Enabled *bool
	// Severity is 0 when the block does not say.
	Severity Severity
	// Range is the block header.
	Range Range
}

// ScopeConfig is one scope block: the scope of everything under a
// directory.
type ScopeConfig struct {
	// Dir is the absolute, cleaned directory the block applies to.
	Dir   string
	Scope Scope
	// Range is the block header.
	Range Range
}

var configSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "exclude"}, {Name: "kube_version"}},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "rule", LabelNames: []string{"name"}},
		{Type: "scope", LabelNames: []string{"directory"}},
		{Type: "terraform", LabelNames: []string{"directory"}},
		{Type: "chart", LabelNames: []string{"directory"}},
		// capacity has no directory label: one switch for the tree. A
		// GitOps repository where one directory is one cluster already
		// tells its clusters apart with scope blocks (or cluster
		// directories scanned on their own), and the capacity a workload
		// is fitted onto is only that of its own scope; a per-directory
		// form would say nothing more for such trees.
		{Type: "capacity"},
	},
}

var capacitySchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "complete", Required: true}},
}

var terraformSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "vars"}, {Name: "var_files"}},
}

var chartSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "values_files", Required: true}},
}

var ruleSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "enabled"}, {Name: "severity"}},
}

var scopeSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "partition"}, {Name: "account"}, {Name: "region"}, {Name: "cluster"}, {Name: "oidc_issuer"}},
}

var (
	accountPattern     = regexp.MustCompile(`^[0-9]{12}$`)
	issuerPattern      = regexp.MustCompile(`^(https://)?[a-z0-9.-]+(/[A-Za-z0-9._-]+)*$`)
	regionPattern      = regexp.MustCompile(`^[a-z]{2,}(-[a-z]+)+-[0-9]+$`)
	partitionPattern   = regexp.MustCompile(`^aws(-[a-z]+)*$`)
	kubeVersionPattern = regexp.MustCompile(`^v?[0-9]+\.[0-9]+(\.[0-9]+)?([-+][0-9A-Za-z.+-]*)?$`)
)

// LoadConfig reads and checks a config file. Every problem in the file is
// reported with its position, in hcl's diagnostic format
// (".faultline.hcl:3,1-5: Unsupported argument; …").
func LoadConfig(path string) (*Config, error) {
	return LoadConfigNamed(path, path)
}

// LoadConfigNamed reads the config file at path (absolute or relative to
// the process) and names it display in positions and errors.
func LoadConfigNamed(path, display string) (*Config, error) {
	src, err := treefs.ReadExplicit(path, maxConfigFile)
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", display, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", display, err)
	}
	return parseConfig(src, display, filepath.Dir(abs))
}

// CheckFoundConfig makes sure a config file FindConfig found resolves
// inside the repository holding it (or, outside git, its own directory):
// a pull request cannot apply a config from elsewhere through a symlink.
func CheckFoundConfig(path string) error {
	dir := filepath.Dir(path)
	top := dir
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if !treefs.New([]string{dir}, top).Contains(path) {
		return ErrConfigOutside
	}
	return nil
}

// parseConfig decodes src (named filename in positions) for a config file
// in the absolute directory dir.
func parseConfig(src []byte, filename, dir string) (*Config, error) {
	if e := nesting.HCL(src); e != nil {
		return nil, e.Diagnostic(filename)
	}
	file, diags := hclparse.NewParser().ParseHCL(src, filename)
	if diags.HasErrors() {
		return nil, diagsError(diags)
	}
	content, diags := file.Body.Content(configSchema)
	c := &Config{Path: filename, Dir: dir}
	if attr, ok := content.Attributes["exclude"]; ok {
		var list []string
		diags = append(diags, decodeAttr(attr, cty.List(cty.String), func(v cty.Value) {
			for _, e := range v.AsValueSlice() {
				list = append(list, e.AsString())
			}
		})...)
		for _, p := range list {
			norm := normalizeGlob(p)
			if norm == "" || !doublestar.ValidatePattern(norm) {
				diags = append(diags, attrError(attr, "Invalid exclude pattern", fmt.Sprintf("%q is not a valid glob pattern.", p)))
				continue
			}
			c.Exclude = append(c.Exclude, norm)
		}
	}
	if attr, ok := content.Attributes["kube_version"]; ok {
		diags = append(diags, decodeString(attr, kubeVersionPattern, `a Kubernetes version such as "1.31"`, &c.KubeVersion)...)
	}
	seenRules := map[string]*hcl.Block{}
	seenScopes := map[string]*hcl.Block{}
	var seenCapacity *hcl.Block
	for _, b := range content.Blocks {
		switch b.Type {
		case "capacity":
			if seenCapacity != nil {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate capacity block",
					Detail: fmt.Sprintf("A capacity block was already defined at %s.", seenCapacity.DefRange), Subject: b.DefRange.Ptr()})
				continue
			}
			seenCapacity = b
			cc, d := b.Body.Content(capacitySchema)
			diags = append(diags, d...)
			if attr, ok := cc.Attributes["complete"]; ok {
				diags = append(diags, decodeAttr(attr, cty.Bool, func(v cty.Value) { c.CapacityComplete = v.True() })...)
			}
		case "rule":
			rc, d := decodeRuleBlock(b)
			diags = append(diags, d...)
			key := strings.ToLower(rc.Rule)
			if prev, ok := seenRules[key]; ok {
				diags = append(diags, duplicateBlock(b, prev))
				continue
			}
			seenRules[key] = b
			c.Rules = append(c.Rules, rc)
		case "terraform":
			tc, d := decodeTerraformBlock(b, dir)
			diags = append(diags, d...)
			c.Terraform = append(c.Terraform, tc)
		case "chart":
			cc, d := decodeChartBlock(b, dir)
			diags = append(diags, d...)
			c.Charts = append(c.Charts, cc)
		case "scope":
			sc, d := decodeScopeBlock(b, dir)
			diags = append(diags, d...)
			if d.HasErrors() {
				continue
			}
			if prev, ok := seenScopes[sc.Dir]; ok {
				diags = append(diags, duplicateBlock(b, prev))
				continue
			}
			seenScopes[sc.Dir] = b
			c.Scopes = append(c.Scopes, sc)
		}
	}
	if diags.HasErrors() {
		return nil, diagsError(diags)
	}
	return c, nil
}

func decodeRuleBlock(b *hcl.Block) (RuleConfig, hcl.Diagnostics) {
	rc := RuleConfig{Rule: b.Labels[0], Range: fromHCLRange(b.DefRange)}
	var diags hcl.Diagnostics
	if strings.TrimSpace(rc.Rule) == "" {
		diags = append(diags, labelError(b, "Missing rule", "A rule block needs a rule ID or name, such as rule \"FL103\"."))
	}
	content, d := b.Body.Content(ruleSchema)
	diags = append(diags, d...)
	if attr, ok := content.Attributes["enabled"]; ok {
		diags = append(diags, decodeAttr(attr, cty.Bool, func(v cty.Value) {
			on := v.True()
			rc.Enabled = &on
		})...)
	}
	if attr, ok := content.Attributes["severity"]; ok {
		var s string
		d := decodeAttr(attr, cty.String, func(v cty.Value) { s = v.AsString() })
		diags = append(diags, d...)
		if !d.HasErrors() {
			sev, err := ParseSeverity(s)
			if err != nil {
				diags = append(diags, attrError(attr, "Invalid severity", fmt.Sprintf("Severity must be \"error\", \"warning\" or \"notice\", not %q.", s)))
			}
			rc.Severity = sev
		}
	}
	return rc, diags
}

func decodeScopeBlock(b *hcl.Block, dir string) (ScopeConfig, hcl.Diagnostics) {
	sc := ScopeConfig{Range: fromHCLRange(b.DefRange)}
	var diags hcl.Diagnostics
	label := b.Labels[0]
	switch {
	case strings.TrimSpace(label) == "":
		diags = append(diags, labelError(b, "Missing scope directory", `A scope block needs a directory relative to the config file, such as scope "infra/prod" (or "." for everything).`))
	case path.IsAbs(label) || filepath.IsAbs(label) || filepath.VolumeName(label) != "":
		diags = append(diags, labelError(b, "Invalid scope directory", fmt.Sprintf("%q is absolute; scope directories are relative to the directory of the config file.", label)))
	default:
		sc.Dir = filepath.Join(dir, filepath.FromSlash(label))
	}
	content, d := b.Body.Content(scopeSchema)
	diags = append(diags, d...)
	fields := []struct {
		name    string
		pattern *regexp.Regexp
		want    string
		dst     *string
	}{
		{"partition", partitionPattern, `an AWS partition such as "aws"`, &sc.Scope.Partition},
		{"account", accountPattern, "a 12-digit AWS account ID", &sc.Scope.Account},
		{"region", regionPattern, `an AWS region such as "eu-west-1"`, &sc.Scope.Region},
		{"cluster", nil, "a cluster name", &sc.Scope.Cluster},
		{"oidc_issuer", issuerPattern, `the cluster's OIDC issuer such as "oidc.eks.us-east-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE"`, &sc.Scope.OIDCIssuer},
	}
	for _, f := range fields {
		if attr, ok := content.Attributes[f.name]; ok {
			diags = append(diags, decodeString(attr, f.pattern, f.want, f.dst)...)
		}
	}
	sc.Scope.OIDCIssuer = strings.TrimPrefix(sc.Scope.OIDCIssuer, "https://")
	return sc, diags
}

// decodeAttr evaluates attr without variables, converts it to ty and
// passes it to set when it is a usable value.
func decodeAttr(attr *hcl.Attribute, ty cty.Type, set func(cty.Value)) hcl.Diagnostics {
	v, diags := attr.Expr.Value(nil)
	if diags.HasErrors() {
		return diags
	}
	want := ty.FriendlyName()
	if v.IsNull() || !v.IsWhollyKnown() {
		return append(diags, attrError(attr, "Invalid value", fmt.Sprintf("%s must be a %s.", attr.Name, want)))
	}
	cv, err := convert.Convert(v, ty)
	if err != nil || cv.IsNull() || (ty.IsListType() && hasNull(cv)) {
		return append(diags, attrError(attr, "Invalid value", fmt.Sprintf("%s must be a %s.", attr.Name, want)))
	}
	set(cv)
	return diags
}

func hasNull(list cty.Value) bool {
	for _, e := range list.AsValueSlice() {
		if e.IsNull() {
			return true
		}
	}
	return false
}

// decodeString decodes a non-empty string attribute into dst, checked
// against pattern when there is one.
func decodeString(attr *hcl.Attribute, pattern *regexp.Regexp, want string, dst *string) hcl.Diagnostics {
	var s string
	diags := decodeAttr(attr, cty.String, func(v cty.Value) { s = v.AsString() })
	if diags.HasErrors() {
		return diags
	}
	if s == "" || (pattern != nil && !pattern.MatchString(s)) {
		return append(diags, attrError(attr, "Invalid value", fmt.Sprintf("%s must be %s, not %q.", attr.Name, want, s)))
	}
	*dst = s
	return diags
}

func attrError(attr *hcl.Attribute, summary, detail string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: attr.Expr.Range().Ptr(), Context: attr.Range.Ptr()}
}

func labelError(b *hcl.Block, summary, detail string) *hcl.Diagnostic {
	subject := b.DefRange
	if len(b.LabelRanges) > 0 {
		subject = b.LabelRanges[0]
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: subject.Ptr(), Context: b.DefRange.Ptr()}
}

func duplicateBlock(b, prev *hcl.Block) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  fmt.Sprintf("Duplicate %s block", b.Type),
		Detail:   fmt.Sprintf("A %s block for %q was already defined at %s.", b.Type, b.Labels[0], prev.DefRange),
		Subject:  b.DefRange.Ptr(),
	}
}

// diagsError turns error diagnostics into one error, one line each, in
// hcl's "file:line,col-col: Summary; Detail" format.
func diagsError(diags hcl.Diagnostics) error {
	var errs []error
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d)
		}
	}
	return errors.Join(errs...)
}

// configError is an error at a range of the config file, in hcl's format.
func configError(r Range, summary, detail string) error {
	hr := hcl.Range{
		Filename: r.File,
		Start:    hcl.Pos{Line: r.Line, Column: r.Column},
		End:      hcl.Pos{Line: r.EndLine, Column: r.EndColumn},
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: &hr}
}

func fromHCLRange(r hcl.Range) Range {
	return Range{File: r.Filename, Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// normalizeGlob makes a pattern relative to the config directory: "./"
// and a leading "/" are dropped, and a trailing "/" too.
func normalizeGlob(p string) string {
	p = strings.TrimSpace(p)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	p = strings.TrimLeft(p, "/")
	return strings.TrimRight(p, "/")
}

// maxConfigFile bounds a config file.
const maxConfigFile = 1 << 20

// ErrConfigOutside is a discovered config file that is a symlink leading
// out of the tree it was found in: it is not applied.
var ErrConfigOutside = errors.New("is a symlink leading outside the repository (or, outside git, its directory); it is not applied")

// FindConfig looks for ConfigFile in start (an absolute directory) and its
// parents. It stops at the filesystem root and after the directory that
// holds .git (the repository root).
func FindConfig(start string) (string, bool) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", false
	}
	for {
		candidate := filepath.Join(dir, ConfigFile)
		if fi, err := os.Lstat(candidate); err == nil && !fi.IsDir() {
			return candidate, true // a symlink too: CheckFoundConfig judges it
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Applies reports whether path is this configuration's own file (a nil
// config applies no file). The file is compared, not its spelling, so a
// symlinked directory on the way does not matter.
func (c *Config) Applies(path string) bool {
	if c == nil || c.Path == "" {
		return false
	}
	own := c.Path
	if !filepath.IsAbs(own) {
		own = filepath.Join(c.Dir, filepath.Base(own))
	}
	a, err1 := os.Stat(path)
	b, err2 := os.Stat(own)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// ScopeFor merges the scopes of every scope block whose directory holds
// absPath; the most specific directory wins per field.
func (c *Config) ScopeFor(absPath string) Scope {
	if c == nil || len(c.Scopes) == 0 {
		return Scope{}
	}
	p := absolute(absPath)
	var hits []ScopeConfig
	for _, s := range c.Scopes {
		if within(s.Dir, p) {
			hits = append(hits, s)
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return len(hits[i].Dir) > len(hits[j].Dir) })
	var out Scope
	for _, s := range hits {
		out = out.Merge(s.Scope)
	}
	return out
}

// Excluded reports whether absPath, or a directory above it inside the
// config directory, matches an exclude pattern. Paths outside the config
// directory are never excluded.
func (c *Config) Excluded(absPath string) bool {
	if c == nil || len(c.Exclude) == 0 {
		return false
	}
	return c.excludedBy(c.Exclude, absPath)
}

// ExcludedIn is Excluded for a path found below root, a directory the user
// named to scan: a pattern that matches root itself (or a directory above
// it) does not apply there, so `faultline lint examples/app` reads what a
// root-wide `exclude = ["examples/**"]` leaves out of `faultline lint .`.
// The exclude applies to what a scan finds, not to what the user names.
func (c *Config) ExcludedIn(root, absPath string) bool {
	if c == nil || len(c.Exclude) == 0 {
		return false
	}
	var active []string
	for _, pattern := range c.Exclude {
		if !c.excludedBy([]string{pattern}, root) {
			active = append(active, pattern)
		}
	}
	return len(active) > 0 && c.excludedBy(active, absPath)
}

// excludedBy reports whether absPath, or a directory above it below the
// config's directory, matches one of patterns.
func (c *Config) excludedBy(patterns []string, absPath string) bool {
	rel, err := filepath.Rel(c.Dir, absolute(absPath))
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	for p := rel; p != "."; p = path.Dir(p) {
		for _, pattern := range patterns {
			if doublestar.MatchUnvalidated(pattern, p) {
				return true
			}
		}
	}
	return false
}

// Options turns the rule blocks into run options: enabled = false disables
// a rule, severity overrides it. A block naming no rule, or trying to
// disable or re-grade a rule that cannot be suppressed, is an error at the
// block.
func (c *Config) Options(rules []*Rule) (Options, error) {
	var opts Options
	if c == nil {
		return opts, nil
	}
	var errs []error
	seen := map[string]Range{}
	for _, rc := range c.Rules {
		r := FindRule(rules, rc.Rule)
		if r == nil {
			errs = append(errs, configError(rc.Range, "Unknown rule", fmt.Sprintf("No rule has the ID or name %q; run \"faultline rules\" to list them.", rc.Rule)))
			continue
		}
		if prev, ok := seen[r.ID]; ok {
			errs = append(errs, configError(rc.Range, "Duplicate rule block", fmt.Sprintf("Rule %s (%s) is already configured at %s.", r.ID, r.Name, prev)))
			continue
		}
		seen[r.ID] = rc.Range
		if r.Unsuppressible && ((rc.Enabled != nil && !*rc.Enabled) || rc.Severity != 0) {
			errs = append(errs, configError(rc.Range, "Rule cannot be configured", fmt.Sprintf("Rule %s (%s) reports problems with the input itself; it cannot be disabled or given another severity.", r.ID, r.Name)))
			continue
		}
		if rc.Enabled != nil && !*rc.Enabled {
			opts.Disable = append(opts.Disable, r.ID)
		}
		if rc.Severity != 0 {
			if opts.Severity == nil {
				opts.Severity = map[string]Severity{}
			}
			opts.Severity[r.ID] = rc.Severity
		}
	}
	if len(errs) > 0 {
		return Options{}, errors.Join(errs...)
	}
	return opts, nil
}

func absolute(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

// within reports whether p is dir or below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// blockDir resolves a block's directory label against the config's
// directory; absolute labels are an error.
func blockDir(b *hcl.Block, dir string) (string, hcl.Diagnostics) {
	label := b.Labels[0]
	if filepath.IsAbs(label) || strings.TrimSpace(label) == "" {
		return "", hcl.Diagnostics{labelError(b, "Invalid directory", "The directory must be relative to the configuration file, such as \"infra/prod\".")}
	}
	return filepath.Clean(filepath.Join(dir, filepath.FromSlash(label))), nil
}

// decodeFiles reads a list of paths relative to base.
func decodeFiles(attr *hcl.Attribute, base string) ([]string, hcl.Diagnostics) {
	var out []string
	d := decodeAttr(attr, cty.List(cty.String), func(v cty.Value) {
		for _, e := range v.AsValueSlice() {
			p := e.AsString()
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, filepath.FromSlash(p))
			}
			out = append(out, filepath.Clean(p))
		}
	})
	return out, d
}

func decodeTerraformBlock(b *hcl.Block, dir string) (TerraformConfig, hcl.Diagnostics) {
	tc := TerraformConfig{Range: fromHCLRange(b.DefRange), Vars: map[string]string{}}
	d, diags := blockDir(b, dir)
	tc.Dir = d
	content, cd := b.Body.Content(terraformSchema)
	diags = append(diags, cd...)
	if attr, ok := content.Attributes["vars"]; ok {
		diags = append(diags, decodeAttr(attr, cty.Map(cty.String), func(v cty.Value) {
			for k, e := range v.AsValueMap() {
				tc.Vars[k] = e.AsString()
			}
		})...)
	}
	if attr, ok := content.Attributes["var_files"]; ok {
		files, fd := decodeFiles(attr, tc.Dir)
		diags = append(diags, fd...)
		tc.VarFiles = files
	}
	return tc, diags
}

func decodeChartBlock(b *hcl.Block, dir string) (ChartConfig, hcl.Diagnostics) {
	cc := ChartConfig{Range: fromHCLRange(b.DefRange)}
	d, diags := blockDir(b, dir)
	cc.Dir = d
	content, cd := b.Body.Content(chartSchema)
	diags = append(diags, cd...)
	if attr, ok := content.Attributes["values_files"]; ok {
		files, fd := decodeFiles(attr, cc.Dir)
		diags = append(diags, fd...)
		cc.ValuesFiles = files
	}
	return cc, diags
}

// UnusedTerraform are the terraform blocks that apply to no root module of
// roots (absolute directories) although they should: their directory
// does not exist (a label written against another directory than the
// configuration file's, which labels are relative to), or lies inside
// one of the scanned directories scan and holds no root module. A block
// for a directory outside the scan that exists is another run's.
func (c *Config) UnusedTerraform(roots, scan []string, exists func(string) bool) []TerraformConfig {
	if c == nil {
		return nil
	}
	var out []TerraformConfig
	for _, t := range c.Terraform {
		if slices.ContainsFunc(roots, func(r string) bool { return within(t.Dir, r) }) {
			continue
		}
		inScan := slices.ContainsFunc(scan, func(s string) bool { return within(s, t.Dir) })
		if !exists(t.Dir) || inScan {
			out = append(out, t)
		}
	}
	return out
}

// TerraformFor returns the variables and variable files configured for a
// root module directory: every terraform block whose directory contains
// it, outer blocks first so inner ones win.
func (c *Config) TerraformFor(absDir string) (map[string]string, []string) {
	if c == nil {
		return nil, nil
	}
	var blocks []TerraformConfig
	for _, t := range c.Terraform {
		if within(t.Dir, absDir) {
			blocks = append(blocks, t)
		}
	}
	sort.SliceStable(blocks, func(i, j int) bool { return len(blocks[i].Dir) < len(blocks[j].Dir) })
	vars := map[string]string{}
	var files []string
	for _, b := range blocks {
		for k, v := range b.Vars {
			vars[k] = v
		}
		files = append(files, b.VarFiles...)
	}
	return vars, files
}

// ChartValuesFor returns the values files configured for a chart directory.
func (c *Config) ChartValuesFor(absDir string) []string {
	if c == nil {
		return nil
	}
	for _, ch := range c.Charts {
		if ch.Dir == filepath.Clean(absDir) {
			return ch.ValuesFiles
		}
	}
	return nil
}
