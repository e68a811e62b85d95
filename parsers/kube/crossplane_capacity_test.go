package kube_test

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// parseCapacity parses the capacity fixture and indexes its entities by
// address.
func parseCapacity(t *testing.T) (map[string]lint.Entity, []lint.Diagnostic, at) {
	t.Helper()
	rel := "xp/capacity.yaml"
	es, diags := kube.ParseFile(rel, readFixture(t, "capacity.yaml"), xpScope)
	out := map[string]lint.Entity{}
	for _, e := range es {
		out[e.Base().Addr] = e
	}
	return out, diags, rangesIn(rel)
}

func TestCrossplaneNodeGroupCapacity(t *testing.T) {
	es, _, r := parseCapacity(t)
	subnet := func(name string, rng lint.Range) lint.Ref {
		return xref(hole(lint.KubeKey("ec2.aws.upbound.io", "Subnet", "", name)), rng)
	}
	tests := []struct {
		addr string
		want lint.NodeGroupCapacity
	}{
		// v1beta1: scalingConfig is an array; EKS taint effects become Kubernetes'.
		{"xp/capacity.yaml#0/NodeGroup/gpu", lint.NodeGroupCapacity{
			InstanceTypes: []string{"g5.xlarge", "g5.2xlarge"}, InstanceTypesRange: r(11, 5, 11, 43),
			Labels: map[string]string{"workload": "gpu", "team": "ml"}, LabelsRange: r(12, 5, 14, 15),
			Taints: []lint.Taint{
				{Key: "nvidia.com/gpu", Value: "true", Effect: "NoSchedule", Range: r(16, 9, 18, 28)},
				{Key: "dedicated", Effect: "PreferNoSchedule", Range: r(19, 9, 20, 35)},
			},
			TaintsRange: r(15, 5, 20, 35),
			Subnets:     []lint.Ref{subnet("private-a", r(22, 15, 22, 24)), subnet("private-b", r(23, 15, 23, 24))},
			AMIType:     "AL2023_x86_64_NVIDIA", CapacityType: "SPOT",
			MaxSize: 4, HasMaxSize: true,
		}},
		// v1beta2: scalingConfig is an object; a Kubernetes-style effect is not the API's.
		{"xp/capacity.yaml#1/NodeGroup/batch", lint.NodeGroupCapacity{
			Taints:      []lint.Taint{{Key: "batch", Value: "true", Unknown: true, Range: r(41, 9, 43, 27)}},
			TaintsRange: r(40, 5, 43, 27),
			Subnets:     []lint.Ref{xref(known("subnet-0aaa"), r(37, 17, 37, 28)), xref(known("subnet-0bbb"), r(37, 30, 37, 41))},
			MaxSize:     12, HasMaxSize: true,
		}},
		// Nothing written: nil lists, flags clear (EKS decides the defaults).
		{"xp/capacity.yaml#2/NodeGroup/selected", lint.NodeGroupCapacity{
			Subnets: []lint.Ref{xref(lint.Hole(lint.HoleRef{Object: lint.SelectorKey("ec2.aws.upbound.io", "Subnet", "", map[string]string{"tier": "private"})}), r(53, 5, 53, 21))},
		}},
		// The community provider: taints and subnets.
		{"xp/capacity.yaml#3/NodeGroup/legacy", lint.NodeGroupCapacity{
			InstanceTypes: []string{"m5.large"}, InstanceTypesRange: r(65, 5, 65, 30),
			Taints:      []lint.Taint{{Key: "legacy", Value: "yes", Effect: "NoExecute", Range: r(67, 9, 69, 27)}},
			TaintsRange: r(66, 5, 69, 27),
			Subnets:     []lint.Ref{xref(known("subnet-0ccc"), r(70, 15, 70, 26))},
			MaxSize:     3, HasMaxSize: true,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			ng, ok := es[tt.addr].(*lint.NodeGroup)
			if !ok {
				t.Fatalf("no node group at %s", tt.addr)
			}
			if !reflect.DeepEqual(ng.Capacity, tt.want) {
				t.Errorf("capacity\n got %#v\nwant %#v", ng.Capacity, tt.want)
			}
		})
	}
}

func TestCrossplaneInvalidTaintEffect(t *testing.T) {
	_, diags, r := parseCapacity(t)
	want := []lint.Diagnostic{{Range: r(43, 17, 43, 27), Summary: "invalid taint effect",
		Detail: `taint effect "NoSchedule" of NodeGroup batch is not one EKS accepts (NO_SCHEDULE, NO_EXECUTE, PREFER_NO_SCHEDULE); the taint is not checked.`}}
	if !reflect.DeepEqual(diags, want) {
		t.Errorf("diagnostics\n got %+v\nwant %+v", diags, want)
	}
}

