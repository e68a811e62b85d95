package kube

import (
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// isZoneKey reports whether a topology key pins an Availability Zone.
func isZoneKey(key string) bool {
	switch key {
	case "topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone", "topology.ebs.csi.aws.com/zone":
		return true
	}
	return false
}

// storageClass reads a StorageClass: provisioner, volumeBindingMode
// (Immediate when not written; "" when written but unreadable or not a
// mode), the zones allowedTopologies allows and whether it is the default
// class (either is-default-class annotation, the string "true").
func (d *doc) storageClass() *lint.StorageClass {
	sc := &lint.StorageClass{Object: d.object(lint.KindStorageClass), BindingMode: "Immediate"}
	_, pv := lookup(d.root, "provisioner")
	sc.Provisioner, _ = d.text(pv)
	if _, mv := lookup(d.root, "volumeBindingMode"); mv != nil {
		mode, _ := d.text(mv)
		sc.BindingMode = ""
		if mode == "Immediate" || mode == "WaitForFirstConsumer" {
			sc.BindingMode = mode
		}
	}
	if k, v := lookup(d.root, "allowedTopologies"); k != nil {
		sc.ZonesRange = d.rangeOf(k)
		sc.Zones, sc.ZonesUnknown = d.zoneTerms(v, "matchLabelExpressions", false)
	}
	for _, a := range []string{"storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"} {
		_, v := path(d.root, "metadata", "annotations", a)
		if s := resolve(v); s != nil && s.Kind == yaml.ScalarNode && s.Tag == "!!str" && s.Value == "true" {
			sc.Default = true
		}
	}
	return sc
}

// volumeClaim reads a PersistentVolumeClaim: its class (see
// storageClassRef) and the volume it is bound to by name.
func (d *doc) volumeClaim() *lint.VolumeClaim {
	_, meta := lookup(d.root, "metadata")
	_, spec := lookup(d.root, "spec")
	return &lint.VolumeClaim{
		Object:       d.object(lint.KindVolumeClaim),
		Namespace:    d.namespaceValue(),
		StorageClass: d.storageClassRef(meta, spec),
		Volume:       d.refAt("spec", "volumeName"),
	}
}

// volume reads a PersistentVolume: the zones its required node affinity
// pins, its claimRef and its class (the legacy annotation first). A zone
// affinity that cannot be read leaves the volume unpinned.
func (d *doc) volume() *lint.Volume {
	v := &lint.Volume{Object: d.object(lint.KindVolume)}
	if k, terms, _ := reach(d.root, "spec", "nodeAffinity", "required", "nodeSelectorTerms"); k != nil {
		zones, unknown := d.zoneTerms(terms, "matchExpressions", true)
		if !unknown {
			v.Zones, v.ZonesRange = zones, d.rangeOf(k)
		}
	}
	_, ns := path(d.root, "spec", "claimRef", "namespace")
	_, name := path(d.root, "spec", "claimRef", "name")
	v.ClaimNamespace, _ = d.text(ns)
	v.ClaimName, _ = d.text(name)
	_, meta := lookup(d.root, "metadata")
	_, spec := lookup(d.root, "spec")
	if c := d.storageClassRef(meta, spec); c.IsSet() {
		v.StorageClass, _ = c.Value.Str()
	}
	return v
}

// zoneTerms reads the zones a list of topology terms allows: terms are
// ORed, the expressions of a term ANDed. Only zone keys count, with In
// (operators is false: allowedTopologies, where every expression is an
// In); a term without a zone In allows every zone, and so do the terms
// then (nil). unknown is set when some term or zone expression cannot be
// read (zones then holds what could), or when the terms allow no zone.
func (d *doc) zoneTerms(n *yaml.Node, exprKey string, operators bool) (zones []string, unknown bool) {
	list, present, ok := collection(n, yaml.SequenceNode)
	if !present || !ok {
		return nil, !ok
	}
	for _, term := range list.Content {
		_, ev := lookup(term, exprKey)
		tz, pinned, known := d.termZones(ev, operators)
		if !known {
			unknown = true
			continue
		}
		if !pinned {
			return nil, false
		}
		for _, z := range tz {
			if !slices.Contains(zones, z) {
				zones = append(zones, z)
			}
		}
	}
	// Terms that pin no zone at all (empty intersections) allow none,
	// which "every zone" (empty) cannot say: unknown.
	return zones, unknown || len(zones) == 0 && len(list.Content) > 0
}

// termZones intersects the zone In expressions of one term: pinned is
// false when there is none.
func (d *doc) termZones(exprs *yaml.Node, operators bool) (zones []string, pinned, known bool) {
	list, present, ok := collection(exprs, yaml.SequenceNode)
	if !present || !ok {
		return nil, false, ok
	}
	for _, it := range list.Content {
		_, kv := lookup(it, "key")
		_, vv := lookup(it, "values")
		key, okKey := d.text(kv)
		if !okKey {
			return nil, false, false
		}
		if !isZoneKey(key) {
			continue
		}
		if operators {
			_, ov := lookup(it, "operator")
			if op, ok := d.operator(ov, false); !ok {
				return nil, false, false
			} else if op != lint.OpIn {
				continue
			}
		}
		values, ok := d.texts(vv)
		if !ok {
			return nil, false, false
		}
		if !pinned {
			zones, pinned = values, true
			continue
		}
		zones = slices.DeleteFunc(zones, func(z string) bool { return !slices.Contains(values, z) })
	}
	return zones, pinned, true
}
