package scheduling

import "github.com/faultline-dev/faultline/lint"

// daemonSet judges a DaemonSet, which runs one pod on every node its
// selectors allow and whose taints it tolerates: it runs on no node when
// its selectors allow some places of its cluster and every one of them is
// tainted against it (a device plugin pinned to the GPU nodes without
// their toleration). Nothing else is judged: a DaemonSet whose selectors
// allow no place declared here may be meant for nodes the cluster does
// not have yet (the Windows DaemonSets charts ship), and one that fits
// none of a place's instances is a per-node matter. Its pods never run on
// Fargate, and Karpenter launches no node for them.
func (c *checker) daemonSet(w *lint.Workload) (Verdict, bool) {
	if w.Pod == nil || w.Pod.Unknown || fargateTakes(c.m, w) != lint.No {
		return Verdict{}, false
	}
	cands := c.candidates(w)
	if len(cands) == 0 || c.daemonUnjudged(w, cands) {
		return Verdict{}, false
	}
	ts := podTerms(w.Pod)
	tols := tolerations(w.Pod)
	allowed := 0
	for _, p := range cands {
		if _, _, miss := selectorFit(ts, p, false); miss != nil {
			continue
		}
		if p.bootstrapped() || len(untolerated(tols, p)) == 0 {
			// It runs there, or may: a self-managed group's taints come
			// from its nodes' bootstrap, which faultline does not read.
			return Verdict{}, false
		}
		allowed++
	}
	if allowed == 0 {
		return Verdict{}, false
	}
	req, _ := w.Pod.Requests()
	v := Verdict{Workload: w, Stage: StageTaints, Requests: req, Daemon: true}
	for _, p := range cands {
		f := PlaceFit{Place: p}
		if _, _, miss := selectorFit(ts, p, true); miss != nil {
			f.Misfits = append(f.Misfits, *miss)
		}
		f.Misfits = append(f.Misfits, taintFit(w.Pod, p)...)
		if len(f.Misfits) > 0 {
			v.Places = append(v.Places, f)
		}
	}
	v.Inferred = c.inferredOf(w, v.Places)
	v.fill()
	c.out.Judged++
	return v, true
}

// daemonUnjudged reports whether the DaemonSet's cluster may have places
// the tree does not declare, as a workload's would be (judged): a
// DaemonSet pinned to a place named elsewhere is not noted, since the
// DaemonSets charts ship for optional nodes do that by design.
func (c *checker) daemonUnjudged(w *lint.Workload, cands []*Place) bool {
	n := len(c.out.Elsewhere)
	why := c.judged(w, cands)
	c.out.Elsewhere = c.out.Elsewhere[:n]
	return why != ""
}
