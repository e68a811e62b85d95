package terraform

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func nodeGroupsByLabel(res Result) map[string]*lint.NodeGroup {
	out := map[string]*lint.NodeGroup{}
	for _, e := range res.Entities {
		if ng, ok := e.(*lint.NodeGroup); ok {
			out[ng.Label] = ng
		}
	}
	return out
}

func refStrings(refs []lint.Ref) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Value.String())
	}
	return out
}

// TestManagedNodeGroupCapacity reads instance types, labels, taints (EKS
// effects translated), subnets, maximum, AMI and capacity type, and marks
// what cannot be read unknown.
func TestManagedNodeGroupCapacity(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "types" { type = list(string) }
variable "taints" { type = list(any) }
variable "zone_label" { type = string }
resource "aws_subnet" "a" {
  vpc_id            = "vpc-1"
  availability_zone = "eu-west-1a"
}
resource "aws_eks_node_group" "full" {
  cluster_name   = "prod"
  node_role_arn  = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids     = [aws_subnet.a.id, "subnet-0abc"]
  instance_types = ["m6i.large", "m5.large"]
  ami_type       = "AL2023_ARM_64_STANDARD"
  capacity_type  = "SPOT"
  labels = { role = "batch", "team" = "data" }
  scaling_config {
    min_size     = 1
    max_size     = 5
    desired_size = 2
  }
  taint {
    key    = "dedicated"
    value  = "batch"
    effect = "NO_SCHEDULE"
  }
  taint {
    key    = "gpu"
    effect = "PREFER_NO_SCHEDULE"
  }
}
resource "aws_eks_node_group" "bare" {
  cluster_name  = "prod"
  node_role_arn = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids    = ["subnet-1"]
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
}
resource "aws_eks_node_group" "holes" {
  cluster_name   = "prod"
  node_role_arn  = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids     = var.types
  instance_types = var.types
  labels         = { zone = var.zone_label }
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
  dynamic "taint" {
    for_each = var.taints
    content {
      key    = taint.value.key
      effect = taint.value.effect
    }
  }
}
resource "aws_eks_node_group" "known_dynamic" {
  cluster_name  = "prod"
  node_role_arn = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids    = ["subnet-1"]
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
  dynamic "taint" {
    for_each = { a = "NO_EXECUTE" }
    content {
      key    = taint.key
      effect = taint.value
    }
  }
}
`})
	ngs := nodeGroupsByLabel(res)
	full := ngs["aws_eks_node_group.full"].Capacity
	if !reflect.DeepEqual(full.InstanceTypes, []string{"m6i.large", "m5.large"}) || full.InstanceTypesUnknown || full.InstanceTypesRange.Line != 13 {
		t.Errorf("full instance types: %v %v %v", full.InstanceTypes, full.InstanceTypesUnknown, full.InstanceTypesRange)
	}
	if !reflect.DeepEqual(full.Labels, map[string]string{"role": "batch", "team": "data"}) || full.LabelsUnknown {
		t.Errorf("full labels: %v %v", full.Labels, full.LabelsUnknown)
	}
	wantTaints := []lint.Taint{{Key: "dedicated", Value: "batch", Effect: "NoSchedule"}, {Key: "gpu", Effect: "PreferNoSchedule"}}
	if len(full.Taints) != 2 || full.TaintsUnknown {
		t.Fatalf("full taints: %+v", full.Taints)
	}
	for i, w := range wantTaints {
		g := full.Taints[i]
		if g.Key != w.Key || g.Value != w.Value || g.Effect != w.Effect || g.Unknown || g.Range.Line == 0 {
			t.Errorf("taint %d = %+v, want %+v", i, g, w)
		}
	}
	if got := refStrings(full.Subnets); !reflect.DeepEqual(got, []string{"${aws_subnet.a.id}", "subnet-0abc"}) || full.SubnetsUnknown {
		t.Errorf("full subnets: %v", got)
	}
	if !full.HasMaxSize || full.MaxSize != 5 || full.AMIType != "AL2023_ARM_64_STANDARD" || full.CapacityType != "SPOT" {
		t.Errorf("full: max %v/%d ami %q capacity %q", full.HasMaxSize, full.MaxSize, full.AMIType, full.CapacityType)
	}

	bare := ngs["aws_eks_node_group.bare"].Capacity
	if bare.InstanceTypes != nil || bare.InstanceTypesUnknown || bare.Labels != nil || bare.LabelsUnknown || bare.Taints != nil || bare.TaintsUnknown || bare.AMIType != "" {
		t.Errorf("bare: not written must read as nil, not unknown: %+v", bare)
	}

	holes := ngs["aws_eks_node_group.holes"].Capacity
	if !holes.InstanceTypesUnknown || holes.InstanceTypes != nil {
		t.Errorf("holes: instance types %v unknown %v", holes.InstanceTypes, holes.InstanceTypesUnknown)
	}
	// A label whose key is known and value is not is on the nodes with
	// a value not known; no further label is.
	if holes.LabelsUnknown || !reflect.DeepEqual(holes.AnyValue, []string{"zone"}) || !holes.TaintsUnknown || !holes.SubnetsUnknown {
		t.Errorf("holes: labels %v (any value %v) taints %v subnets %v unknown", holes.LabelsUnknown, holes.AnyValue, holes.TaintsUnknown, holes.SubnetsUnknown)
	}

	kd := ngs["aws_eks_node_group.known_dynamic"].Capacity
	if kd.TaintsUnknown || len(kd.Taints) != 1 || kd.Taints[0].Key != "a" || kd.Taints[0].Effect != "NoExecute" {
		t.Errorf("known dynamic taints: %+v unknown %v", kd.Taints, kd.TaintsUnknown)
	}
}

// A taint is placed where the block that makes it is written: a dynamic
// block expands where it is written, so a plain block after it is the
// list's later element, and each of two dynamic blocks places its own.
func TestTaintRangesInWrittenOrder(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `resource "aws_eks_node_group" "ingest" {
  cluster_name  = "prod"
  node_role_arn = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids    = ["subnet-1"]
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
  dynamic "taint" {
    for_each = { spool = "NO_SCHEDULE", fast = "NO_EXECUTE" }
    content {
      key    = taint.key
      effect = taint.value
    }
  }
  dynamic "taint" {
    for_each = ["PREFER_NO_SCHEDULE"]
    content {
      key    = "ingest"
      effect = taint.value
    }
  }
  taint {
    key    = "drain"
    effect = "NO_EXECUTE"
  }
}
`})
	got := nodeGroupsByLabel(res)["aws_eks_node_group.ingest"].Capacity
	type placed struct {
		key  string
		line int
	}
	var lines []placed
	for _, tn := range got.Taints {
		lines = append(lines, placed{tn.Key, tn.Range.Line})
	}
	want := []placed{{"fast", 11}, {"spool", 11}, {"ingest", 18}, {"drain", 24}}
	if got.TaintsUnknown || !reflect.DeepEqual(lines, want) {
		t.Errorf("taints placed %v (unknown %v), want %v", lines, got.TaintsUnknown, want)
	}
}

// TestSelfManagedCapacity reads an autoscaling group's subnets, maximum,
// zones and override instance types; its labels and taints are unknown,
// and its launch template carries the instance type.
func TestSelfManagedCapacity(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "overrides" { type = list(any) }
resource "aws_launch_template" "nodes" {
  name          = "nodes"
  instance_type = "c6i.xlarge"
}
resource "aws_launch_template" "empty" {
  name          = "empty"
  instance_type = ""
}
resource "aws_launch_template" "abs" {
  name = "abs"
  instance_requirements {
    vcpu_count { min = 2 }
    memory_mib { min = 4096 }
  }
}
resource "aws_autoscaling_group" "plain" {
  name                = "plain"
  max_size            = 4
  min_size            = 1
  vpc_zone_identifier = ["subnet-1", "subnet-2"]
  launch_template {
    id = aws_launch_template.nodes.id
  }
}
resource "aws_autoscaling_group" "mixed" {
  name               = "mixed"
  max_size           = 10
  min_size           = 0
  availability_zones = ["eu-west-1a"]
  mixed_instances_policy {
    launch_template {
      launch_template_specification {
        launch_template_id = aws_launch_template.nodes.id
      }
      override {
        instance_type = "m5.large"
      }
      override {
        instance_type = "m5a.large"
      }
    }
  }
}
resource "aws_autoscaling_group" "requirements" {
  name     = "req"
  max_size = 3
  min_size = 0
  mixed_instances_policy {
    launch_template {
      launch_template_specification {
        launch_template_id = aws_launch_template.nodes.id
      }
      override {
        instance_requirements {
          vcpu_count { min = 2 }
        }
      }
    }
  }
}
resource "aws_autoscaling_group" "dyn" {
  name     = "dyn"
  max_size = 3
  min_size = 0
  mixed_instances_policy {
    launch_template {
      launch_template_specification {
        launch_template_id = aws_launch_template.nodes.id
      }
      dynamic "override" {
        for_each = var.overrides
        content {
          instance_type = override.value
        }
      }
    }
  }
}
`})
	ngs := nodeGroupsByLabel(res)
	plain := ngs["aws_autoscaling_group.plain"].Capacity
	if !plain.LabelsUnknown || !plain.TaintsUnknown || plain.InstanceTypes != nil || plain.InstanceTypesUnknown {
		t.Errorf("plain: %+v", plain)
	}
	if got := refStrings(plain.Subnets); !reflect.DeepEqual(got, []string{"subnet-1", "subnet-2"}) || !plain.HasMaxSize || plain.MaxSize != 4 {
		t.Errorf("plain subnets %v max %d", got, plain.MaxSize)
	}
	mixed := ngs["aws_autoscaling_group.mixed"].Capacity
	if !reflect.DeepEqual(mixed.InstanceTypes, []string{"m5.large", "m5a.large"}) || mixed.InstanceTypesUnknown || !reflect.DeepEqual(mixed.Zones, []string{"eu-west-1a"}) {
		t.Errorf("mixed: %+v", mixed)
	}
	if req := ngs["aws_autoscaling_group.requirements"].Capacity; !req.InstanceTypesUnknown {
		t.Errorf("instance requirements must make the types unknown: %+v", req)
	}
	if dyn := ngs["aws_autoscaling_group.dyn"].Capacity; !dyn.InstanceTypesUnknown {
		t.Errorf("unknown dynamic overrides must make the types unknown: %+v", dyn)
	}
	lts := map[string]*lint.LaunchTemplate{}
	for _, e := range res.Entities {
		if lt, ok := e.(*lint.LaunchTemplate); ok {
			lts[lt.Label] = lt
		}
	}
	if s, _ := lts["aws_launch_template.nodes"].InstanceType.Str(); s != "c6i.xlarge" || lts["aws_launch_template.nodes"].InstanceTypeRange.IsZero() {
		t.Errorf("launch template instance type %q", s)
	}
	if abs := lts["aws_launch_template.abs"]; !abs.InstanceType.IsUnknown() || abs.InstanceTypeRange.IsZero() {
		t.Errorf("instance requirements: the type is written but unknown: %+v", abs)
	}
	if !lts["aws_launch_template.empty"].InstanceTypeRange.IsZero() {
		t.Errorf("an empty instance_type is not written")
	}
}

