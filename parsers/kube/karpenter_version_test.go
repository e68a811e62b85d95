package kube_test

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// A Karpenter kind written with a version of Karpenter's groups that does
// not serve it is not read, and a note says so at its apiVersion; a kind
// Karpenter does not define in its group, at its kind; a kind Karpenter
// serves in that version, or a kind of another group, is not noted.
func TestUnservedKarpenterVersionNoted(t *testing.T) {
	src := `apiVersion: karpenter.sh/v1alpha5
kind: NodePool
metadata:
  name: spot
---
apiVersion: karpenter.sh/v1
kind: NodeClaim
metadata:
  name: spot-abcde
---
apiVersion: karpenter.sh/v1
kind: EC2NodeClass
metadata:
  name: default
---
apiVersion: example.com/v1alpha5
kind: NodePool
metadata:
  name: other
---
apiVersion: karpenter.k8s.aws/v1beta1
kind: NodeClass
metadata:
  name: auto
---
apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata:
  name: prices
`
	var notes []string
	ents, diags := kube.Parse("pools.yaml", []byte(src), kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) {
		notes = append(notes, string(n.Kind)+" "+n.Range.String()+" "+n.What)
	}})
	if len(diags) != 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	for _, e := range ents {
		if e.Base().Kind == lint.KindNodePool {
			t.Errorf("%s read as a NodePool", e.Base().Label)
		}
	}
	want := []string{
		"skipped pools.yaml:1:13 Karpenter NodePool spot is not read: karpenter.sh/v1alpha5 serves no NodePool (Karpenter serves it as karpenter.sh/v1 or karpenter.sh/v1beta1), so the API server refuses it",
		"skipped pools.yaml:11:13 Karpenter EC2NodeClass default is not read: karpenter.sh/v1 serves no EC2NodeClass (Karpenter serves it as karpenter.k8s.aws/v1 or karpenter.k8s.aws/v1beta1), so the API server refuses it",
		"skipped pools.yaml:22:7 NodeClass auto is not read: Karpenter defines no kind NodeClass in karpenter.k8s.aws (its kinds there: AWSNodeTemplate, EC2NodeClass), so the API server refuses it",
	}
	if !reflect.DeepEqual(notes, want) {
		t.Errorf("notes:\n%q\nwant\n%q", notes, want)
	}
}
