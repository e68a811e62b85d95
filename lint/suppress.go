package lint

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// DateLayout is how an ignore's expiry is written (until=YYYY-MM-DD).
const DateLayout = "2006-01-02"

// Ignore is one suppression written in the input: an ignore comment
// (`# faultline:ignore FL101 reason`, `{{/* faultline:ignore FL101 reason
// */}}` in Helm templates), a `faultline.dev/ignore` annotation on a
// Kubernetes object, or an ignore-file comment. Parsers read them
// (package parsers/ignores); Suppress applies them.
type Ignore struct {
	// Rules are the rule IDs or names it names, as written. Empty on an
	// ignore-file means every rule.
	Rules []string
	// Reason is why, as written; required.
	Reason string
	// Until is the optional expiry (YYYY-MM-DD): the last day the ignore
	// holds.
	Until string
	// Range is the comment (or annotation) itself.
	Range Range
	// Target is what it covers: lines Target.Line through Target.EndLine
	// of Target.File (the next line, the comment's own line for a trailing
	// comment, an annotated object's lines).
	Target Range
	// File marks an ignore-file: it covers all of Target.File.
	File bool
	// Problem says what is wrong with how it is written (no reason, no
	// rule, a bad date); an ignore with a problem suppresses nothing.
	Problem string
}

// Covers reports whether the ignore's target holds any line of r.
func (ig Ignore) Covers(r Range) bool {
	if r.File == "" || r.File != ig.Target.File {
		return false
	}
	if ig.File {
		return true
	}
	end := max(r.EndLine, r.Line)
	tend := max(ig.Target.EndLine, ig.Target.Line)
	return r.Line <= tend && end >= ig.Target.Line
}

// directive renders the ignore the way it is written, for messages.
func (ig Ignore) directive() string {
	kw := "faultline:ignore"
	if ig.File {
		kw += "-file"
	}
	if len(ig.Rules) > 0 {
		kw += " " + strings.Join(ig.Rules, ",")
	}
	return kw
}

// IgnoreProblem is a problem with an ignore, reported by the rule that
// reports ignores (FL001): written without a reason or a rule, naming an
// unknown rule, expired, or matching nothing.
type IgnoreProblem struct {
	Ignore  Ignore
	Message string
	// Key identifies the problem independently of positions.
	Key string
}

