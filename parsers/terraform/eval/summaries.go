package eval

import (
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
)

// A load parses every module directory of the tree first, to find the
// roots and plan which modules they use; that parse is most of what a
// run whose roots are kept costs. A session that records inputs can hand
// its modules' summaries to the next run (Summaries), which takes each one
// whose recorded inputs are unchanged instead of parsing the directory
// (UseSummaries): it is parsed only if a root evaluated needs its code.

// Summaries are the summaries of the directories this session parsed
// first and recorded, by directory.
func (l *Session) Summaries() map[string]kept.ModuleSummary {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]kept.ModuleSummary{}
	for dir, inf := range l.info {
		if !inf.recorded {
			continue
		}
		s := kept.ModuleSummary{Exists: inf.Exists, Files: inf.Files, Children: inf.Children, ChildPatterns: inf.ChildPatterns, Elsewhere: inf.Elsewhere, Remote: inf.remote, Inputs: inf.inputs, Refused: inf.refused, NotKept: inf.notKept, Templates: inf.Templates, Applied: inf.Applied, OutputRefs: inf.OutputRefs, LocalCalls: inf.LocalCalls, Outputs: inf.Outputs, Whole: inf.Whole}
		s.Diags, s.Refs, s.LooseRefs, s.CrossFile = summaryDiags(inf.Diags), summaryDiags(inf.Refs), summaryDiags(inf.LooseRefs), summaryDiags(inf.CrossFile)
		s.Providers = inf.Providers
		s.ProviderRefs, s.LooseProviderRefs = summaryDiagMap(inf.ProviderRefs), summaryDiagMap(inf.LooseProviderRefs)
		out[dir] = s
	}
	return out
}

// UseSummaries takes, for each directory of dirs, its summary from an
// earlier run when unchanged says its inputs are: the directory is not
// parsed by the load's first pass, its refused files are noted as its
// first parse noted them. It returns how many were taken.
func (l *Session) UseSummaries(dirs []string, sums map[string]kept.ModuleSummary, unchanged func(cache.InputRecord) bool) int {
	n := 0
	for _, dir := range dirs {
		dir = filepath.Clean(dir)
		s, ok := sums[dir]
		if !ok || !unchanged(s.Inputs) {
			continue
		}
		inf := &modInfo{Exists: s.Exists, Files: s.Files, Children: s.Children, ChildPatterns: s.ChildPatterns, Elsewhere: s.Elsewhere, remote: s.Remote, recorded: true, inputs: s.Inputs, refused: s.Refused, notKept: s.NotKept, Templates: s.Templates, Applied: s.Applied, OutputRefs: s.OutputRefs, LocalCalls: s.LocalCalls, Outputs: s.Outputs, Whole: s.Whole}
		inf.Diags, inf.Refs, inf.LooseRefs, inf.CrossFile = hclDiags(s.Diags), hclDiags(s.Refs), hclDiags(s.LooseRefs), hclDiags(s.CrossFile)
		inf.Providers = s.Providers
		inf.ProviderRefs, inf.LooseProviderRefs = hclDiagMap(s.ProviderRefs), hclDiagMap(s.LooseProviderRefs)
		l.mu.Lock()
		if l.info == nil {
			l.info = map[string]*modInfo{}
		}
		_, parsed := l.info[dir]
		if !parsed {
			l.info[dir] = inf
			l.Refused = append(l.Refused, s.Refused...)
			n++
		}
		l.mu.Unlock()
	}
	return n
}

// summaryDiagMap is summaryDiags of each entry (nil for none).
func summaryDiagMap(m map[string]hcl.Diagnostics) map[string][]kept.SummaryDiag {
	var out map[string][]kept.SummaryDiag
	for k, ds := range m {
		if out == nil {
			out = map[string][]kept.SummaryDiag{}
		}
		out[k] = summaryDiags(ds)
	}
	return out
}

// hclDiagMap is hclDiags of each entry (nil for none).
func hclDiagMap(m map[string][]kept.SummaryDiag) map[string]hcl.Diagnostics {
	var out map[string]hcl.Diagnostics
	for k, ds := range m {
		if out == nil {
			out = map[string]hcl.Diagnostics{}
		}
		out[k] = hclDiags(ds)
	}
	return out
}

// summaryDiags are diagnostics as a summary keeps them.
func summaryDiags(ds hcl.Diagnostics) []kept.SummaryDiag {
	var out []kept.SummaryDiag
	for _, d := range ds {
		hint, _ := d.Extra.(lint.DiagnosticHint)
		out = append(out, kept.SummaryDiag{Severity: d.Severity, Summary: d.Summary, Detail: d.Detail, Subject: d.Subject, Hint: string(hint)})
	}
	return out
}

// hclDiags are the diagnostics a summary kept.
func hclDiags(ds []kept.SummaryDiag) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range ds {
		hd := &hcl.Diagnostic{Severity: d.Severity, Summary: d.Summary, Detail: d.Detail, Subject: d.Subject}
		if d.Hint != "" {
			hd.Extra = lint.DiagnosticHint(d.Hint)
		}
		out = append(out, hd)
	}
	return out
}
