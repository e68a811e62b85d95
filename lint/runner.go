package lint

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Input is what the runner lints: the model and the input problems met
// while building it.
type Input struct {
	Model       *Model
	Diagnostics []Diagnostic
	// Notes are coverage records from the parsers.
	Notes []Note
	// Files is how many files fed the model.
	Files int
	// Ignores are the suppressions written in the input.
	Ignores []Ignore
}

// Options select and adjust rules.
type Options struct {
	// Enable, when non-empty, runs only these rules (IDs or names), plus
	// rules that cannot be disabled.
	Enable []string
	// Disable skips these rules (IDs or names).
	Disable []string
	// Severity overrides a rule's severity (key: ID or name).
	Severity map[string]Severity
	// Today decides whether an ignore has expired (zero: now).
	Today time.Time
}

// Result is the outcome of a run.
type Result struct {
	Findings []Finding
	Summary  Summary
}

// Summary counts findings by severity and the coverage of the run.
type Summary struct {
	Errors   int      `json:"errors"`
	Warnings int      `json:"warnings"`
	Notices  int      `json:"notices"`
	Files    int      `json:"files"`
	Coverage Coverage `json:"coverage"`
	// Notes are the coverage records behind the counts.
	Notes []Note `json:"-"`
}

// Coverage counts what the run could not decide, inferred, or skipped.
type Coverage struct {
	Unresolved int `json:"unresolved"`
	Inferred   int `json:"inferred"`
	Skipped    int `json:"skipped"`
}

// FindRule returns the rule named by ID or name (case-insensitive).
func FindRule(rules []*Rule, key string) *Rule {
	for _, r := range rules {
		if strings.EqualFold(r.ID, key) || strings.EqualFold(r.Name, key) {
			return r
		}
	}
	return nil
}

// CheckRuleNames reports an error for any key that names no rule.
func CheckRuleNames(rules []*Rule, keys []string) error {
	for _, k := range keys {
		if FindRule(rules, k) == nil {
			return fmt.Errorf("unknown rule %q (see `faultline rules`)", k)
		}
	}
	return nil
}

// Run checks the model with every selected rule (enable/disable) and
// post-processes the findings: suppressions (then the rule reporting
// problems with ignores runs), severity overrides, de-duplication,
// fingerprints, sorting.
func Run(in Input, rules []*Rule, opts Options) Result {
	model := in.Model
	if model == nil {
		model = &Model{}
	}
	model.Sort()
	model.prepare()
	var findings []Finding
	notes := append([]Note(nil), in.Notes...)
	selected := selectRules(rules, opts)
	var early, late []*Rule
	for _, r := range selected {
		if r.ReportsIgnores {
			late = append(late, r)
		} else {
			early = append(early, r)
		}
	}
	for _, p := range checkAll(early, model, in.Diagnostics) {
		findings = append(findings, p.findings...)
		notes = append(notes, p.notes...)
	}
	findings, problems := Suppress(findings, in.Ignores, rules, selected, opts.Today)
	for _, r := range late {
		p := &Pass{Rule: r, Model: model, Diagnostics: in.Diagnostics, IgnoreProblems: problems}
		r.Check(p)
		findings = append(findings, p.findings...)
		notes = append(notes, p.notes...)
	}
	findings = postprocess(findings, rules, opts, model.filesOfSeveralRoots())
	res := Result{Findings: findings}
	res.Summary = Summarize(findings, notes, in.Files)
	return res
}