// Suppress applies the ignores to the findings and returns the findings
// (suppressed ones marked, none removed) and the problems with the
// ignores, in position order.
//
// A finding is suppressed by a valid ignore that names its rule and covers
// its primary range or any related location: either end of a chain
// silences it. Findings of unsuppressible rules and of the rule reporting
// ignores are never suppressed. An ignore with a problem (no reason, no
// rule, a bad date) or past its expiry suppresses nothing and is reported.
// An ignore naming a rule that ran (ran) but matching none of its findings
// is reported as matching nothing, unless its file has an input problem
// (an unsuppressible finding there): the model may simply be missing what
// it covers. catalogue resolves rule names and IDs; today decides expiry
// (zero: now).
func Suppress(fs []Finding, ignores []Ignore, catalogue, ran []*Rule, today time.Time) ([]Finding, []IgnoreProblem) {
	if len(ignores) == 0 {
		return fs, nil
	}
	if today.IsZero() {
		today = time.Now()
	}
	day := today.Format(DateLayout)
	ranIDs := map[string]bool{}
	for _, r := range ran {
		ranIDs[r.ID] = true
	}
	suppressible, inputProblem := map[string]bool{}, map[string]bool{}
	for _, r := range catalogue {
		suppressible[r.ID] = !r.Unsuppressible && !r.ReportsIgnores
		inputProblem[r.ID] = r.Unsuppressible
	}

	type active struct {
		ig   Ignore
		ids  map[string]bool // nil: every rule (ignore-file)
		used map[string]bool
	}
	var problems []IgnoreProblem
	report := func(ig Ignore, kind, msg string) {
		problems = append(problems, IgnoreProblem{Ignore: ig, Message: msg, Key: kind + "|" + ig.directive() + "|" + ig.Reason})
	}
	sorted := append([]Ignore(nil), ignores...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Range.Less(sorted[j].Range) })
	var acts []*active
	for _, ig := range sorted {
		if ig.Problem != "" {
			report(ig, "invalid", ig.Problem)
			continue
		}
		if len(ig.Rules) == 0 && !ig.File {
			report(ig, "invalid", "ignore names no rule: write the rule IDs after faultline:ignore")
			continue
		}
		var ids map[string]bool
		if len(ig.Rules) > 0 || !ig.File {
			ids = map[string]bool{}
		}
		for _, key := range ig.Rules {
			r := FindRule(catalogue, key)
			switch {
			case r == nil:
				report(ig, "unknown:"+key, fmt.Sprintf("ignore names unknown rule %q (see `faultline rules`)", key))
			case r.Unsuppressible:
				report(ig, "unsuppressible:"+r.ID, fmt.Sprintf("%s %s cannot be suppressed: fix the input or exclude the file in .faultline.hcl", r.ID, r.Name))
			case r.ReportsIgnores:
				report(ig, "unsuppressible:"+r.ID, fmt.Sprintf("%s %s cannot be suppressed by an ignore: fix the ignore, or disable %s in .faultline.hcl", r.ID, r.Name, r.ID))
			default:
				ids[r.ID] = true
			}
		}
		if ids != nil && len(ids) == 0 {
			continue // nothing valid to apply; already reported
		}
		if ig.Until != "" && day > ig.Until {
			report(ig, "expired", fmt.Sprintf("ignore expired on %s: the findings it suppressed are reported again", ig.Until))
			continue
		}
		acts = append(acts, &active{ig: ig, ids: ids, used: map[string]bool{}})
	}

	byFile := map[string][]*active{}
	for _, a := range acts {
		byFile[a.ig.Target.File] = append(byFile[a.ig.Target.File], a)
	}
	broken := map[string]bool{}
	for i := range fs {
		f := &fs[i]
		if inputProblem[f.Rule] {
			broken[f.Range.File] = true
		}
		if !suppressible[f.Rule] {
			continue
		}
		ranges := make([]Range, 0, 1+len(f.Related))
		ranges = append(ranges, f.Range)
		for _, l := range f.Related {
			ranges = append(ranges, l.Range)
		}
		seen := map[string]bool{}
		for _, r := range ranges {
			if seen[r.File] {
				continue
			}
			seen[r.File] = true
			for _, a := range byFile[r.File] {
				if a.ids != nil && !a.ids[f.Rule] {
					continue
				}
				if !coversAny(a.ig, ranges) {
					continue
				}
				a.used[f.Rule] = true
				if f.Suppressed == nil {
					f.Suppressed = &Suppression{Reason: a.ig.Reason, Until: a.ig.Until, Range: a.ig.Range}
				}
			}
		}
	}

	for _, a := range acts {
		if broken[a.ig.Range.File] || broken[a.ig.Target.File] {
			continue
		}
		t := a.ig.Target
		where := fmt.Sprintf("the line it covers (%s:%d)", t.File, t.Line)
		if a.ig.File {
			where = "this file"
		} else if t.EndLine > t.Line {
			where = fmt.Sprintf("the lines it covers (%s:%d-%d)", t.File, t.Line, t.EndLine)
		}
		if a.ids == nil {
			if len(a.used) == 0 && anySuppressibleRan(ranIDs, suppressible) {
				report(a.ig, "unused", "ignore-file matches nothing: no finding in "+where+"; remove it")
			}
			continue
		}
		for _, id := range sortedKeys(a.ids) {
			if ranIDs[id] && !a.used[id] {
				report(a.ig, "unused:"+id, fmt.Sprintf("ignore of %s matches nothing: no %s finding on %s; remove it", id, id, where))
			}
		}
	}
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Ignore.Range.Less(problems[j].Ignore.Range) })
	return fs, problems
}

func coversAny(ig Ignore, rs []Range) bool {
	for _, r := range rs {
		if ig.Covers(r) {
			return true
		}
	}
	return false
}

func anySuppressibleRan(ran, suppressible map[string]bool) bool {
	for id := range ran {
		if suppressible[id] {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
