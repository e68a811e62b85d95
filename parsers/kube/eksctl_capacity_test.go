package kube

import (
	"os"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const eksctlCapacity = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: shop
  region: eu-west-1
vpc:
  subnets:
    private:
      eu-west-1a: {id: subnet-0a}
      db:
        id: subnet-0d
        az: eu-west-1c
managedNodeGroups:
  - name: default
  - name: gpu
    instanceTypes: [g5.xlarge, g5.2xlarge]
    spot: true
    maxSize: 4
    labels: {workload: gpu, empty: ""}
    taints:
      - key: nvidia.com/gpu
        value: "true"
        effect: NoSchedule
    availabilityZones: [eu-west-1a, eu-west-1b]
  - name: one
    instanceType: m6i.large
    subnets: [eu-west-1a, db, subnet-0ff, private-x]
  - name: picked
    instanceSelector: {vCPUs: 4, memory: 16}
  - name: templated
    instanceType: "{{ .Type }}"
    labels:
      team: "{{ .Team }}"
nodeGroups:
  - name: mixed
    instanceType: mixed
    instancesDistribution:
      instanceTypes: [c5.large, c5a.large]
    taints:
      dedicated: "batch:NoExecute"
      spot: PreferNoSchedule
  - name: listed
    instanceType: r6i.2xlarge
    taints:
      - {key: memory, effect: NoSchedule}
fargateProfiles:
  - name: fp-default
    selectors:
      - namespace: default
      - namespace: jobs
        labels: {compute: fargate}
    subnets: [db]
`

func TestClusterConfigNodeCapacity(t *testing.T) {
	es, diags := parseEksctl(t, eksctlCapacity, lint.Scope{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	r := func(l, c, el, ec int) lint.Range {
		return lint.Range{File: "eksctl/cluster.yaml", Line: l, Column: c, EndLine: el, EndColumn: ec}
	}
	labels := func(group string, more ...string) map[string]string {
		m := map[string]string{"alpha.eksctl.io/cluster-name": "shop", "alpha.eksctl.io/nodegroup-name": group}
		for i := 0; i+1 < len(more); i += 2 {
			m[more[i]] = more[i+1]
		}
		return m
	}
	subnet := func(name string, rng lint.Range) lint.Ref {
		return lint.Ref{Value: lint.Hole(lint.HoleRef{Object: "eksctl/cluster.yaml#0/ClusterConfig/shop#vpc/subnets/private/" + name, Path: "id"}), Range: rng}
	}
	tests := []struct {
		group string
		want  lint.NodeGroupCapacity
	}{
		// Nothing written: eksctl's m5.large is its default, not recorded.
		{"managedNodeGroups/default", lint.NodeGroupCapacity{Labels: labels("default"), OS: lint.OSLinux, OSRange: r(14, 5, 14, 18)}},
		{"managedNodeGroups/gpu", lint.NodeGroupCapacity{
			InstanceTypes: []string{"g5.xlarge", "g5.2xlarge"}, InstanceTypesRange: r(16, 5, 16, 43),
			Labels: labels("gpu", "workload", "gpu", "empty", ""), LabelsRange: r(19, 5, 19, 39),
			Taints:      []lint.Taint{{Key: "nvidia.com/gpu", Value: "true", Effect: "NoSchedule", Range: r(21, 9, 23, 27)}},
			TaintsRange: r(20, 5, 23, 27),
			Zones:       []string{"eu-west-1a", "eu-west-1b"}, ZonesRange: r(24, 5, 24, 48),
			CapacityType: "SPOT", MaxSize: 4, HasMaxSize: true, OS: lint.OSLinux, OSRange: r(15, 5, 15, 14),
		}},
		// Subnet names resolve to vpc.subnets entries; IDs and unknown names stay text.
		{"managedNodeGroups/one", lint.NodeGroupCapacity{
			InstanceTypes: []string{"m6i.large"}, InstanceTypesRange: r(26, 5, 26, 28),
			Labels: labels("one"),
			Subnets: []lint.Ref{subnet("eu-west-1a", r(27, 15, 27, 25)), subnet("db", r(27, 27, 27, 29)),
				{Value: lint.Known("subnet-0ff"), Range: r(27, 31, 27, 41)}, {Value: lint.Known("private-x"), Range: r(27, 43, 27, 52)}},
			OS: lint.OSLinux, OSRange: r(25, 5, 25, 14),
		}},
		// eksctl picks the types from the selector at create time.
		{"managedNodeGroups/picked", lint.NodeGroupCapacity{InstanceTypesUnknown: true, InstanceTypesRange: r(29, 5, 29, 45), Labels: labels("picked"), OS: lint.OSLinux, OSRange: r(28, 5, 28, 17)}},
		// A template placeholder is unknown, never FL000.
		{"managedNodeGroups/templated", lint.NodeGroupCapacity{
			InstanceTypesUnknown: true, InstanceTypesRange: r(31, 5, 31, 32),
			Labels: labels("templated"), LabelsUnknown: true, LabelsRange: r(32, 5, 33, 26),
			OS: lint.OSLinux, OSRange: r(30, 5, 30, 20),
		}},
		// Self-managed: "mixed" defers to instancesDistribution; taints in the map form.
		{"nodeGroups/mixed", lint.NodeGroupCapacity{
			InstanceTypes: []string{"c5.large", "c5a.large"}, InstanceTypesRange: r(38, 7, 38, 43),
			Labels: labels("mixed"),
			Taints: []lint.Taint{
				{Key: "dedicated", Value: "batch", Effect: "NoExecute", Range: r(40, 7, 40, 35)},
				{Key: "spot", Effect: "PreferNoSchedule", Range: r(41, 7, 41, 29)},
			},
			TaintsRange: r(39, 5, 41, 29), OS: lint.OSLinux, OSRange: r(35, 5, 35, 16),
		}},
		{"nodeGroups/listed", lint.NodeGroupCapacity{
			InstanceTypes: []string{"r6i.2xlarge"}, InstanceTypesRange: r(43, 5, 43, 30),
			Labels:      labels("listed"),
			Taints:      []lint.Taint{{Key: "memory", Effect: "NoSchedule", Range: r(45, 9, 45, 42)}},
			TaintsRange: r(44, 5, 45, 42), OS: lint.OSLinux, OSRange: r(42, 5, 42, 17),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			ng, ok := es[tt.group].(*lint.NodeGroup)
			if !ok {
				t.Fatalf("no node group %s", tt.group)
			}
			if !reflect.DeepEqual(ng.Capacity, tt.want) {
				t.Errorf("capacity\n got %#v\nwant %#v", ng.Capacity, tt.want)
			}
		})
	}

	// vpc.subnets: the zone is az, else the entry's name.
	for part, zone := range map[string]string{"vpc/subnets/private/eu-west-1a": "eu-west-1a", "vpc/subnets/private/db": "eu-west-1c"} {
		s, ok := es[part].(*lint.Subnet)
		if !ok {
			t.Fatalf("no subnet %s", part)
		}
		if z, _ := s.Zone.Str(); z != zone {
			t.Errorf("%s: zone %s, want %s", part, s.Zone, zone)
		}
	}
	if id, _ := es["vpc/subnets/private/db"].(*lint.Subnet).ID.Str(); id != "subnet-0d" {
		t.Errorf("db subnet ID %q", id)
	}

	fp, ok := es["fargateProfiles/fp-default"].(*lint.FargateProfile)
	if !ok {
		t.Fatal("no Fargate profile")
	}
	wantSel := []lint.FargateSelector{
		{Namespace: lint.Known("default"), Range: r(49, 9, 49, 27)},
		{Namespace: lint.Known("jobs"), Labels: map[string]lint.Value{"compute": lint.Known("fargate")}, Range: r(50, 9, 51, 35)},
	}
	if !reflect.DeepEqual(fp.Selectors, wantSel) {
		t.Errorf("selectors\n got %#v\nwant %#v", fp.Selectors, wantSel)
	}
	if c, _ := fp.Cluster.Str(); c != "shop" || fp.Name.String() != "fp-default" {
		t.Errorf("cluster %s, name %s", fp.Cluster, fp.Name)
	}
	if want := []lint.Ref{subnet("db", r(52, 15, 52, 17))}; !reflect.DeepEqual(fp.Subnets, want) {
		t.Errorf("subnets %+v", fp.Subnets)
	}
}

const eksctlBadCapacity = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: shop
managedNodeGroups:
  - name: mapped
    taints:
      dedicated: "batch:NoSchedule"
  - name: effect
    taints:
      - key: a
        effect: NO_SCHEDULE
      - key: b
nodeGroups:
  - name: parts
    taints:
      a: "x:y:NoSchedule"
      b: "{{ .Effect }}"
    labels: [a, b]
    availabilityZones: eu-west-1a
`

func TestClusterConfigInvalidCapacity(t *testing.T) {
	es, diags := parseEksctl(t, eksctlBadCapacity, lint.Scope{})
	var got []string
	for _, d := range diags {
		if d.Summary != "invalid eksctl ClusterConfig" {
			t.Errorf("summary %q", d.Summary)
		}
		got = append(got, d.Range.String())
	}
	want := []string{
		"eksctl/cluster.yaml:7:5",  // a managed group's taints are a list
		"eksctl/cluster.yaml:12:9", // the EKS API's effect, not Kubernetes'
		"eksctl/cluster.yaml:13:9", // no effect
		"eksctl/cluster.yaml:19:5", // labels must be a mapping
		"eksctl/cluster.yaml:17:7", // three parts
		"eksctl/cluster.yaml:20:5", // availabilityZones must be a list
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diagnostics at %v, want %v (%v)", got, want, diags)
	}
	mapped := es["managedNodeGroups/mapped"].(*lint.NodeGroup).Capacity
	if !mapped.TaintsUnknown || mapped.Taints != nil {
		t.Errorf("mapped: taints %+v unknown %v", mapped.Taints, mapped.TaintsUnknown)
	}
	// Neither taint is judged.
	effect := es["managedNodeGroups/effect"].(*lint.NodeGroup).Capacity
	if len(effect.Taints) != 2 || !effect.Taints[0].Unknown || !effect.Taints[1].Unknown {
		t.Errorf("effect: taints %+v", effect.Taints)
	}
	parts := es["nodeGroups/parts"].(*lint.NodeGroup).Capacity
	if len(parts.Taints) != 2 || !parts.Taints[0].Unknown || !parts.Taints[1].Unknown || !parts.LabelsUnknown || !parts.ZonesUnknown {
		t.Errorf("parts: %+v", parts)
	}
}

// BenchmarkCapacityParse parses eksctl ClusterConfigs and Crossplane
// managed resources that declare capacity.
func BenchmarkCapacityParse(b *testing.B) {
	data, err := os.ReadFile("testdata/eksctl-capacity.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ParseFile("eksctl-capacity.yaml", data, lint.Scope{})
	}
}

// TestClusterConfigNodeOS: amiFamily decides the nodes' kubernetes.io/os;
// a family faultline does not know, or a placeholder, leaves it unknown.
func TestClusterConfigNodeOS(t *testing.T) {
	es, diags := parseEksctl(t, `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: build
  region: eu-west-1
managedNodeGroups:
  - name: agents
    amiFamily: WindowsServer2022CoreContainer
  - name: tools
    amiFamily: Bottlerocket
  - name: picked
    amiFamily: "{{ .Family }}"
nodeGroups:
  - name: legacy
    amiFamily: AmazonLinux2
`, lint.Scope{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	for group, want := range map[string]string{
		"managedNodeGroups/agents": lint.OSWindows, "managedNodeGroups/tools": lint.OSLinux,
		"managedNodeGroups/picked": "", "nodeGroups/legacy": lint.OSLinux,
	} {
		ng, ok := es[group].(*lint.NodeGroup)
		if !ok {
			t.Fatalf("no node group %s", group)
		}
		if ng.Capacity.OS != want {
			t.Errorf("%s: OS %q, want %q", group, ng.Capacity.OS, want)
		}
		if want != "" && ng.Capacity.OSRange.Line == 0 {
			t.Errorf("%s: no range for its OS", group)
		}
	}
}
