package kube

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

var testScope = lint.Scope{Account: "111122223333", Region: "eu-west-1", Cluster: "prod"}

// rangeFn builds a range in the file under test.
type rangeFn func(line, col, endLine, endCol int) lint.Range

// obj builds the expected entity header.
func obj(kind lint.Kind, addr, label, name string, kindRange, nameRange lint.Range) lint.Object {
	o := lint.Object{
		Kind: kind, Addr: addr, Label: label, Name: lint.Known(name),
		Range: kindRange, NameRange: nameRange,
		Source: lint.SourceKubernetes, Scope: testScope,
	}
	if name == "" {
		o.Name = lint.Unknown()
	}
	return o
}

func ref(s string, r lint.Range) lint.Ref { return lint.Ref{Value: lint.Known(s), Range: r} }

func tags(kv ...string) map[string]lint.Value {
	m := map[string]lint.Value{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = lint.Known(kv[i+1])
	}
	return m
}

func TestParseFile(t *testing.T) {
	tests := []struct {
		file string
		want func(f string, r rangeFn) []lint.Entity
	}{
		{"ec2nodeclass-v1.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{&lint.NodeClass{
				Object:             obj(lint.KindNodeClass, f+"#0/EC2NodeClass/default", "EC2NodeClass default", "default", r(2, 7, 2, 19), r(4, 9, 4, 16)),
				APIVersion:         "karpenter.k8s.aws/v1",
				KindName:           "EC2NodeClass",
				Role:               ref("KarpenterNodeRole-prod", r(8, 9, 8, 33)),
				SecurityGroupRange: r(12, 3, 12, 29),
				SecurityGroupTerms: []lint.SelectorTerm{
					{HasID: true, ID: lint.Known("sg-0123456789abcdef0"), Range: r(13, 7, 13, 31)},
					{HasName: true, Name: lint.Known("eks-cluster-sg-prod"), Range: r(14, 7, 14, 32)},
					{Tags: tags("karpenter.sh/discovery", "prod", "Name", "*"), Range: r(15, 7, 17, 18)},
				},
			}}
		}},
		{"ec2nodeclass-v1beta1.yaml", func(f string, r rangeFn) []lint.Entity {
			empty := tags("karpenter.sh/discovery", "prod")
			empty["team"] = lint.Unknown()
			return []lint.Entity{&lint.NodeClass{
				Object:             obj(lint.KindNodeClass, f+"#0/EC2NodeClass/legacy-profile", "EC2NodeClass legacy-profile", "legacy-profile", r(3, 7, 3, 19), r(5, 9, 5, 23)),
				APIVersion:         "karpenter.k8s.aws/v1beta1",
				KindName:           "EC2NodeClass",
				InstanceProfile:    ref("KarpenterNodeInstanceProfile-prod", r(8, 20, 8, 53)),
				SecurityGroupRange: r(11, 3, 11, 29),
				SecurityGroupTerms: []lint.SelectorTerm{
					{Tags: empty, Range: r(12, 7, 12, 53)},
					{HasName: true, Name: lint.Known("prod-nodes"), Tags: tags("kubernetes.io/cluster/prod", "owned"), Range: r(13, 7, 15, 42)},
				},
			}}
		}},
		{"awsnodetemplate.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.NodeClass{
					Object:             obj(lint.KindNodeClass, f+"#0/AWSNodeTemplate/by-id", "AWSNodeTemplate by-id", "by-id", r(2, 7, 2, 22), r(4, 9, 4, 14)),
					APIVersion:         "karpenter.k8s.aws/v1alpha1",
					KindName:           "AWSNodeTemplate",
					InstanceProfile:    ref("KarpenterNodeInstanceProfile-prod", r(10, 20, 10, 53)),
					SecurityGroupRange: r(8, 3, 8, 24),
					SecurityGroupTerms: []lint.SelectorTerm{
						{HasID: true, ID: lint.Known("sg-0aaa1111"), Range: r(9, 15, 9, 26)},
						{HasID: true, ID: lint.Known("sg-0bbb2222"), Range: r(9, 28, 9, 39)},
					},
				},
				&lint.NodeClass{
					Object:             obj(lint.KindNodeClass, f+"#1/AWSNodeTemplate/by-tag", "AWSNodeTemplate by-tag", "by-tag", r(13, 7, 13, 22), r(15, 9, 15, 15)),
					APIVersion:         "karpenter.k8s.aws/v1alpha1",
					KindName:           "AWSNodeTemplate",
					SecurityGroupRange: r(17, 3, 17, 24),
					SecurityGroupTerms: []lint.SelectorTerm{
						{Tags: tags("karpenter.sh/discovery", "prod", "Name", "*"), Range: r(18, 5, 19, 14)},
					},
				},
				// Legacy Karpenter ANDs aws-ids with the other keys.
				&lint.NodeClass{
					Object:             obj(lint.KindNodeClass, f+"#2/AWSNodeTemplate/id-and-tag", "AWSNodeTemplate id-and-tag", "id-and-tag", r(22, 7, 22, 22), r(24, 9, 24, 19)),
					APIVersion:         "karpenter.k8s.aws/v1alpha1",
					KindName:           "AWSNodeTemplate",
					SecurityGroupRange: r(26, 3, 26, 24),
					SecurityGroupTerms: []lint.SelectorTerm{
						{HasID: true, ID: lint.Known("sg-0ccc3333"), Tags: tags("team", "platform"), Range: r(27, 14, 27, 25)},
					},
				},
			}
		}},
		{"provisioner.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.NodePool{
					Object:     obj(lint.KindNodePool, f+"#0/Provisioner/default", "Provisioner default", "default", r(2, 7, 2, 18), r(4, 9, 4, 16)),
					APIVersion: "karpenter.sh/v1alpha5",
					KindName:   "Provisioner",
					NodeClass:  ref("by-id", r(11, 11, 11, 16)),
				},
				&lint.NodePool{
					Object:          obj(lint.KindNodePool, f+"#1/Provisioner/inline", "Provisioner inline", "inline", r(14, 7, 14, 18), r(16, 9, 16, 15)),
					APIVersion:      "karpenter.sh/v1alpha5",
					KindName:        "Provisioner",
					InstanceProfile: ref("eks-4ec5a8b2-node-profile", r(19, 22, 19, 47)),
					SecurityGroupTerms: []lint.SelectorTerm{
						{Tags: tags("kubernetes.io/cluster/prod", "owned"), Range: r(23, 7, 23, 40)},
					},
				},
			}
		}},
		{"nodepool.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.NodePool{
					Object:     obj(lint.KindNodePool, f+"#0/NodePool/general", "NodePool general", "general", r(2, 7, 2, 15), r(4, 9, 4, 16)),
					APIVersion: "karpenter.sh/v1",
					KindName:   "NodePool",
					NodeClass:  ref("default", r(11, 15, 11, 22)),
				},
				&lint.NodePool{
					Object:     obj(lint.KindNodePool, f+"#1/NodePool/legacy", "NodePool legacy", "legacy", r(20, 7, 20, 15), r(22, 9, 22, 15)),
					APIVersion: "karpenter.sh/v1beta1",
					KindName:   "NodePool",
					NodeClass:  ref("legacy-profile", r(29, 15, 29, 29)),
				},
				// An EKS Auto Mode NodeClass is not an EC2NodeClass.
				&lint.NodePool{
					Object:     obj(lint.KindNodePool, f+"#2/NodePool/auto", "NodePool auto", "auto", r(32, 7, 32, 15), r(34, 9, 34, 13)),
					APIVersion: "karpenter.sh/v1",
					KindName:   "NodePool",
					AutoMode:   true,
				},
			}
		}},
		{"serviceaccount.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.ServiceAccount{
					Object:    obj(lint.KindServiceAccount, f+"#0/ServiceAccount/kube-system/karpenter", "ServiceAccount kube-system/karpenter", "karpenter", r(2, 7, 2, 21), r(4, 9, 4, 18)),
					Namespace: lint.Known("kube-system"),
					RoleARN:   ref("arn:aws:iam::111122223333:role/KarpenterController-prod", r(7, 33, 7, 88)),
				},
				// No namespace: decided at apply time (kubectl's default
				// unless the context sets one). Empty ARN: unset.
				&lint.ServiceAccount{
					Object:           obj(lint.KindServiceAccount, f+"#1/ServiceAccount/app", "ServiceAccount app", "app", r(10, 7, 10, 21), r(12, 9, 12, 12)),
					Namespace:        lint.Unknown(),
					DefaultNamespace: "default",
				},
			}
		}},
		// An EKS Auto Mode NodeClass: its role and selector terms, as an
		// EC2NodeClass writes them, and no instance profile.
		{"automode-nodeclass.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{&lint.NodeClass{
				Object:             obj(lint.KindNodeClass, f+"#0/NodeClass/private", "NodeClass private", "private", r(2, 7, 2, 16), r(4, 9, 4, 16)),
				APIVersion:         "eks.amazonaws.com/v1",
				KindName:           "NodeClass",
				Role:               ref("AmazonEKSAutoNodeRole", r(6, 9, 6, 30)),
				SecurityGroupRange: r(7, 3, 7, 29),
				SecurityGroupTerms: []lint.SelectorTerm{
					{Tags: tags("kubernetes.io/cluster/prod", "owned"), Range: r(8, 7, 9, 42)},
				},
				AutoMode: true,
			}}
		}},
		{"values.yaml", func(string, rangeFn) []lint.Entity { return nil }},
		{"multidoc.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.Workload{
					Object:    obj(lint.KindWorkload, f+"#0/Deployment/shop/web", "Deployment shop/web", "web", r(4, 7, 4, 17), r(6, 9, 6, 12)),
					KindName:  "Deployment",
					Namespace: lint.Known("shop"),
				},
				// Documents 1 (empty), 2 (a list) and 3 (CI config) are ignored.
				&lint.KubeObject{
					Object:     obj(lint.KindObject, f+"#4/ConfigMap/web-config", "ConfigMap web-config", "web-config", r(18, 7, 18, 16), r(20, 9, 20, 19)),
					APIVersion: "v1",
					KindName:   "ConfigMap",
					Namespace:  lint.Unknown(),
				},
			}
		}},
		{"anchors.yaml", func(f string, r rangeFn) []lint.Entity {
			return []lint.Entity{
				&lint.NodeClass{
					Object:             obj(lint.KindNodeClass, f+"#0/EC2NodeClass/shared", "EC2NodeClass shared", "shared", r(2, 7, 2, 19), r(4, 15, 4, 21)),
					APIVersion:         "karpenter.k8s.aws/v1",
					KindName:           "EC2NodeClass",
					Role:               ref("KarpenterNodeRole-prod", r(6, 15, 6, 37)),
					SecurityGroupRange: r(10, 3, 10, 29),
					SecurityGroupTerms: []lint.SelectorTerm{
						{Tags: tags("team", "platform", "karpenter.sh/discovery", "prod"), Range: r(11, 7, 13, 23)},
						{HasName: true, Name: lint.Known("shared"), Range: r(14, 7, 14, 18)},
					},
				},
				// spec merges and contains itself: no endless loop.
				&lint.NodeClass{
					Object:     obj(lint.KindNodeClass, f+"#1/EC2NodeClass/cycle", "EC2NodeClass cycle", "cycle", r(19, 7, 19, 19), r(21, 9, 21, 14)),
					APIVersion: "karpenter.k8s.aws/v1",
					KindName:   "EC2NodeClass",
					Role:       ref("x", r(25, 9, 25, 12)),
				},
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			rel := "k8s/" + tt.file
			r := func(l, c, el, ec int) lint.Range {
				return lint.Range{File: rel, Line: l, Column: c, EndLine: el, EndColumn: ec}
			}
			got, diags := ParseFile(rel, data, testScope)
			if len(diags) != 0 {
				t.Errorf("unexpected diagnostics: %+v", diags)
			}
			// Field ranges, aliases, labels, subnets and capacity have
			// tests of their own.
			for _, e := range got {
				e.Base().Aliases, e.Base().Labels = nil, nil
				if nc, ok := e.(*lint.NodeClass); ok {
					for i := range nc.SecurityGroupTerms {
						nc.SecurityGroupTerms[i].FieldRanges = nil
					}
					nc.SubnetTerms, nc.SubnetRange = nil, lint.Range{}
					nc.OS, nc.WindowsBuild = "", "" // TestNodeClassOS
				}
				if np, ok := e.(*lint.NodePool); ok {
					for i := range np.SecurityGroupTerms {
						np.SecurityGroupTerms[i].FieldRanges = nil
					}
					clearCapacity(np)
				}
			}
			compareEntities(t, got, tt.want(rel, r))
		})
	}
}

