package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
)

// reportUnschedulable reports every workload whose pods can land nowhere
// the tree declares, at the stage this rule owns.
func reportUnschedulable(p *lint.Pass, stage scheduling.Stage, what func(scheduling.Verdict) string) {
	// The four rules share one fit of the model.
	res := p.Model.Memo("scheduling", func() any { return scheduling.Check(p.Model) }).(scheduling.Result)
	if stage == scheduling.StageSelectors {
		for _, e := range res.Elsewhere {
			p.Unresolved(e.What, e.Range)
		}
		for _, reason := range slices.Sorted(maps.Keys(res.Unjudged)) {
			p.Unresolved(res.Unjudgedf(reason), res.Unjudged[reason].Range)
		}
	}
	for _, v := range res.Verdicts {
		if v.Stage != stage {
			continue
		}
		p.Report(unschedulableFinding(v, what(v)))
	}
}

// unschedulableFinding builds the finding for a verdict: at the pod's side
// of the best candidate's blocking fact, with every candidate related.
func unschedulableFinding(v scheduling.Verdict, what string) lint.Finding {
	w := v.Workload
	best := v.Best()
	first := best.First(v.Stage)
	at := first.Pod
	if at.IsZero() {
		at = w.Range
	}
	f := lint.Finding{
		Range:    at,
		Message:  fmt.Sprintf("%s %s: %s (%s)", w.Label, pendingVerb(v), what, placeReasons(v)),
		Chain:    unschedulableChain(v),
		Hint:     unschedulableHint(best),
		Inferred: dedupe(slices.Clone(v.Inferred)),
		Key:      "unschedulable=" + w.Addr,
		Roots:    rootsOf(w),
		Breaks:   graph.SchedulesOn,
	}
	if v.Maybe {
		f.Severity = lint.Warning
	}
	if w.KarpenterController() {
		// Karpenter cannot launch the node its own controller needs:
		// the chain is the controller's, not one workload's.
		f.Message = fmt.Sprintf("%s %s: the Karpenter controller has nowhere to run: %s (%s)", w.Label, pendingVerb(v), what, placeReasons(v))
		f.Chain = controllerChain(v)
		f.Hint = fmt.Sprintf("keep capacity Karpenter does not launch for its controller — a managed node group it fits, or a Fargate profile selecting namespace %s — and never remove the last of it while Karpenter runs", w.Namespace)
	}
	for _, pf := range reaching(v) {
		m := pf.First(v.Stage)
		r := m.At
		if r.IsZero() {
			r = pf.Place.Range()
		}
		f.Related = append(f.Related, lint.Location{Range: r, Message: pf.Place.Label() + ": " + m.Reason})
	}
	return f
}

// controllerChain is the failure chain of the Karpenter controller's own
// pods: no place of its cluster takes them, and without a controller no
// NodePool launches anything.
func controllerChain(v scheduling.Verdict) []string {
	w := v.Workload
	chain := []string{fmt.Sprintf("the Karpenter controller (%s) needs a node for %s", w.Label, podNeeds(v))}
	for _, pf := range v.Places {
		var reasons []string
		for _, m := range pf.Misfits {
			reasons = append(reasons, m.Reason)
		}
		chain = append(chain, pf.Place.Label()+": "+strings.Join(reasons, "; "))
	}
	return append(chain,
		"Karpenter cannot launch a node for its own controller: it runs on capacity Karpenter does not manage, a node group or Fargate, and none of its cluster takes it (once the node group is gone, nothing does)",
		"the controller's pods stay Pending: no NodePool launches a node for any pod, and nodes that expire, are interrupted or drift are not replaced",
		"every pod that needs a new node stays Pending, and the cluster's Karpenter capacity drains away as its nodes go")
}

// pendingVerb says how sure the verdict is.
func pendingVerb(v scheduling.Verdict) string {
	if v.Daemon {
		return "runs no pod"
	}
	if v.Maybe {
		return "may stay Pending"
	}
	return "stays Pending"
}

