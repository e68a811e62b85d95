package helm

import (
	"encoding/base64"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/lockedfile"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// flux reads a Flux HelmRelease (helm.toolkit.fluxcd.io v2, v2beta1,
// v2beta2). spec.chart.spec.chart is a path when sourceRef is a
// GitRepository or Bucket (relative to the source's root: the repository
// holding the file, or a scan root), else a chart name; spec.chartRef
// names a remote chart. The release is spec.releaseName, default
// [targetNamespace-]name, in targetNamespace (default
// metadata.namespace). Values apply in Flux's order: the chart's
// valuesFiles, valuesFrom (ConfigMaps found in the scanned files; Secrets
// are not read), spec.values.
func (b *builder) flux(yf *yamlFile, doc int, top *yaml.Node) {
	name, ns := str(at(top, "metadata", "name")), str(at(top, "metadata", "namespace"))
	nsRange := yf.rangeOf(at(top, "metadata", "namespace"))
	if placed, placedAt, ok := b.placedNamespace(yf); ok {
		// Flux's Kustomization writes its targetNamespace over the
		// HelmRelease's own.
		ns, nsRange = placed, placedAt
	}
	spec := at(top, "spec")
	target := str(at(spec, "targetNamespace"))
	// A targetNamespace that is no text (`{TENANT}`, a placeholder a
	// script fills in, reads as a mapping) is written but not known: the
	// release is in a namespace not known, not in metadata's.
	targetUnread := target == "" && notText(at(spec, "targetNamespace"))
	rname := str(at(spec, "releaseName"))
	nameRange := yf.rangeOf(at(spec, "releaseName"))
	if rname == "" {
		nameRange = yf.rangeOf(at(top, "metadata", "name"))
		rname = name
		if target != "" {
			rname = target + "-" + name
		}
	}
	qualified := name
	if ns != "" {
		qualified = ns + "/" + name
	}
	_, kindNode := get(top, "kind")
	label := "Flux HelmRelease " + qualified
	r := b.newRelease(yf, yf.rel+"#"+strconv.Itoa(doc)+"/HelmRelease/"+qualified+"/release", label, yf.rangeOf(kindNode), rname, nameRange, yf.source, "flux")
	if target != "" || targetUnread {
		setNamespace(r, target)
		r.NamespaceRange = yf.rangeOf(at(spec, "targetNamespace"))
	} else {
		setNamespace(r, ns)
		if ns != "" {
			r.NamespaceRange = nsRange
		}
	}

	cs := at(spec, "chart", "spec")
	var base string
	switch {
	case cs != nil:
		r.Chart, r.Version = str(at(cs, "chart")), str(at(cs, "version"))
		kind := str(at(cs, "sourceRef", "kind"))
		r.Repository = str(at(cs, "sourceRef", "name"))
		if kind == "GitRepository" || kind == "Bucket" {
			bases := b.repoBases(yf.dir)
			abs, _, _ := b.localChart(inSource(r.Chart), bases...)
			if abs == "" {
				b.note(lint.Unresolved, yf.rangeOf(at(cs, "chart")), fmt.Sprintf("%s: chart path %s is not in the scanned tree (another repository?); not rendered", label, r.Chart))
			}
			r.ChartDir = abs
			for _, bs := range bases {
				if abs != "" && filepath.Clean(filepath.Join(bs, filepath.FromSlash(inSource(r.Chart)))) == abs {
					base = bs
					break
				}
			}
		}
		files := items(at(cs, "valuesFiles"))
		if vf := at(cs, "valuesFile"); vf != nil {
			files = append([]*yaml.Node{vf}, files...)
		}
		for _, vf := range files {
			if base == "" {
				b.valuesNotRead(r, yf.rangeOf(vf), fmt.Sprintf("%s: values file %s belongs to a chart outside the scanned tree; not read ("+treefs.RootHint+")", label, str(vf)), "values file "+str(vf))
				continue
			}
			b.mergeFile(r, filepath.Join(base, filepath.FromSlash(str(vf))), yf.rangeOf(vf), false)
		}
	case at(spec, "chartRef") != nil:
		r.Chart = str(at(spec, "chartRef", "name"))
		r.Repository = str(at(spec, "chartRef", "kind"))
	}

	for _, vf := range items(at(spec, "valuesFrom")) {
		b.valuesFrom(r, yf, vf, ns)
	}
	if v := at(spec, "values"); v != nil {
		if err := mergeDoc(r, v, yf.rangeOf); err != nil {
			b.diag(yf.rangeOf(v), "invalid values", err.Error())
		}
	}
	if k, pr := get(spec, "postRenderers"); pr != nil && len(items(pr)) > 0 {
		// Kustomize patches Flux applies to the rendered manifests: what
		// they change (an annotation, an account's name) is not what the
		// chart renders, so what is modelled from it is not certain.
		b.valuesNotRead(r, yf.rangeOf(k), fmt.Sprintf("%s: spec.postRenderers patch the chart's rendered manifests; they are not applied, so what they change is not read", label), "the post-renderers' patches")
	}
	b.out = append(b.out, r)
}

// valuesFrom merges one spec.valuesFrom entry from a ConfigMap or a
// Secret in the scanned files (a Secret's stringData as written, its data
// decoded from base64, as Flux reads them).
func (b *builder) valuesFrom(r *lint.Release, yf *yamlFile, vf *yaml.Node, ns string) {
	kind, name := str(at(vf, "kind")), str(at(vf, "name"))
	key := str(at(vf, "valuesKey"))
	if key == "" {
		key = "values.yaml"
	}
	ref := yf.rangeOf(at(vf, "name"))
	optional := str(at(vf, "optional")) == "true"
	if kind != "ConfigMap" && kind != "Secret" {
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values from %s %s are not read", r.Label, kind, name), "values from "+kind+" "+name)
		return
	}
	base, several := findConfigMap(b.configMaps, kind, name, ns, yf.abs)
	if several {
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: %s %s is written in several places of the tree none nearer this release than the others (one per cluster?); its values are not read", r.Label, kind, name), "values from "+kind+" "+name)
		return
	}
	adds := addedData(b.configMaps, kind, name, ns)
	if base == nil && len(adds) == 0 {
		if !optional {
			b.valuesNotRead(r, ref, fmt.Sprintf("%s: %s %s is not in the scanned files (generated?); its values are not read", r.Label, kind, name), "values from "+kind+" "+name)
		}
		return
	}
	// The key is where the last resource writing it puts it: data added
	// to the object (kubernetes_config_map_v1_data) over its own; one
	// whose data is known only at apply, or encrypted, before it may hold
	// the key.
	var cm *configMap
	var s *yaml.Node
	var encoded bool
	order := append(slices.Clone(adds), base)
	slices.Reverse(order[:len(adds)])
	for _, c := range order {
		if c == nil {
			continue
		}
		if c.unknown {
			b.valuesNotRead(r, ref, fmt.Sprintf("%s: %s %s holds data known only at apply; its values are not read", r.Label, kind, name), "values from "+kind+" "+name)
			return
		}
		if lockedfile.IsSOPSDocument(c.node) {
			// Decrypted by the deploy (Flux's decryption, Terraform's sops
			// provider): its values are ciphertext here.
			b.valuesNotRead(r, ref, fmt.Sprintf("%s: %s %s is %s; its values are not read", r.Label, kind, name, lockedfile.SOPSEncrypted), "values from "+kind+" "+name)
			return
		}
		if s, encoded = valuesNode(c, key); s != nil {
			cm = c
			break
		}
	}
	if s == nil {
		if !optional {
			b.note(lint.Unresolved, ref, fmt.Sprintf("%s: %s %s has no key %s", r.Label, kind, name, key))
		}
		return
	}
	what := fmt.Sprintf("%s %s key %s", kind, name, key)
	if encoded {
		text, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s.Value))
		if err != nil {
			b.valuesNotRead(r, cm.file.rangeOf(s), fmt.Sprintf("%s: %s is not base64; its values are not read", r.Label, what), "values from "+what)
			return
		}
		b.mergeDecoded(r, cm.file, s, string(text), what)
		return
	}
	if tp := str(at(vf, "targetPath")); tp != "" {
		mergeSet(r, tp, setValue(s.Value), cm.file.rangeOf(s), lint.Range{})
		return
	}
	b.mergeText(r, cm.file, s, what)
}