func compareEntities(t *testing.T, got, want []lint.Entity) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("got %d entities, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("entity %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
	for _, e := range got[min(len(got), len(want)):] {
		t.Errorf("extra entity %+v", e)
	}
}

func TestParseFileMalformed(t *testing.T) {
	data, err := os.ReadFile("testdata/malformed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got, diags := ParseFile("malformed.yaml", data, lint.Scope{})
	if len(got) != 1 || got[0].Base().Addr != "malformed.yaml#0/ServiceAccount/default/ok" {
		t.Errorf("want the service account before the error, got %+v", got)
	}
	want := []lint.Diagnostic{{
		Range:   lint.Range{File: "malformed.yaml", Line: 12, Column: 3, EndLine: 12, EndColumn: 3},
		Summary: "invalid YAML",
		Detail:  "mapping values are not allowed in this context",
	}}
	if !reflect.DeepEqual(diags, want) {
		t.Errorf("diagnostics:\n got %+v\nwant %+v", diags, want)
	}
}

func TestSyntaxErrorLines(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		entities  int
	}{
		{"parser error, at the token that stopped the mapping", "a: 1\nb:\n  c: 1\n d: 2\n", 4, 2, 0},
		{"unclosed flow sequence", "apiVersion: v1\nkind: ConfigMap\ndata: [1, 2\nmore: x\n", 3, 1, 0},
		{"unknown alias in a later document", "apiVersion: v1\nkind: Namespace\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: *nope\n", 7, 9, 1},
		{"control character", "apiVersion: v1\nkind: A\nb: \x01\n", 3, 4, 0},
		{"invalid UTF-8", "apiVersion: v1\nkind: A\nb: c\xff\n", 3, 5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags := ParseFile("x.yaml", []byte(tt.src), lint.Scope{})
			if len(got) != tt.entities {
				t.Errorf("got %d entities, want %d", len(got), tt.entities)
			}
			if len(diags) != 1 {
				t.Fatalf("want one diagnostic, got %+v", diags)
			}
			d := diags[0]
			if d.Range.Line != tt.line || d.Range.Column != tt.col || d.Summary != "invalid YAML" || d.Detail == "" {
				t.Errorf("got %+v, want invalid YAML at %d:%d", d, tt.line, tt.col)
			}
		})
	}
}

