package scheduling

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Stage is one step of fitting a pod onto a place. A workload's verdict
// is the stage at which no place is left: the rule that reports it.
type Stage int

// The stages, in the order places are filtered.
const (
	StageSelectors Stage = iota + 1 // FL402: no place carries the labels
	StageTaints                     // FL403: every place left is tainted against it
	StageZones                      // FL404: its volumes live where no place left can put a node
	StageRequests                   // FL401: no instance left can allocate the requests
)

// Misfit is why one place cannot take the pods at one stage.
type Misfit struct {
	Stage  Stage
	Reason string
	// At is where the place's blocking fact is written; Pod where the
	// pod's side of it is.
	At, Pod lint.Range
	// Fix is the smallest change that removes this misfit.
	Fix string
	// text, when set, writes Reason and Fix: only for a verdict, since
	// most places misfit most workloads and are never reported.
	text func() (reason, fix string)
}

// fill writes the text of every misfit of the verdict.
func (v *Verdict) fill() {
	for i := range v.Places {
		for j := range v.Places[i].Misfits {
			m := &v.Places[i].Misfits[j]
			if m.text != nil {
				m.Reason, m.Fix = m.text()
				m.text = nil
			}
		}
	}
}

// PlaceFit is one candidate place and every stage it fails.
type PlaceFit struct {
	Place   *Place
	Misfits []Misfit
}

// Verdict says a workload's pods cannot land anywhere the model declares.
type Verdict struct {
	Workload *lint.Workload
	Stage    Stage
	// Places are the candidates, each with its misfits (none fits).
	Places []PlaceFit
	// Requests are the pod's effective requests.
	Requests lint.Resources
	// Maybe is set when the verdict rests on where an Immediate-binding
	// volume may be created, not on where it must be.
	Maybe bool
	// Volume is the zonal volume need the zones stage used.
	Volume *VolumeNeed
	// Inferred lists what the verdict rests on that was inferred.
	Inferred []string
	// Daemon is set for a DaemonSet, which is not Pending but runs no
	// pod on any node its selectors allow (they are all tainted
	// against it).
	Daemon bool
}

// Best is the candidate that needs the fewest changes; of those, one that
// fails at the verdict's own stage (a NodePool the pod selects but cannot
// fit on, before one its selector rules out), whatever their order.
func (v Verdict) Best() PlaceFit {
	best := v.Places[0]
	for _, f := range v.Places[1:] {
		if len(f.Misfits) < len(best.Misfits) || len(f.Misfits) == len(best.Misfits) && f.failsAt(v.Stage) && !best.failsAt(v.Stage) {
			best = f
		}
	}
	return best
}

// failsAt reports whether the candidate fails at stage s.
func (f PlaceFit) failsAt(s Stage) bool {
	for _, m := range f.Misfits {
		if m.Stage == s {
			return true
		}
	}
	return false
}

// First is the misfit at the verdict's stage for a candidate, or its
// first one.
func (f PlaceFit) First(s Stage) Misfit {
	for _, m := range f.Misfits {
		if m.Stage == s {
			return m
		}
	}
	return f.Misfits[0]
}

// Elsewhere is a workload pinned to capacity the tree does not declare (a
// NodePool or node group name no place here has): not judged, counted.
type Elsewhere struct {
	What  string
	Range lint.Range
}

// Result is what Check found: the unschedulable workloads, those pinned
// to capacity declared elsewhere, and how many were judged.
type Result struct {
	Verdicts  []Verdict
	Elsewhere []Elsewhere
	// Judged counts the workloads fitted onto the places; Unjudged the
	// others that run pods, by why not (first one's range kept).
	Judged   int
	Unjudged map[string]Elsewhere
	counts   map[string]int
}

