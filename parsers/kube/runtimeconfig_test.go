package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A DeploymentRuntimeConfig that names its packages' service account
// declares that account in Crossplane's namespace (inferred), at the name
// as written, with the IRSA role its template annotates; one that names
// none is only an object.
func TestDeploymentRuntimeConfigAccount(t *testing.T) {
	src := `apiVersion: pkg.crossplane.io/v1beta1
kind: DeploymentRuntimeConfig
metadata:
  name: aws-irsa
spec:
  serviceAccountTemplate:
    metadata:
      name: crossplane-aws
      annotations:
        eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/crossplane-aws
---
apiVersion: pkg.crossplane.io/v1beta1
kind: DeploymentRuntimeConfig
metadata:
  name: bigger-pods
spec:
  deploymentTemplate:
    spec:
      replicas: 2
`
	ents, diags := ParseFile("xp/runtime.yaml", []byte(src), lint.Scope{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	var accounts []*lint.ServiceAccount
	objects := 0
	for _, e := range ents {
		switch x := e.(type) {
		case *lint.ServiceAccount:
			accounts = append(accounts, x)
		case *lint.KubeObject:
			objects++
		}
	}
	if objects != 2 || len(accounts) != 1 {
		t.Fatalf("%d objects, %d accounts: %+v", objects, len(accounts), ents)
	}
	sa := accounts[0]
	ns, _ := sa.Namespace.Str()
	name, _ := sa.Name.Str()
	role, _ := sa.RoleARN.Value.Str()
	if ns != "crossplane-system" || name != "crossplane-aws" || sa.NameRange.Line != 8 || sa.NameRange.Column != 13 {
		t.Errorf("account %s/%s at %s", ns, name, sa.NameRange)
	}
	if role != "arn:aws:iam::111122223333:role/crossplane-aws" || sa.RoleARN.Range.Line != 10 {
		t.Errorf("role %q at %s", role, sa.RoleARN.Range)
	}
	if len(sa.Inferred) != 1 || sa.Inferred[0] != InferredCrossplaneNamespace {
		t.Errorf("inferred %v", sa.Inferred)
	}
	if len(sa.Aliases) != 1 || sa.Aliases[0] != lint.KubeKey("", "ServiceAccount", "crossplane-system", "crossplane-aws") {
		t.Errorf("aliases %v", sa.Aliases)
	}
	if sa.Addr == ents[0].Base().Addr {
		t.Errorf("the account shares its config's address %s", sa.Addr)
	}
}
