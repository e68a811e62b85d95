package scheduling

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Fargate's largest pod: 16 vCPU and 120 GiB
// (https://docs.aws.amazon.com/eks/latest/userguide/fargate-pod-configuration.html).
var fargateMax = lint.Resources{MilliCPU: 16000, Memory: 120 << 30}

// fargateTakes reports whether a Fargate profile of the workload's
// cluster selects its pods: then EKS runs them on Fargate, whatever else
// the tree declares.
func fargateTakes(m *lint.Model, w *lint.Workload) lint.Tri {
	_, _, t := fargateSelecting(m, w)
	return t
}

// FargateProfileTaking returns the Fargate profile of the workload's
// cluster, and its selector, that provably select the workload's pods:
// EKS runs them on Fargate, whatever else the tree declares. Nil when no
// profile does, or one only may.
func FargateProfileTaking(m *lint.Model, w *lint.Workload) (*lint.FargateProfile, *lint.FargateSelector) {
	fp, sel, t := fargateSelecting(m, w)
	if t != lint.Yes {
		return nil, nil
	}
	return fp, sel
}

// FargateTaking is a Fargate profile that takes a workload's pods, with
// the selector that takes them.
type FargateTaking struct {
	Profile  *lint.FargateProfile
	Selector *lint.FargateSelector
}

// FargateProfilesTaking are every Fargate profile of the workload's
// cluster that certainly takes its pods (FargateProfileTaking's, each):
// profiles of several roots naming alike clusters may each.
func FargateProfilesTaking(m *lint.Model, w *lint.Workload) []FargateTaking {
	var out []FargateTaking
	for _, fp := range m.FargateProfiles {
		if fp.SelectorsUnknown || !fp.Scope.Compatible(w.Scope, true, true) || lint.Compare(fp.Cluster, clusterOf(w.Scope)) == lint.No {
			continue
		}
		for i, s := range fp.Selectors {
			if selects(s, w) == lint.Yes {
				out = append(out, FargateTaking{fp, &fp.Selectors[i]})
				break
			}
		}
	}
	return out
}

// fargateSelecting is fargateTakes with the profile and selector that
// take the pods when it is Yes.
func fargateSelecting(m *lint.Model, w *lint.Workload) (*lint.FargateProfile, *lint.FargateSelector, lint.Tri) {
	out := lint.No
	for _, fp := range m.FargateProfiles {
		if !fp.Scope.Compatible(w.Scope, true, true) || lint.Compare(fp.Cluster, clusterOf(w.Scope)) == lint.No {
			continue
		}
		if fp.SelectorsUnknown {
			out = lint.Maybe
		}
		for i, s := range fp.Selectors {
			switch t := selects(s, w); {
			case t == lint.Yes && !fp.SelectorsUnknown:
				return fp, &fp.Selectors[i], lint.Yes
			case t != lint.No:
				out = lint.Maybe
			}
		}
	}
	return nil, nil, out
}

// fargateInScope reports whether a Fargate profile may belong to the
// workload's cluster.
func (c *checker) fargateInScope(w *lint.Workload) bool {
	for _, fp := range c.m.FargateProfiles {
		if fp.Scope.Compatible(w.Scope, true, true) && lint.Compare(fp.Cluster, clusterOf(w.Scope)) != lint.No {
			return true
		}
	}
	return false
}

// selects reports whether a Fargate selector selects the workload's pods:
// its namespace (a workload no namespace is written for, in the one
// kubectl apply gives it) and every label. Namespaces, label keys and
// label values may hold EKS's wildcards (fargateMatch).
func selects(s lint.FargateSelector, w *lint.Workload) lint.Tri {
	ns, _ := w.PlacedNamespace()
	t := fargateMatch(s.Namespace, ns)
	for k, v := range s.Labels {
		switch label := podLabelMatch(k, v, w.Pod); label {
		case lint.No:
			return lint.No
		case lint.Maybe:
			t = lint.Maybe
		}
	}
	return t
}

// podLabelMatch reports whether the pod carries a label the selector's
// label key (a pattern when it holds a wildcard) and value select.
func podLabelMatch(key string, value lint.Value, pod *lint.PodScheduling) lint.Tri {
	if !strings.ContainsAny(key, "*?") {
		have, ok := pod.PodLabels[key]
		switch {
		case ok:
			return fargateMatch(value, lint.Known(have))
		case pod.PodLabelsUnknown:
			return lint.Maybe
		}
		return lint.No
	}
	out := lint.No
	if pod.PodLabelsUnknown {
		out = lint.Maybe
	}
	for k, have := range pod.PodLabels {
		if !wildcardMatch(key, k) {
			continue
		}
		switch fargateMatch(value, lint.Known(have)) {
		case lint.Yes:
			return lint.Yes
		case lint.Maybe:
			out = lint.Maybe
		}
	}
	return out
}

