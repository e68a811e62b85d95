package plan

import (
	"os"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func parseFile(t *testing.T, path string) *Plan {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Parse(f)
	if err != nil {
		t.Fatalf("Parse(%s): %v", path, err)
	}
	return p
}

func str(t *testing.T, v lint.Value) string {
	t.Helper()
	s, ok := v.Str()
	if !ok {
		t.Fatalf("value %v is not known", v)
	}
	return s
}

func TestAtlantisPlanDeletesLegacyNodeGroup(t *testing.T) {
	p := parseFile(t, "../../examples/atlantis/plan.json")
	if p.FormatVersion() == "" || p.TerraformVersion() == "" {
		t.Errorf("versions not read: %q %q", p.FormatVersion(), p.TerraformVersion())
	}
	want := lint.Range{File: "repo/infra/main.tf", Line: 40, Column: 1, EndLine: 40, EndColumn: 36}
	cs := p.Changes(Options{File: "plan.json", SourceRange: func(addr string) (lint.Range, bool) {
		return want, addr == "aws_eks_node_group.legacy"
	}})
	if len(cs) != 1 {
		t.Fatalf("got %d changes, want 1: %+v", len(cs), cs)
	}
	c := cs[0]
	if c.Action != lint.ActionDelete || c.Address != "aws_eks_node_group.legacy" || c.Origin != "plan" || c.Reason != "its resource block was removed (delete_because_no_resource_config)" || c.CreateBeforeDestroy {
		t.Errorf("change = %+v", c)
	}
	if c.Range != want {
		t.Errorf("range = %v, want %v", c.Range, want)
	}
	ng, ok := c.Before.(*lint.NodeGroup)
	if !ok {
		t.Fatalf("before = %T, want *lint.NodeGroup", c.Before)
	}
	if !ng.Managed || ng.Kind != lint.KindNodeGroup || ng.Source != lint.SourceTerraform || ng.Addr != "plan:aws_eks_node_group.legacy" || ng.Label != "aws_eks_node_group.legacy" {
		t.Errorf("node group object = %+v", ng.Object)
	}
	if got := str(t, ng.Name); got != "legacy" {
		t.Errorf("name = %q", got)
	}
	if got := str(t, ng.Cluster); got != "demo" {
		t.Errorf("cluster = %q", got)
	}
	if !ng.Role.IsSet() || !strings.HasPrefix(str(t, ng.Role.Value), "arn:aws:iam::111122223333:role/") {
		t.Errorf("role = %+v", ng.Role)
	}
	if ng.Scope.Account != "111122223333" || ng.Scope.Region != "us-west-2" || ng.Scope.Partition != "aws" {
		t.Errorf("scope = %+v", ng.Scope)
	}
}

func TestReplaceAndForget(t *testing.T) {
	p := parseFile(t, "testdata/replace_forget.json")
	cs := p.Changes(Options{File: "plan.json"})
	if len(cs) != 4 {
		for _, c := range cs {
			t.Logf("%s %s", c.Action, c.Address)
		}
		t.Fatalf("got %d changes, want 4 (no deposed, no no-op)", len(cs))
	}
	byAddr := map[string]*lint.Change{}
	for _, c := range cs {
		byAddr[c.Address] = c
		if !c.Range.IsZero() {
			t.Errorf("%s: range %v without a source", c.Address, c.Range)
		}
	}

	ipc := byAddr["module.nodes.aws_iam_instance_profile.this[0]"]
	if ipc == nil || ipc.Action != lint.ActionReplace || !ipc.CreateBeforeDestroy || ipc.Reason != "an argument that cannot be updated in place changed (replace_because_cannot_update)" {
		t.Fatalf("instance profile change = %+v", ipc)
	}
	ip, ok := ipc.Before.(*lint.InstanceProfile)
	if !ok {
		t.Fatalf("before = %T", ipc.Before)
	}
	if str(t, ip.Name) != "demo-nodes" || str(t, ip.ARN) != "arn:aws:iam::111122223333:instance-profile/demo-nodes" || str(t, ip.Role.Value) != "demo-nodes" {
		t.Errorf("instance profile = %+v", ip)
	}
	if ip.Role.Range.File != "plan.json" {
		t.Errorf("role ref range = %v, want the plan file", ip.Role.Range)
	}

	sgc := byAddr["aws_security_group.nodes"]
	if sgc == nil || sgc.Action != lint.ActionForget || sgc.CreateBeforeDestroy {
		t.Fatalf("security group change = %+v", sgc)
	}
	sg := sgc.Before.(*lint.SecurityGroup)
	if str(t, sg.ID) != "sg-0123456789abcdef0" || str(t, sg.Name) != "demo-nodes" || sg.Scope.Region != "us-west-2" {
		t.Errorf("security group = %+v", sg)
	}
	if len(sg.Tags) != 2 || str(t, sg.Tags["karpenter.sh/discovery"]) != "demo" || sg.TagsIncomplete {
		t.Errorf("tags = %+v (want tags_all)", sg.Tags)
	}

	rc := byAddr["aws_iam_role.secret"]
	if rc == nil || rc.Action != lint.ActionReplace || rc.CreateBeforeDestroy || rc.Reason != "replacement was requested with -replace (replace_by_request)" {
		t.Fatalf("role change = %+v", rc)
	}
	role := rc.Before.(*lint.Role)
	if !role.Name.IsUnknown() {
		t.Errorf("sensitive name read: %v", role.Name)
	}
	if str(t, role.ARN) != "arn:aws:iam::111122223333:role/hidden-name" {
		t.Errorf("arn = %v", role.ARN)
	}

	q := byAddr["aws_sqs_queue.events"]
	if q == nil || q.Action != lint.ActionDelete || q.Before != nil {
		t.Errorf("unknown type change = %+v", q)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "  \n", "empty"},
		{"text", "Terraform will perform the following actions:\n  # aws_x.y will be destroyed", "not JSON"},
		{"binary", "PK\x03\x04\x14\x00secret", "binary plan file"},
		{"truncated", `{"format_version": "1.2", "resource_changes": [`, "not JSON"},
		{"array", `[{"format_version": "1.2"}]`, "JSON array"},
		{"other object", `{"apiVersion": "v1", "kind": "ConfigMap"}`, "format_version missing"},
		{"state", `{"format_version": "1.0", "terraform_version": "1.9.0", "values": {"root_module": {}}}`, "this is a state"},
		{"wrong field type", `{"format_version": "1.2", "resource_changes": {"password": "hunter2"}}`, "not a terraform show -json plan"},
		{"future format", `{"format_version": "9.0", "planned_values": {}}`, "unsupported plan format version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("no error, plan %+v", p)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			for _, secret := range []string{"hunter2", "secret", "aws_x.y"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error echoes input: %q", err)
				}
			}
		})
	}
}

