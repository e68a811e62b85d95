package kube

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestStorage(t *testing.T) {
	es, diags := parseCapacity(t, "storage.yaml", Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	r := in("storage.yaml")
	var m lint.Model
	m.Add(es...)
	if len(m.StorageClasses) != 2 || len(m.VolumeClaims) != 2 || len(m.Volumes) != 1 || len(m.Objects) != 0 {
		t.Fatalf("%d classes, %d claims, %d volumes, %d objects", len(m.StorageClasses), len(m.VolumeClaims), len(m.Volumes), len(m.Objects))
	}
	zonal := m.StorageClasses[0]
	// Terms are ORed, their expressions ANDed: {1a,1b}∩{1b,1c} ∪ {1c}.
	if zonal.Provisioner != "ebs.csi.aws.com" || zonal.BindingMode != "WaitForFirstConsumer" || !zonal.Default ||
		!reflect.DeepEqual(zonal.Zones, []string{"eu-west-1b", "eu-west-1c"}) || zonal.ZonesUnknown || zonal.ZonesRange != r(9, 1, 9, 18) {
		t.Errorf("zonal class %+v", zonal)
	}
	// A term without a zone allows every zone; a boolean annotation is no
	// string the API server takes.
	anywhere := m.StorageClasses[1]
	if anywhere.BindingMode != "Immediate" || anywhere.Default || anywhere.Zones != nil || anywhere.ZonesUnknown {
		t.Errorf("anywhere class %+v", anywhere)
	}
	if e := m.Lookup(lint.KubeKey("storage.k8s.io", "StorageClass", "", "zonal-gp3")); e != zonal {
		t.Errorf("Lookup by alias found %v", e)
	}
	claim := m.VolumeClaims[0]
	if ns, _ := claim.Namespace.Str(); ns != "shop" || !reflect.DeepEqual(claim.StorageClass, lint.Ref{Value: lint.Known("zonal-gp3"), Range: r(40, 21, 40, 30)}) ||
		!reflect.DeepEqual(claim.Volume, lint.Ref{Value: lint.Known("pv-web"), Range: r(41, 15, 41, 21)}) || claim.Kind != lint.KindVolumeClaim {
		t.Errorf("claim %+v", claim)
	}
	if m.Lookup(lint.KubeKey("", "PersistentVolumeClaim", "shop", "web-data")) != claim {
		t.Error("claim not found by alias")
	}
	if d := m.VolumeClaims[1]; d.StorageClass.IsSet() || d.Volume.IsSet() {
		t.Errorf("defaulted claim %+v", d)
	}
	pv := m.Volumes[0]
	if !reflect.DeepEqual(pv.Zones, []string{"eu-west-1a"}) || pv.ZonesRange != r(62, 7, 62, 24) || pv.ClaimNamespace != "shop" || pv.ClaimName != "web-data" || pv.StorageClass != "zonal-gp3" {
		t.Errorf("volume %+v", pv)
	}

	var ncs []*lint.NodeClass
	for _, e := range es {
		if nc, ok := e.(*lint.NodeClass); ok {
			ncs = append(ncs, nc)
		}
	}
	if len(ncs) != 2 {
		t.Fatalf("%d node classes", len(ncs))
	}
	v1 := ncs[0]
	if v1.SubnetRange != r(75, 3, 75, 22) || len(v1.SubnetTerms) != 2 || !reflect.DeepEqual(v1.SubnetTerms[0].Tags, tags("karpenter.sh/discovery", "prod")) ||
		!v1.SubnetTerms[1].HasID || !reflect.DeepEqual(v1.SubnetTerms[1].ID, lint.Known("subnet-0abc")) {
		t.Errorf("EC2NodeClass subnets at %+v: %+v", v1.SubnetRange, v1.SubnetTerms)
	}
	legacy := ncs[1]
	if legacy.SubnetRange != r(88, 3, 88, 17) || len(legacy.SubnetTerms) != 2 || !reflect.DeepEqual(legacy.SubnetTerms[1].ID, lint.Known("subnet-2")) || legacy.SubnetTerms[1].Range != r(89, 23, 89, 31) {
		t.Errorf("AWSNodeTemplate subnets at %+v: %+v", legacy.SubnetRange, legacy.SubnetTerms)
	}
}