// valuesNode is the scalar under key of a ConfigMap's data, or of a
// Secret's stringData, else of its data (encoded: base64); nil when none.
func valuesNode(cm *configMap, key string) (s *yaml.Node, encoded bool) {
	fields := []string{"data"}
	if cm.kind == "Secret" {
		fields = []string{"stringData", "data"}
	}
	for _, f := range fields {
		if _, n := get(at(cm.node, f), key); n != nil && n.Kind == yaml.ScalarNode {
			return n, cm.kind == "Secret" && f == "data"
		}
	}
	return nil, false
}

// mergeDecoded merges values decoded from a Secret's data (base64) into
// r, each placed at the encoded value, the only place they are written.
func (b *builder) mergeDecoded(r *lint.Release, yf *yamlFile, s *yaml.Node, text, what string) {
	at := yf.rangeOf(s)
	docs, err := parseYAML([]byte(text))
	for _, d := range docs {
		if err != nil {
			break
		}
		err = mergeDoc(r, body(d), func(*yaml.Node) lint.Range { return at })
	}
	if err != nil {
		b.diag(at, "invalid values", fmt.Sprintf("%s: %v", what, err))
	}
}

// configMap is a ConfigMap or Secret found in the scanned files.
type configMap struct {
	kind, name, namespace string
	node                  *yaml.Node
	file                  *yamlFile
	// adds: its keys are written into one of its name made elsewhere
	// (kubernetes_config_map_v1_data); unknown: its data is known only
	// at apply.
	adds, unknown bool
}