func TestParseFileTooLarge(t *testing.T) {
	data := bytes.Repeat([]byte("# padding\n"), MaxFileSize/10+1)
	got, diags := ParseFile("big.yaml", data, lint.Scope{})
	if len(got) != 0 || len(diags) != 1 || diags[0].Summary != "file too large" || diags[0].Range.File != "big.yaml" {
		t.Errorf("got %+v, %+v", got, diags)
	}
}

func TestParseFileIgnoresNonObjects(t *testing.T) {
	for _, src := range []string{
		"", "# comment only\n", "---\n---\n", "just a string\n", "- a\n- b\n",
		"kind: Pod\n", "apiVersion: v1\n", "apiVersion: v1\nkind: \"\"\n", "apiVersion: [v1]\nkind: Pod\n",
		"- &a [*a]\n",
	} {
		got, diags := ParseFile("x.yaml", []byte(src), lint.Scope{})
		if len(got) != 0 || len(diags) != 0 {
			t.Errorf("%q: got %+v, %+v", src, got, diags)
		}
	}
}

func TestIsHelmTemplate(t *testing.T) {
	root := t.TempDir()
	write := func(rel string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("charts/karpenter/Chart.yaml")
	write("deploy/Chart.yaml") // no templates/ under it
	tests := map[string]bool{
		"charts/karpenter/templates/nodeclass.yaml":         true,
		"charts/karpenter/templates/crds/nested/pool.yaml":  true,
		"charts/karpenter/templates/_helpers.tpl":           true,
		"charts/karpenter/values.yaml":                      false,
		"charts/karpenter/crds/ec2nodeclass.yaml":           false,
		"deploy/nodepool.yaml":                              false,
		"other/templates/nodepool.yaml":                     false, // no Chart.yaml beside templates/
		"charts/karpenter/templates/a/b/c/d/e/f/too-deep.y": false,
		"anything.tpl": true,
	}
	for rel, want := range tests {
		p := write(rel)
		if got := IsHelmTemplate(p); got != want {
			t.Errorf("IsHelmTemplate(%s) = %v, want %v", rel, got, want)
		}
	}
}

func TestSelectorFieldRanges(t *testing.T) {
	src := "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: a\nspec:\n  securityGroupSelectorTerms:\n    - tags:\n        karpenter.sh/discovery: prod\n    - id: sg-0123\n      name: nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n"
	ents, _ := ParseFile("nc.yaml", []byte(src), lint.Scope{})
	terms := ents[0].(*lint.NodeClass).SecurityGroupTerms
	want := map[string]lint.Range{
		"0 tags.karpenter.sh/discovery": {File: "nc.yaml", Line: 8, Column: 9, EndLine: 8, EndColumn: 37},
		"1 id":                          {File: "nc.yaml", Line: 9, Column: 7, EndLine: 9, EndColumn: 18},
		"1 name":                        {File: "nc.yaml", Line: 10, Column: 7, EndLine: 10, EndColumn: 18},
	}
	for k, w := range want {
		var i int
		var field string
		fmt.Sscanf(k, "%d %s", &i, &field)
		if got := terms[i].FieldRange(field); got != w {
			t.Errorf("term %d %s = %+v, want %+v", i, field, got, w)
		}
	}
}

func TestAliasesLabelsAndHoles(t *testing.T) {
	h := lint.NewHoles()
	role := h.Sentinel(lint.HoleRef{Object: "infra:module.eks", Path: "node_iam_role_name"})
	src := "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: karpenter\n  namespace: kube-system\n  labels:\n    app: karpenter\n---\n" +
		"apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: \"" + role + "-x\"\n"
	ents, diags := Parse("r.yaml", []byte(src), Options{Holes: h, Source: lint.SourceHelm, Inferred: []string{"chart defaults"}})
	if len(diags) != 0 || len(ents) != 2 {
		t.Fatalf("%v %v", ents, diags)
	}
	sa := ents[0].Base()
	if len(sa.Aliases) != 1 || sa.Aliases[0] != lint.KubeKey("", "ServiceAccount", "kube-system", "karpenter") || sa.Labels["app"] != "karpenter" {
		t.Errorf("aliases %v labels %v", sa.Aliases, sa.Labels)
	}
	if sa.Source != lint.SourceHelm || len(sa.Inferred) != 1 {
		t.Errorf("source %s inferred %v", sa.Source, sa.Inferred)
	}
	nc := ents[1].(*lint.NodeClass)
	if got := nc.Role.Value.String(); got != "${module.eks.node_iam_role_name}-x" {
		t.Errorf("role = %s: a sentinel must decode back into its hole", got)
	}
}

// TestNodeClassOS: a node class's nodes run the system of its AMI alias,
// else of its amiFamily; Custom, or a family a template fills, is not
// known.
func TestNodeClassOS(t *testing.T) {
	for _, tc := range []struct{ spec, os, build string }{
		{"amiSelectorTerms:\n    - alias: windows2022@latest", "windows", "10.0.20348"},
		{"amiSelectorTerms:\n    - alias: bottlerocket@v1.30.0", "linux", ""},
		{"amiFamily: Windows2019\n  amiSelectorTerms:\n    - id: ami-0123456789abcdef0", "windows", "10.0.17763"},
		{"amiFamily: Custom\n  amiSelectorTerms:\n    - id: ami-0123456789abcdef0", "", ""},
		{"amiFamily: ${AMI_FAMILY}\n  amiSelectorTerms:\n    - id: ami-0123456789abcdef0", "", ""},
	} {
		data := "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: c\nspec:\n  role: nodes\n  " + tc.spec + "\n"
		got, _ := ParseFile("nc.yaml", []byte(data), testScope)
		nc, ok := got[0].(*lint.NodeClass)
		if !ok || nc.OS != tc.os || nc.WindowsBuild != tc.build {
			t.Errorf("%q: os %q build %q, want %q %q", tc.spec, nc.OS, nc.WindowsBuild, tc.os, tc.build)
		}
	}
}