func TestSourceIndex(t *testing.T) {
	m := &lint.Model{}
	r0 := lint.Range{File: "infra/main.tf", Line: 3, Column: 1}
	r1 := lint.Range{File: "other/main.tf", Line: 9, Column: 1}
	m.Add(
		&lint.NodeGroup{Object: lint.Object{Kind: lint.KindNodeGroup, Addr: "infra:module.ng.aws_eks_node_group.this[0]", Label: "module.ng.aws_eks_node_group.this[0]", Range: r0, Source: lint.SourceTerraform}},
		&lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: "infra:aws_iam_role.nodes", Label: "aws_iam_role.nodes", Range: r0, Source: lint.SourceTerraform}},
		&lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: "other:aws_iam_role.nodes", Label: "aws_iam_role.nodes", Range: r1, Source: lint.SourceTerraform}},
	)
	look := SourceIndex(m)
	if r, ok := look("module.ng.aws_eks_node_group.this[0]"); !ok || r != r0 {
		t.Errorf("exact: %v %v", r, ok)
	}
	if r, ok := look("module.ng.aws_eks_node_group.this[1]"); !ok || r != r0 {
		t.Errorf("other instance of the resource: %v %v", r, ok)
	}
	if _, ok := look("aws_iam_role.nodes"); ok {
		t.Error("an address in two roots must not map")
	}
	if _, ok := look("aws_iam_role.gone"); ok {
		t.Error("a removed resource must not map")
	}
}