// unschedulableChain is the failure chain: what the pod asks, why each
// place refuses, what Karpenter and the scheduler then do.
func unschedulableChain(v scheduling.Verdict) []string {
	w := v.Workload
	chain := []string{fmt.Sprintf("%s's pods need a node for %s", w.Label, podNeeds(v))}
	for _, pf := range v.Places {
		var reasons []string
		for _, m := range pf.Misfits {
			reasons = append(reasons, m.Reason)
		}
		chain = append(chain, pf.Place.Label()+": "+strings.Join(reasons, "; "))
	}
	if v.Daemon {
		return append(chain,
			"the DaemonSet controller creates no pod on a node whose taints the pod does not tolerate, and Karpenter launches no node for a DaemonSet",
			"what it provides is missing on every one of those nodes: a device plugin's resources (the pods that request them stay Pending), a log or metrics agent, a node driver")
	}
	switch {
	case v.Stage == scheduling.StageRequests && anyNodePool(v):
		chain = append(chain, "Karpenter logs that no instance type satisfies the pod's requests and launches nothing; a node group never scales up for it")
	case v.Stage == scheduling.StageRequests:
		chain = append(chain, "no node group scales up for it: none of the instance types it launches can hold the pod")
	case anyNodePool(v):
		chain = append(chain, "the scheduler finds no node, Karpenter finds no NodePool whose nodes would fit it, and no node group scales up for it")
	default:
		chain = append(chain, "the scheduler finds no node, and no node group scales up for it")
	}
	return append(chain, "the pods stay Pending while the cluster looks idle")
}

// anyNodePool reports whether a candidate is a Karpenter NodePool.
func anyNodePool(v scheduling.Verdict) bool {
	return slices.ContainsFunc(v.Places, func(pf scheduling.PlaceFit) bool { return pf.Place.Kind == scheduling.NodePoolPlace })
}

// unschedulableHint is every change the best candidate needs.
func unschedulableHint(best scheduling.PlaceFit) string {
	var fixes []string
	for _, m := range best.Misfits {
		if !slices.Contains(fixes, m.Fix) {
			fixes = append(fixes, m.Fix)
		}
	}
	return strings.Join(fixes, "; then ")
}

// placeReasons names each candidate with why it does not fit at the
// verdict's stage, the first three in full.
func placeReasons(v scheduling.Verdict) string {
	var parts []string
	places := reaching(v)
	for i, pf := range places {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(places)-3))
			break
		}
		parts = append(parts, pf.Place.Label()+": "+pf.First(v.Stage).Reason)
	}
	return strings.Join(parts, "; ")
}

// reaching are the candidates that fail first at the verdict's stage —
// those an earlier stage leaves (the NodePools the pod's selectors allow,
// for a taint verdict) —, or every candidate when none does.
func reaching(v scheduling.Verdict) []scheduling.PlaceFit {
	var out []scheduling.PlaceFit
	for _, pf := range v.Places {
		if len(pf.Misfits) > 0 && pf.Misfits[0].Stage == v.Stage {
			out = append(out, pf)
		}
	}
	if len(out) == 0 {
		return v.Places
	}
	return out
}

// placeCount names the only candidate, or counts them, with the
// clusters they belong to when the workload may run in several (its own
// is not known, and the tree declares more than one).
func placeCount(v scheduling.Verdict) string {
	if len(v.Places) == 1 {
		return v.Places[0].Place.Label()
	}
	if cs := placeClusters(v); len(cs) > 1 {
		return fmt.Sprintf("any of the %d places of the clusters it may run in (%s)", len(v.Places), strings.Join(cs, ", "))
	}
	return fmt.Sprintf("any of the %d places of its cluster", len(v.Places))
}

// placeClusters are the known names of the candidates' clusters, in
// order, once each.
func placeClusters(v scheduling.Verdict) []string {
	var out []string
	for _, pf := range v.Places {
		if name, ok := pf.Place.Cluster().Str(); ok && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// podNeeds says what the pods ask of a node: requests, selectors,
// tolerations and the zone of their volume.
func podNeeds(v scheduling.Verdict) string {
	pod := v.Workload.Pod
	parts := []string{"no requests"}
	if req := requestText(v); req != "" {
		parts[0] = "requests of " + req
	}
	if n := len(pod.NodeSelector); n > 0 {
		parts = append(parts, fmt.Sprintf("%d node selector label(s)", n))
	}
	if n := len(pod.Affinity); n > 0 {
		parts = append(parts, fmt.Sprintf("%d required node affinity term(s)", n))
	}
	if n := len(pod.Tolerations); n > 0 {
		parts = append(parts, fmt.Sprintf("%d toleration(s)", n))
	} else {
		parts = append(parts, "no tolerations")
	}
	if v.Volume != nil && len(v.Volume.Zones) > 0 {
		parts = append(parts, "a volume in "+strings.Join(v.Volume.Zones, ", ")+" ("+v.Volume.Via+")")
	}
	return strings.Join(parts, ", ")
}