// fargateMatch reports whether v matches a Fargate selector's pattern:
// besides the characters Kubernetes allows, * stands for any run of
// characters and ? for exactly one (EKS user guide, "Fargate profile
// wildcards", since August 2022). A pattern without either is compared
// as written; one whose wildcards meet a value not all known may match.
func fargateMatch(pattern, v lint.Value) lint.Tri {
	p, known := pattern.Str()
	wild := false
	for _, seg := range pattern.Segments() {
		wild = wild || seg.Ref == nil && strings.ContainsAny(seg.Text, "*?")
	}
	if !wild {
		return lint.Compare(pattern, v)
	}
	s, ok := v.Str()
	if !known || !ok {
		return lint.Maybe
	}
	if wildcardMatch(p, s) {
		return lint.Yes
	}
	return lint.No
}

// wildcardMatch reports whether s matches pattern, where * matches any
// run of characters (none included) and ? exactly one.
func wildcardMatch(pattern, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p++
			i++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// fargate judges a pod Fargate certainly runs: only its size can fail.
func (c *checker) fargate(w *lint.Workload, req lint.Resources) (Verdict, bool) {
	if fargateTakes(c.m, w) != lint.Yes || fits(fargateMax, lint.Resources{}, req) && req.GPU == 0 && req.AMDGPU == 0 {
		return Verdict{}, false
	}
	var fp *lint.FargateProfile
	for _, x := range c.m.FargateProfiles {
		for _, s := range x.Selectors {
			if selects(s, w) == lint.Yes && fp == nil {
				fp = x
			}
		}
	}
	p := &Place{Kind: FargatePlace, Entity: fp}
	mf := Misfit{Stage: StageRequests, At: fp.Range, Pod: requestRange(w.Pod, shortfall(fargateMax, lint.Resources{}, req)),
		Reason: fmt.Sprintf("Fargate runs pods of at most %s and no GPU; the pod requests %s", amounts(fargateMax), amounts(req)),
		Fix:    "lower the pod's requests, or run it on EC2 capacity (leave it out of the Fargate profile's selectors)"}
	v := Verdict{Workload: w, Stage: StageRequests, Requests: req, Places: []PlaceFit{{Place: p, Misfits: []Misfit{mf}}}}
	v.Inferred = c.inferredOf(w, v.Places)
	return v, true
}

// judged says why the tree does not declare enough capacity to judge the
// workload, "" when it does: the whole capacity of its cluster (the cluster is declared
// here, and so are the NodePools of a Karpenter it installs), or the
// places the pod pins itself to by a label they define.
func (c *checker) judged(w *lint.Workload, cands []*Place) (why string) {
	switch named, other := c.elsewhere(w); {
	case named:
		return skipNamed
	case other:
		return skipElsewhere
	case pinned(w.Pod, cands):
		// A label of the user's own pins the pod only where no cluster
		// faultline does not read may carry it too (a GKE node pool
		// with the same label); a NodePool or node group name pins it
		// to EKS.
		if o := c.otherCluster(w); o != nil && !pinnedByName(w.Pod) {
			return fmt.Sprintf(skipOther, o.What)
		}
		return ""
	}
	return c.complete(w)
}

// pinnedByName reports whether the pod requires a NodePool or node group
// by name (karpenter.sh/nodepool, eks.amazonaws.com/nodegroup): places
// only EKS has.
func pinnedByName(pod *lint.PodScheduling) bool {
	for _, term := range terms(pod) {
		for _, r := range term {
			if positive(r) && (r.Key == LabelNodePool || r.Key == LabelNodeGroup) {
				return true
			}
		}
	}
	return false
}

// elsewhere reports whether the pod requires a label no place of the
// tree defines, or a NodePool or node group by a name none here has: the
// capacity that carries it is declared elsewhere.
//
// named is set for a NodePool or node group name (noted on its own),
// other for any other label.
func (c *checker) elsewhere(w *lint.Workload) (named, other bool) {
	for _, term := range terms(w.Pod) {
		for _, r := range term {
			if r.Operator == lint.OpIn && (r.Key == LabelNodePool || r.Key == LabelNodeGroup) && !c.named(r) {
				c.out.Elsewhere = append(c.out.Elsewhere, Elsewhere{
					What:  fmt.Sprintf("%s selects %s, which no place in this tree carries%s", w.Label, describe(r), c.prefixedLike(r)),
					Range: r.Range,
				})
				return true, false
			}
			if !positive(r) || !custom(r.Key) {
				continue
			}
			defined := false
			for _, p := range c.places {
				if _, ok := p.labels[r.Key]; ok || p.reqs[r.Key] != nil || p.labelsOpen || p.anyValue[r.Key] {
					defined = true
					break
				}
			}
			if !defined {
				return false, true
			}
		}
	}
	return false, false
}

// named reports whether some place of the tree has a name an identity
// requirement (karpenter.sh/nodepool, eks.amazonaws.com/nodegroup)
// allows, or a name that is not known.
func (c *checker) named(r lint.Requirement) bool {
	kind := NodePoolPlace
	if r.Key == LabelNodeGroup {
		kind = NodeGroupPlace
	}
	for _, p := range c.places {
		if p.Kind != kind {
			continue
		}
		if p.name == "" && (p.namePrefix == "" || prefixCompatible(p.namePrefix, []lint.Requirement{r})) || p.name != "" && matches(r, p.name, true) {
			return true
		}
	}
	return false
}

// prefixedLike is, for a node group name requirement no place carries,
// the node groups of the tree named with a prefix that is the required
// name and a dash (the eks module's use_name_prefix): their nodes carry
// the name EKS makes of the prefix, never the required one. "" when none.
func (c *checker) prefixedLike(r lint.Requirement) string {
	if r.Key != LabelNodeGroup {
		return ""
	}
	var names []string
	for _, p := range c.places {
		if p.Kind != NodeGroupPlace || p.name != "" || p.namePrefix == "" {
			continue
		}
		for _, v := range r.Values {
			if p.namePrefix == v+"-" {
				names = append(names, p.Label())
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s is named with the prefix %s-, to which EKS adds a unique suffix: its nodes carry %s=%s-<suffix>)", strings.Join(names, ", "), r.Values[0], LabelNodeGroup, r.Values[0])
}

// complete says why the tree does not declare the whole capacity of the
// workload's cluster, "" when it does: the cluster itself (not in EKS Auto
// Mode, whose built-in NodePools no source declares) and, when it installs
// Karpenter there, its NodePools. The user's word that the tree's capacity
// is complete (Model.CapacityComplete) stands for the cluster and its
// NodePools, but not against an Auto Mode cluster or NodePool declared
// here: built-in NodePools exist whatever the user says.
func (c *checker) complete(w *lint.Workload) (why string) {
	if why = c.completeDeclared(w); why == "" || why == skipAutoMode || why == skipAutoModeMay || !c.m.CapacityComplete {
		return why
	}
	if c.autoModePool(w) {
		return skipAutoMode
	}
	return ""
}

// autoModePool reports whether a NodePool of EKS Auto Mode is declared in
// the workload's scope. None is for a workload whose cluster is one the
// tree declares without Auto Mode (placed there by its root, or named by
// its scope, or one whose built-in NodePools are turned off): such a
// NodePool does nothing there, or is one of the places it declares.
func (c *checker) autoModePool(w *lint.Workload) bool {
	if c.declaredWithoutBuiltInPools(clusterOf(w.Scope)) || c.builtInPoolsOffEverywhere(w) {
		return false
	}
	for _, np := range c.m.NodePools {
		if np.AutoMode && np.Scope.Compatible(w.Scope, true, true) {
			return true
		}
	}
	return false
}

// declaredWithoutAutoMode reports whether the tree declares the cluster
// named, and every declaration of it runs without EKS Auto Mode.
func (c *checker) declaredWithoutAutoMode(name lint.Value) bool {
	return c.declaredWithout(name, false)
}

// declaredWithoutBuiltInPools is declaredWithoutAutoMode, or with Auto
// Mode's built-in NodePools turned off: the Auto Mode NodePools of the
// cluster are then all declared.
func (c *checker) declaredWithoutBuiltInPools(name lint.Value) bool {
	return c.declaredWithout(name, true)
}

// builtInPoolsOffEverywhere reports whether the workload's cluster is not
// named and the clusters declared in its scope run without EKS Auto
// Mode's built-in NodePools, one of them in Auto Mode with them turned
// off: the Auto Mode NodePools declared are then that cluster's, all of
// them.
func (c *checker) builtInPoolsOffEverywhere(w *lint.Workload) bool {
	if _, named := clusterOf(w.Scope).Str(); named {
		return false
	}
	off := false
	for _, cl := range c.m.Clusters {
		if !cl.Scope.Compatible(w.Scope, true, true) {
			continue
		}
		if (cl.AutoMode || cl.AutoModeUnknown) && !cl.NoBuiltInPools {
			return false
		}
		off = off || cl.NoBuiltInPools
	}
	return off
}

// declaredWithout reports whether the tree declares the cluster named,
// and every declaration of it runs without EKS Auto Mode (or, when
// builtIns, without its built-in NodePools).
func (c *checker) declaredWithout(name lint.Value, builtIns bool) bool {
	if _, ok := name.Str(); !ok {
		return false
	}
	found := false
	for _, cl := range c.m.Clusters {
		if lint.Compare(cl.Name, name) != lint.Yes {
			continue
		}
		if (cl.AutoMode || cl.AutoModeUnknown) && !(builtIns && cl.NoBuiltInPools) {
			return false
		}
		found = true
	}
	return found
}

// completeDeclared is complete from the sources alone.
func (c *checker) completeDeclared(w *lint.Workload) (why string) {
	cluster, library, autoMode := false, false, false
	// The clusters the workload may run in, by name: one named in
	// several roots is one cluster.
	names := map[string]bool{}
	roots := map[string]bool{}
	for _, cl := range c.m.Clusters {
		if cl.Scope.Compatible(w.Scope, true, true) && lint.Compare(cl.Name, clusterOf(w.Scope)) != lint.No {
			names[cl.Name.String()] = true
			roots[cl.Root] = true
			if _, ok := c.m.InstantiatedElsewhere[cl.Root]; ok {
				// A library module read as a root: the cluster a call
				// from a source not read makes of it has capacity the
				// tree does not show.
				library = true
				continue
			}
			if (cl.AutoMode || cl.AutoModeUnknown) && !cl.NoBuiltInPools {
				autoMode = true
				continue
			}
			cluster = true
		}
	}
	if other := c.otherCluster(w); other != nil {
		return fmt.Sprintf(skipOther, other.What)
	}
	switch {
	case autoMode && len(names) > 1:
		return skipAutoModeMay
	case autoMode:
		return skipAutoMode
	case library:
		return skipLibrary
	case !cluster:
		return skipNoCluster
	}
	if c.autoModePool(w) {
		return skipAutoMode
	}
	if !c.installsKarpenter(w) || w.KarpenterController() {
		// Karpenter's own controller never runs on the nodes its
		// NodePools launch: whether they are declared here does not
		// matter to it.
		return ""
	}
	for _, mc := range c.m.PoolModuleCalls {
		if roots[mc.Root] {
			return fmt.Sprintf(skipPoolModule, mc.Label)
		}
	}
	for _, p := range c.places {
		if p.Kind == NodePoolPlace && lint.Compare(p.cluster, clusterOf(w.Scope)) != lint.No {
			if r := c.unrenderedPools(w); r != nil {
				return fmt.Sprintf(skipUnrenderedPools, r.Label)
			}
			return ""
		}
	}
	if r := c.unrenderedPools(w); r != nil {
		// Its only NodePools are in a chart's values that is not
		// rendered (a raw chart's resources).
		return fmt.Sprintf(skipUnrenderedPools, r.Label)
	}
	if u := c.switchedOffManifests(); u != nil {
		a, _ := lint.ParseAddress(u.Addr)
		a.Root = ""
		return fmt.Sprintf(skipSwitchedOffPools, a.String()+" (root "+u.Root+")")
	}
	return skipNoNodePools
}

// unreadCallOfCluster is the first module call (by its description)
// whose code is not read in the workload's own root or the root of a
// cluster it may run in (a cloudposse eks-node-group call beside the
// cluster): its node groups, if any, are not declared here. "" when
// there is none.
func (c *checker) unreadCallOfCluster(w *lint.Workload) string {
	if len(c.m.UnreadCalls) == 0 {
		return ""
	}
	roots := map[string]bool{}
	if w.Root != "" {
		roots[w.Root] = true // a release the root installs: its cluster's
	}
	for _, cl := range c.m.Clusters {
		if cl.Root != "" && cl.Scope.Compatible(w.Scope, true, true) && lint.Compare(cl.Name, clusterOf(w.Scope)) != lint.No {
			roots[cl.Root] = true
		}
	}
	var found []string
	for key, what := range c.m.UnreadCalls {
		if root, _, ok := strings.Cut(key, ":"); ok && roots[root] {
			found = append(found, what)
		}
	}
	if len(found) == 0 {
		return ""
	}
	slices.Sort(found)
	return found[0]
}

// switchedOffManifests is the first Terraform manifest resource
// (kubernetes_manifest, kubectl_manifest) of the tree of which the
// configuration read makes no instance: what it would apply, NodePools
// among it, is not read.
func (c *checker) switchedOffManifests() *lint.Unapplied {
	for i := range c.m.Unapplied {
		u := &c.m.Unapplied[i]
		if a, ok := lint.ParseAddress(u.Addr); ok && !u.ChartOnly && (a.Type == "kubernetes_manifest" || a.Type == "kubectl_manifest") {
			return u
		}
	}
	return nil
}

// unrenderedPools is a release of the workload's scope whose chart is
// not rendered and whose values hold Karpenter NodePools (a raw chart's
// resources list): NodePools the tree applies that are not places here.
func (c *checker) unrenderedPools(w *lint.Workload) *lint.Release {
	for _, r := range c.m.Releases {
		if r.ChartDir == "" && r.Scope.Compatible(w.Scope, true, true) && holdsNodePool(r.Values, 0) {
			return r
		}
	}
	return nil
}

// holdsNodePool reports whether a values tree holds a Karpenter NodePool
// (or a legacy Provisioner) document: a mapping whose kind is one and
// whose apiVersion is karpenter.sh's.
func holdsNodePool(v any, depth int) bool {
	if depth > 32 {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		kind, _ := x["kind"].(string)
		api, _ := x["apiVersion"].(string)
		if (kind == "NodePool" || kind == "Provisioner") && strings.HasPrefix(api, "karpenter.sh/") {
			return true
		}
		for _, e := range x {
			if holdsNodePool(e, depth+1) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if holdsNodePool(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// otherCluster is the first cluster of the tree whose capacity is not
// read (lint.OtherCluster: another cloud's, an EKS module not read) that
// the workload may run in — its own cluster is not named, or may be that
// one —; nil when there is none.
func (c *checker) otherCluster(w *lint.Workload) *lint.OtherCluster {
	_, ownCluster := c.rootCluster[w.Root]
	for _, o := range c.m.OtherClusters {
		if ownCluster && w.Root != "" && o.Root != w.Root {
			// A root that declares its one cluster installs there, not
			// in another root's.
			continue
		}
		if o.Scope.Compatible(w.Scope, true, true) && lint.Compare(o.Name, clusterOf(w.Scope)) != lint.No {
			return o
		}
	}
	return nil
}

// installsKarpenter reports whether the tree installs Karpenter in the
// workload's cluster (lint.Model.InstallsKarpenter).
func (c *checker) installsKarpenter(w *lint.Workload) bool {
	return c.m.InstallsKarpenter(w.Scope)
}

// pinned reports whether the pod requires a label that a candidate place
// defines itself (its name, a template or node group label) with a value
// the requirement allows: the pod is meant for those places, wherever
// else capacity is. A value no place here carries (tier=spot beside a
// node group's tier=system) may be carried by capacity declared
// elsewhere: not pinned.
func pinned(pod *lint.PodScheduling, cands []*Place) bool {
	for _, term := range terms(pod) {
		for _, r := range term {
			if !positive(r) || !(custom(r.Key) || r.Key == LabelNodePool || r.Key == LabelNodeGroup) {
				continue
			}
			for _, p := range cands {
				_, label := p.labels[r.Key]
				defines := label || p.reqs[r.Key] != nil || r.Key == LabelNodePool && p.Kind == NodePoolPlace || r.Key == LabelNodeGroup && p.Kind == NodeGroupPlace
				if defines && p.offerFor(r.Key, p.instances, p.instancesKnown).compatible([]lint.Requirement{r}) && !excludedByName(term, p) {
					return true
				}
			}
		}
	}
	return false
}

// excludedByName reports whether a term rules a place out by the label
// that names it (karpenter.sh/nodepool DoesNotExist keeps a pod off every
// NodePool's nodes, as the Karpenter chart keeps its controller): such a
// place is no place the term pins the pod to.
func excludedByName(term []lint.Requirement, p *Place) bool {
	for _, q := range term {
		if (q.Key == LabelNodePool || q.Key == LabelNodeGroup) && !p.offerFor(q.Key, p.instances, p.instancesKnown).compatible([]lint.Requirement{q}) {
			return true
		}
	}
	return false
}

// positive reports whether a requirement needs the label to exist.
func positive(r lint.Requirement) bool {
	return r.Operator == lint.OpIn || r.Operator == lint.OpExists || lint.IsBound(r.Operator)
}

// custom reports whether a label key is one only the user's own
// configuration puts on nodes.
func custom(key string) bool {
	return !instanceDerived(key) && !isZoneKey(key) && !wellKnown(key) && key != LabelNodePool && key != LabelNodeGroup &&
		key != LabelCapacityType && key != LabelEKSCapacity && domainOf(key) != "eks.amazonaws.com"
}
