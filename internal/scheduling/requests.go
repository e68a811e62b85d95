package scheduling

import (
	"fmt"
	"slices"

	"github.com/faultline-dev/faultline/internal/instancetypes"

	"github.com/faultline-dev/faultline/lint"
)

// requestFit checks whether any instance type left for the place can
// allocate the pod's requests next to the DaemonSets that run on every
// one of its nodes.
func (c *checker) requestFit(w *lint.Workload, p *Place, req lint.Resources, instances []*instance, known bool) *Misfit {
	if !known || req.IsZero() {
		return nil
	}
	ds, n := c.daemonOverhead(p)
	var largest *instance
	for _, it := range instances {
		if !it.allocKnown {
			return nil
		}
		free := allocatable(p, it)
		if fits(free, ds, req) && (it.maxPods == 0 || n+1 <= it.maxPods) {
			return nil
		}
		if largest == nil || bigger(allocatable(p, it), allocatable(p, largest)) {
			largest = it
		}
	}
	m := &Misfit{Stage: StageRequests, At: p.instancesRange, Pod: requestRange(w.Pod, lint.Resources{MilliCPU: 1})}
	if largest == nil {
		m.At = p.limitRange
		m.text = func() (string, string) {
			return fmt.Sprintf("its limits leave no instance type it may launch (%s is the smallest it allows)", instanceList(p.limitDrop)),
				"raise " + p.Label() + "'s limits"
		}
		return m
	}
	free := allocatable(p, largest)
	m.Pod = requestRange(w.Pod, shortfall(free, ds, req))
	// The pod's own node requirements may have left out larger types the
	// place launches (instance-cpu < 8): those are what to relax.
	var wider *instance
	if p.instancesKnown && len(instances) < len(p.instances) {
		for _, it := range p.instances {
			if it.allocKnown && fits(allocatable(p, it), ds, req) && (wider == nil || bigger(wider.capacity, it.capacity)) {
				wider = it
			}
		}
	}
	// Types the NodePool's limits leave out that would hold the pod: the
	// limits are what keeps it Pending.
	var dropped *instance
	if wider == nil {
		for _, it := range p.limitDrop {
			if it.allocKnown && fits(allocatable(p, it), ds, req) && (dropped == nil || bigger(dropped.capacity, it.capacity)) {
				dropped = it
			}
		}
	}
	if dropped != nil && !p.limitRange.IsZero() {
		m.At = p.limitRange
	}
	m.text = func() (string, string) {
		what := "the largest instance type it launches"
		if p.instancesKnown && len(instances) < len(p.instances) {
			what += " that the pod's node requirements allow"
		}
		fix := c.requestFix(p, req, ds)
		if wider != nil {
			fix = fmt.Sprintf("lower the pod's requests, or relax its node requirements: %s, which %s launches, allocates %s", wider.name, p.Label(), amounts(allocatable(p, wider)))
		}
		if dropped != nil {
			what = "the largest instance type its limits leave"
			fix = fmt.Sprintf("raise %s's limits, or lower the pod's requests: %s, which its requirements allow, would hold the pod (it allocates %s) but is beyond its limits", p.Label(), dropped.name, amounts(allocatable(p, dropped)))
		}
		return fmt.Sprintf("%s, %s, allocates %s to pods%s; the pod requests %s",
			what, largest.name, amounts(free), overheadText(ds, n), amounts(req)), fix
	}
	return m
}

// allocatable is what a node of the instance type gives pods on the
// place: Karpenter's estimate for a NodePool, the EKS AMI's for a group.
func allocatable(p *Place, it *instance) lint.Resources {
	if p.karpenter {
		return it.karpenter
	}
	return it.eks
}

// fits reports whether free minus overhead covers the request.
func fits(free, overhead, req lint.Resources) bool {
	return free.MilliCPU-overhead.MilliCPU >= req.MilliCPU &&
		free.Memory-overhead.Memory >= req.Memory &&
		free.GPU-overhead.GPU >= req.GPU &&
		free.AMDGPU-overhead.AMDGPU >= req.AMDGPU
}

// bigger orders allocatable amounts by GPU (NVIDIA's, then AMD's), then
// CPU, then memory.
func bigger(a, b lint.Resources) bool {
	if a.GPU != b.GPU {
		return a.GPU > b.GPU
	}
	if a.AMDGPU != b.AMDGPU {
		return a.AMDGPU > b.AMDGPU
	}
	if a.MilliCPU != b.MilliCPU {
		return a.MilliCPU > b.MilliCPU
	}
	return a.Memory > b.Memory
}

// daemonOverhead sums the requests of the DaemonSets certainly running on
// every node of the place: known requests, no node selector or affinity,
// every taint of the place tolerated. n counts them.
func (c *checker) daemonOverhead(p *Place) (lint.Resources, int) {
	if d, ok := c.overhead[p]; ok {
		return d.sum, d.n
	}
	sum, n := c.sumDaemons(p)
	if c.overhead == nil {
		c.overhead = map[*Place]daemons{}
	}
	c.overhead[p] = daemons{sum, n}
	return sum, n
}