// Skip reasons, for Result.Unjudged.
const (
	skipOperator       = "their pods are made by an operator from a custom resource (a Strimzi Kafka, a KServe InferenceService, a Kubeflow training job, a Ray or Spark application, an Argo Workflow, …) whose pod templates faultline does not read"
	skipUnknown        = "their requests or pod spec cannot be read"
	skipNoReplicas     = "they run no pod: replicas is 0 until something scales them up"
	skipFargate        = "a Fargate profile may run them"
	skipNoPlace        = "no NodePool, node group or Fargate profile of their cluster is declared here"
	skipNoPlaceUnread  = "no NodePool, node group or Fargate profile of their cluster is declared here, but %s, whose code faultline does not read, may declare them"
	skipNoPlaceFargate = "no NodePool or node group of their cluster is declared here, and no Fargate profile of it selects their namespace and labels"
	skipElsewhere      = "they select labels or names no place declared here carries"
	skipNoCluster      = "their EKS cluster is not declared here, so its capacity may be elsewhere, and they pin themselves to no place declared here"
	skipLibrary        = "their EKS cluster is declared by a module another root instantiates from a source not read here, whose capacity there is not known, and they pin themselves to no place declared here"
	skipAutoMode       = "their cluster runs EKS Auto Mode, whose built-in NodePools no source declares, and they pin themselves to no place declared here"
	skipAutoModeMay    = "their cluster is not named, and one of the clusters declared here runs EKS Auto Mode, whose built-in NodePools no source declares; they pin themselves to no place declared here"
	skipNoNodePools    = "Karpenter is installed or set up for their cluster (its chart, its IAM role or its interruption queue is declared here) with no NodePool declared here, and they pin themselves to no place declared here"
	// skipSwitchedOffPools names a Terraform manifest resource of which
	// the configuration read makes no instance.
	skipSwitchedOffPools = "Karpenter is installed or set up for their cluster (its chart, its IAM role or its interruption queue is declared here) and no NodePool is declared here with the variables' defaults, but %s, which makes no instance with them (a flag off by default), may apply the cluster's NodePools"
	// skipUnrenderedPools names a release whose chart is not rendered
	// and whose values hold NodePools.
	skipUnrenderedPools = "%s applies NodePools in a chart faultline does not render, so the cluster's NodePools are not all declared here"
	skipPoolModule      = "%s, whose code faultline does not read, applies Karpenter NodePools from its inputs, so the cluster's NodePools are not all declared here"
	skipModelled        = "they are modelled from a chart that is not rendered (Karpenter's controller, from its release), and no node group or Fargate profile of their cluster, where it would run, is declared here"
	skipOther           = "their cluster is not named, and the tree also declares a cluster whose capacity faultline does not read (%s); they pin themselves to no place declared here"
	// skipUnbuiltPools names a kustomization that does not build and
	// the files of NodePools it names.
	skipUnbuiltPools = "kustomization %s, which does not build, applies the NodePools of %s, which are not read: one may take them"
	skipOpenOnly     = "no place whose labels and taints faultline reads takes them; only a self-managed node group may, whose labels and taints its nodes' bootstrap (user data) sets, which faultline does not read"
)

// Unjudgedf says how many workloads a reason left out.
func (r Result) Unjudgedf(reason string) string {
	return fmt.Sprintf("%d workload(s) not judged for scheduling: %s", r.counts[reason], reason)
}

// skipNamed is a workload pinned to a place named elsewhere: noted on its
// own (Result.Elsewhere), not counted again.
const skipNamed = "named elsewhere"

// fargateOf reports whether a Fargate profile of the workload's cluster
// is declared.
func (c *checker) fargateOf(w *lint.Workload) bool {
	for _, fp := range c.m.FargateProfiles {
		if fp.Scope.Compatible(w.Scope, true, true) {
			return true
		}
	}
	return false
}

// ownCapacity reports whether a node group or Fargate profile of the
// workload's cluster is declared: capacity Karpenter does not launch.
func (c *checker) ownCapacity(w *lint.Workload) bool {
	for _, p := range c.places {
		if p.Kind != NodePoolPlace && lint.Compare(p.cluster, clusterOf(w.Scope)) != lint.No && !c.anotherRootsCluster(w, p) {
			return true
		}
	}
	return c.fargateOf(w)
}

// skip counts a workload not judged.
func (c *checker) skip(w *lint.Workload, reason string) {
	if reason == skipNamed {
		return
	}
	c.count(reason, w.Range)
}

// count counts a reason a workload (at rng) is not judged, keeping the
// first range noted for it.
func (c *checker) count(reason string, rng lint.Range) {
	if c.out.Unjudged == nil {
		c.out.Unjudged, c.out.counts = map[string]Elsewhere{}, map[string]int{}
	}
	if _, ok := c.out.Unjudged[reason]; !ok {
		c.out.Unjudged[reason] = Elsewhere{What: reason, Range: rng}
	}
	c.out.counts[reason]++
}

