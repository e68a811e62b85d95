package kube

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestWorkloads(t *testing.T) {
	src := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: karpenter
  namespace: kube-system
spec:
  template:
    spec:
      serviceAccountName: karpenter
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: backup
  namespace: ops
spec:
  jobTemplate:
    spec:
      template:
        spec:
          serviceAccountName: backup-sa
---
apiVersion: v1
kind: Pod
metadata:
  name: legacy
spec:
  serviceAccount: old-style
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: monitoring
spec:
  template:
    spec:
      containers: []
`
	es, diags := Parse("w.yaml", []byte(src), Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	ws := map[string]*lint.Workload{}
	for _, e := range es {
		w, ok := e.(*lint.Workload)
		if !ok {
			t.Fatalf("%T %s is not a workload", e, e.Base().Label)
		}
		if w.Kind != lint.KindWorkload {
			t.Errorf("%s: kind %s", w.Label, w.Kind)
		}
		n, _ := w.Name.Str()
		ws[n] = w
	}
	rg := func(l, c, el, ec int) lint.Range {
		return lint.Range{File: "w.yaml", Line: l, Column: c, EndLine: el, EndColumn: ec}
	}
	tests := []struct {
		name, kind, ns, sa string
		saRange            lint.Range
		alias              string
	}{
		{"karpenter", "Deployment", "kube-system", "karpenter", rg(9, 27, 9, 36), lint.KubeKey("apps", "Deployment", "kube-system", "karpenter")},
		{"backup", "CronJob", "ops", "backup-sa", rg(21, 31, 21, 40), lint.KubeKey("batch", "CronJob", "ops", "backup")},
		{"legacy", "Pod", "", "old-style", rg(28, 19, 28, 28), lint.KubeKey("", "Pod", "", "legacy")},
		{"agent", "DaemonSet", "monitoring", "", lint.Range{}, lint.KubeKey("apps", "DaemonSet", "monitoring", "agent")},
	}
	for _, tt := range tests {
		w := ws[tt.name]
		if w == nil {
			t.Errorf("no workload %s", tt.name)
			continue
		}
		if w.KindName != tt.kind {
			t.Errorf("%s: kind %s, want %s", tt.name, w.KindName, tt.kind)
		}
		if ns, _ := w.Namespace.Str(); ns != tt.ns || (tt.ns == "" && !w.Namespace.IsUnknown()) {
			t.Errorf("%s: namespace %s, want %q", tt.name, w.Namespace, tt.ns)
		}
		if tt.sa == "" {
			if w.ServiceAccount.IsSet() {
				t.Errorf("%s: service account %+v, want unset", tt.name, w.ServiceAccount)
			}
		} else if sa, _ := w.ServiceAccount.Value.Str(); sa != tt.sa || w.ServiceAccount.Range != tt.saRange {
			t.Errorf("%s: service account %s at %+v, want %s at %+v", tt.name, w.ServiceAccount.Value, w.ServiceAccount.Range, tt.sa, tt.saRange)
		}
		if len(w.Aliases) != 1 || w.Aliases[0] != tt.alias {
			t.Errorf("%s: aliases %v, want %s", tt.name, w.Aliases, tt.alias)
		}
	}
}

func TestCrossplanePodIdentityAssociation(t *testing.T) {
	src := `apiVersion: eks.aws.upbound.io/v1beta1
kind: PodIdentityAssociation
metadata:
  name: karpenter
spec:
  deletionPolicy: Orphan
  forProvider:
    region: us-east-1
    clusterNameRef:
      name: prod
    namespace: kube-system
    serviceAccount: karpenter
    roleArnRef:
      name: karpenter-controller
---
apiVersion: eks.aws.m.upbound.io/v1beta1
kind: PodIdentityAssociation
metadata:
  name: ebs
  namespace: team-a
spec:
  forProvider:
    region: us-east-1
    clusterName: prod
    namespace: kube-system
    serviceAccount: ebs-csi-controller-sa
    roleArn: arn:aws:iam::111122223333:role/ebs
`
	es, diags := Parse("p.yaml", []byte(src), Options{})
	if len(diags) != 0 || len(es) != 2 {
		t.Fatal(es, diags)
	}
	rg := func(l, c, el, ec int) lint.Range {
		return lint.Range{File: "p.yaml", Line: l, Column: c, EndLine: el, EndColumn: ec}
	}
	a, ok := es[0].(*lint.PodIdentityAssociation)
	if !ok {
		t.Fatalf("%T", es[0])
	}
	if a.Kind != lint.KindPodIdentity || a.Source != lint.SourceCrossplane || a.Crossplane == nil || a.Crossplane.DeletionPolicy != "Orphan" || a.Scope.Region != "us-east-1" {
		t.Errorf("header %+v crossplane %+v", a.Object, a.Crossplane)
	}
	if h, ok := a.Cluster.SoleRef(); !ok || h.Object != lint.KubeKey("eks.aws.upbound.io", "Cluster", "", "prod") {
		t.Errorf("cluster = %s", a.Cluster)
	}
	if !reflect.DeepEqual(a.Namespace, ref("kube-system", rg(11, 16, 11, 27))) {
		t.Errorf("namespace = %+v", a.Namespace)
	}
	if !reflect.DeepEqual(a.ServiceAccount, ref("karpenter", rg(12, 21, 12, 30))) {
		t.Errorf("service account = %+v", a.ServiceAccount)
	}
	if h, ok := a.RoleARN.Value.SoleRef(); !ok || h.Object != lint.KubeKey("iam.aws.upbound.io", "Role", "", "karpenter-controller") || a.RoleARN.Range != rg(14, 13, 14, 33) {
		t.Errorf("role = %+v", a.RoleARN)
	}
	b := es[1].(*lint.PodIdentityAssociation)
	if c, _ := b.Cluster.Str(); c != "prod" {
		t.Errorf("cluster = %s", b.Cluster)
	}
	if ns, _ := b.Namespace.Value.Str(); ns != "kube-system" {
		t.Errorf("namespace = %s (the association's, not the managed resource's)", b.Namespace.Value)
	}
	if !reflect.DeepEqual(b.ServiceAccount, ref("ebs-csi-controller-sa", rg(26, 21, 26, 42))) || !reflect.DeepEqual(b.RoleARN, ref("arn:aws:iam::111122223333:role/ebs", rg(27, 14, 27, 48))) {
		t.Errorf("sa %+v role %+v", b.ServiceAccount, b.RoleARN)
	}
	if b.Crossplane == nil || b.Crossplane.DeletionPolicy != "" {
		t.Errorf("v2 crossplane meta = %+v", b.Crossplane)
	}
}
