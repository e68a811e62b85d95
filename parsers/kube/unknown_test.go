package kube

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// podOf parses one workload document and returns its pod scheduling and
// the diagnostics.
func podOf(t *testing.T, src string, opts Options) (*lint.PodScheduling, []lint.Diagnostic) {
	t.Helper()
	es, diags := Parse("p.yaml", []byte(src), opts)
	if len(es) != 1 {
		t.Fatalf("%d entities", len(es))
	}
	w, ok := es[0].(*lint.Workload)
	if !ok || w.Pod == nil {
		t.Fatalf("%T is no workload with a pod", es[0])
	}
	return w.Pod, diags
}

// deployment wraps a pod spec (indented six spaces) in a Deployment.
func deployment(spec string) string {
	return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n" + spec
}

// oneRequest is a Deployment whose one container requests cpu as written.
func oneRequest(cpu string) string {
	return deployment("      containers:\n        - name: c\n          resources:\n            requests:\n              cpu: " + cpu + "\n              memory: 1Gi\n")
}

func TestRequestsUnknownNeverFL000(t *testing.T) {
	h := lint.NewHoles()
	hole := h.Sentinel(lint.HoleRef{Object: "infra:var.cpu"})
	tests := []struct {
		name, cpu string
		opts      Options
	}{
		{"hole", `"` + hole + `"`, Options{Holes: h, Source: lint.SourceHelm}},
		{"hole with a unit", `"` + hole + `m"`, Options{Holes: h, Source: lint.SourceHelm}},
		{"missing Helm value, quoted", `""`, Options{Source: lint.SourceHelm}},
		{"missing Helm value", ``, Options{Source: lint.SourceHelm}},
		{"placeholder", `${CPU}`, Options{Templates: true}},
		{"go template", `"{{ .Values.cpu }}"`, Options{Templates: true}},
		{"token", `__CPU__`, Options{Templates: true}},
		{"word", `CPU_REQUEST`, Options{Templates: true}},
		{"chart defaults", `500mm`, Options{Source: lint.SourceHelm, Inferred: []string{"chart defaults"}}},
		{"boolean", `yes`, Options{}},
		{"infinite", `.inf`, Options{}},
		{"beyond the ceiling", `1e30`, Options{}},
		{"huge exponent", `"1e-100000"`, Options{}},
		{"huge float", `1e300`, Options{}},
		{"long", `"` + strings.Repeat("9", 60) + `"`, Options{}},
		{"mapping", `{a: 1}`, Options{}},
	}
	for _, tt := range tests {
		p, diags := podOf(t, oneRequest(tt.cpu), tt.opts)
		if len(diags) != 0 {
			t.Errorf("%s: diagnostics %v", tt.name, diags)
		}
		if len(p.Containers) != 1 || !p.Containers[0].Unknown {
			t.Errorf("%s: containers %+v, want one Unknown", tt.name, p.Containers)
		}
		if _, ok := p.Requests(); ok {
			t.Errorf("%s: requests known", tt.name)
		}
	}
}

func TestRequestsCertainlyBrokenFL000(t *testing.T) {
	tests := []struct {
		name, cpu string
		col, end  int
	}{
		{"double suffix", `500mm`, 20, 25},
		{"space", `"1.5 Gi"`, 20, 28},
		{"bytes", `2GB`, 20, 23},
		{"negative", `-1`, 20, 22},
	}
	for _, tt := range tests {
		p, diags := podOf(t, oneRequest(tt.cpu), Options{Templates: true})
		want := lint.Range{File: "p.yaml", Line: 12, Column: tt.col, EndLine: 12, EndColumn: tt.end}
		if len(diags) != 1 || diags[0].Range != want || diags[0].Summary != "invalid resource quantity" || !strings.Contains(diags[0].Detail, "Deployment d") {
			t.Errorf("%s: diagnostics %+v, want one at %+v", tt.name, diags, want)
		}
		if !p.Containers[0].Unknown {
			t.Errorf("%s: container known", tt.name)
		}
	}
}

