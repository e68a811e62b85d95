package benchgen

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// GroupPlan shapes a generated `terraform show -json` plan about managed
// node groups, the shape of issue 23, item 7 (many node group deletions),
// and the tree of Karpenter node classes scanned with it. Every object is
// in cluster prod of account 111122223333.
type GroupPlan struct {
	// Deletions node groups are deleted (aws_eks_node_group.old_i),
	// old_i running as role-(i mod Roles).
	Deletions, Roles int
	// Created node groups are created (aws_eks_node_group.new_j, in the
	// resource changes and the planned values), new_j running as
	// role-(j mod Roles): they keep their role's node access.
	Created int
	// Mixed deletes, per role r, its instance profile (r mod 3 = 0), its
	// access entry (r mod 3 = 1) or the role itself (r mod 3 = 2).
	Mixed bool
	// Classes Karpenter EC2NodeClasses run as role-k (k < Classes).
	Classes int
}

const planAccount = "111122223333"

func planRoleARN(r int) string { return fmt.Sprintf("arn:aws:iam::%s:role/role-%d", planAccount, r) }

// planChange is one entry of a plan's resource_changes.
type planChange struct {
	Address      string         `json:"address"`
	Mode         string         `json:"mode"`
	Type         string         `json:"type"`
	Name         string         `json:"name"`
	ProviderName string         `json:"provider_name"`
	Change       map[string]any `json:"change"`
}

func newPlanChange(typ, name, action string, before, after map[string]any) planChange {
	return planChange{Address: typ + "." + name, Mode: "managed", Type: typ, Name: name, ProviderName: "registry.terraform.io/hashicorp/aws",
		Change: map[string]any{"actions": []string{action}, "before": before, "after": after}}
}

// group is the object of node group i.
func (g GroupPlan) group(i int) map[string]any {
	return map[string]any{"cluster_name": "prod", "node_group_name": fmt.Sprintf("ng-%d", i), "node_role_arn": planRoleARN(i % g.Roles),
		"scaling_config": []any{map[string]any{"desired_size": 1, "max_size": 2, "min_size": 1}}, "instance_types": []any{"m6i.large"}}
}

// mixedChange is the deletion of role r's instance profile, access entry
// or the role itself.
func mixedChange(r int) planChange {
	switch r % 3 {
	case 0:
		return newPlanChange("aws_iam_instance_profile", fmt.Sprintf("p_%d", r), "delete",
			map[string]any{"name": fmt.Sprintf("profile-%d", r), "arn": fmt.Sprintf("arn:aws:iam::%s:instance-profile/profile-%d", planAccount, r), "role": fmt.Sprintf("role-%d", r)}, nil)
	case 1:
		return newPlanChange("aws_eks_access_entry", fmt.Sprintf("e_%d", r), "delete",
			map[string]any{"cluster_name": "prod", "principal_arn": planRoleARN(r), "type": "EC2_LINUX"}, nil)
	}
	return newPlanChange("aws_iam_role", fmt.Sprintf("role_%d", r), "delete",
		map[string]any{"name": fmt.Sprintf("role-%d", r), "arn": planRoleARN(r)}, nil)
}

// JSON is the plan, as `terraform show -json` writes it.
func (g GroupPlan) JSON() ([]byte, error) {
	changes := make([]planChange, 0, g.Deletions+g.Created+g.Roles)
	for i := range g.Deletions {
		changes = append(changes, newPlanChange("aws_eks_node_group", fmt.Sprintf("old_%d", i), "delete", g.group(i), nil))
	}
	planned := []map[string]any{}
	for j := range g.Created {
		name := fmt.Sprintf("new_%d", j)
		changes = append(changes, newPlanChange("aws_eks_node_group", name, "create", nil, g.group(j)))
		planned = append(planned, map[string]any{"address": "aws_eks_node_group." + name, "mode": "managed", "type": "aws_eks_node_group", "name": name,
			"provider_name": "registry.terraform.io/hashicorp/aws", "schema_version": 0, "values": g.group(j)})
	}
	for r := 0; g.Mixed && r < g.Roles; r++ {
		changes = append(changes, mixedChange(r))
	}
	out, err := json.Marshal(map[string]any{
		"format_version":    "1.2",
		"terraform_version": "1.9.0",
		"planned_values":    map[string]any{"root_module": map[string]any{"resources": planned}},
		"resource_changes":  changes,
	})
	if err != nil {
		return nil, fmt.Errorf("encoding the plan: %w", err)
	}
	return out, nil
}

// WriteTree writes the node classes into dir, one file each
// (nodeclass-k.yaml, spec.role on line 8).
func (g GroupPlan) WriteTree(dir string) error {
	for k := range g.Classes {
		doc := fmt.Sprintf("apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: class%d\n  annotations:\n    faultline.dev/cluster: prod\nspec:\n  role: role-%d\n  amiSelectorTerms:\n    - alias: al2023@latest\n", k, k)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("nodeclass-%d.yaml", k)), []byte(doc), 0o644); err != nil {
			return fmt.Errorf("writing node class %d: %w", k, err)
		}
	}
	return nil
}