// sumDaemons computes daemonOverhead. A DaemonSet counts only where it
// certainly runs on the place's cluster: both in the same known cluster,
// or the tree declares one EKS cluster. A tree of several examples or
// clusters without scopes would otherwise add up DaemonSets that never
// run together.
func (c *checker) sumDaemons(p *Place) (sum lint.Resources, n int) {
	single := len(c.m.Clusters) == 1
	cluster := p.Entity.Base().Scope.Cluster
	for _, w := range c.m.Workloads {
		if !single && (cluster == "" || w.Scope.Cluster != cluster) {
			continue
		}
		if w.KindName != "DaemonSet" || w.Pod == nil || w.Pod.Unknown {
			continue
		}
		if len(w.Pod.NodeSelector) > 0 || len(w.Pod.Affinity) > 0 {
			continue
		}
		if lint.Compare(p.cluster, clusterOf(w.Scope)) == lint.No || !p.Entity.Base().Scope.Compatible(w.Scope, true, true) {
			continue
		}
		if !p.taintsKnown || len(untolerated(tolerations(w.Pod), p)) > 0 {
			continue
		}
		r, ok := w.Pod.Requests()
		if !ok {
			continue
		}
		sum, n = sum.Add(r), n+1
	}
	return sum, n
}

// requestFix names the smallest instance type that would fit, preferring
// the families the place launches today, then their categories, or says
// to lower the requests.
func (c *checker) requestFix(p *Place, req, ds lint.Resources) string {
	all, _ := catalog()
	arches := labelValues(p.instances, LabelArch)
	for _, key := range []string{instancetypes.LabelInstanceFamily, instancetypes.LabelInstanceCategory, ""} {
		like := labelValues(p.instances, key)
		var best *instance
		for _, it := range all {
			if key != "" && !slices.Contains(like, it.labels.value(key)) || !sameArch(p, arches, it) {
				continue
			}
			if !it.allocKnown || !fits(allocatable(p, it), ds, req) {
				continue
			}
			if best == nil || bigger(best.capacity, it.capacity) {
				best = it
			}
		}
		if best != nil {
			return fmt.Sprintf("lower the pod's requests, or let %s launch larger instances (%s allocates %s)", p.Label(), best.name, amounts(allocatable(p, best)))
		}
	}
	return "lower the pod's requests: no instance type can allocate them"
}

// sameArch reports whether an instance type has an architecture the place
// launches today (arches, its instance types' architectures).
func sameArch(p *Place, arches []string, it *instance) bool {
	if p.armOnly {
		return it.arch == "arm64"
	}
	return slices.Contains(arches, it.arch)
}

// requestRange is where the pod's largest request of the resource that
// does not fit is written: the amount itself, else its container's
// requests.
func requestRange(pod *lint.PodScheduling, short lint.Resources) lint.Range {
	amount := func(c lint.ContainerRequests) (int64, lint.Range) {
		switch {
		case short.GPU > 0:
			return c.Requests.GPU, c.GPURange
		case short.AMDGPU > 0:
			return c.Requests.AMDGPU, c.GPURange
		case short.MilliCPU > 0:
			return c.Requests.MilliCPU, c.CPURange
		}
		return c.Requests.Memory, c.MemoryRange
	}
	var best lint.Range
	var most int64 = -1
	for _, c := range pod.Containers {
		n, r := amount(c)
		if r.IsZero() {
			r = c.Range
		}
		if n > most && !r.IsZero() {
			best, most = r, n
		}
	}
	if best.IsZero() {
		return pod.Range
	}
	return best
}

// shortfall says which resources a free amount lacks for a request (1 for
// each that is short).
func shortfall(free, overhead, req lint.Resources) lint.Resources {
	var s lint.Resources
	if free.GPU-overhead.GPU < req.GPU {
		s.GPU = 1
	}
	if free.AMDGPU-overhead.AMDGPU < req.AMDGPU {
		s.AMDGPU = 1
	}
	if free.MilliCPU-overhead.MilliCPU < req.MilliCPU {
		s.MilliCPU = 1
	}
	if free.Memory-overhead.Memory < req.Memory {
		s.Memory = 1
	}
	return s
}

// amounts writes CPU, memory and GPUs the way kubectl shows them.
func amounts(r lint.Resources) string {
	s := fmt.Sprintf("%s CPU, %s memory", CPUString(r.MilliCPU), MemString(r.Memory))
	if r.GPU > 0 {
		s += fmt.Sprintf(", %d GPU", r.GPU)
	}
	if r.AMDGPU > 0 {
		s += fmt.Sprintf(", %d AMD GPU", r.AMDGPU)
	}
	return s
}

// CPUString writes millicores the way kubectl shows them ("2", "1930m").
func CPUString(m int64) string {
	if m%1000 == 0 {
		return fmt.Sprintf("%d", m/1000)
	}
	return fmt.Sprintf("%dm", m)
}

// MemString writes bytes the way faultline's messages show them
// ("7.5Gi", "512Mi"): from 1Gi in Gi, to a tenth when that is exact, else
// to a hundredth ("3.17Gi" allocatable beside a "3.22Gi" request), so
// that two amounts a message compares do not read alike.
func MemString(b int64) string {
	const gi, mi = 1 << 30, 1 << 20
	switch {
	case b >= gi && (b*10)%gi == 0:
		return fmt.Sprintf("%.1fGi", float64(b)/gi)
	case b >= gi:
		return fmt.Sprintf("%.2fGi", float64(b)/gi)
	}
	return fmt.Sprintf("%dMi", b/mi)
}

// overheadText says what the DaemonSets take, if anything.
func overheadText(ds lint.Resources, n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (before %d DaemonSet(s) taking %s)", n, amounts(ds))
}