// collectConfigMaps lists the ConfigMaps and Secrets of every added file.
func collectConfigMaps(files []*yamlFile) []configMap {
	var out []configMap
	for _, yf := range files {
		for _, d := range yf.docs {
			top := body(d)
			if k := str(at(top, "kind")); (k == "ConfigMap" || k == "Secret") && str(at(top, "apiVersion")) == "v1" {
				out = append(out, configMap{kind: k, name: str(at(top, "metadata", "name")), namespace: str(at(top, "metadata", "namespace")), node: top, file: yf, adds: yf.addsData, unknown: yf.dataUnknown})
			}
		}
	}
	return out
}

// findConfigMap finds the ConfigMap (or Secret, kind) a HelmRelease in
// namespace ns, written in the file from, names: the one in the same
// namespace (of several, one per cluster directory, the one nearest the
// release; several says none is nearer than the others), else the single
// one whose namespace is not written (set at apply time) or when the
// release's is not.
func findConfigMap(cms []configMap, kind, name, ns, from string) (found *configMap, several bool) {
	var exact, loose []*configMap
	for i := range cms {
		c := &cms[i]
		if c.kind != kind || c.name != name || c.adds {
			continue
		}
		if c.namespace == ns {
			exact = append(exact, c)
		} else if c.namespace == "" || ns == "" {
			loose = append(loose, c)
		}
	}
	switch {
	case len(exact) == 1:
		return exact[0], false
	case len(exact) > 1:
		// One of that name per cluster directory: the one nearest the
		// release (the directory the release's own build or Flux
		// Kustomization covers), when one is.
		if c := nearest(exact, from); c != nil {
			return c, false
		}
		return nil, true
	case len(loose) == 1:
		return loose[0], false
	}
	return nil, false
}

// nearest is the object of cs whose file shares the most leading
// directories with the file from; nil when two share as many, unless
// they hold the same data (one generator's ConfigMap in two cluster
// overlays that build it alike): then the first.
func nearest(cs []*configMap, from string) *configMap {
	dir := filepath.Dir(from)
	var best []*configMap
	bestLen := -1
	for _, c := range cs {
		n := 0
		if c.file != nil {
			n = sharedDirs(dir, filepath.Dir(c.file.abs))
		}
		switch {
		case n > bestLen:
			best, bestLen = []*configMap{c}, n
		case n == bestLen:
			best = append(best, c)
		}
	}
	if len(best) == 0 {
		return nil
	}
	for _, c := range best[1:] {
		same := c.file != nil && best[0].file != nil && c.file.abs == best[0].file.abs
		if !same && (c.unknown || best[0].unknown || !sameData(c.node, best[0].node)) {
			return nil
		}
	}
	return best[0]
}

// sameData reports whether two ConfigMaps (or Secrets) hold the same data
// and stringData.
func sameData(a, b *yaml.Node) bool {
	if a == nil || b == nil {
		return false
	}
	for _, key := range []string{"data", "stringData", "binaryData"} {
		if !sameNode(at(a, key), at(b, key), 0) {
			return false
		}
	}
	return true
}

// sameNode reports whether two YAML nodes are the same value: kind, tag,
// text and contents alike (comments and positions aside).
func sameNode(a, b *yaml.Node, depth int) bool {
	if a == nil || b == nil || depth > 100 {
		return a == b
	}
	if a.Kind != b.Kind || a.Value != b.Value || a.ShortTag() != b.ShortTag() || len(a.Content) != len(b.Content) {
		return false
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i], depth+1) {
			return false
		}
	}
	return true
}

// sharedDirs counts the leading path elements two directories share.
func sharedDirs(a, b string) int {
	as, bs := strings.Split(filepath.ToSlash(a), "/"), strings.Split(filepath.ToSlash(b), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// addedData are the data kubernetes_config_map_v1_data resources write
// into the ConfigMap a HelmRelease in namespace ns names, in the order
// found: those in ns, else those whose namespace is not written.
func addedData(cms []configMap, kind, name, ns string) []*configMap {
	var exact, loose []*configMap
	for i := range cms {
		c := &cms[i]
		switch {
		case !c.adds || c.kind != kind || c.name != name:
		case c.namespace == ns:
			exact = append(exact, c)
		case c.namespace == "" || ns == "":
			loose = append(loose, c)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return loose
}

// inSource is a chart path of a GitRepository or Bucket source as
// source-controller reads it: joined to the artifact's root with
// securejoin.SecureJoin, which keeps a leading ../ from leaving it
// (internal/helm/chart/builder_local.go), so ../../charts/web is
// charts/web. An absolute path or one with a template is left as it is.
func inSource(chart string) string {
	if chart == "" || path.IsAbs(chart) || strings.Contains(chart, "{{") || strings.Contains(chart, "://") {
		return chart
	}
	return "./" + strings.TrimPrefix(path.Clean("/"+chart), "/")
}

// notText reports whether n is written but holds no text: a mapping or a
// sequence where a string belongs (a `{NAME}` placeholder reads as a
// mapping), not an absent or null value.
func notText(n *yaml.Node) bool {
	n = deref(n)
	return n != nil && n.Kind != yaml.ScalarNode
}
