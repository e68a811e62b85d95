package kube

import (
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// podScheduling reads what a workload's pods ask of a node from the pod
// spec at specPath: nil when the spec is not written or is not a mapping.
// The pod template's labels are the metadata beside the spec.
func (d *doc) podScheduling(specPath []string) *lint.PodScheduling {
	k, v, _ := reach(d.root, specPath...)
	spec, present, ok := collection(v, yaml.MappingNode)
	if !present || !ok {
		return nil
	}
	p := &lint.PodScheduling{Range: d.rangeOf(k)}
	d.containers(p, spec, "containers", false)
	if d.kind == "RunnerDeployment" && len(p.Containers) == 0 {
		d.runnerContainers(p, spec)
	}
	d.containers(p, spec, "initContainers", true)
	d.overhead(p, spec)
	d.nodeSelector(p, spec)
	d.nodeAffinity(p, spec)
	tk, tv := lookup(spec, "tolerations")
	if tk != nil {
		p.TolerationsRange = d.rangeOf(tk)
	}
	p.Tolerations = d.tolerations(tk, tv)
	d.spread(p, spec)
	d.podVolumes(p, spec)
	meta := append(append([]string(nil), specPath[:len(specPath)-1]...), "metadata", "labels")
	_, labels, blocked := reach(d.root, meta...)
	var labelsOK bool
	p.PodLabels, labelsOK = d.labelMap(labels)
	p.PodLabelsUnknown = blocked || !labelsOK
	if d.kind == "StatefulSet" {
		d.volumeClaimTemplates(p)
	}
	return p
}

// runnerContainers reads the containers of the pods of a summerwind
// RunnerDeployment whose runner spec lists none: the runner container,
// with the spec's own resources, and, unless Docker is off or runs
// inside the runner container, the docker sidecar with
// dockerdContainerResources (the controller's defaults: dockerEnabled
// true, dockerdWithinRunnerContainer false).
func (d *doc) runnerContainers(p *lint.PodScheduling, spec *yaml.Node) {
	p.Containers = append(p.Containers, d.specContainer(spec, "runner", "resources"))
	enabled, okEnabled := d.flag(spec, "dockerEnabled", true)
	within, okWithin := d.flag(spec, "dockerdWithinRunnerContainer", false)
	if !okEnabled || !okWithin {
		p.Containers = append(p.Containers, lint.ContainerRequests{Name: "docker", Unknown: true, Range: d.rangeOf(spec)})
		return
	}
	if !enabled || within {
		return
	}
	p.Containers = append(p.Containers, d.specContainer(spec, "docker", "dockerdContainerResources"))
}

// specContainer is a container a runner spec describes by its resources
// at key (none written: no requests).
func (d *doc) specContainer(spec *yaml.Node, name, key string) lint.ContainerRequests {
	c := lint.ContainerRequests{Name: name, Range: d.rangeOf(spec)}
	rk, res := lookup(spec, key)
	if rk == nil {
		return c
	}
	c.Range = d.rangeOf(rk)
	if rm, _, ok := collection(res, yaml.MappingNode); ok && rm != nil {
		d.requests(&c, rm)
	} else if !ok {
		c.Unknown = true
	}
	return c
}

// flag reads a boolean of a mapping, def when it is not written; ok is
// false when it is written but is no boolean.
func (d *doc) flag(m *yaml.Node, key string, def bool) (value, ok bool) {
	_, v := lookup(m, key)
	if v == nil {
		return def, true
	}
	s, isScalar := scalar(v)
	switch {
	case !isScalar:
		return def, false
	case s == "true":
		return true, true
	case s == "false":
		return false, true
	}
	return def, false
}

// containers reads the containers (or init containers) of a pod spec. A
// list that cannot be read is one Unknown entry at its key.
func (d *doc) containers(p *lint.PodScheduling, spec *yaml.Node, key string, init bool) {
	k, v := lookup(spec, key)
	list, present, ok := collection(v, yaml.SequenceNode)
	if !present {
		return
	}
	if !ok {
		p.Containers = append(p.Containers, lint.ContainerRequests{Init: init, Unknown: true, Range: d.rangeOf(k)})
		return
	}
	for _, it := range list.Content {
		p.Containers = append(p.Containers, d.container(it, init))
	}
}

// container reads one container's requests. An init container with
// restartPolicy Always is a sidecar: it runs beside the regular containers
// and counts with them.
func (d *doc) container(it *yaml.Node, init bool) lint.ContainerRequests {
	c := lint.ContainerRequests{Init: init, Range: d.rangeOf(it)}
	m, _, ok := collection(it, yaml.MappingNode)
	if !ok || m == nil {
		c.Unknown = true
		return c
	}
	if nk, nv := lookup(m, "name"); nk != nil {
		c.Range = d.pairRange(nk, nv)
		if s, ok := scalar(nv); ok {
			c.Name = d.decode(s).String()
		}
	}
	if _, rp := lookup(m, "restartPolicy"); init && rp != nil {
		policy, ok := d.text(rp)
		c.Init = policy != "Always"
		c.Unknown = !ok
	}
	_, res := lookup(m, "resources")
	rm, present, ok := collection(res, yaml.MappingNode)
	if !present {
		return c
	}
	if !ok {
		c.Unknown = true
		return c
	}
	d.requests(&c, rm)
	return c
}

// requests reads a container's resources: each request, or, for a
// resource with a limit and no request, the limit (Kubernetes defaults the
// request to it). A request that cannot be read, or a limit standing for
// one, makes the container's requests Unknown.
func (d *doc) requests(c *lint.ContainerRequests, res *yaml.Node) {
	rk, rv := lookup(res, "requests")
	_, lv := lookup(res, "limits")
	if rk != nil {
		c.Range = d.rangeOf(rk)
	}
	reqs, okReq := d.resourceList(rv, func() string { return "the requests of container " + c.Name })
	lims, okLim := d.resourceList(lv, func() string { return "the limits of container " + c.Name })
	c.Extended = extendedResources(rv, lv)
	if !okReq || !okLim {
		c.Unknown = true
	}
	for i := range numClasses {
		a := reqs[i]
		if !a.present {
			a = lims[i]
		}
		if !a.present {
			continue
		}
		c.Unknown = c.Unknown || !a.known
		r := d.rangeOf(a.node)
		switch i {
		case classCPU:
			c.Requests.MilliCPU, c.CPURange = a.value, r
		case classMemory:
			c.Requests.Memory, c.MemoryRange = a.value, r
		case classGPU:
			c.Requests.GPU, c.GPURange = a.value, r
		case classAMDGPU:
			c.Requests.AMDGPU = a.value
			if c.GPURange.IsZero() {
				c.GPURange = r
			}
		}
	}
}

// extendedResources are the names of the extended resources the lists
// write, sorted: as Kubernetes tells them (helper.IsExtendedResourceName),
// a name with a domain other than kubernetes.io, not a requests. quota
// name.
func extendedResources(lists ...*yaml.Node) []string {
	seen := map[string]bool{}
	for _, l := range lists {
		m, _, ok := collection(l, yaml.MappingNode)
		if !ok || m == nil {
			continue
		}
		for _, e := range entries(m) {
			name := e.key
			if strings.Contains(name, "/") && !strings.Contains(name, "kubernetes.io/") && !strings.HasPrefix(name, "requests.") {
				seen[name] = true
			}
		}
	}
	if len(seen) == 0 {
		return nil
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// overhead reads spec.overhead.
func (d *doc) overhead(p *lint.PodScheduling, spec *yaml.Node) {
	_, v := lookup(spec, "overhead")
	list, ok := d.resourceList(v, func() string { return "the pod overhead" })
	p.OverheadUnknown = !ok
	for i, a := range list {
		if !a.present {
			continue
		}
		p.OverheadUnknown = p.OverheadUnknown || !a.known
		setClass(&p.Overhead, i, a.value)
	}
}

// setClass sets the amount of class index i in r.
func setClass(r *lint.Resources, i int, v int64) {
	switch i {
	case classCPU:
		r.MilliCPU = v
	case classMemory:
		r.Memory = v
	case classGPU:
		r.GPU = v
	case classAMDGPU:
		r.AMDGPU = v
	}
}

// releaseName reports whether a label value a pod requires is the release
// name a chart no release installs was rendered with
// (Options.ReleaseNameText): the name given at install.
func (d *doc) releaseName(v string) bool {
	return d.opts.ReleaseNameText != "" && v == d.opts.ReleaseNameText
}

// nodeSelector reads spec.nodeSelector as one In requirement per entry,
// ranging over the entry. A map that cannot be read is one Unknown
// requirement at its key.
func (d *doc) nodeSelector(p *lint.PodScheduling, spec *yaml.Node) {
	k, v := lookup(spec, "nodeSelector")
	m, present, ok := collection(v, yaml.MappingNode)
	if !present {
		return
	}
	if !ok {
		p.NodeSelector = []lint.Requirement{{Unknown: true, Range: d.rangeOf(k)}}
		return
	}
	for _, e := range entries(m) {
		r := lint.Requirement{Key: e.key, Operator: lint.OpIn, Range: d.entryRange(e.k, e.v)}
		v, ok := d.labelText(e.v)
		r.Values = []string{v}
		r.Unknown = !ok || lint.HasSentinel(e.key) || hasPlaceholder(e.key) || d.releaseName(v)
		p.NodeSelector = append(p.NodeSelector, r)
	}
}

// nodeAffinity reads the required node affinity's terms. A term with
// matchFields (node names) gets an Unknown requirement: faultline does not
// know node names. A level that cannot be read is one term of one Unknown
// requirement, which constrains nothing. An empty term is kept empty
// (Kubernetes matches no node with it).
func (d *doc) nodeAffinity(p *lint.PodScheduling, spec *yaml.Node) {
	at := []string{"affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"}
	ak, _ := lookup(spec, "affinity")
	k, v, blocked := reach(spec, at...)
	if blocked {
		p.AffinityRange = d.rangeOf(ak)
		p.Affinity = [][]lint.Requirement{{{Unknown: true, Range: p.AffinityRange}}}
		return
	}
	list, present, ok := collection(v, yaml.SequenceNode)
	if !present {
		return
	}
	p.AffinityRange = d.rangeOf(k)
	if !ok {
		p.Affinity = [][]lint.Requirement{{{Unknown: true, Range: p.AffinityRange}}}
		return
	}
	for _, term := range list.Content {
		p.Affinity = append(p.Affinity, d.selectorTerm(term))
	}
}

// selectorTerm reads one node selector term's requirements.
func (d *doc) selectorTerm(term *yaml.Node) []lint.Requirement {
	m, _, ok := collection(term, yaml.MappingNode)
	if !ok || m == nil {
		return []lint.Requirement{{Unknown: true, Range: d.rangeOf(term)}}
	}
	ek, ev := lookup(m, "matchExpressions")
	reqs, ok := d.requirements(ev, requirementSyntax{})
	if !ok {
		reqs = append(reqs, lint.Requirement{Unknown: true, Range: d.rangeOf(ek)})
	}
	for i := range reqs {
		reqs[i].Unknown = reqs[i].Unknown || slices.ContainsFunc(reqs[i].Values, d.releaseName)
	}
	if fk, fv := lookup(m, "matchFields"); fk != nil {
		if _, present, _ := collection(fv, yaml.SequenceNode); present {
			reqs = append(reqs, lint.Requirement{Unknown: true, Range: d.rangeOf(fk)})
		}
	}
	if reqs == nil {
		reqs = []lint.Requirement{}
	}
	return reqs
}

// spread reads the topology spread constraints that block scheduling
// (whenUnsatisfiable: DoNotSchedule). One that cannot be read is left
// out: a constraint only ever blocks.
func (d *doc) spread(p *lint.PodScheduling, spec *yaml.Node) {
	_, v := lookup(spec, "topologySpreadConstraints")
	list, present, ok := collection(v, yaml.SequenceNode)
	if !present || !ok {
		return
	}
	for _, it := range list.Content {
		_, wv := lookup(it, "whenUnsatisfiable")
		_, kv := lookup(it, "topologyKey")
		_, sv := lookup(it, "maxSkew")
		when, _ := d.text(wv)
		key, okKey := d.text(kv)
		skew, okSkew := integer(sv)
		if when != "DoNotSchedule" || !okKey || !okSkew {
			continue
		}
		p.Spread = append(p.Spread, lint.SpreadConstraint{TopologyKey: key, MaxSkew: skew, Range: d.rangeOf(it)})
	}
}

// podVolumes reads the claims a pod's volumes name and the claim
// templates of its generic ephemeral volumes. A volume list that cannot be
// read is one claim of unknown name at its key.
func (d *doc) podVolumes(p *lint.PodScheduling, spec *yaml.Node) {
	k, v := lookup(spec, "volumes")
	list, present, ok := collection(v, yaml.SequenceNode)
	if !present {
		return
	}
	if !ok {
		p.Claims = append(p.Claims, lint.ClaimRef{Claim: lint.Unknown(), Range: d.rangeOf(k)})
		return
	}
	for _, it := range list.Content {
		if _, _, ok := collection(it, yaml.MappingNode); !ok {
			p.Claims = append(p.Claims, lint.ClaimRef{Claim: lint.Unknown(), Range: d.rangeOf(it)})
			continue
		}
		if pk, pv := lookup(it, "persistentVolumeClaim"); pk != nil {
			p.Claims = append(p.Claims, d.claimRef(it, pk, pv))
		}
		if _, tv, blocked := reach(it, "ephemeral", "volumeClaimTemplate"); tv != nil || blocked {
			_, nv := lookup(it, "name")
			name, _ := d.text(nv)
			p.ClaimTemplates = append(p.ClaimTemplates, d.claimTemplate(it, name, tv))
		}
	}
}

// claimRef reads a persistentVolumeClaim volume: its claimName, unknown
// when it cannot be read.
func (d *doc) claimRef(it, pk, pv *yaml.Node) lint.ClaimRef {
	ck, cv := lookup(pv, "claimName")
	if ck == nil {
		return lint.ClaimRef{Claim: lint.Unknown(), Range: d.rangeOf(pk)}
	}
	claim := lint.Unknown()
	if s, ok := scalar(cv); ok {
		claim = d.decode(s)
	}
	return lint.ClaimRef{Claim: claim, Range: d.entryRange(ck, cv)}
}

// volumeClaimTemplates reads a StatefulSet's spec.volumeClaimTemplates. A
// list that cannot be read is one template of unknown class at its key.
func (d *doc) volumeClaimTemplates(p *lint.PodScheduling) {
	k, v, blocked := reach(d.root, "spec", "volumeClaimTemplates")
	list, present, ok := collection(v, yaml.SequenceNode)
	if blocked || (present && !ok) {
		at := d.rangeOf(k)
		p.ClaimTemplates = append(p.ClaimTemplates, lint.ClaimTemplate{StorageClass: lint.Ref{Value: lint.Unknown(), Range: at}, Range: at})
		return
	}
	if !present {
		return
	}
	for _, it := range list.Content {
		_, nv := path(it, "metadata", "name")
		name, _ := d.text(nv)
		p.ClaimTemplates = append(p.ClaimTemplates, d.claimTemplate(it, name, it))
	}
}

// claimTemplate reads a PersistentVolumeClaim template (metadata and spec)
// under item it; one that cannot be read asks for an unknown class.
func (d *doc) claimTemplate(it *yaml.Node, name string, tmpl *yaml.Node) lint.ClaimTemplate {
	ct := lint.ClaimTemplate{Name: name, Range: d.rangeOf(it)}
	_, meta := lookup(tmpl, "metadata")
	_, spec := lookup(tmpl, "spec")
	_, _, okTmpl := collection(tmpl, yaml.MappingNode)
	_, _, okMeta := collection(meta, yaml.MappingNode)
	_, _, okSpec := collection(spec, yaml.MappingNode)
	if tmpl == nil || !okTmpl || !okMeta || !okSpec {
		ct.StorageClass = lint.Ref{Value: lint.Unknown(), Range: ct.Range}
		return ct
	}
	ct.StorageClass = d.storageClassRef(meta, spec)
	return ct
}

// storageClassRef reads the class a claim (or claim template) asks for:
// the legacy volume.beta.kubernetes.io/storage-class annotation, which
// Kubernetes still prefers, else spec.storageClassName. Written but null,
// empty or a hole, it is set with an unknown value; not written, unset
// (the cluster's default class).
func (d *doc) storageClassRef(meta, spec *yaml.Node) lint.Ref {
	if k, v := path(meta, "annotations", "volume.beta.kubernetes.io/storage-class"); k != nil {
		return d.writtenRef(k, v)
	}
	if k, v := lookup(spec, "storageClassName"); k != nil {
		return d.writtenRef(k, v)
	}
	return lint.Ref{}
}

// writtenRef is a reference whose key is written: its value, or unknown
// when the value cannot be read (ranging then over the key).
func (d *doc) writtenRef(k, v *yaml.Node) lint.Ref {
	if s, ok := d.text(v); ok {
		return lint.Ref{Value: lint.Known(s), Range: d.rangeOf(v)}
	}
	if s, ok := scalar(v); ok {
		return lint.Ref{Value: d.decode(s), Range: d.rangeOf(v)}
	}
	return lint.Ref{Value: lint.Unknown(), Range: d.rangeOf(k)}
}

// entryRange is where a pod's requirement entry is written: the pair, or
// in rendered output (a chart, a composition) its scalar value, which maps
// back to the values key or release argument that set it.
func (d *doc) entryRange(k, v *yaml.Node) lint.Range {
	if s := resolve(v); d.opts.MapRange != nil && s != nil && s.Kind == yaml.ScalarNode && s.Value != "" {
		return d.rangeOf(v)
	}
	return d.pairRange(k, v)
}