func TestCrossplaneSubnets(t *testing.T) {
	es, _, r := parseCapacity(t)
	tests := []struct {
		addr           string
		id, zone, name lint.Value
		nameRange      lint.Range
		tag            string
	}{
		// The external name is the subnet's ID; the Name tag its name.
		{"xp/capacity.yaml#4/Subnet/private-a", known("subnet-0aaa"), known("eu-west-1a"), known("prod-private-a"), r(86, 7, 86, 27), "karpenter.sh/discovery"},
		// No external name: the ID is known after apply; a zone ID is a zone.
		{"xp/capacity.yaml#5/Subnet/private-b", lint.Hole(lint.HoleRef{Object: "xp/capacity.yaml#5/Subnet/private-b", Path: "status.atProvider.id"}), known("euw1-az2"), lint.Unknown(), r(90, 7, 90, 13), "crossplane-kind"},
		// Community: tags are a list; no zone written: AWS picks one.
		{"xp/capacity.yaml#6/Subnet/legacy", lint.Hole(lint.HoleRef{Object: "xp/capacity.yaml#6/Subnet/legacy", Path: "status.atProvider.id"}), lint.Unknown(), known("legacy"), r(106, 9, 107, 22), "Name"},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			s, ok := es[tt.addr].(*lint.Subnet)
			if !ok {
				t.Fatalf("no subnet at %s: %v", tt.addr, es[tt.addr])
			}
			if !reflect.DeepEqual(s.ID, tt.id) || !reflect.DeepEqual(s.Zone, tt.zone) || !reflect.DeepEqual(s.Name, tt.name) {
				t.Errorf("id %s zone %s name %s, want %s %s %s", s.ID, s.Zone, s.Name, tt.id, tt.zone, tt.name)
			}
			if s.NameRange != tt.nameRange {
				t.Errorf("name at %#v, want %#v", s.NameRange, tt.nameRange)
			}
			if _, ok := s.Tags[tt.tag]; !ok || s.TagsIncomplete {
				t.Errorf("tags %v (incomplete %v), want %s", s.Tags, s.TagsIncomplete, tt.tag)
			}
		})
	}
}

func TestCrossplaneFargateProfiles(t *testing.T) {
	es, _, r := parseCapacity(t)
	tests := []struct {
		addr    string
		cluster lint.Value
		sels    []lint.FargateSelector
		subnets []lint.Ref
	}{
		{"xp/capacity.yaml#7/FargateProfile/serverless", hole(lint.KubeKey("eks.aws.upbound.io", "Cluster", "", "prod")),
			[]lint.FargateSelector{
				{Namespace: known("serverless"), Range: r(120, 9, 120, 30)},
				{Namespace: known("jobs"), Labels: map[string]lint.Value{"compute": known("fargate")}, Range: r(121, 9, 123, 27)},
			},
			[]lint.Ref{xref(hole(lint.KubeKey("ec2.aws.upbound.io", "Subnet", "", "private-a")), r(125, 15, 125, 24))}},
		{"xp/capacity.yaml#8/FargateProfile/old", known("prod"),
			[]lint.FargateSelector{{Namespace: known("kube-system"), Labels: map[string]lint.Value{"k8s-app": known("kube-dns")}, Range: r(136, 9, 138, 28)}},
			[]lint.Ref{xref(known("subnet-0ccc"), r(139, 15, 139, 26))}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			fp, ok := es[tt.addr].(*lint.FargateProfile)
			if !ok {
				t.Fatalf("no Fargate profile at %s: %v", tt.addr, es[tt.addr])
			}
			if !reflect.DeepEqual(fp.Cluster, tt.cluster) {
				t.Errorf("cluster %s, want %s", fp.Cluster, tt.cluster)
			}
			if !reflect.DeepEqual(fp.Selectors, tt.sels) {
				t.Errorf("selectors\n got %#v\nwant %#v", fp.Selectors, tt.sels)
			}
			if !reflect.DeepEqual(fp.Subnets, tt.subnets) {
				t.Errorf("subnets\n got %+v\nwant %+v", fp.Subnets, tt.subnets)
			}
		})
	}
}