func TestPodSchedulingUnreadable(t *testing.T) {
	h := lint.NewHoles()
	hole := `"` + h.Sentinel(lint.HoleRef{Object: "infra:local.x"}) + `"`
	opts := Options{Holes: h, Source: lint.SourceHelm}
	src := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    metadata:\n      labels:\n        app: " + hole + "\n    spec:\n" +
		"      initContainers:\n        - name: s\n          restartPolicy: " + hole + "\n" +
		"      containers: " + hole + "\n" +
		"      overhead:\n        cpu: " + hole + "\n" +
		"      nodeSelector:\n        zone: " + hole + "\n        arch: arm64\n" +
		"      affinity: " + hole + "\n" +
		"      tolerations: " + hole + "\n" +
		"      volumes: " + hole + "\n"
	p, diags := podOf(t, src, opts)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if len(p.Containers) != 2 || !p.Containers[0].Unknown || !p.Containers[1].Unknown || p.Containers[0].Range.Line != 14 {
		t.Errorf("containers %+v: want the list at line 14 and the sidecar of unknown policy Unknown", p.Containers)
	}
	if !p.OverheadUnknown || !p.PodLabelsUnknown || p.PodLabels != nil {
		t.Errorf("overhead unknown %v, labels %v unknown %v", p.OverheadUnknown, p.PodLabels, p.PodLabelsUnknown)
	}
	if len(p.NodeSelector) != 2 || !p.NodeSelector[0].Unknown || p.NodeSelector[1].Unknown {
		t.Errorf("node selector %+v", p.NodeSelector)
	}
	if len(p.Affinity) != 1 || len(p.Affinity[0]) != 1 || !p.Affinity[0][0].Unknown || p.AffinityRange.Line != 20 {
		t.Errorf("affinity %+v at %+v", p.Affinity, p.AffinityRange)
	}
	if len(p.Tolerations) != 1 || !p.Tolerations[0].Unknown || p.TolerationsRange.Line != 21 {
		t.Errorf("tolerations %+v", p.Tolerations)
	}
	if len(p.Claims) != 1 || !p.Claims[0].Claim.IsUnknown() || p.Claims[0].Range.Line != 22 {
		t.Errorf("claims %+v", p.Claims)
	}
	if p.Unknown {
		t.Error("the narrower flags say it: Unknown set")
	}
}

