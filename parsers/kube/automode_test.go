package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestAutoModeIsRead: EKS Auto Mode, as eksctl, Crossplane and a NodePool
// on an Auto Mode NodeClass write it, marks capacity no source declares.
func TestAutoModeIsRead(t *testing.T) {
	for name, c := range map[string]struct {
		doc           string
		auto, unknown bool
	}{
		"eksctl enabled": {`apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata: {name: shop, region: eu-west-1}
autoModeConfig:
  enabled: true
`, true, false},
		"eksctl not written": {`apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata: {name: shop, region: eu-west-1}
`, false, false},
		"eksctl templated": {`apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata: {name: shop, region: eu-west-1}
autoModeConfig:
  enabled: ${AUTO_MODE}
`, false, true},
		"crossplane enabled": {`apiVersion: eks.aws.upbound.io/v1beta1
kind: Cluster
metadata: {name: shop}
spec:
  forProvider:
    region: eu-west-1
    roleArn: arn:aws:iam::111122223333:role/shop
    computeConfig:
      - enabled: true
        nodePools: [general-purpose]
`, true, false},
	} {
		ents, diags := ParseFile("c.yaml", []byte(c.doc), lint.Scope{})
		if len(diags) > 0 {
			t.Errorf("%s: diagnostics %v", name, diags)
		}
		var cl *lint.Cluster
		for _, e := range ents {
			if x, ok := e.(*lint.Cluster); ok {
				cl = x
			}
		}
		if cl == nil {
			t.Errorf("%s: no cluster", name)
			continue
		}
		if cl.AutoMode != c.auto || cl.AutoModeUnknown != c.unknown {
			t.Errorf("%s: AutoMode, AutoModeUnknown = %v, %v", name, cl.AutoMode, cl.AutoModeUnknown)
		}
	}
	ents, _ := ParseFile("np.yaml", []byte(`apiVersion: karpenter.sh/v1
kind: NodePool
metadata: {name: apps}
spec:
  template:
    spec:
      nodeClassRef: {group: eks.amazonaws.com, kind: NodeClass, name: default}
`), lint.Scope{})
	if np, ok := ents[0].(*lint.NodePool); !ok || !np.AutoMode || np.NodeClass.IsSet() {
		t.Errorf("Auto Mode NodePool = %+v", ents[0])
	}
}
