package plan

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// The machine that makes the genuine plan fixtures has no kubernetes
// provider, so these plans are written in the documented shape of
// `terraform show -json` (format 1.2) for kubernetes_config_map_v1_data.

const nodesYAML = "- rolearn: arn:aws:iam::111122223333:role/karpenter-nodes\n  username: system:node:{{EC2PrivateDNSName}}\n  groups:\n  - system:bootstrappers\n  - system:nodes\n"
const adminYAML = "- rolearn: arn:aws:iam::111122223333:role/admin\n  username: admin\n  groups:\n  - system:masters\n"

func configMapPlan(t *testing.T, actions []string, before, after any, afterUnknown any, beforeSensitive any) *Plan {
	t.Helper()
	rc := map[string]any{
		"address": "kubernetes_config_map_v1_data.aws_auth", "mode": "managed",
		"type": "kubernetes_config_map_v1_data", "name": "aws_auth",
		"provider_name": "registry.terraform.io/hashicorp/kubernetes",
		"change": map[string]any{
			"actions": actions, "before": before, "after": after,
			"after_unknown": afterUnknown, "before_sensitive": beforeSensitive, "after_sensitive": map[string]any{},
		},
	}
	doc := map[string]any{"format_version": "1.2", "terraform_version": "1.11.4", "resource_changes": []any{rc}, "planned_values": map[string]any{}}
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

func configMap(mapRoles string) map[string]any {
	return map[string]any{
		"id":       "kube-system/aws-auth",
		"force":    true,
		"metadata": []any{map[string]any{"name": "aws-auth", "namespace": "kube-system"}},
		"data":     map[string]any{"mapRoles": mapRoles},
	}
}

func removedMappings(t *testing.T, cs []*lint.Change) []string {
	t.Helper()
	var out []string
	for _, c := range cs {
		if ae, ok := c.Before.(*lint.AccessEntry); ok {
			if !ae.AWSAuth() || c.Action != lint.ActionDelete {
				t.Errorf("change %s: %s of %q, want the deletion of an aws-auth mapping", c.Address, c.Action, ae.Type)
			}
			out = append(out, c.Address+"="+str(t, ae.Principal.Value))
		}
	}
	return out
}

func TestUpdateRemovingMapping(t *testing.T) {
	p := configMapPlan(t, []string{"update"}, configMap(nodesYAML+adminYAML), configMap(adminYAML), map[string]any{}, map[string]any{})
	src := lint.Range{File: "auth.tf", Line: 3, Column: 1}
	got := removedMappings(t, p.Changes(Options{SourceRange: func(a string) (lint.Range, bool) { return src, a == "kubernetes_config_map_v1_data.aws_auth" }}))
	want := "kubernetes_config_map_v1_data.aws_auth mapRoles[0]=arn:aws:iam::111122223333:role/karpenter-nodes"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("removed = %v, want [%s]", got, want)
	}
	cs := p.Changes(Options{SourceRange: func(string) (lint.Range, bool) { return src, true }})
	if cs[0].Range != src {
		t.Errorf("range = %v, want the resource in source", cs[0].Range)
	}
}

func TestDeletedConfigMapRemovesEveryMapping(t *testing.T) {
	p := configMapPlan(t, []string{"delete"}, configMap(nodesYAML+adminYAML), nil, map[string]any{}, map[string]any{})
	cs := p.Changes(Options{})
	if len(cs) != 3 {
		t.Fatalf("got %d changes, want the ConfigMap and its 2 mappings", len(cs))
	}
	if o, ok := cs[0].Before.(*lint.KubeObject); !ok || o.KindName != "ConfigMap" || str(t, o.Name) != "aws-auth" {
		t.Errorf("first change = %#v, want the aws-auth ConfigMap", cs[0].Before)
	}
	if got := removedMappings(t, cs); len(got) != 2 {
		t.Errorf("removed = %v, want both", got)
	}
}

func TestUnreadableMappingsAreNotGuessed(t *testing.T) {
	cases := map[string]*Plan{
		"after unknown":    configMapPlan(t, []string{"update"}, configMap(nodesYAML), configMap(""), map[string]any{"data": map[string]any{"mapRoles": true}}, map[string]any{}),
		"before sensitive": configMapPlan(t, []string{"update"}, configMap(nodesYAML), configMap(""), map[string]any{}, map[string]any{"data": true}),
		"unchanged":        configMapPlan(t, []string{"update"}, configMap(nodesYAML+adminYAML), configMap(adminYAML+nodesYAML), map[string]any{}, map[string]any{}),
		"other configmap": configMapPlan(t, []string{"update"}, map[string]any{"metadata": []any{map[string]any{"name": "coredns", "namespace": "kube-system"}}, "data": map[string]any{"mapRoles": nodesYAML}},
			map[string]any{"metadata": []any{map[string]any{"name": "coredns", "namespace": "kube-system"}}, "data": map[string]any{}}, map[string]any{}, map[string]any{}),
	}
	for name, p := range cases {
		if got := removedMappings(t, p.Changes(Options{})); len(got) != 0 {
			t.Errorf("%s: removed = %v, want none", name, got)
		}
	}
}

func TestPlannedResources(t *testing.T) {
	doc := map[string]any{
		"format_version": "1.2", "terraform_version": "1.11.4",
		"planned_values": map[string]any{"root_module": map[string]any{
			"resources": []any{
				map[string]any{"address": "aws_iam_role.secret", "mode": "managed", "type": "aws_iam_role", "name": "secret",
					"values": map[string]any{"name": "hidden-name", "arn": "arn:aws:iam::111122223333:role/hidden-name"}, "sensitive_values": map[string]any{"name": true, "arn": true}},
				map[string]any{"address": "data.aws_iam_role.read", "mode": "data", "type": "aws_iam_role", "name": "read", "values": map[string]any{"name": "x"}},
			},
			"child_modules": []any{map[string]any{"address": "module.auth", "resources": []any{
				map[string]any{"address": "module.auth.kubernetes_config_map_v1_data.aws_auth[0]", "mode": "managed", "type": "kubernetes_config_map_v1_data", "name": "aws_auth", "index": 0,
					"values": configMap(nodesYAML), "sensitive_values": map[string]any{}},
				map[string]any{"address": "module.auth.aws_eks_cluster.this[0]", "mode": "managed", "type": "aws_eks_cluster", "name": "this", "index": 0,
					"values": map[string]any{"name": "prod", "access_config": []any{map[string]any{"authentication_mode": "API"}}}, "sensitive_values": map[string]any{}},
			}}},
		}},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	call := lint.Range{File: "auth.tf", Line: 4}
	es := p.Resources(Options{File: "plan.json", CallRange: func(a string) (lint.Range, bool) { return call, strings.HasPrefix(a, "module.auth.") }})
	if len(es) != 4 {
		t.Fatalf("got %d entities, want the role, the ConfigMap, its mapping and the cluster", len(es))
	}
	role := es[0].(*lint.Role)
	if !role.Name.IsUnknown() || !role.ARN.IsUnknown() || role.Range.File != "plan.json" || !role.FromPlan() {
		t.Errorf("sensitive role = %+v, want unknown name and ARN, anchored at the plan", role)
	}
	ae, ok := es[2].(*lint.AccessEntry)
	if !ok || !ae.AWSAuth() || ae.Range != call || strings.Contains(ae.Label, "111122223333") {
		t.Errorf("mapping = %+v, want one anchored at the module call, labelled without plan values", es[2])
	}
	if c, ok := es[3].(*lint.Cluster); !ok || str(t, c.AuthenticationMode) != "API" {
		t.Errorf("cluster = %+v", es[3])
	}
}
