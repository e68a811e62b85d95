package kube

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// parseCapacity parses a testdata/capacity-* file and returns its entities
// and diagnostics.
func parseCapacity(t *testing.T, name string, opts Options) ([]lint.Entity, []lint.Diagnostic) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "capacity-"+name))
	if err != nil {
		t.Fatal(err)
	}
	return Parse(name, data, opts)
}

// workloadPod returns the pod scheduling of the workload named name.
func workloadPod(t *testing.T, es []lint.Entity, name string) *lint.PodScheduling {
	t.Helper()
	for _, e := range es {
		if w, ok := e.(*lint.Workload); ok {
			if n, _ := w.Name.Str(); n == name {
				if w.Pod == nil {
					t.Fatalf("workload %s has no pod scheduling", name)
				}
				return w.Pod
			}
		}
	}
	t.Fatalf("no workload %s", name)
	return nil
}

// in builds a range in file f.
func in(f string) func(l, c, el, ec int) lint.Range {
	return func(l, c, el, ec int) lint.Range {
		return lint.Range{File: f, Line: l, Column: c, EndLine: el, EndColumn: ec}
	}
}

const (
	mi = int64(1) << 20
	gi = int64(1) << 30
)

func TestPodSchedulingDeployment(t *testing.T) {
	es, diags := parseCapacity(t, "deployment.yaml", Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	r := in("deployment.yaml")
	want := &lint.PodScheduling{
		Containers: []lint.ContainerRequests{
			{Name: "app", Requests: lint.Resources{MilliCPU: 500, Memory: 512 * mi, GPU: 1}, Extended: []string{"nvidia.com/gpu"},
				Range: r(31, 13, 31, 21), CPURange: r(32, 20, 32, 24), MemoryRange: r(33, 23, 33, 28), GPURange: r(34, 31, 34, 32)},
			// A limit without a request is the request.
			{Name: "limited", Requests: lint.Resources{MilliCPU: 1000, Memory: gi},
				Range: r(40, 13, 40, 21), CPURange: r(38, 20, 38, 21), MemoryRange: r(41, 23, 41, 26)},
			{Name: "bare", Range: r(42, 11, 42, 21)},
			{Name: "migrate", Init: true, Requests: lint.Resources{MilliCPU: 2000, Memory: gi},
				Range: r(19, 13, 19, 21), CPURange: r(20, 20, 20, 23), MemoryRange: r(21, 23, 21, 26)},
			// restartPolicy Always: a sidecar, counted with the containers.
			{Name: "proxy", Requests: lint.Resources{MilliCPU: 100, Memory: 64 * mi},
				Range: r(25, 13, 25, 21), CPURange: r(26, 20, 26, 24), MemoryRange: r(27, 23, 27, 27)},
		},
		Overhead: lint.Resources{MilliCPU: 250, Memory: 120 * mi},
		NodeSelector: []lint.Requirement{
			{Key: "kubernetes.io/arch", Operator: lint.OpIn, Values: []string{"arm64"}, Range: r(44, 9, 44, 34)},
			{Key: "karpenter.sh/capacity-type", Operator: lint.OpIn, Values: []string{"spot"}, Range: r(45, 9, 45, 41)},
		},
		Affinity: [][]lint.Requirement{
			{
				{Key: "topology.kubernetes.io/zone", Operator: lint.OpIn, Values: []string{"eu-west-1a", "eu-west-1b"}, Range: r(51, 21, 53, 53)},
				{Key: "karpenter.k8s.aws/instance-cpu", Operator: lint.OpGt, Values: []string{"4"}, Range: r(54, 21, 56, 34)},
			},
			// matchFields name nodes: unknown, not guessed.
			{{Unknown: true, Range: r(57, 17, 57, 28)}},
		},
		AffinityRange: r(49, 13, 49, 30),
		Tolerations: []lint.Toleration{
			{Key: "dedicated", Operator: "Equal", Value: "web", Effect: "NoSchedule", Range: r(62, 11, 64, 29)},
			{Operator: "Exists", Range: r(65, 11, 65, 27)},
		},
		TolerationsRange: r(61, 7, 61, 18),
		// ScheduleAnyway does not block.
		Spread:         []lint.SpreadConstraint{{TopologyKey: "topology.kubernetes.io/zone", MaxSkew: 1, Range: r(67, 11, 69, 43)}},
		Claims:         []lint.ClaimRef{{Claim: lint.Known("web-data"), Range: r(76, 13, 76, 32)}},
		ClaimTemplates: []lint.ClaimTemplate{{Name: "scratch", StorageClass: lint.Ref{Value: lint.Known("gp3"), Range: r(81, 35, 81, 38)}, Range: r(77, 11, 81, 38)}},
		PodLabels:      map[string]string{"app": "web", "tier": "front"},
		Range:          r(12, 5, 12, 9),
	}
	got := workloadPod(t, es, "web")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pod scheduling:\n got %+v\nwant %+v", got, want)
	}
	// Regular containers and the sidecar (1600m) against the largest
	// init container (2000m), plus the overhead.
	req, ok := got.Requests()
	if wantReq := (lint.Resources{MilliCPU: 2250, Memory: 1600*mi + 120*mi, GPU: 1}); !ok || req != wantReq {
		t.Errorf("requests %+v %v, want %+v", req, ok, wantReq)
	}
}