func TestPodSchedulingMergeKeys(t *testing.T) {
	src := deployment(`      containers:
        - name: a
          resources: &res
            requests:
              <<: &base {cpu: 250m}
              memory: 256Mi
        - name: b
          resources: *res
        - name: c
          resources:
            limits: *base
`)
	p, diags := podOf(t, src, Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if req, ok := p.Requests(); !ok || req != (lint.Resources{MilliCPU: 750, Memory: 512 * mi}) {
		t.Errorf("requests %+v %v", req, ok)
	}
}

func TestOperators(t *testing.T) {
	tests := []struct {
		op    string
		diags int
	}{
		{"In", 0}, {"in", 1}, {"Equals", 1}, {"OPERATOR", 0}, {`"${OP}"`, 0}, {`""`, 0},
		// Karpenter's own operators are none of a node affinity term's.
		{"Gte", 1}, {"Lte", 1},
	}
	for _, tt := range tests {
		src := deployment("      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n" +
			"              - matchExpressions:\n                  - key: kubernetes.io/os\n                    operator: " + tt.op + "\n                    values: [linux]\n")
		p, diags := podOf(t, src, Options{Templates: true})
		if len(diags) != tt.diags {
			t.Errorf("%s: diagnostics %+v, want %d", tt.op, diags, tt.diags)
		}
		if r := p.Affinity[0][0]; r.Unknown != (tt.op != "In") {
			t.Errorf("%s: requirement %+v", tt.op, r)
		}
	}
}

// TestNodePoolBoundOperators: Gte and Lte are operators of a
// karpenter.sh/v1 NodePool (Karpenter 1.9 on), read with their bound;
// in a v1beta1 NodePool, as in a v1alpha5 Provisioner, the API server
// rejects them.
func TestNodePoolBoundOperators(t *testing.T) {
	tests := []struct {
		apiVersion, kind, path, op string
		diags                      int
	}{
		{"karpenter.sh/v1", "NodePool", "  template:\n    spec:\n      requirements:\n", "Gte", 0},
		{"karpenter.sh/v1", "NodePool", "  template:\n    spec:\n      requirements:\n", "Lte", 0},
		{"karpenter.sh/v1", "NodePool", "  template:\n    spec:\n      requirements:\n", "Gteq", 1},
		{"karpenter.sh/v1beta1", "NodePool", "  template:\n    spec:\n      requirements:\n", "Gte", 1},
		{"karpenter.sh/v1alpha5", "Provisioner", "  requirements:\n", "Lte", 1},
	}
	for _, tt := range tests {
		src := "apiVersion: " + tt.apiVersion + "\nkind: " + tt.kind + "\nmetadata:\n  name: p\nspec:\n" + tt.path +
			"        - key: karpenter.k8s.aws/instance-generation\n          operator: " + tt.op + "\n          values: [\"7\"]\n"
		es, diags := Parse("np.yaml", []byte(src), Options{})
		if len(diags) != tt.diags || len(es) != 1 {
			t.Fatalf("%s %s: entities %v, diagnostics %+v, want %d", tt.apiVersion, tt.op, es, diags, tt.diags)
		}
		np := es[0].(*lint.NodePool)
		if len(np.Requirements) != 1 {
			t.Fatalf("%s %s: requirements %+v", tt.apiVersion, tt.op, np.Requirements)
		}
		r := np.Requirements[0]
		if r.Unknown != (tt.diags != 0) || r.Operator != tt.op || len(r.Values) != 1 || r.Values[0] != "7" {
			t.Errorf("%s %s: requirement %+v", tt.apiVersion, tt.op, r)
		}
	}
}

func TestNodePoolUnreadable(t *testing.T) {
	h := lint.NewHoles()
	hole := `"` + h.Sentinel(lint.HoleRef{Object: "infra:local.pool"}) + `"`
	tests := []struct {
		name, spec string
	}{
		{"template", "  template: " + hole + "\n"},
		{"parts", "  template:\n    metadata:\n      labels: {a: " + hole + "}\n    spec:\n      requirements: " + hole + "\n      taints: " + hole + "\n"},
	}
	for _, tt := range tests {
		src := "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: p\nspec:\n" + tt.spec + "  limits:\n    cpu: " + hole + "\n    memory: 10Gi\n"
		es, diags := Parse("np.yaml", []byte(src), Options{Holes: h})
		if len(diags) != 0 || len(es) != 1 {
			t.Fatal(es, diags)
		}
		np := es[0].(*lint.NodePool)
		if !np.RequirementsUnknown || !np.NodeLabelsUnknown || !np.TaintsUnknown || np.Requirements != nil {
			t.Errorf("%s: %+v", tt.name, np)
		}
		if np.HasLimits["cpu"] || !np.HasLimits["memory"] || np.Limits.Memory != 10*gi {
			t.Errorf("%s: limits %+v %v (an unknown limit is no limit)", tt.name, np.Limits, np.HasLimits)
		}
	}
}

func TestEmptyAndPlaceholderValues(t *testing.T) {
	pool := func(values string) string {
		return "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: p\nspec:\n  template:\n    spec:\n      requirements:\n" +
			"        - key: karpenter.k8s.aws/instance-hypervisor\n          operator: NotIn\n          values: " + values + "\n"
	}
	tests := []struct {
		name, values string
		opts         Options
		unknown      bool
	}{
		// Outside a chart, "" is the empty label value (metal instances).
		{"empty string", `[""]`, Options{}, false},
		{"empty string in chart output", `[""]`, Options{Source: lint.SourceHelm}, true},
		{"null", `[~]`, Options{}, true},
		{"placeholder", `["<<AZ>>"]`, Options{Templates: true}, true},
		{"interpolation", `["${AZ}"]`, Options{}, true},
	}
	for _, tt := range tests {
		es, diags := Parse("np.yaml", []byte(pool(tt.values)), tt.opts)
		if len(diags) != 0 || len(es) != 1 {
			t.Fatal(es, diags)
		}
		reqs := es[0].(*lint.NodePool).Requirements
		if len(reqs) != 1 || reqs[0].Unknown != tt.unknown {
			t.Errorf("%s: %+v, want Unknown %v", tt.name, reqs, tt.unknown)
		}
	}
	sc := "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: s\nprovisioner: ebs.csi.aws.com\nallowedTopologies:\n" +
		"  - matchLabelExpressions:\n      - key: topology.ebs.csi.aws.com/zone\n        values: [\"<<AVAILABILITY_ZONE>>\"]\n"
	es, _ := Parse("sc.yaml", []byte(sc), Options{Templates: true})
	if c := es[0].(*lint.StorageClass); !c.ZonesUnknown || len(c.Zones) != 0 {
		t.Errorf("placeholder zone read as %v (unknown %v)", c.Zones, c.ZonesUnknown)
	}
}

func TestUnreadableVolumes(t *testing.T) {
	h := lint.NewHoles()
	hole := `"` + h.Sentinel(lint.HoleRef{Object: "infra:local.v"}) + `"`
	src := "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: s\nspec:\n  template:\n    spec:\n      volumes:\n" +
		"        - " + hole + "\n" +
		"        - name: e\n          ephemeral:\n            volumeClaimTemplate: " + hole + "\n" +
		"        - name: f\n          ephemeral:\n            volumeClaimTemplate:\n              spec: " + hole + "\n" +
		"  volumeClaimTemplates:\n    - " + hole + "\n    - metadata: {name: d}\n"
	p, diags := podOf(t, src, Options{Holes: h})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if len(p.Claims) != 1 || !p.Claims[0].Claim.IsUnknown() || p.Claims[0].Range.Line != 9 {
		t.Errorf("claims %+v: want one of unknown name at line 9", p.Claims)
	}
	if len(p.ClaimTemplates) != 4 {
		t.Fatalf("claim templates %+v", p.ClaimTemplates)
	}
	for i, ct := range p.ClaimTemplates[:3] {
		if !ct.StorageClass.IsSet() || !ct.StorageClass.Value.IsUnknown() {
			t.Errorf("template %d %+v: want an unknown class, not the default", i, ct)
		}
	}
	if d := p.ClaimTemplates[3]; d.Name != "d" || d.StorageClass.IsSet() {
		t.Errorf("template %+v: want d of the default class", d)
	}
}

// A Flux v1 HelmRelease (helm.fluxcd.io/v1) is a skipped note at its
// kind; a Flux v2 one is none of this parser's notes.
func TestFluxV1HelmReleaseIsANote(t *testing.T) {
	var notes []lint.Note
	src := "apiVersion: helm.fluxcd.io/v1\nkind: HelmRelease\nmetadata:\n  name: datacube\nspec:\n  releaseName: datacube\n---\napiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\n"
	Parse("apps/hr.yaml", []byte(src), Options{Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(notes) != 1 || notes[0].Kind != lint.Skipped || notes[0].Range.Line != 2 || !strings.HasPrefix(notes[0].What, "HelmRelease datacube (helm.fluxcd.io/v1, Flux v1's Helm Operator) is not read") {
		t.Errorf("notes %+v", notes)
	}
}

// TestConsolidationPolicy: each NodePool version's schema admits its own
// consolidation policies (v1 renamed WhenUnderutilized); one it refuses
// is FL000, a placeholder is not judged.
func TestConsolidationPolicy(t *testing.T) {
	tests := []struct {
		apiVersion, policy string
		diags              int
	}{
		{"karpenter.sh/v1", "WhenEmptyOrUnderutilized", 0},
		{"karpenter.sh/v1", "WhenEmpty", 0},
		{"karpenter.sh/v1", "WhenUnderutilized", 1},
		{"karpenter.sh/v1beta1", "WhenUnderutilized", 0},
		{"karpenter.sh/v1beta1", "WhenEmptyOrUnderutilized", 1},
		{"karpenter.sh/v1", `"${POLICY}"`, 0},
		{"karpenter.sh/v1beta1", "WhenUnderutilized | WhenEmpty", 1},
		{"karpenter.sh/v1", `"{{ .Values.policy }}"`, 0},
		{"karpenter.sh/v1", `"%POLICY%"`, 0},
	}
	for _, tt := range tests {
		src := "apiVersion: " + tt.apiVersion + "\nkind: NodePool\nmetadata:\n  name: p\nspec:\n  disruption:\n    consolidationPolicy: " + tt.policy + "\n"
		_, diags := Parse("np.yaml", []byte(src), Options{})
		if len(diags) != tt.diags {
			t.Errorf("%s %s: diagnostics %+v, want %d", tt.apiVersion, tt.policy, diags, tt.diags)
		}
		if len(diags) == 1 && diags[0].Range.Line != 7 {
			t.Errorf("%s %s: at line %d, want 7", tt.apiVersion, tt.policy, diags[0].Range.Line)
		}
	}
}

// A cluster-scoped Karpenter object keeps no namespace, whatever its
// metadata.namespace says (the API server drops it): named by name alone;
// a namespaced kind keeps its namespace.
func TestClusterScopedObjectsHaveNoNamespace(t *testing.T) {
	for _, c := range []struct{ apiVersion, kind, want string }{
		{"karpenter.k8s.aws/v1", "EC2NodeClass", "EC2NodeClass spot"},
		{"karpenter.sh/v1", "NodePool", "NodePool spot"},
		{"v1", "ServiceAccount", "ServiceAccount karpenter/spot"},
	} {
		src := "apiVersion: " + c.apiVersion + "\nkind: " + c.kind + "\nmetadata:\n  name: spot\n  namespace: karpenter\n"
		ents, _ := Parse("o.yaml", []byte(src), Options{})
		if len(ents) == 0 {
			t.Errorf("%s: no entity", c.kind)
			continue
		}
		if got := ents[0].Base().Label; got != c.want {
			t.Errorf("%s: label %q, want %q", c.kind, got, c.want)
		}
	}
}
