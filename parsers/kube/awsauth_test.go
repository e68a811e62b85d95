package kube

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestAWSAuthConfigMap(t *testing.T) {
	src := `apiVersion: v1
kind: ConfigMap
metadata:
  name: aws-auth
  namespace: kube-system
data:
  mapRoles: |
    - rolearn: arn:aws:iam::111122223333:role/prod-karpenter-nodes
      username: system:node:{{EC2PrivateDNSName}}
      groups:
        - system:bootstrappers
        - system:nodes
    - rolearn: arn:aws:iam::111122223333:role/platform-admin
      username: admin
      groups: [system:masters]
`
	es, diags := ParseFile("auth/aws-auth.yaml", []byte(src), lint.Scope{Cluster: "prod"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	var entries []*lint.AccessEntry
	for _, e := range es {
		if ae, ok := e.(*lint.AccessEntry); ok {
			entries = append(entries, ae)
		}
	}
	if len(es) != 3 || len(entries) != 2 {
		t.Fatalf("got %d entities (%d mappings), want the ConfigMap and 2 mappings", len(es), len(entries))
	}
	first := entries[0]
	if arn, _ := first.Principal.Value.Str(); arn != "arn:aws:iam::111122223333:role/prod-karpenter-nodes" {
		t.Errorf("principal = %q", arn)
	}
	if !first.AWSAuth() || first.Range.Line != 8 || first.Range.Column != 7 {
		t.Errorf("first mapping: type %q at %d:%d, want aws-auth at 8:7", first.Type, first.Range.Line, first.Range.Column)
	}
	if c, _ := first.Cluster.Str(); c != "prod" {
		t.Errorf("cluster = %q, want the scope's", c)
	}
	if entries[1].Range.Line != 13 {
		t.Errorf("second mapping at line %d, want 13", entries[1].Range.Line)
	}
	if !strings.HasPrefix(first.Aliases[0], "k8s:") || !strings.Contains(first.Aliases[0], "#mapRoles/") {
		t.Errorf("aliases = %v, want the ConfigMap's key with the mapping", first.Aliases)
	}
}

func TestAWSAuthInvalidMapRoles(t *testing.T) {
	src := `apiVersion: v1
kind: ConfigMap
metadata:
  name: aws-auth
  namespace: kube-system
data:
  mapRoles: "rolearn: not-a-list"
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: nodes
  amiSelectorTerms:
    - alias: al2023@latest
`
	es, diags := ParseFile("aws-auth.yaml", []byte(src), lint.Scope{})
	if len(diags) != 1 || diags[0].Range.Line != 7 || !strings.Contains(diags[0].Summary, "mapRoles") {
		t.Fatalf("diagnostics = %v, want one at line 7", diags)
	}
	if len(es) != 2 {
		t.Errorf("got %d entities, want the ConfigMap and the EC2NodeClass (bad input hides nothing else)", len(es))
	}
}

func TestOtherConfigMapsHaveNoMappings(t *testing.T) {
	src := `apiVersion: v1
kind: ConfigMap
metadata:
  name: aws-auth
  namespace: team-a
data:
  mapRoles: |
    - rolearn: arn:aws:iam::111122223333:role/x
`
	es, _ := ParseFile("cm.yaml", []byte(src), lint.Scope{})
	if len(es) != 1 {
		t.Errorf("a ConfigMap named aws-auth outside kube-system gave %d entities, want 1", len(es))
	}
}

func TestCrossplaneClusterAndAccessEntry(t *testing.T) {
	src := `apiVersion: eks.aws.upbound.io/v1beta1
kind: Cluster
metadata:
  name: prod
spec:
  forProvider:
    region: eu-west-1
    roleArnRef:
      name: cluster
    accessConfig:
      - authenticationMode: API_AND_CONFIG_MAP
---
apiVersion: eks.aws.upbound.io/v1beta1
kind: AccessEntry
metadata:
  name: karpenter-nodes
spec:
  forProvider:
    region: eu-west-1
    clusterNameRef:
      name: prod
    principalArnFromRoleRef:
      name: karpenter-nodes
    type: EC2_LINUX
---
apiVersion: eks.aws.upbound.io/v1beta2
kind: Cluster
metadata:
  name: staging
spec:
  forProvider:
    region: eu-west-1
    accessConfig:
      authenticationMode: API
`
	es, diags := ParseFile("xp/cluster.yaml", []byte(src), lint.Scope{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	m := &lint.Model{}
	m.Add(es...)
	if len(m.Clusters) != 2 || len(m.AccessEntries) != 1 {
		t.Fatalf("%d clusters, %d access entries", len(m.Clusters), len(m.AccessEntries))
	}
	ae := m.AccessEntries[0]
	if ae.Type != "EC2_LINUX" || !ae.Principal.IsSet() {
		t.Errorf("access entry = %+v", ae)
	}
	mode, c := m.AuthenticationMode(ae.Cluster, ae.Scope)
	if mode != lint.AuthAPIAndConfigMap || c == nil || c.ModeRange.Line != 11 {
		t.Errorf("mode through clusterNameRef = %q (%v), want API_AND_CONFIG_MAP at line 11", mode, c)
	}
	if mode, _ := m.AuthenticationMode(lint.Known("staging"), lint.Scope{}); mode != lint.AuthAPI {
		t.Errorf("v1beta2 accessConfig object: %q", mode)
	}
}

func TestAWSAuthColumnsFollowTheBlockIndent(t *testing.T) {
	src := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: aws-auth\n  namespace: kube-system\ndata:\n  mapRoles: |\n        - rolearn: arn:aws:iam::111122223333:role/nodes\n          groups: [system:nodes]\n"
	es, _ := ParseFile("cm.yaml", []byte(src), lint.Scope{})
	for _, e := range es {
		if ae, ok := e.(*lint.AccessEntry); ok {
			if ae.Range.Line != 8 || ae.Range.Column != 11 {
				t.Errorf("mapping at %d:%d, want 8:11 (the rolearn key)", ae.Range.Line, ae.Range.Column)
			}
			return
		}
	}
	t.Fatal("no mapping")
}
