package plan

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func planOf(t *testing.T, resources ...map[string]any) *Plan {
	t.Helper()
	doc := map[string]any{
		"format_version": "1.2", "terraform_version": "1.11.4",
		"planned_values": map[string]any{"root_module": map[string]any{"child_modules": []any{
			map[string]any{"address": "module.eks", "resources": resources},
		}}},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func planned(addr, typ string, values map[string]any) map[string]any {
	return map[string]any{"address": addr, "mode": "managed", "type": typ, "name": "this", "values": values, "sensitive_values": map[string]any{}}
}

// TestPlannedCapacity reads node groups, autoscaling groups, Fargate
// profiles and subnets from planned values, ranged at the source
// declaration; what the plan leaves unknown (absent) is unknown, what it
// leaves null is not set.
func TestPlannedCapacity(t *testing.T) {
	p := planOf(t,
		planned("module.eks.aws_eks_node_group.gpu", "aws_eks_node_group", map[string]any{
			"node_group_name": "gpu", "cluster_name": "prod", "instance_types": []any{"g5.xlarge"},
			"labels": map[string]any{"workload": "gpu"}, "ami_type": "AL2_x86_64_GPU", "capacity_type": "SPOT",
			"taint":          []any{map[string]any{"key": "dedicated", "value": "gpu", "effect": "NO_EXECUTE"}},
			"subnet_ids":     []any{"subnet-a", "subnet-b"},
			"scaling_config": []any{map[string]any{"min_size": 1.0, "max_size": 6.0, "desired_size": 1.0}},
		}),
		planned("module.eks.aws_eks_node_group.fresh", "aws_eks_node_group", map[string]any{
			"node_group_name": "fresh", "cluster_name": "prod", "labels": nil, "taint": []any{},
		}),
		planned("module.eks.aws_autoscaling_group.batch", "aws_autoscaling_group", map[string]any{
			"name": "batch", "max_size": 9.0, "vpc_zone_identifier": []any{"subnet-a"}, "availability_zones": nil,
			"mixed_instances_policy": []any{map[string]any{"launch_template": []any{map[string]any{
				"override": []any{map[string]any{"instance_type": "m5.large"}, map[string]any{"instance_type": "m6i.large"}},
			}}}},
		}),
		planned("module.eks.aws_launch_template.batch", "aws_launch_template", map[string]any{"name": "batch", "instance_type": "c6i.large"}),
		planned("module.eks.aws_eks_fargate_profile.system", "aws_eks_fargate_profile", map[string]any{
			"fargate_profile_name": "system", "cluster_name": "prod", "subnet_ids": []any{"subnet-a"},
			"selector": []any{map[string]any{"namespace": "kube-system", "labels": map[string]any{"k8s-app": "kube-dns"}}},
		}),
		planned("module.eks.aws_subnet.a", "aws_subnet", map[string]any{
			"id": "subnet-a", "availability_zone": "eu-west-1a", "tags_all": map[string]any{"Name": "a", "karpenter.sh/discovery": "prod"},
		}),
		planned("module.eks.aws_subnet.b", "aws_subnet", map[string]any{
			"availability_zone": "eu-west-1b", "tags": map[string]any{"Name": "b"},
		}),
	)
	src := lint.Range{File: "main.tf", Line: 7}
	es := p.Resources(Options{File: "plan.json", SourceRange: func(a string) (lint.Range, bool) { return src, a == "module.eks.aws_eks_node_group.gpu" }})
	m := &lint.Model{}
	m.Add(es...)
	by := map[string]lint.Entity{}
	for _, e := range es {
		by[e.Base().Label] = e
	}
	gpu := by["module.eks.aws_eks_node_group.gpu"].(*lint.NodeGroup).Capacity
	if !reflect.DeepEqual(gpu.InstanceTypes, []string{"g5.xlarge"}) || gpu.InstanceTypesUnknown || gpu.InstanceTypesRange != src {
		t.Errorf("gpu instance types %v at %v", gpu.InstanceTypes, gpu.InstanceTypesRange)
	}
	if !reflect.DeepEqual(gpu.Labels, map[string]string{"workload": "gpu"}) || len(gpu.Taints) != 1 || gpu.Taints[0].Effect != "NoExecute" || gpu.Taints[0].Value != "gpu" || gpu.Taints[0].Unknown {
		t.Errorf("gpu labels %v taints %+v", gpu.Labels, gpu.Taints)
	}
	if gpu.MaxSize != 6 || !gpu.HasMaxSize || gpu.AMIType != "AL2_x86_64_GPU" || gpu.CapacityType != "SPOT" {
		t.Errorf("gpu: %+v", gpu)
	}
	// subnet-b's id is unknown until apply: it cannot be resolved.
	if zones, known := m.SubnetZones(gpu.Subnets); !reflect.DeepEqual(zones, []string{"eu-west-1a"}) || known {
		t.Errorf("gpu zones %v known %v", zones, known)
	}
	fresh := by["module.eks.aws_eks_node_group.fresh"].(*lint.NodeGroup).Capacity
	if !fresh.InstanceTypesUnknown || fresh.LabelsUnknown || fresh.Labels != nil || fresh.TaintsUnknown || !fresh.SubnetsUnknown || fresh.HasMaxSize {
		t.Errorf("fresh: absent is unknown, null is not set: %+v", fresh)
	}
	batch := by["module.eks.aws_autoscaling_group.batch"].(*lint.NodeGroup).Capacity
	if !reflect.DeepEqual(batch.InstanceTypes, []string{"m5.large", "m6i.large"}) || batch.InstanceTypesUnknown || batch.MaxSize != 9 || !batch.LabelsUnknown || !batch.TaintsUnknown || batch.Zones != nil || batch.ZonesUnknown {
		t.Errorf("batch: %+v", batch)
	}
	if s, _ := by["module.eks.aws_launch_template.batch"].(*lint.LaunchTemplate).InstanceType.Str(); s != "c6i.large" {
		t.Errorf("launch template type %q", s)
	}
	fp := by["module.eks.aws_eks_fargate_profile.system"].(*lint.FargateProfile)
	if fp.SelectorsUnknown || len(fp.Selectors) != 1 || fp.Selectors[0].Labels["k8s-app"].String() != "kube-dns" || fp.Kind != lint.KindFargateProfile || fp.Name.String() != "system" {
		t.Errorf("profile: %+v", fp)
	}
	a := by["module.eks.aws_subnet.a"].(*lint.Subnet)
	if a.Zone.String() != "eu-west-1a" || a.Tags["karpenter.sh/discovery"].String() != "prod" || a.TagsIncomplete || a.Addr != "plan:module.eks.aws_subnet.a" {
		t.Errorf("subnet a: %+v", a)
	}
	if b := by["module.eks.aws_subnet.b"].(*lint.Subnet); !b.ID.IsUnknown() || b.Zone.String() != "eu-west-1b" || !b.TagsIncomplete {
		t.Errorf("subnet b: %+v", b)
	}
}