// Check fits every workload of the model onto the places it declares: a
// verdict for each whose pods can land nowhere.
func Check(m *lint.Model) Result {
	c := &checker{m: m, places: places(m), rootCluster: rootClusters(m), ownCluster: ownClusters(m)}
	for _, w := range m.Workloads {
		if v, ok := c.workload(c.inRootCluster(w)); ok {
			v.Workload = w
			c.out.Verdicts = append(c.out.Verdicts, v)
		}
	}
	c.operatorPods()
	return c.out
}

// untiedGroup reports whether place p is a self-managed node group (an
// Auto Scaling group) that makes no nodes of an EKS cluster: one whose
// launch template gives its instances no instance profile (they have no
// IAM identity to join a cluster with: a jump host, build agents), or
// one nothing ties to a cluster — no cluster tag, no cluster declared in
// its Terraform root — while the tree declares EKS clusters elsewhere: a
// web server's group, not a cluster's nodes.
func (c *checker) untiedGroup(p *Place) bool {
	ng, ok := p.Entity.(*lint.NodeGroup)
	if !ok || ng.Managed {
		return false
	}
	if lt := c.m.LaunchTemplateOf(ng); lt != nil && lt.NoInstanceProfile {
		return true
	}
	if !ng.Cluster.IsUnknown() || ng.Root == "" || len(c.m.Clusters) == 0 {
		return false
	}
	for _, cl := range c.m.Clusters {
		if cl.Root == ng.Root {
			return false
		}
	}
	return true
}

// ownClusters are, by Terraform root, the one EKS cluster the root
// declares, whatever its name; a root declaring none or several is absent.
func ownClusters(m *lint.Model) map[string]*lint.Cluster {
	out := map[string]*lint.Cluster{}
	several := map[string]bool{}
	for _, cl := range m.Clusters {
		if cl.Root == "" {
			continue
		}
		if _, seen := out[cl.Root]; seen {
			several[cl.Root] = true
		}
		out[cl.Root] = cl
	}
	for root := range several {
		delete(out, root)
	}
	return out
}

// anotherRootsCluster reports whether place p is of the cluster another
// root declares as its one cluster, while w's root declares its own, and
// the names do not tell the two apart (one is not known): a root
// installs in the cluster it makes, and two roots making clusters make
// two (the same name twice in one account and region fails to apply).
func (c *checker) anotherRootsCluster(w *lint.Workload, p *Place) bool {
	own, ok := c.ownCluster[w.Root]
	pr := p.Entity.Base().Root
	if !ok || w.Root == "" || pr == "" || pr == w.Root {
		return false
	}
	theirs, ok := c.ownCluster[pr]
	return ok && lint.Compare(p.cluster, theirs.Name) == lint.Yes && lint.Compare(own.Name, theirs.Name) == lint.Maybe
}

// rootClusters are, by Terraform root, the name of the one EKS cluster
// the root declares; a root declaring none, several or one whose name is
// not known is absent.
func rootClusters(m *lint.Model) map[string]string {
	names := map[string]string{}
	several := map[string]bool{}
	for _, cl := range m.Clusters {
		if cl.Root == "" {
			continue
		}
		name, known := cl.Name.Str()
		if old, seen := names[cl.Root]; !known || seen && old != name {
			several[cl.Root] = true
			continue
		}
		names[cl.Root] = name
	}
	for root := range several {
		delete(names, root)
	}
	return names
}

// inRootCluster is w placed in the cluster its Terraform root declares,
// when its scope names none and the root declares exactly one: what a
// root installs (a helm_release, a kubernetes_manifest) runs in the
// cluster that root makes, not on another root's nodes. w itself
// otherwise.
func (c *checker) inRootCluster(w *lint.Workload) *lint.Workload {
	name, ok := c.rootCluster[w.Root]
	if w.Root == "" || w.Scope.Cluster != "" || !ok {
		return w
	}
	placed := *w
	placed.Scope.Cluster = name
	return &placed
}

type checker struct {
	m      *lint.Model
	places []*Place
	out    Result
	// rootCluster is rootClusters of the model; ownCluster ownClusters.
	rootCluster map[string]string
	ownCluster  map[string]*lint.Cluster
	// overhead caches daemonOverhead by place.
	overhead map[*Place]daemons
	// byScope caches candidates by the workload's scope; byKeys the
	// candidates of a scope split by setsKeys, by scope and keys.
	byScope map[scopeOf][]*Place
	byKeys  map[keysOf][2][]*Place
}

