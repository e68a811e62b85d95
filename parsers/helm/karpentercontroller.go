package helm

import (
	"fmt"
	"maps"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// karpenterPlacement is one range of Karpenter chart versions alike in
// where they place the controller's pods (karpenter_placement.go,
// written by scripts/karpenter-placement from the chart at each tag).
type karpenterPlacement struct {
	versions []string
	// defaults are values.yaml's nodeSelector, affinity, tolerations,
	// topologySpreadConstraints and container resources, as YAML ("":
	// none).
	defaults map[string]string
	// containers are the resources keys of the containers the Deployment
	// always has; userContainers the values that add the user's own.
	containers, userContainers []string
}

// placementOf is the placement of the Karpenter chart at version (a "v"
// before it aside); exact false when no version faultline knows is it:
// then the newest, which a release without a version installs.
func placementOf(version string) (p karpenterPlacement, exact bool) {
	v := strings.TrimPrefix(strings.TrimSpace(version), "v")
	for _, kp := range karpenterPlacements {
		for _, x := range kp.versions {
			if x == v {
				return kp, true
			}
		}
	}
	return karpenterPlacements[len(karpenterPlacements)-1], false
}

// podSpecKeys are the pod spec fields the chart renders from the values
// of the same name, in the Deployment's order.
var podSpecKeys = []string{"nodeSelector", "affinity", "topologySpreadConstraints", "tolerations"}

// karpenterController models the Deployment a remote Karpenter chart's
// release creates, as far as where its pods can run: the chart's
// defaults at its version with the release's values over them (as Helm
// merges them: maps key by key, a list or a scalar whole, null removing
// a default), each line placed where the release sets it, else at the
// release. Nothing when the release's values are not all known or add
// containers of the user's (their requests are not known); account is
// the service account the chart runs it as (nil: not known, nothing).
func karpenterController(r *lint.Release, account *lint.ServiceAccount, h *lint.Holes) []lint.Entity {
	if !isKarpenterChart(r) || r.ValuesUnknown != "" || account == nil {
		return nil
	}
	kp, exact := placementOf(karpenterChartVersion(r, nil))
	for _, k := range kp.userContainers {
		if v, ok := getPath(r.Values, strings.Split(k, ".")...); ok && !empty(v) {
			return nil
		}
	}
	d := controllerDoc{r: r}
	spec := map[string]any{}
	for _, k := range podSpecKeys {
		if v := d.value(kp, k); !empty(v) {
			spec[k] = v
		}
	}
	var containers []any
	for _, k := range kp.containers {
		c := map[string]any{"name": strings.TrimSuffix(k, ".resources")}
		if v := d.value(kp, k); !empty(v) {
			c["resources"] = v
		}
		containers = append(containers, c)
	}
	spec["containers"] = containers
	name, ok := account.Name.Str()
	if !ok {
		return nil
	}
	spec["serviceAccountName"] = name
	// The pods' labels: the chart's selector labels (its name, the
	// release's), then podLabels (karpenter-placement checks the chart
	// writes them so at every version it knows).
	rel, ok := r.Name.Str()
	if !ok {
		return nil
	}
	labels := map[string]any{"app.kubernetes.io/name": karpenterName(r), "app.kubernetes.io/instance": rel}
	if pl, ok := valueAt(r, "podLabels").(map[string]any); ok {
		maps.Copy(labels, pl)
	}
	meta := map[string]any{"name": karpenterFullname(r)}
	if ns, ok := r.Namespace.Str(); ok {
		meta["namespace"] = ns
	}
	doc := map[string]any{
		"apiVersion": "apps/v1",
		"kind":       "Deployment",
		"metadata":   meta,
		"spec":       map[string]any{"template": map[string]any{"metadata": map[string]any{"labels": labels}, "spec": spec}},
	}
	content, err := yaml.Marshal(doc)
	if err != nil {
		return nil
	}
	lines := d.lines(content)
	shown := kp.versions[len(kp.versions)-1]
	if exact {
		shown = strings.TrimPrefix(strings.TrimSpace(karpenterChartVersion(r, nil)), "v")
	}
	var inferred []string
	if !exact {
		why := "is not known here"
		if v := karpenterChartVersion(r, nil); v != "" && !lint.HasSentinel(v) {
			why = fmt.Sprintf("%s is not one faultline knows", v)
		}
		inferred = []string{fmt.Sprintf("the Karpenter chart's version %s: its controller's placement is taken from version %s's defaults, the newest faultline knows", why, kp.versions[len(kp.versions)-1])}
	}
	ents, _, _ := kube.ParseDocs(r.Addr+"#controller", content, kube.Options{Scope: r.Scope, Holes: h, Source: lint.SourceHelm, ReleaseNamespace: &r.Namespace, Inferred: inferred,
		MapRange: func(rg lint.Range, _ string) lint.Range {
			if rg.Line >= 1 && rg.Line <= len(lines) {
				return lines[rg.Line-1]
			}
			return r.Range
		}})
	var out []lint.Entity
	for _, e := range ents {
		w, ok := e.(*lint.Workload)
		if !ok {
			continue
		}
		w.Chart, w.Modelled = lint.ChartKarpenter, r.Label
		w.Root = r.Root
		w.Addr = r.Addr + "#controller"
		w.Label += fmt.Sprintf(" (%s's controller, modelled from chart karpenter %s's defaults and the release's values)", r.Label, shown)
		out = append(out, w)
	}
	return out
}

// controllerDoc builds the controller's Deployment from a release.
type controllerDoc struct {
	r *lint.Release
}

// value is the value of key (dotted) the chart renders: the release's
// over the chart's default.
func (d controllerDoc) value(kp karpenterPlacement, key string) any {
	var def any
	if s := kp.defaults[key]; s != "" {
		_ = yaml.Unmarshal([]byte(s), &def)
	}
	user, set := getPath(d.r.Values, strings.Split(key, ".")...)
	if !set {
		return def
	}
	return coalesceValue(user, def)
}

// coalesceValue is a user's value over a chart default, as Helm merges
// values: two maps key by key (a null removing the default's key),
// anything else the user's whole.
func coalesceValue(user, def any) any {
	um, uok := user.(map[string]any)
	dm, dok := def.(map[string]any)
	if !uok || !dok {
		return user
	}
	out := maps.Clone(dm)
	for k, v := range um {
		switch {
		case v == nil:
			delete(out, k)
		case out[k] != nil:
			out[k] = coalesceValue(v, out[k])
		default:
			out[k] = v
		}
	}
	return out
}

// empty reports whether v renders nothing under `with`: nil, false, an
// empty string, map or list.
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

// firstAccount is the first service account among ents, nil when none.
func firstAccount(ents []lint.Entity) *lint.ServiceAccount {
	for _, e := range ents {
		if sa, ok := e.(*lint.ServiceAccount); ok {
			return sa
		}
	}
	return nil
}

// karpenterFullname is the chart's karpenter.fullname: fullnameOverride,
// else the release's name when it holds the chart's name (nameOverride
// or "karpenter"), else "<release>-<name>".
func karpenterFullname(r *lint.Release) string {
	if s, ok := settingText(valueAt(r, "fullnameOverride")); ok {
		return s
	}
	name := karpenterName(r)
	rel, _ := r.Name.Str()
	if strings.Contains(rel, name) || rel == "" {
		if rel == "" {
			return name
		}
		return rel
	}
	return rel + "-" + name
}

// karpenterName is the chart's karpenter.name: nameOverride, else the
// chart's name.
func karpenterName(r *lint.Release) string {
	if s, ok := settingText(valueAt(r, "nameOverride")); ok {
		return s
	}
	return "karpenter"
}

// valueAt is the release's value at a dotted key, nil when unset.
func valueAt(r *lint.Release, key string) any {
	v, _ := getPath(r.Values, strings.Split(key, ".")...)
	return v
}

// lines places each line of the marshalled Deployment: a line under the
// pod spec at the release's value that sets it (the deepest key the
// release sets on the way), every other at the release.
func (d controllerDoc) lines(content []byte) []lint.Range {
	out := make([]lint.Range, strings.Count(string(content), "\n")+1)
	for i := range out {
		out[i] = d.r.Range
	}
	var doc yaml.Node
	if yaml.Unmarshal(content, &doc) != nil || len(doc.Content) == 0 {
		return out
	}
	spec := mappingAt(doc.Content[0], "spec", "template", "spec")
	if spec == nil {
		return out
	}
	var walk func(n *yaml.Node, path string)
	set := func(line int, path string) {
		if line < 1 || line > len(out) || path == "" {
			return
		}
		if rg, ok := rangeFor(d.r.ValueRanges, path); ok {
			out[line-1] = rg
		}
	}
	walk = func(n *yaml.Node, path string) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				p := path + "." + n.Content[i].Value
				set(n.Content[i].Line, p)
				walk(n.Content[i+1], p)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				p := fmt.Sprintf("%s[%d]", path, i)
				set(c.Line, p)
				walk(c, p)
			}
		}
	}
	for i := 0; i+1 < len(spec.Content); i += 2 {
		key, val := spec.Content[i].Value, spec.Content[i+1]
		switch key {
		case "containers":
			// A container's lines are its name's values:
			// controller.resources.requests.cpu.
			for _, c := range val.Content {
				for j := 0; c.Kind == yaml.MappingNode && j+1 < len(c.Content); j += 2 {
					if c.Content[j].Value == "name" {
						walk(c, c.Content[j+1].Value)
					}
				}
			}
		case "serviceAccountName":
		default:
			set(spec.Content[i].Line, key)
			walk(val, key)
		}
	}
	return out
}

// mappingAt is the mapping at path under n (n itself for none), nil when
// there is none.
func mappingAt(n *yaml.Node, path ...string) *yaml.Node {
	for _, p := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == p {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	return n
}