func TestPodSchedulingKinds(t *testing.T) {
	es, diags := parseCapacity(t, "kinds.yaml", Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	r := in("kinds.yaml")
	db := workloadPod(t, es, "db")
	wantTemplates := []lint.ClaimTemplate{
		{Name: "data", StorageClass: lint.Ref{Value: lint.Known("zonal-gp3"), Range: r(21, 27, 21, 36)}, Range: r(18, 7, 21, 36)},
		// The legacy annotation wins over storageClassName.
		{Name: "logs", StorageClass: lint.Ref{Value: lint.Known("legacy"), Range: r(25, 52, 25, 58)}, Range: r(22, 7, 27, 30)},
		// Not written: the default class.
		{Name: "cache", Range: r(28, 7, 29, 20)},
	}
	if !reflect.DeepEqual(db.ClaimTemplates, wantTemplates) {
		t.Errorf("claim templates:\n got %#v\nwant %#v", db.ClaimTemplates, wantTemplates)
	}
	if !reflect.DeepEqual(db.PodLabels, map[string]string{"app": "db"}) || db.PodLabelsUnknown {
		t.Errorf("db pod labels %v (unknown %v)", db.PodLabels, db.PodLabelsUnknown)
	}
	backup := workloadPod(t, es, "backup")
	if !reflect.DeepEqual(backup.PodLabels, map[string]string{"job": "backup"}) {
		t.Errorf("CronJob pod labels %v, want the job template's", backup.PodLabels)
	}
	if len(backup.Containers) != 1 || backup.Containers[0].Requests.MilliCPU != 1500 || backup.Containers[0].CPURange != r(46, 33, 46, 36) || backup.Containers[0].Range != r(46, 17, 46, 25) {
		t.Errorf("CronJob containers %+v", backup.Containers)
	}
	if backup.Range != r(42, 9, 42, 13) {
		t.Errorf("CronJob pod spec range %+v", backup.Range)
	}
	bare := workloadPod(t, es, "bare")
	if !reflect.DeepEqual(bare.PodLabels, map[string]string{"run": "bare"}) || len(bare.NodeSelector) != 1 || bare.NodeSelector[0].Key != "node.kubernetes.io/instance-type" {
		t.Errorf("Pod labels %v, selector %+v", bare.PodLabels, bare.NodeSelector)
	}
	if req, ok := bare.Requests(); !ok || req != (lint.Resources{MilliCPU: 4000, Memory: 8 * gi}) {
		t.Errorf("Pod requests %+v %v (ints, 0x and floats as the API server reads them)", req, ok)
	}
}
