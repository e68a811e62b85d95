package helm

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// remoteKarpenter is a release of the public Karpenter chart at version
// with values, its values' ranges at lines 10 and on.
func remoteKarpenter(version string, values map[string]any, ranges map[string]lint.Range) *lint.Release {
	r := &lint.Release{Chart: "karpenter", Repository: "oci://public.ecr.aws/karpenter", Version: version, Values: values, ValueRanges: ranges,
		Namespace: lint.Known("karpenter")}
	r.Name = lint.Known("karpenter")
	r.Addr, r.Label = "helm_release.karpenter", "helm_release.karpenter"
	r.Range = lint.Range{File: "main.tf", Line: 1, Column: 1, EndLine: 1, EndColumn: 2}
	return r
}

// controllerOf is the controller modelled for r, nil when none is.
func controllerOf(t *testing.T, r *lint.Release) *lint.Workload {
	t.Helper()
	sa := &lint.ServiceAccount{Object: lint.Object{Name: lint.Known("karpenter")}}
	sa.Name = lint.Known("karpenter")
	var w *lint.Workload
	for _, e := range karpenterController(r, sa, nil) {
		if x, ok := e.(*lint.Workload); ok {
			w = x
		}
	}
	return w
}

// The controller of a remote Karpenter chart takes the chart's defaults
// at its version with the release's values merged over them as Helm
// merges them: a map key by key (a null removing the default's key), a
// list whole; its pods carry the chart's selector labels and podLabels,
// and each line is placed at the value that sets it, else at the release.
func TestKarpenterControllerFromValues(t *testing.T) {
	sel := lint.Range{File: "main.tf", Line: 12, Column: 5, EndLine: 12, EndColumn: 20}
	r := remoteKarpenter("1.1.1", map[string]any{
		"nodeSelector": map[string]any{"kubernetes.io/os": nil, "tier": "services"},
		"tolerations":  []any{map[string]any{"key": "tier", "operator": "Exists"}},
		"podLabels":    map[string]any{"team": "platform"},
		"nameOverride": "autoscaler",
	}, map[string]lint.Range{"nodeSelector.tier": sel})
	w := controllerOf(t, r)
	if w == nil {
		t.Fatal("no controller modelled")
	}
	if !w.KarpenterController() || w.KindName != "Deployment" || w.Addr != "helm_release.karpenter#controller" || w.ServiceAccount.Value.String() != "karpenter" {
		t.Errorf("controller %s (%s), account %s", w.Label, w.Addr, w.ServiceAccount.Value)
	}
	if !strings.HasPrefix(w.Label, "Deployment karpenter/karpenter-autoscaler (helm_release.karpenter's controller, modelled from chart karpenter 1.1.1's defaults") {
		t.Errorf("label %q", w.Label)
	}
	p := w.Pod
	if len(p.NodeSelector) != 1 || p.NodeSelector[0].Key != "tier" || p.NodeSelector[0].Range != sel {
		t.Errorf("node selector %+v (the default kubernetes.io/os removed by null, tier placed at the value)", p.NodeSelector)
	}
	if len(p.Tolerations) != 1 || p.Tolerations[0].Key != "tier" {
		t.Errorf("tolerations %+v: the release's list replaces the default's CriticalAddonsOnly", p.Tolerations)
	}
	if len(p.Affinity) != 1 || len(p.Affinity[0]) != 1 || p.Affinity[0][0].Key != "karpenter.sh/nodepool" || p.Affinity[0][0].Operator != "DoesNotExist" {
		t.Errorf("affinity %+v, want the chart's karpenter.sh/nodepool DoesNotExist", p.Affinity)
	}
	labels := map[string]string{"app.kubernetes.io/name": "autoscaler", "app.kubernetes.io/instance": "karpenter", "team": "platform"}
	for k, v := range labels {
		if p.PodLabels[k] != v {
			t.Errorf("pod label %s = %q, want %q (%v)", k, p.PodLabels[k], v, p.PodLabels)
		}
	}
	if req, ok := p.Requests(); !ok || !req.IsZero() {
		t.Errorf("requests %+v (%v): 1.1.1 sets none by default", req, ok)
	}
	if len(w.Inferred) != 0 {
		t.Errorf("inferred %q for a version faultline knows", w.Inferred)
	}
}

// Versions differ in their defaults (0.16–0.18 run a webhook container
// beside the controller, both with requests); a version faultline does
// not know takes the newest's, inferred.
func TestKarpenterControllerVersions(t *testing.T) {
	old := controllerOf(t, remoteKarpenter("v0.16.3", nil, nil))
	if old == nil {
		t.Fatal("no controller for 0.16.3")
	}
	var names []string
	for _, c := range old.Pod.Containers {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"controller", "webhook"}) {
		t.Errorf("0.16.3 containers %v", names)
	}
	if req, ok := old.Pod.Requests(); !ok || req.IsZero() {
		t.Errorf("0.16.3 requests %+v (%v), want the chart's defaults", req, ok)
	}
	for _, v := range []string{"", "9.9.9"} {
		w := controllerOf(t, remoteKarpenter(v, nil, nil))
		if w == nil || len(w.Inferred) != 1 || !strings.Contains(w.Inferred[0], "the newest faultline knows") {
			t.Errorf("version %q: %+v", v, w)
		}
	}
}

// Nothing is modelled when what the pods are is not known: values
// faultline cannot evaluate, a sidecar or init container of the user's
// (requests not known), a release name not known, or a chart that is
// not Karpenter's.
func TestKarpenterControllerNotModelled(t *testing.T) {
	unknown := remoteKarpenter("1.1.1", nil, nil)
	unknown.ValuesUnknown = "values[0]"
	sidecar := remoteKarpenter("1.1.1", map[string]any{"controller": map[string]any{"sidecarContainer": []any{map[string]any{"name": "proxy"}}}}, nil)
	initc := remoteKarpenter("1.14.1", map[string]any{"initContainers": []any{map[string]any{"name": "wait"}}}, nil)
	name := remoteKarpenter("1.1.1", nil, nil)
	name.Name = lint.Unknown()
	other := remoteKarpenter("1.1.1", nil, nil)
	other.Chart = "cluster-autoscaler"
	for what, r := range map[string]*lint.Release{"values unknown": unknown, "sidecar": sidecar, "init container": initc, "name unknown": name, "other chart": other} {
		if w := controllerOf(t, r); w != nil {
			t.Errorf("%s: modelled %s", what, w.Label)
		}
	}
	// An empty list of the user's adds nothing.
	if w := controllerOf(t, remoteKarpenter("1.14.1", map[string]any{"initContainers": []any{}}, nil)); w == nil {
		t.Error("an empty initContainers list: not modelled")
	}
}