// TestFargateProfileAndSubnets reads a Fargate profile's selectors and
// subnets, and subnets' zones and tags (provider default_tags merged);
// node group subnets resolve to their zones.
func TestFargateProfileAndSubnets(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "ns" { type = string }
variable "sels" { type = list(any) }
provider "aws" {
  default_tags {
    tags = { env = "prod" }
  }
}
resource "aws_subnet" "a" {
  vpc_id            = "vpc-1"
  availability_zone = "eu-west-1a"
  tags = { "karpenter.sh/discovery" = "prod", Name = "private-a" }
}
resource "aws_subnet" "b" {
  vpc_id               = "vpc-1"
  availability_zone_id = "euw1-az2"
}
data "aws_subnet" "c" {
  id = "subnet-0ccc"
}
resource "aws_eks_fargate_profile" "fp" {
  cluster_name           = "prod"
  fargate_profile_name   = "default"
  pod_execution_role_arn = "arn:aws:iam::111122223333:role/fp"
  subnet_ids             = [aws_subnet.a.id, aws_subnet.b.id]
  selector {
    namespace = "kube-system"
    labels    = { "k8s-app" = "kube-dns" }
  }
  selector {
    namespace = var.ns
  }
}
resource "aws_eks_fargate_profile" "dyn" {
  cluster_name           = "prod"
  fargate_profile_name   = "dyn"
  pod_execution_role_arn = "arn:aws:iam::111122223333:role/fp"
  subnet_ids             = [aws_subnet.a.id]
  dynamic "selector" {
    for_each = var.sels
    content {
      namespace = selector.value
    }
  }
}
resource "aws_eks_node_group" "ng" {
  cluster_name  = "prod"
  node_role_arn = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids    = [aws_subnet.a.id, aws_subnet.b.id]
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
}
resource "aws_eks_node_group" "far" {
  cluster_name  = "prod"
  node_role_arn = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids    = [aws_subnet.a.id, data.aws_subnet.c.id]
  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
}
`})
	m := &lint.Model{}
	m.Add(res.Entities...)
	m.Sort()
	if len(m.FargateProfiles) != 2 || len(m.Subnets) != 3 {
		t.Fatalf("%d profiles, %d subnets", len(m.FargateProfiles), len(m.Subnets))
	}
	var fp, dyn *lint.FargateProfile
	for _, p := range m.FargateProfiles {
		switch p.Label {
		case "aws_eks_fargate_profile.fp":
			fp = p
		case "aws_eks_fargate_profile.dyn":
			dyn = p
		}
	}
	if fp.SelectorsUnknown || len(fp.Selectors) != 2 || fp.Selectors[0].Namespace.String() != "kube-system" || fp.Selectors[0].Labels["k8s-app"].String() != "kube-dns" || !fp.Selectors[1].Namespace.IsUnknown() && fp.Selectors[1].Namespace.IsKnown() {
		t.Errorf("profile selectors: %+v", fp.Selectors)
	}
	if n, _ := fp.Name.Str(); n != "default" || len(fp.Subnets) != 2 {
		t.Errorf("profile name %q subnets %v", n, refStrings(fp.Subnets))
	}
	if !dyn.SelectorsUnknown {
		t.Errorf("a dynamic selector over an unknown list must be unknown")
	}
	var a *lint.Subnet
	for _, s := range m.Subnets {
		if s.Label == "aws_subnet.a" {
			a = s
		}
	}
	if z, _ := a.Zone.Str(); z != "eu-west-1a" || a.Tags["env"].String() != "prod" || a.Tags["karpenter.sh/discovery"].String() != "prod" || a.TagsIncomplete {
		t.Errorf("subnet a: zone %q tags %v", z, a.Tags)
	}
	for _, ng := range m.NodeGroups {
		zones, known := m.SubnetZones(ng.Capacity.Subnets)
		switch ng.Label {
		case "aws_eks_node_group.ng":
			if !known || !reflect.DeepEqual(zones, []string{"eu-west-1a", "euw1-az2"}) {
				t.Errorf("ng zones %v known %v", zones, known)
			}
		case "aws_eks_node_group.far":
			if known || !reflect.DeepEqual(zones, []string{"eu-west-1a"}) {
				t.Errorf("a data subnet without a zone leaves zones unknown: %v %v", zones, known)
			}
		}
	}
	sel := []lint.SelectorTerm{{Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}}}
	got, complete := m.SubnetsMatching(sel)
	if len(got) != 1 || got[0] != a || complete {
		// the data subnet's tags are a filter: incomplete, so the match is not complete
		t.Errorf("matching: %d subnets, complete %v", len(got), complete)
	}
}

// standinModel loads a tree and builds its model.
func standinModel(t *testing.T, files map[string]string) *lint.Model {
	t.Helper()
	res := loadTree(t, files)
	for _, d := range res.Diagnostics {
		t.Errorf("diagnostic: %v", d)
	}
	m := &lint.Model{}
	m.Add(res.Entities...)
	m.Sort()
	return m
}

// TestVPCStandinSubnets: the vpc stand-in makes one subnet per CIDR in the
// zone of azs at its index, with the module's tags; its outputs name them.
func TestVPCStandinSubnets(t *testing.T) {
	for _, version := range []string{"~> 3.0", "~> 4.0", "~> 5.0", "~> 6.0"} {
		t.Run(version, func(t *testing.T) {
			m := standinModel(t, map[string]string{"main.tf": `
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "` + version + `"

  name            = "prod"
  cidr            = "10.0.0.0/16"
  azs             = ["eu-west-1a", "eu-west-1b"]
  private_subnets = ["10.0.1.0/24", "10.0.2.0/24"]
  public_subnets  = ["10.0.101.0/24", "10.0.102.0/24"]

  private_subnet_tags = { "karpenter.sh/discovery" = "prod" }
}
`})
			zones := map[string]string{}
			for _, s := range m.Subnets {
				z, _ := s.Zone.Str()
				zones[s.Label] = z
				if s.Range.File != "main.tf" {
					t.Errorf("%s is placed at %v, not in the user's file", s.Label, s.Range)
				}
			}
			want := map[string]string{
				"module.vpc.aws_subnet.private[0]": "eu-west-1a", "module.vpc.aws_subnet.private[1]": "eu-west-1b",
				"module.vpc.aws_subnet.public[0]": "eu-west-1a", "module.vpc.aws_subnet.public[1]": "eu-west-1b",
			}
			if !reflect.DeepEqual(zones, want) {
				t.Errorf("subnets %v, want %v", zones, want)
			}
			got, complete := m.SubnetsMatching([]lint.SelectorTerm{{Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("*")}}})
			var labels []string
			for _, s := range got {
				labels = append(labels, s.Label)
			}
			if !complete || !reflect.DeepEqual(labels, []string{"module.vpc.aws_subnet.private[0]", "module.vpc.aws_subnet.private[1]"}) {
				t.Errorf("discovery subnets %v complete %v", labels, complete)
			}
		})
	}
}

// TestEKSStandinCapacity: eks_managed_node_groups, self_managed_node_groups
// and fargate_profiles of the eks stand-ins reach the node groups and
// profiles with their instance types, labels, taints and subnets, whose
// zones resolve through the vpc stand-in.
func TestEKSStandinCapacity(t *testing.T) {
	taints := map[string]string{
		"~> 20.0": `[{ key = "dedicated", value = "gpu", effect = "NO_SCHEDULE" }]`,
		"~> 21.0": `{ gpu = { key = "dedicated", value = "gpu", effect = "NO_SCHEDULE" } }`,
		"~> 19.0": `{ gpu = { key = "dedicated", value = "gpu", effect = "NO_SCHEDULE" } }`,
		"~> 18.0": `{ gpu = { key = "dedicated", value = "gpu", effect = "NO_SCHEDULE" } }`,
	}
	for _, version := range []string{"~> 18.0", "~> 19.0", "~> 20.0", "~> 21.0"} {
		t.Run(version, func(t *testing.T) {
			nameArg := "cluster_name"
			if version == "~> 21.0" {
				nameArg = "name"
			}
			m := standinModel(t, map[string]string{"main.tf": `
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"

  name            = "prod"
  cidr            = "10.0.0.0/16"
  azs             = ["eu-west-1a", "eu-west-1b"]
  private_subnets = ["10.0.1.0/24", "10.0.2.0/24"]
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "` + version + `"

  ` + nameArg + ` = "prod"
  vpc_id     = module.vpc.vpc_id
  subnet_ids = module.vpc.private_subnets

  eks_managed_node_groups = {
    gpu = {
      instance_types = ["g5.xlarge"]
      ami_type       = "AL2_x86_64_GPU"
      capacity_type  = "SPOT"
      max_size       = 4
      labels         = { workload = "gpu" }
      taints         = ` + taints[version] + `
    }
  }

  self_managed_node_groups = {
    batch = {
      instance_type = "c6i.2xlarge"
      max_size      = 7
    }
  }

  fargate_profiles = {
    system = {
      selectors = [{ namespace = "kube-system", labels = { "k8s-app" = "kube-dns" } }]
    }
  }
}
`})
			var managed, self *lint.NodeGroup
			for _, ng := range m.NodeGroups {
				if ng.Managed {
					managed = ng
				} else {
					self = ng
				}
			}
			if managed == nil || self == nil {
				t.Fatalf("node groups: %d", len(m.NodeGroups))
			}
			c := managed.Capacity
			if !reflect.DeepEqual(c.InstanceTypes, []string{"g5.xlarge"}) || c.AMIType != "AL2_x86_64_GPU" || c.CapacityType != "SPOT" || c.MaxSize != 4 || !c.HasMaxSize {
				t.Errorf("%s: %+v", managed.Label, c)
			}
			// Written in the user's map entry (gpu = { … }), never in stand-in code.
			if c.InstanceTypesRange.File != "main.tf" || c.InstanceTypesRange.Line != 21 {
				t.Errorf("instance types at %v, want the user's entry at main.tf:21", c.InstanceTypesRange)
			}
			if !reflect.DeepEqual(c.Labels, map[string]string{"workload": "gpu"}) || c.LabelsUnknown {
				t.Errorf("labels %v", c.Labels)
			}
			if len(c.Taints) != 1 || c.TaintsUnknown || c.Taints[0] != (lint.Taint{Key: "dedicated", Value: "gpu", Effect: "NoSchedule", Range: c.Taints[0].Range}) || c.Taints[0].Range.File != "main.tf" {
				t.Errorf("taints %+v unknown %v", c.Taints, c.TaintsUnknown)
			}
			if zones, known := m.SubnetZones(c.Subnets); !known || !reflect.DeepEqual(zones, []string{"eu-west-1a", "eu-west-1b"}) {
				t.Errorf("managed zones %v known %v (subnets %v)", zones, known, refStrings(c.Subnets))
			}
			sc := self.Capacity
			if sc.MaxSize != 7 || !sc.LabelsUnknown || !sc.TaintsUnknown {
				t.Errorf("%s: %+v", self.Label, sc)
			}
			if zones, known := m.SubnetZones(sc.Subnets); !known || len(zones) != 2 {
				t.Errorf("self-managed zones %v known %v", zones, known)
			}
			lt := m.LaunchTemplateOf(self)
			if lt == nil {
				t.Fatalf("no launch template for %s", self.Label)
			}
			if s, _ := lt.InstanceType.Str(); s != "c6i.2xlarge" {
				t.Errorf("launch template instance type %q", s)
			}
			if len(m.FargateProfiles) != 1 {
				t.Fatalf("%d Fargate profiles", len(m.FargateProfiles))
			}
			fp := m.FargateProfiles[0]
			if fp.SelectorsUnknown || len(fp.Selectors) != 1 || fp.Selectors[0].Namespace.String() != "kube-system" || fp.Selectors[0].Labels["k8s-app"].String() != "kube-dns" {
				t.Errorf("profile %s selectors %+v", fp.Label, fp.Selectors)
			}
			if zones, known := m.SubnetZones(fp.Subnets); !known || len(zones) != 2 {
				t.Errorf("profile zones %v known %v", zones, known)
			}
		})
	}
}

// TestCapacitySensitiveValues: sensitive() and sensitive variables in
// capacity attributes are read (or unknown), never a panic.
func TestCapacitySensitiveValues(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "labels" {
  type      = map(string)
  default   = { team = "a" }
  sensitive = true
}
resource "aws_eks_node_group" "s" {
  cluster_name   = "prod"
  node_role_arn  = "arn:aws:iam::111122223333:role/nodes"
  subnet_ids     = sensitive(["subnet-1"])
  instance_types = sensitive(["m5.large"])
  labels         = var.labels
  scaling_config {
    min_size     = 1
    max_size     = sensitive(3)
    desired_size = 1
  }
  taint {
    key    = sensitive("k")
    effect = "NO_SCHEDULE"
  }
}
resource "aws_eks_fargate_profile" "s" {
  cluster_name           = "prod"
  fargate_profile_name   = "s"
  pod_execution_role_arn = "arn:aws:iam::111122223333:role/fp"
  subnet_ids             = ["subnet-1"]
  selector {
    namespace = "a"
    labels    = var.labels
  }
}
resource "aws_subnet" "s" {
  vpc_id            = "vpc-1"
  availability_zone = sensitive("eu-west-1a")
  tags              = var.labels
}
`})
	ng := nodeGroupsByLabel(res)["aws_eks_node_group.s"]
	if ng == nil {
		t.Fatalf("entities: %d", len(res.Entities))
	}
	if c := ng.Capacity; c.Labels["team"] != "a" || !reflect.DeepEqual(c.InstanceTypes, []string{"m5.large"}) || c.MaxSize != 3 || len(c.Taints) != 1 || c.Taints[0].Key != "k" {
		t.Errorf("sensitive values: %+v", c)
	}
}

