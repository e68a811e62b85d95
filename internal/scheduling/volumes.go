package scheduling

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// VolumeNeed is a zonal constraint a pod's volume puts on where it runs.
type VolumeNeed struct {
	// Zones are where the volume lives or will be created; empty with
	// Immediate set: wherever the provisioner picks.
	Zones []string
	// Immediate is set for a claim of an Immediate-binding EBS class with
	// no allowed topologies: the volume is created before the pod is
	// scheduled, in a zone the pod's places may not reach.
	Immediate bool
	// At is the pod's claim (claimName, the template's storageClassName);
	// Source is where the zones are decided (the PV's node affinity, the
	// class's allowedTopologies).
	At, Source lint.Range
	// Via names the chain ("StorageClass gp3-a").
	Via string
}

// volumeNeeds reads the zonal needs of a workload's claims. conflict is set
// when two needs share no zone: then no place can ever run the pod.
func volumeNeeds(m *lint.Model, w *lint.Workload) (needs []VolumeNeed, conflict *Misfit) {
	for _, c := range w.Pod.Claims {
		if n, ok := claimNeed(m, w, c); ok {
			needs = append(needs, n)
		}
	}
	for _, t := range w.Pod.ClaimTemplates {
		at := t.StorageClass.Range
		if at.IsZero() {
			at = t.Range
		}
		if n, ok := classNeed(m, t.StorageClass, w.Scope, at); ok {
			needs = append(needs, n)
		}
	}
	var zones []string
	known := false
	for i, n := range needs {
		if n.Immediate {
			continue
		}
		zones, known = intersect(zones, n.Zones, known), true
		if len(zones) == 0 {
			return needs, &Misfit{Stage: StageZones, Reason: fmt.Sprintf("its volumes live in different zones (%s)", needZones(needs[:i+1])), At: n.Source, Pod: n.At,
				Fix: "keep the pod's volumes in one zone"}
		}
		if want, at, ok := requiredZones(w.Pod); ok && len(intersect(want, n.Zones, true)) == 0 {
			// The pod's own node selection keeps it out of every zone
			// its volume lives in.
			return needs, &Misfit{Stage: StageZones, Reason: fmt.Sprintf("the pod requires a node in %s, its volume (%s) lives in %s", strings.Join(want, ", "), n.Via, strings.Join(n.Zones, ", ")), At: n.Source, Pod: at,
				Fix: fmt.Sprintf("select the zone its volume lives in (%s), or keep the volume in %s", strings.Join(n.Zones, ", "), strings.Join(want, ", "))}
		}
	}
	return needs, nil
}

// requiredZones are the zones the pod's required node selection allows
// (its node selector and required affinity on the zone label), with where
// the first is written; ok is false when some term allows any zone.
func requiredZones(pod *lint.PodScheduling) (zones []string, at lint.Range, ok bool) {
	for _, term := range terms(pod) {
		var tz []string
		restricted := false
		for _, r := range term {
			if !isZoneKey(r.Key) || r.Operator != lint.OpIn {
				continue
			}
			tz, restricted = intersect(tz, r.Values, restricted), true
			if at.IsZero() {
				at = r.Range
			}
		}
		if !restricted {
			return nil, lint.Range{}, false
		}
		for _, z := range tz {
			if !slices.Contains(zones, z) {
				zones = append(zones, z)
			}
		}
	}
	return zones, at, len(zones) > 0
}

// claimNeed follows a pod's claim to its volume's zones, or to its
// class's.
func claimNeed(m *lint.Model, w *lint.Workload, c lint.ClaimRef) (VolumeNeed, bool) {
	name, ok := c.Claim.Str()
	if !ok {
		return VolumeNeed{}, false
	}
	ns, nsKnown := w.Namespace.Str()
	var claim *lint.VolumeClaim
	for _, vc := range m.VolumeClaims {
		n, _ := vc.Name.Str()
		cns, cnsKnown := vc.Namespace.Str()
		if n != name || !vc.Scope.Compatible(w.Scope, true, true) || !(nsKnown && cnsKnown && ns == cns || !nsKnown && !cnsKnown) {
			continue
		}
		if claim != nil {
			return VolumeNeed{}, false
		}
		claim = vc
	}
	if claim == nil {
		return VolumeNeed{}, false
	}
	if pv := volumeOf(m, claim, ns); pv != nil {
		if len(pv.Zones) == 0 {
			return VolumeNeed{}, false
		}
		return VolumeNeed{Zones: pv.Zones, At: c.Range, Source: pv.ZonesRange, Via: "PersistentVolume " + nameOf(pv.Name)}, true
	}
	return classNeed(m, claim.StorageClass, claim.Scope, c.Range)
}

// volumeOf finds the PersistentVolume a claim is bound to: by the claim's
// volumeName, or by a volume's claimRef.
func volumeOf(m *lint.Model, claim *lint.VolumeClaim, ns string) *lint.Volume {
	want, byName := claim.Volume.Value.Str()
	claimName, _ := claim.Name.Str()
	for _, pv := range m.Volumes {
		n, _ := pv.Name.Str()
		if claim.Volume.IsSet() && byName && n == want || pv.ClaimName == claimName && pv.ClaimNamespace == ns && ns != "" {
			return pv
		}
	}
	return nil
}

