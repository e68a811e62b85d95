package helm

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// helmChartGroup is the API group of the HelmChart CRs the k3s / RKE2
// helm-controller installs.
const helmChartGroup = "helm.cattle.io"

// helmChart reads a HelmChart CR (helm.cattle.io/v1). The release is
// metadata.name, in spec.targetNamespace (default metadata.namespace);
// the chart is spec.chart from spec.repo at spec.version, never a chart in
// the tree, so the release is modelled from its values. Values apply in
// helm-controller's order: spec.valuesContent (YAML text), then spec.set.
// HelmChartConfig overrides are not read.
func (b *builder) helmChart(yf *yamlFile, doc int, top *yaml.Node) {
	name, ns := str(at(top, "metadata", "name")), str(at(top, "metadata", "namespace"))
	spec := at(top, "spec")
	qualified := name
	if ns != "" {
		qualified = ns + "/" + name
	}
	_, kindNode := get(top, "kind")
	label := "HelmChart " + qualified
	addr := yf.rel + "#" + strconv.Itoa(doc) + "/HelmChart/" + qualified + "/release"
	r := b.newRelease(yf, addr, label, yf.rangeOf(kindNode), name, yf.rangeOf(at(top, "metadata", "name")), yf.source, "helm-controller")
	if target := str(at(spec, "targetNamespace")); target != "" {
		setNamespace(r, target)
		r.NamespaceRange = yf.rangeOf(at(spec, "targetNamespace"))
	} else {
		setNamespace(r, ns)
		if n := at(top, "metadata", "namespace"); n != nil {
			r.NamespaceRange = yf.rangeOf(n)
		}
	}
	r.Chart, r.Repository, r.Version = str(at(spec, "chart")), str(at(spec, "repo")), str(at(spec, "version"))
	if vc := at(spec, "valuesContent"); vc != nil && vc.Kind == yaml.ScalarNode {
		b.mergeText(r, yf, vc, label+" spec.valuesContent")
	}
	set := at(spec, "set")
	if set != nil && set.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(set.Content); i += 2 {
			k, v := deref(set.Content[i]), deref(set.Content[i+1])
			if k == nil || v == nil || v.Kind != yaml.ScalarNode {
				continue
			}
			mergeSet(r, k.Value, helmChartSet(v), yf.rangeOf(v), yf.rangeOf(k))
		}
	}
	b.out = append(b.out, r)
}

// helmChartSet is a spec.set value as helm-controller passes it: a string
// with --set-string (but "true" and "false" with --set), anything else
// with --set.
func helmChartSet(v *yaml.Node) any {
	if v.Tag == "!!str" && v.Value != "true" && v.Value != "false" {
		return v.Value
	}
	return setValue(v.Value)
}