// scopeOf is a workload's scope, and its root when the root declares its
// own cluster (anotherRootsCluster).
type scopeOf struct {
	scope lint.Scope
	root  string
}

// keysOf is a scope and the label keys of a pod's first selector term.
type keysOf struct {
	scopeOf
	keys string
}

// scopeKey is w's scopeOf.
func (c *checker) scopeKey(w *lint.Workload) scopeOf {
	k := scopeOf{scope: w.Scope}
	if _, ok := c.ownCluster[w.Root]; ok {
		k.root = w.Root
	}
	return k
}

// daemons is what the DaemonSets of every node of a place take.
type daemons struct {
	sum lint.Resources
	n   int
}

// scaledUp reports whether a KEDA ScaledObject of the tree may scale the
// workload up from zero replicas: it names the workload's kind and name,
// in a namespace that may be the workload's.
func (c *checker) scaledUp(w *lint.Workload) bool {
	name, ok := w.Name.Str()
	if !ok {
		return true
	}
	ns, _ := w.PlacedNamespace()
	for _, o := range c.m.Objects {
		if o.ScaleTargetName == name && o.ScaleTargetKind == w.KindName && lint.Compare(o.Namespace, ns) != lint.No && o.Scope.Compatible(w.Scope, true, true) {
			return true
		}
	}
	return false
}

// workload fits one workload; ok is false when it fits somewhere or is
// not judged (unknown facts, capacity outside the tree).
func (c *checker) workload(w *lint.Workload) (Verdict, bool) {
	if w.KindName == "DaemonSet" {
		return c.daemonSet(w)
	}
	if w.NoReplicas && !c.scaledUp(w) {
		c.skip(w, skipNoReplicas)
		return Verdict{}, false
	}
	var req lint.Resources
	ok := false
	if w.Pod != nil && !w.Pod.Unknown {
		req, ok = w.Pod.Requests()
	}
	if !ok {
		c.skip(w, skipUnknown)
		return Verdict{}, false
	}
	switch fargateTakes(c.m, w) {
	case lint.Yes:
		c.out.Judged++
		return c.fargate(w, req)
	case lint.Maybe:
		c.skip(w, skipFargate)
		return Verdict{}, false
	}
	cands := c.candidates(w)
	why := skipNoPlace
	if c.fargateOf(w) {
		// Fargate profiles of the cluster, none selecting the pods.
		why = skipNoPlaceFargate
	}
	if why == skipNoPlace {
		if call := c.unreadCallOfCluster(w); call != "" {
			why = fmt.Sprintf(skipNoPlaceUnread, call)
		}
	}
	if len(cands) > 0 {
		why = c.judged(w, cands)
	} else if auto := c.complete(w); auto == skipAutoMode || auto == skipAutoModeMay {
		// No place declared because the cluster's are Auto Mode's
		// built-in NodePools: that is the reason.
		why = auto
	}
	if why == "" && w.Modelled != "" && !c.ownCapacity(w) {
		// A controller modelled from a chart not rendered is judged
		// only beside capacity of the kind it runs on.
		why = skipModelled
	}
	if why != "" {
		c.skip(w, why)
		return Verdict{}, false
	}
	c.out.Judged++
	v, ok := c.fitAll(w, req, cands)
	if u := c.unbuiltPools(w); ok && u != nil {
		// The capacity that would take the pods may be in NodePools a
		// kustomization applies that does not build (its FL000).
		c.out.Judged--
		c.skip(w, fmt.Sprintf(skipUnbuiltPools, u.Dir, strings.Join(u.NodePools, ", ")))
		return Verdict{}, false
	}
	return v, ok
}

// unbuiltPools is the first kustomization of the workload's scope that
// does not build and names files holding NodePools, nil when none does.
func (c *checker) unbuiltPools(w *lint.Workload) *lint.UnbuiltKustomization {
	for i, u := range c.m.Unbuilt {
		if len(u.NodePools) > 0 && u.Scope.Compatible(w.Scope, true, true) {
			return &c.m.Unbuilt[i]
		}
	}
	return nil
}

