package kube_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// TestACKResourcesNoted checks that an AWS Controllers for Kubernetes
// resource of a kind the chains run through (an IAM role, a pod identity
// association, a node group) is noted as not read where its kind is
// written, and that other ACK kinds and other groups are not.
func TestACKResourcesNoted(t *testing.T) {
	src := `apiVersion: iam.services.k8s.aws/v1alpha1
kind: Role
metadata:
  name: payments-api
spec:
  name: payments-api
---
apiVersion: eks.services.k8s.aws/v1alpha1
kind: PodIdentityAssociation
metadata:
  name: payments-api
spec:
  clusterName: payments
  namespace: payments
  serviceAccount: api
  roleRef:
    from:
      name: payments-api
---
apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: receipts
spec:
  name: payments-receipts
---
apiVersion: example.com/v1
kind: Role
metadata:
  name: unrelated
`
	var notes []lint.Note
	if _, diags := kube.Parse("ack.yaml", []byte(src), kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) { notes = append(notes, n) }}); len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	lines := map[int]bool{}
	for _, n := range notes {
		if n.Kind != lint.Skipped || !strings.Contains(n.What, "faultline does not model AWS Controllers for Kubernetes resources") {
			t.Errorf("note %+v", n)
			continue
		}
		lines[n.Range.Line] = true
	}
	if len(notes) != 2 || !lines[2] || !lines[9] {
		t.Errorf("notes %+v, want the Role (line 2) and the PodIdentityAssociation (line 9)", notes)
	}
}

// TestCAPAResourcesNoted: a Cluster API Provider AWS resource that makes
// an EKS cluster or its capacity is noted as not read; a Cluster API
// resource of another kind is not.
func TestCAPAResourcesNoted(t *testing.T) {
	src := `apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: AWSManagedControlPlane
metadata:
  name: ledger-cp
spec:
  region: eu-west-1
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
kind: AWSManagedMachinePool
metadata:
  name: ledger-workers
spec:
  roleName: ledger-nodes
---
apiVersion: cluster.x-k8s.io/v1beta1
kind: MachinePool
metadata:
  name: ledger-workers
spec:
  clusterName: ledger
`
	var notes []lint.Note
	if _, diags := kube.Parse("capa.yaml", []byte(src), kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) { notes = append(notes, n) }}); len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	lines := map[int]bool{}
	for _, n := range notes {
		if n.Kind == lint.Skipped && strings.Contains(n.What, "faultline does not model Cluster API Provider AWS resources") {
			lines[n.Range.Line] = true
		}
	}
	if len(notes) != 2 || !lines[2] || !lines[9] {
		t.Errorf("notes %+v, want the control plane (line 2) and the machine pool (line 9)", notes)
	}
}