// TestSelfManagedStandinOverrides: the self-managed stand-ins pass a mixed
// instances policy's override instance types to the autoscaling group; a
// policy without overrides leaves the launch template's type.
func TestSelfManagedStandinOverrides(t *testing.T) {
	// v21 types the policy: launch_template is required (an empty
	// policy does not convert, and is not known), its override optional.
	for version, policies := range map[string][2]string{
		"~> 20.0": {`{ override = [{ instance_type = "m5.large" }, { instance_type = "m5a.large" }] }`, `{}`},
		"~> 21.0": {`{ launch_template = { override = [{ instance_type = "m5.large" }, { instance_type = "m5a.large" }] } }`, `{ launch_template = {} }`},
	} {
		policy, empty := policies[0], policies[1]
		t.Run(version, func(t *testing.T) {
			m := standinModel(t, map[string]string{"main.tf": `
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "` + version + `"

  cluster_name = "prod"
  name         = "prod"
  subnet_ids   = ["subnet-1"]

  self_managed_node_groups = {
    mixed = {
      use_mixed_instances_policy = true
      mixed_instances_policy     = ` + policy + `
    }
    plain = {
      use_mixed_instances_policy = true
      mixed_instances_policy     = ` + empty + `
    }
  }
}
`})
			got := map[string]lint.NodeGroupCapacity{}
			for _, ng := range m.NodeGroups {
				got[ng.Label] = ng.Capacity
			}
			mixed := got[`module.eks.module.self_managed_node_group["mixed"].aws_autoscaling_group.this[0]`]
			if !reflect.DeepEqual(mixed.InstanceTypes, []string{"m5.large", "m5a.large"}) || mixed.InstanceTypesUnknown {
				t.Errorf("mixed: %+v (groups %v)", mixed, keysOf(got))
			}
			plain := got[`module.eks.module.self_managed_node_group["plain"].aws_autoscaling_group.this[0]`]
			if plain.InstanceTypes != nil || plain.InstanceTypesUnknown {
				t.Errorf("plain: %+v", plain)
			}
		})
	}
}

func keysOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// BenchmarkVPCStandin is one call of the vpc stand-in (three zones, public,
// private and intra subnets), the way the EKS examples call it.
func BenchmarkVPCStandin(b *testing.B) {
	dir := b.TempDir()
	src := `
locals {
  azs = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
}
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 6.0"

  name            = "prod"
  cidr            = "10.0.0.0/16"
  azs             = local.azs
  private_subnets = [for k, v in local.azs : cidrsubnet("10.0.0.0/16", 4, k)]
  public_subnets  = [for k, v in local.azs : cidrsubnet("10.0.0.0/16", 8, k + 48)]
  intra_subnets   = [for k, v in local.azs : cidrsubnet("10.0.0.0/16", 8, k + 52)]

  enable_nat_gateway = true
  single_nat_gateway = true
  public_subnet_tags  = { "kubernetes.io/role/elb" = 1 }
  private_subnet_tags = { "kubernetes.io/role/internal-elb" = 1 }
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res := Load([]string{dir}, Options{Root: dir, Rel: rel})
		n := 0
		for _, e := range res.Entities {
			if _, ok := e.(*lint.Subnet); ok {
				n++
			}
		}
		if n != 9 {
			b.Fatalf("%d subnets", n)
		}
	}
}