// requiresCustomLabel reports whether the pod requires a label of the
// user's own (custom) in every term of its node selection: only nodes
// labelled so take it.
func requiresCustomLabel(pod *lint.PodScheduling) bool {
	ts := terms(pod)
	for _, term := range ts {
		found := false
		for _, r := range term {
			if positive(r) && custom(r.Key) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return len(ts) > 0
}

// fitAll fits a judged workload onto its candidates: no verdict when one
// fits (unless an Immediate-binding volume may land beyond the ones that
// do), else a verdict listing every candidate with its misfits.
func (c *checker) fitAll(w *lint.Workload, req lint.Resources, cands []*Place) (Verdict, bool) {
	needs, conflict := volumeNeeds(c.m, w)
	ts := podTerms(w.Pod)
	if !anyImmediate(needs) {
		// One place that takes the pods settles it: the places that set
		// every label key the pod's first term names are tried first
		// (most places of a large tree misfit most workloads), then the
		// others; the order changes no verdict.
		var open *Place
		for _, part := range c.likelyFirst(w, ts, cands) {
			for _, p := range part {
				if !c.fitsAll(w, ts, p, req, needs, conflict) {
					continue
				}
				if !p.bootstrapped() {
					return Verdict{}, false
				}
				open = p
			}
		}
		if open != nil {
			// Only a group whose labels and taints are not read takes
			// them: the verdict rests on what faultline does not see —
			// when a place it reads refused them, or when the pods
			// require labels of the user's own that only that group's
			// bootstrap may set.
			if len(cands) > 1 || requiresCustomLabel(w.Pod) {
				c.out.Judged--
				c.skip(w, skipOpenOnly)
			}
			return Verdict{}, false
		}
	} else {
		var fitting []*Place
		for _, p := range cands {
			if c.fitsAll(w, ts, p, req, needs, conflict) {
				fitting = append(fitting, p)
			}
		}
		if len(fitting) > 0 {
			return c.immediate(w, req, needs, fitting, cands)
		}
	}
	v := Verdict{Workload: w, Requests: req}
	for i := range needs {
		if len(needs[i].Zones) > 0 && v.Volume == nil {
			v.Volume = &needs[i]
		}
	}
	for _, p := range cands {
		f := c.fit(w, ts, p, req, needs, conflict)
		if len(f.Misfits) == 0 {
			return Verdict{}, false // described fit agrees with fitsAll; never reached
		}
		v.Places = append(v.Places, f)
		v.Stage = max(v.Stage, f.Misfits[0].Stage)
	}
	v.Inferred = c.inferredOf(w, v.Places)
	v.fill()
	return v, true
}

// candidates are the places in the workload's cluster.
func (c *checker) candidates(w *lint.Workload) []*Place {
	key := c.scopeKey(w)
	if out, ok := c.byScope[key]; ok {
		return out
	}
	var out []*Place
	cluster := clusterOf(w.Scope)
	plain := c.declaredWithoutAutoMode(cluster)
	for _, p := range c.places {
		if lint.Compare(p.cluster, cluster) == lint.No {
			continue
		}
		if p.autoMode && plain {
			continue // an Auto Mode NodePool does nothing in a cluster without it
		}
		if c.untiedGroup(p) || c.anotherRootsCluster(w, p) {
			continue
		}
		if !p.Entity.Base().Scope.Compatible(w.Scope, true, true) {
			continue
		}
		out = append(out, p)
	}
	if c.byScope == nil {
		c.byScope = map[scopeOf][]*Place{}
	}
	out = slices.Clip(out) // shared: an append copies
	c.byScope[key] = out
	return out
}

// likelyFirst splits a workload's candidates into the places that set
// every label key its first selector term names and the rest, once per
// scope and keys.
func (c *checker) likelyFirst(w *lint.Workload, ts []podTerm, cands []*Place) [2][]*Place {
	k := keysOf{scopeOf: c.scopeKey(w)}
	if len(ts) > 0 {
		k.keys = strings.Join(ts[0].keys, "\x00")
	}
	if split, ok := c.byKeys[k]; ok {
		return split
	}
	var split [2][]*Place
	for _, p := range cands {
		i := 1
		if setsKeys(p, ts) {
			i = 0
		}
		split[i] = append(split[i], p)
	}
	if c.byKeys == nil {
		c.byKeys = map[keysOf][2][]*Place{}
	}
	c.byKeys[k] = split
	return split
}

// anyImmediate reports whether a volume need binds at once (Immediate):
// then every fitting place matters, not only one.
func anyImmediate(needs []VolumeNeed) bool {
	for _, n := range needs {
		if n.Immediate {
			return true
		}
	}
	return false
}

// setsKeys reports whether a place sets every label key the pod's first
// selector term names, as a label or a NodePool requirement.
func setsKeys(p *Place, ts []podTerm) bool {
	if len(ts) == 0 {
		return false
	}
	for _, k := range ts[0].keys {
		_, label := p.labels[k]
		_, req := p.reqs[k]
		if !label && !req {
			return false
		}
	}
	return true
}

// fitsAll reports whether the place passes every stage, describing
// nothing.
func (c *checker) fitsAll(w *lint.Workload, ts []podTerm, p *Place, req lint.Resources, needs []VolumeNeed, conflict *Misfit) bool {
	if p.launchesNothing() {
		return false
	}
	instances, known, miss := selectorFit(ts, p, false)
	if miss == nil {
		miss = ownNodes(w, p)
	}
	if miss != nil || conflict != nil || len(untolerated(tolerations(w.Pod), p)) > 0 {
		return false
	}
	return zoneFit(p, needs) == nil && c.requestFit(w, p, req, instances, known) == nil
}

// ownNodes is the misfit of Karpenter's controller on a NodePool's nodes
// when nothing it selects keeps it off them (affinity: null): Karpenter
// launches those nodes, so there is none for the controller's first pod,
// nor for its next one once Karpenter has consolidated or replaced the
// node it ran on. Nil for any other workload or place.
func ownNodes(w *lint.Workload, p *Place) *Misfit {
	if p.Kind != NodePoolPlace || !w.KarpenterController() {
		return nil
	}
	return &Misfit{Stage: StageSelectors, At: p.Range(), text: func() (string, string) {
		return "its nodes are launched by the Karpenter controller itself: none is there while the controller is Pending",
			"run the controller on a managed node group or a Fargate profile, and keep it off the NodePools' nodes (the chart's default affinity: no label karpenter.sh/nodepool)"
	}}
}

// fit runs every stage for one place.
func (c *checker) fit(w *lint.Workload, ts []podTerm, p *Place, req lint.Resources, needs []VolumeNeed, conflict *Misfit) PlaceFit {
	f := PlaceFit{Place: p}
	if p.launchesNothing() {
		f.Misfits = append(f.Misfits, Misfit{Stage: StageRequests, At: p.instancesRange, Pod: requestRange(w.Pod, lint.Resources{MilliCPU: 1}), text: func() (string, string) {
			return "its requirements leave no instance type (Karpenter launches no node for it: no type meets them all)",
				"relax " + p.Label() + "'s requirements so that some instance type meets them all"
		}})
		return f
	}
	instances, known, miss := selectorFit(ts, p, true)
	if miss == nil {
		miss = ownNodes(w, p)
	}
	if miss != nil {
		f.Misfits = append(f.Misfits, *miss)
	}
	if ms := taintFit(w.Pod, p); len(ms) > 0 {
		f.Misfits = append(f.Misfits, ms...)
	}
	if conflict != nil {
		f.Misfits = append(f.Misfits, *conflict)
	} else if m := zoneFit(p, needs); m != nil {
		f.Misfits = append(f.Misfits, *m)
	}
	if m := c.requestFit(w, p, req, instances, known); m != nil {
		f.Misfits = append(f.Misfits, *m)
	}
	return f
}

// inferredOf collects what the verdict rests on that was inferred: the
// workload's and the places' facts, and the namespace kubectl apply
// would give it when a Fargate profile of its cluster decides by
// namespace (without one the namespace decides nothing here). That a
// place that does not fit the pod may not exist (a possible Terraform
// instance: for_each keys from a workspace) takes nothing from the
// verdict: the pod fits neither way.
func (c *checker) inferredOf(w *lint.Workload, fits []PlaceFit) []string {
	out := append([]string(nil), w.Inferred...)
	if _, inferred := w.PlacedNamespace(); inferred && c.fargateInScope(w) {
		out = append(out, lint.DefaultNamespaceText(w))
	}
	for _, f := range fits {
		o := f.Place.Entity.Base()
		if len(f.Misfits) == 0 || len(o.Possible) == 0 {
			out = append(out, o.Inferred...)
			continue
		}
		for _, s := range o.Inferred {
			if !slices.ContainsFunc(o.Possible, func(p lint.PossibleInstance) bool { return p.Text == s }) {
				out = append(out, s)
			}
		}
	}
	return out
}