// composeNodeGroup renders a one-resource composition (an Upbound v1beta1
// NodeGroup with base forProvider fields and patches) with a claim.
func composeNodeGroup(t *testing.T, forProvider, patches, claimSpec string) lint.NodeGroupCapacity {
	t.Helper()
	comp := `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: c
spec:
  compositeTypeRef:
    apiVersion: example.org/v1
    kind: XPool
  resources:
    - name: ng
      base:
        apiVersion: eks.aws.upbound.io/v1beta1
        kind: NodeGroup
        spec:
          forProvider:
` + indent(forProvider, "            ") + `      patches:
` + indent(patches, "        ")
	claim := "apiVersion: example.org/v1\nkind: XPool\nmetadata:\n  name: pool\nspec:\n" + indent(claimSpec, "  ")
	ents, diags := kube.RenderCompositions([]kube.File{{Rel: "c.yaml", Data: []byte(comp)}, {Rel: "x.yaml", Data: []byte(claim)}}, kube.Options{})
	if len(ents) != 1 || len(diags) != 0 {
		t.Fatalf("want one entity, got %d: %v", len(ents), diags)
	}
	ng, ok := ents[0].(*lint.NodeGroup)
	if !ok {
		t.Fatalf("got %T", ents[0])
	}
	return ng.Capacity
}

func TestCrossplaneComposedCapacity(t *testing.T) {
	tests := []struct {
		name                         string
		forProvider, patches, claim  string
		types                        []string
		typesUnknown                 bool
		labels                       map[string]string
		labelsUnknown, taintsUnknown bool
		taints                       []lint.Taint
		maxSize                      int
		hasMax, subnetsUnknown       bool
	}{
		{name: "claim values patched in",
			forProvider: "instanceTypes: [m5.large]\n",
			patches:     "- fromFieldPath: spec.types\n  toFieldPath: spec.forProvider.instanceTypes\n- fromFieldPath: spec.max\n  toFieldPath: spec.forProvider.scalingConfig[0].maxSize\n",
			claim:       "types: [c6i.large, c6i.xlarge]\nmax: 7\n",
			types:       []string{"c6i.large", "c6i.xlarge"}, maxSize: 7, hasMax: true},
		// Without an XRD the field's default is not known: neither is the list.
		{name: "claim field missing",
			forProvider:  "instanceTypes: [m5.large]\n",
			patches:      "- fromFieldPath: spec.types\n  toFieldPath: spec.forProvider.instanceTypes\n",
			claim:        "other: 1\n",
			typesUnknown: true},
		{name: "an environment value is unknown",
			forProvider:  "labels:\n  team: a\n",
			patches:      "- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.types\n  toFieldPath: spec.forProvider.instanceTypes\n- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.zone\n  toFieldPath: spec.forProvider.labels[zone]\n- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.subnets\n  toFieldPath: spec.forProvider.subnetIds\n- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.max\n  toFieldPath: spec.forProvider.scalingConfig[0].maxSize\n",
			claim:        "other: 1\n",
			typesUnknown: true, labels: map[string]string{"team": "a"}, labelsUnknown: true, subnetsUnknown: true},
		{name: "a patched taint effect",
			forProvider: "taint:\n  - key: dedicated\n    effect: NO_SCHEDULE\n",
			patches:     "- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.effect\n  toFieldPath: spec.forProvider.taint[0].effect\n",
			claim:       "other: 1\n",
			taints:      []lint.Taint{{Key: "dedicated", Unknown: true}}},
		{name: "a whole taint list from an unknown value",
			patches:       "- type: FromEnvironmentFieldPath\n  fromFieldPath: pool.taints\n  toFieldPath: spec.forProvider.taint\n",
			claim:         "other: 1\n",
			taintsUnknown: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fp := tt.forProvider
			if fp == "" {
				fp = "region: eu-west-1\n"
			}
			c := composeNodeGroup(t, fp, tt.patches, tt.claim)
			if !reflect.DeepEqual(c.InstanceTypes, tt.types) || c.InstanceTypesUnknown != tt.typesUnknown {
				t.Errorf("instance types %v (unknown %v), want %v (%v)", c.InstanceTypes, c.InstanceTypesUnknown, tt.types, tt.typesUnknown)
			}
			if !reflect.DeepEqual(c.Labels, tt.labels) || c.LabelsUnknown != tt.labelsUnknown {
				t.Errorf("labels %v (unknown %v), want %v (%v)", c.Labels, c.LabelsUnknown, tt.labels, tt.labelsUnknown)
			}
			for i := range c.Taints {
				c.Taints[i].Range = lint.Range{}
			}
			if !reflect.DeepEqual(c.Taints, tt.taints) || c.TaintsUnknown != tt.taintsUnknown {
				t.Errorf("taints %+v (unknown %v), want %+v (%v)", c.Taints, c.TaintsUnknown, tt.taints, tt.taintsUnknown)
			}
			if c.MaxSize != tt.maxSize || c.HasMaxSize != tt.hasMax || c.SubnetsUnknown != tt.subnetsUnknown {
				t.Errorf("max %d (%v), subnets unknown %v; want %d (%v), %v", c.MaxSize, c.HasMaxSize, c.SubnetsUnknown, tt.maxSize, tt.hasMax, tt.subnetsUnknown)
			}
		})
	}
}