// classNeed reads the zonal need of a claim of a storage class (the
// cluster's default when the claim names none).
func classNeed(m *lint.Model, class lint.Ref, scope lint.Scope, at lint.Range) (VolumeNeed, bool) {
	sc := m.StorageClassFor(class, scope)
	if sc == nil || sc.ZonesUnknown {
		return VolumeNeed{}, false
	}
	via := "StorageClass " + nameOf(sc.Name)
	if len(sc.Zones) > 0 {
		return VolumeNeed{Zones: sc.Zones, At: at, Source: sc.ZonesRange, Via: via}, true
	}
	if sc.BindingMode == "Immediate" && zonalProvisioner(sc.Provisioner) {
		return VolumeNeed{Immediate: true, At: at, Source: sc.Range, Via: via}, true
	}
	return VolumeNeed{}, false
}

// zonalProvisioner reports whether a provisioner creates volumes that live
// in one zone (EBS, in-tree or CSI).
func zonalProvisioner(p string) bool {
	return p == "ebs.csi.aws.com" || p == "kubernetes.io/aws-ebs"
}

// zoneFit checks the place's zones against the pod's zonal volumes.
func zoneFit(p *Place, needs []VolumeNeed) *Misfit {
	if !p.zonesKnown {
		return nil
	}
	for _, n := range needs {
		if n.Immediate || len(intersect(p.zones, n.Zones, true)) > 0 {
			continue
		}
		return &Misfit{
			Stage:  StageZones,
			Reason: fmt.Sprintf("it places nodes only in %s (%s), the volume (%s) lives in %s", strings.Join(p.zones, ", "), p.zonesVia, n.Via, strings.Join(n.Zones, ", ")),
			At:     p.zonesRange,
			Pod:    n.At,
			Fix:    zoneFix(p, n.Zones[0]),
		}
	}
	return nil
}

// zoneFix is the change that lets a place put a node in a zone: widen
// what restricts its zones.
func zoneFix(p *Place, zone string) string {
	if p.Kind != NodePoolPlace {
		return fmt.Sprintf("give %s a subnet in %s", p.Label(), zone)
	}
	var parts []string
	if p.zoneReq {
		parts = append(parts, fmt.Sprintf("add %s to %s's %s requirement", zone, p.Label(), LabelZone))
	}
	if p.zoneClass != "" {
		parts = append(parts, fmt.Sprintf("give %s a subnet in %s that its subnetSelectorTerms select", p.zoneClass, zone))
	}
	return strings.Join(parts, " and ")
}

// needZones writes the zones of each need.
func needZones(needs []VolumeNeed) string {
	var parts []string
	for _, n := range needs {
		parts = append(parts, n.Via+": "+strings.Join(n.Zones, ", "))
	}
	return strings.Join(parts, "; ")
}

// immediate judges a workload that fits some places but has a claim of an
// Immediate-binding zonal class: the volume is created in any zone the
// cluster's nodes reach, and the places that fit it may not reach that
// zone. Every place's zones must be known.
func (c *checker) immediate(w *lint.Workload, req lint.Resources, needs []VolumeNeed, fitting, cands []*Place) (Verdict, bool) {
	var need *VolumeNeed
	for i := range needs {
		if needs[i].Immediate {
			need = &needs[i]
		}
	}
	if need == nil {
		return Verdict{}, false
	}
	reach := zonesOf(fitting)
	all := zonesOf(cands)
	if reach == nil || all == nil {
		return Verdict{}, false
	}
	var outside []string
	for _, z := range all {
		if !slices.Contains(reach, z) {
			outside = append(outside, z)
		}
	}
	if len(outside) == 0 {
		return Verdict{}, false
	}
	v := Verdict{Workload: w, Stage: StageZones, Requests: req, Maybe: true, Volume: need}
	for _, p := range fitting {
		v.Places = append(v.Places, PlaceFit{Place: p, Misfits: []Misfit{{
			Stage:  StageZones,
			Reason: fmt.Sprintf("it places nodes only in %s, the volume may be created in %s", strings.Join(p.zones, ", "), strings.Join(outside, ", ")),
			At:     p.zonesRange, Pod: need.At,
			Fix: fmt.Sprintf("set volumeBindingMode: WaitForFirstConsumer on %s", need.Via),
		}}})
	}
	v.Inferred = c.inferredOf(w, v.Places)
	return v, true
}

// zonesOf is the union of the places' zones, nil unless all are known.
func zonesOf(ps []*Place) []string {
	var out []string
	for _, p := range ps {
		if !p.zonesKnown {
			return nil
		}
		for _, z := range p.zones {
			if !slices.Contains(out, z) {
				out = append(out, z)
			}
		}
	}
	slices.Sort(out)
	return out
}

// nameOf is an entity name as text.
func nameOf(v lint.Value) string {
	if s, ok := v.Str(); ok {
		return s
	}
	return v.String()
}