func selectRules(rules []*Rule, opts Options) []*Rule {
	var out []*Rule
	for _, r := range rules {
		if r.Unsuppressible {
			out = append(out, r)
			continue
		}
		if len(opts.Enable) > 0 && !named(r, opts.Enable) {
			continue
		}
		if named(r, opts.Disable) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func named(r *Rule, keys []string) bool {
	for _, k := range keys {
		if strings.EqualFold(k, r.ID) || strings.EqualFold(k, r.Name) {
			return true
		}
	}
	return false
}

// Postprocess is the pipeline of small steps over findings: valid ranges
// → severity overrides → de-duplication → roots named → deterministic
// sort → fingerprints.
func Postprocess(fs []Finding, rules []*Rule, opts Options) []Finding {
	return postprocess(fs, rules, opts, nil)
}

// postprocess is Postprocess, naming the roots of a finding in one of the
// files shared (read by several roots, as filesOfSeveralRoots).
func postprocess(fs []Finding, rules []*Rule, opts Options, shared map[string]bool) []Finding {
	ValidRanges(fs)
	fs = OverrideSeverity(fs, rules, opts.Severity)
	fs = Dedupe(fs)
	fs = nameRoots(fs, shared)
	SortFindings(fs)
	Fingerprint(fs)
	return fs
}

// ValidRanges makes every range of the findings valid (Range.Valid): the
// primary range, related locations and the suppression's.
// A range ending before it starts is a producer's mistake; no report may
// carry it (reporters underline from start to end).
func ValidRanges(fs []Finding) {
	for i := range fs {
		validFinding(&fs[i])
	}
}

func validFinding(f *Finding) {
	f.Range = f.Range.Valid()
	for j := range f.Related {
		f.Related[j].Range = f.Related[j].Range.Valid()
	}
	if f.Suppressed != nil {
		f.Suppressed.Range = f.Suppressed.Range.Valid()
	}
}

// OverrideSeverity applies configured severities (by rule ID or name).
func OverrideSeverity(fs []Finding, rules []*Rule, over map[string]Severity) []Finding {
	if len(over) == 0 {
		return fs
	}
	byID := map[string]Severity{}
	for k, s := range over {
		if r := FindRule(rules, k); r != nil && !r.Unsuppressible {
			byID[r.ID] = s
		}
	}
	for i := range fs {
		if s, ok := byID[fs[i].Rule]; ok {
			if len(fs[i].Inferred) > 0 {
				s = s.Lower()
			}
			fs[i].Severity = s
		}
	}
	return fs
}

// Dedupe keeps one finding per rule, primary range and key (the message
// when there is no key): the first, with the related locations of the
// others it lacks. The same chain reached twice (a manifest read by two
// discovery paths, an object both a kustomization and a plain read
// yield) is one finding, whatever the wording.
func Dedupe(fs []Finding) []Finding {
	seen := map[string]int{}
	out := fs[:0]
	for _, f := range fs {
		id := f.Key
		if id == "" {
			id = "message:" + f.Message
		}
		k := f.Rule + "\x00" + f.Range.File + "\x00" + fmt.Sprint(f.Range.Line, ":", f.Range.Column) + "\x00" + id
		if i, ok := seen[k]; ok {
			out[i].Related = addRelated(out[i].Related, f.Related)
			continue
		}
		seen[k] = len(out)
		out = append(out, f)
	}
	return out
}

// addRelated appends the locations of more that to does not hold yet.
func addRelated(to, more []Location) []Location {
	for _, l := range more {
		if !slices.Contains(to, l) {
			to = append(to, l)
		}
	}
	return to
}

// NameRoots makes findings that would read alike tell their roots apart:
// findings of one rule at one range whose Roots differ (a module two
// Terraform roots call, each root judged on its own), whatever their
// messages, get " (in root A)" — " (in roots A and B)" — added to the
// message; so do findings in a file several roots read (a module they
// call) when only one root's finding is there. Then
// findings that still read alike at one range are one finding (the
// first, with the related locations of the others): the same chain told
// twice, whatever keys its objects had. Findings that differ in severity
// or suppression stay apart. Before that, a finding whose roots are all
// among another alike finding's is folded into it (foldRootSubsets).
func NameRoots(fs []Finding) []Finding { return nameRoots(fs, nil) }

// nameRoots is NameRoots, where a finding in a file of shared names its
// roots whatever other findings are at its range.
func nameRoots(fs []Finding, shared map[string]bool) []Finding {
	at := func(f Finding) string {
		return f.Rule + "\x00" + f.Range.File + "\x00" + fmt.Sprint(f.Range.Line, ":", f.Range.Column) + "\x00" + f.Message
	}
	fs = foldRootSubsets(fs, func(f Finding) string {
		return at(f) + "\x00" + f.Severity.String() + "\x00" + fmt.Sprint(f.Suppressed != nil)
	})
	// By range, not message: findings of one rule at one range from
	// different roots may read differently (what else each root's
	// instance holds) and still not say whose they are.
	place := func(f Finding) string {
		return f.Rule + "\x00" + f.Range.File + "\x00" + fmt.Sprint(f.Range.Line, ":", f.Range.Column)
	}
	roots := map[string][]string{}
	for _, f := range fs {
		k := place(f)
		r := strings.Join(f.Roots, "\x00")
		if !slices.Contains(roots[k], r) {
			roots[k] = append(roots[k], r)
		}
	}
	for i, f := range fs {
		if (len(roots[place(f)]) > 1 || shared[f.Range.File]) && len(f.Roots) > 0 {
			fs[i].Message += " (in " + Plural(len(f.Roots), "root ", "roots ") + proseList(f.Roots) + ")"
		}
	}
	seen := map[string]int{}
	out := fs[:0]
	for _, f := range fs {
		k := at(f) + "\x00" + f.Severity.String() + "\x00" + fmt.Sprint(f.Suppressed != nil)
		if i, ok := seen[k]; ok {
			out[i].Related = addRelated(out[i].Related, f.Related)
			continue
		}
		seen[k] = len(out)
		out = append(out, f)
	}
	return out
}

// foldRootSubsets folds a finding resting on some roots into an alike
// finding (same key by alike) resting on those roots and more: two
// roots whose objects are one (a cluster both name alike) tell the
// chain once across both, and again inside one of them. The finding
// kept is the alike one with the most roots, first in order on a tie;
// it gains the related locations of those folded into it. Findings
// resting on no root are left alone.
func foldRootSubsets(fs []Finding, alike func(Finding) string) []Finding {
	groups := map[string][]int{}
	for i, f := range fs {
		if len(f.Roots) > 0 {
			k := alike(f)
			groups[k] = append(groups[k], i)
		}
	}
	into := map[int]int{}
	for _, idx := range groups {
		for _, i := range idx {
			best := -1
			for _, j := range idx {
				if j != i && strictSubset(fs[i].Roots, fs[j].Roots) && (best < 0 || len(fs[j].Roots) > len(fs[best].Roots)) {
					best = j
				}
			}
			if best >= 0 {
				into[i] = best
			}
		}
	}
	if len(into) == 0 {
		return fs
	}
	for i := range fs {
		if j, ok := into[i]; ok {
			fs[j].Related = addRelated(fs[j].Related, fs[i].Related)
		}
	}
	out := fs[:0]
	for i, f := range fs {
		if _, ok := into[i]; !ok {
			out = append(out, f)
		}
	}
	return out
}

// strictSubset says whether every root of a is in b and b has more.
func strictSubset(a, b []string) bool {
	if len(a) >= len(b) {
		return false
	}
	for _, r := range a {
		if !slices.Contains(b, r) {
			return false
		}
	}
	return true
}

// Plural is one when n is 1, else many (for messages).
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// proseList joins words as prose: "a", "a and b", "a, b and c".
func proseList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// Fingerprint gives each finding a stable hash of its rule, file and key
// (or message): it survives line shifts. Findings that would share one
// (two FL000 with one message in one file) are told apart by their order
// in the file, fs being sorted: the first keeps the plain hash, the n-th
// after it hashes n too, so every fingerprint names one finding (GitLab
// merges issues with one fingerprint).
func Fingerprint(fs []Finding) {
	seen := map[string]int{}
	for i := range fs {
		key := fs[i].Key
		if key == "" {
			key = fs[i].Message
		}
		base := fs[i].Rule + "\x00" + fs[i].Range.File + "\x00" + key
		n := seen[base]
		seen[base]++
		if n > 0 {
			base += "\x00" + strconv.Itoa(n)
		}
		sum := sha256.Sum256([]byte(base))
		fs[i].Fingerprint = hex.EncodeToString(sum[:8])
	}
}

// SortFindings orders findings by file, line, column and rule.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Range != b.Range && (a.Range.File != b.Range.File || a.Range.Line != b.Range.Line || a.Range.Column != b.Range.Column) {
			return a.Range.Less(b.Range)
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// Summarize counts findings (suppressed ones excluded) and coverage notes.
func Summarize(fs []Finding, notes []Note, files int) Summary {
	s := Summary{Files: files}
	for _, f := range fs {
		if f.Suppressed != nil {
			continue
		}
		if len(f.Inferred) > 0 {
			s.Coverage.Inferred++
		}
		switch f.Severity {
		case Error:
			s.Errors++
		case Warning:
			s.Warnings++
		case Notice:
			s.Notices++
		}
	}
	seen := map[string]bool{}
	for _, n := range notes {
		k := string(n.Kind) + "\x00" + n.What + "\x00" + n.Range.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		s.Notes = append(s.Notes, n)
		switch n.Kind {
		case Unresolved:
			s.Coverage.Unresolved++
		case Inferred:
			s.Coverage.Inferred++
		case Skipped:
			s.Coverage.Skipped++
		}
	}
	sort.SliceStable(s.Notes, func(i, j int) bool {
		if s.Notes[i].Range != s.Notes[j].Range {
			return s.Notes[i].Range.Less(s.Notes[j].Range)
		}
		return s.Notes[i].What < s.Notes[j].What
	})
	return s
}

// Failed reports whether any unsuppressed finding is at or above level
// (level 0 means never).
func (r Result) Failed(level Severity) bool {
	if level == 0 {
		return false
	}
	for _, f := range r.Findings {
		if f.Suppressed == nil && f.Severity >= level {
			return true
		}
	}
	return false
}

// checkAll runs the rules over the model, as many at once as there are
// cores (rules only read the model: its indexes are built before, see
// Model.prepare, and what rules share is computed once under Memo's
// lock), and returns their passes in the rules' order, so the result is
// the same as one after another.
func checkAll(rules []*Rule, model *Model, diags []Diagnostic) []*Pass {
	passes := make([]*Pass, len(rules))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rules)) {
		wg.Go(func() {
			for i := range next {
				p := &Pass{Rule: rules[i], Model: model, Diagnostics: diags}
				rules[i].Check(p)
				passes[i] = p
			}
		})
	}
	for i := range rules {
		next <- i
	}
	close(next)
	wg.Wait()
	return passes
}
