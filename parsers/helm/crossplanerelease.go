package helm

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// crossplaneHelmGroup is the API group of provider-helm's Release
// (crossplane-contrib/provider-helm); crossplaneHelmNamespacedGroup that
// of its namespaced Release (Crossplane v2), whose release goes to the
// Release's own namespace when spec.forProvider.namespace is not set.
const (
	crossplaneHelmGroup           = "helm.crossplane.io"
	crossplaneHelmNamespacedGroup = "helm.m.crossplane.io"
)

// crossplaneRelease reads a Crossplane provider-helm Release
// (helm.crossplane.io v1beta1): the release is the
// crossplane.io/external-name annotation, else metadata.name, in
// spec.forProvider.namespace, of spec.forProvider.chart (name, repository,
// version). Values apply in provider-helm's order (composeValuesFromSpec):
// valuesFrom (ConfigMaps and Secrets of the cluster, not read: a note),
// then values, then set (each as `--set name=value`).
func (b *builder) crossplaneRelease(yf *yamlFile, doc int, top *yaml.Node) {
	name := str(at(top, "metadata", "name"))
	nameRange := yf.rangeOf(at(top, "metadata", "name"))
	if ext := at(top, "metadata", "annotations", "crossplane.io/external-name"); str(ext) != "" {
		name, nameRange = str(ext), yf.rangeOf(ext)
	}
	fp := at(top, "spec", "forProvider")
	_, kindNode := get(top, "kind")
	label := "Crossplane Release " + str(at(top, "metadata", "name"))
	addr := yf.rel + "#" + strconv.Itoa(doc) + "/Release/" + str(at(top, "metadata", "name")) + "/release"
	r := b.newRelease(yf, addr, label, yf.rangeOf(kindNode), name, nameRange, yf.source, "crossplane")
	ns := at(fp, "namespace")
	if str(ns) == "" && strings.HasPrefix(str(at(top, "apiVersion")), crossplaneHelmNamespacedGroup+"/") {
		ns = at(top, "metadata", "namespace")
	}
	setNamespace(r, str(ns))
	if ns != nil {
		r.NamespaceRange = yf.rangeOf(ns)
	}
	r.Chart, r.Repository, r.Version = str(at(fp, "chart", "name")), str(at(fp, "chart", "repository")), str(at(fp, "chart", "version"))
	if r.Chart == "" {
		if u := str(at(fp, "chart", "url")); u != "" {
			r.Chart = u
		}
	}
	for _, vf := range items(at(fp, "valuesFrom")) {
		what := "a ConfigMap or Secret"
		if ref := at(vf, "configMapKeyRef"); ref != nil {
			what = "ConfigMap " + str(at(ref, "name"))
		} else if ref := at(vf, "secretKeyRef"); ref != nil {
			what = "Secret " + str(at(ref, "name"))
		}
		b.valuesNotRead(r, yf.rangeOf(vf), fmt.Sprintf("%s: values from %s of the cluster are not read", label, what), "values from "+what+" of the cluster")
	}
	if v := at(fp, "values"); v != nil {
		if err := mergeDoc(r, v, yf.rangeOf); err != nil {
			b.diag(yf.rangeOf(v), "invalid values", err.Error())
		}
	}
	for _, s := range items(at(fp, "set")) {
		key, val := at(s, "name"), at(s, "value")
		if str(key) == "" || val == nil || val.Kind != yaml.ScalarNode {
			if at(s, "valueFrom") != nil {
				b.valuesNotRead(r, yf.rangeOf(s), fmt.Sprintf("%s: set %s from a ConfigMap or Secret of the cluster is not read", label, str(key)), "set "+str(key)+" from the cluster")
			}
			continue
		}
		mergeSet(r, str(key), setValue(val.Value), yf.rangeOf(val), yf.rangeOf(key))
	}
	b.out = append(b.out, r)
}

// isCrossplaneRelease reports whether apiVersion and kind are a
// provider-helm Release.
func isCrossplaneRelease(api, kind string) bool {
	return kind == "Release" && (strings.HasPrefix(api, crossplaneHelmGroup+"/") || strings.HasPrefix(api, crossplaneHelmNamespacedGroup+"/"))
}
