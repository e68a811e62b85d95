package kube

import (
	"strings"
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

// A DeploymentRuntimeConfig that gives its packages an IRSA role but no
// account name makes Crossplane name each provider's account after the
// provider's revision: the provider's name made a DNS label, "-", and the
// package digest (a hole). A provider without runtimeConfigRef uses the
// config named "default"; a config the files hold twice for the
// provider's scope, or one that names the account, makes none.
func TestRevisionAccounts(t *testing.T) {
	configs := yamlDocs(
		roleConfig("default", "arn:aws:iam::111122223333:role/crossplane-default"),
		roleConfig("twice", "arn:aws:iam::111122223333:role/one"),
		roleConfig("twice", "arn:aws:iam::111122223333:role/two"),
	)
	providers := yamlDocs(
		provider("upbound.provider-family-aws", "", ""),
		provider("provider-aws-rds", "runtimeConfigRef", "twice"),
		provider("provider-aws-sqs", "runtimeConfigRef", "missing"),
	)
	ents, diags := RenderCompositions([]File{{Rel: "xp/configs.yaml", Data: []byte(configs)}, {Rel: "xp/providers.yaml", Data: []byte(providers)}}, Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if len(ents) != 1 {
		t.Fatalf("%d entities, want the default config's one account: %+v", len(ents), ents)
	}
	sa, ok := ents[0].(*lint.ServiceAccount)
	if !ok {
		t.Fatalf("%T, want a service account", ents[0])
	}
	ns, _ := sa.Namespace.Str()
	role, _ := sa.RoleARN.Value.Str()
	if ns != "crossplane-system" || sa.Name.String() != "upbound-provider-family-aws-${Provider/upbound.provider-family-aws.digest}" || sa.Name.Prefix() != "upbound-provider-family-aws-" {
		t.Errorf("account %s/%s", sa.Namespace, sa.Name)
	}
	if sa.NameRange.File != "xp/providers.yaml" || sa.NameRange.Line != 4 || role != "arn:aws:iam::111122223333:role/crossplane-default" || sa.RoleARN.Range.File != "xp/configs.yaml" || sa.RoleARN.Range.Line != 9 {
		t.Errorf("name at %s, role %q at %s", sa.NameRange, role, sa.RoleARN.Range)
	}
	if sa.RevisionOf != "DeploymentRuntimeConfig default" || sa.NamingField != "spec.serviceAccountTemplate.metadata.name" || len(sa.Inferred) != 1 || sa.Inferred[0] != InferredCrossplaneNamespace {
		t.Errorf("revision of %q, inferred %v", sa.RevisionOf, sa.Inferred)
	}
}

// A revision's name starts with its package's name cut to 50 characters
// and made a DNS label, as Crossplane's xpkg.FriendlyID makes it.
func TestRevisionPrefix(t *testing.T) {
	for name, want := range map[string]string{
		"provider-aws-s3":             "provider-aws-s3-",
		"upbound.provider-family-aws": "upbound-provider-family-aws-",
		"-lead":                       "lead-",
		strings.Repeat("a", 60):       strings.Repeat("a", 50) + "-",
	} {
		if got := revisionPrefix(name); got != want {
			t.Errorf("revisionPrefix(%q) = %q, want %q", name, got, want)
		}
	}
}

// Two outputs (kustomize overlays of two environments) each hold a
// runtime config of the same name and a provider using it: each provider
// takes the config of its own output.
func TestRevisionAccountsTakeTheirOwnOutputsConfig(t *testing.T) {
	overlay := func(env string) string {
		return yamlDocs(roleConfig("irsa", "arn:aws:iam::111122223333:role/crossplane-"+env), provider("provider-aws-ec2", "runtimeConfigRef", "irsa"))
	}
	ents, diags := RenderCompositions([]File{{Rel: "overlays/dev", Data: []byte(overlay("dev"))}, {Rel: "overlays/prod", Data: []byte(overlay("prod"))}}, Options{})
	if len(diags) != 0 || len(ents) != 2 {
		t.Fatalf("%d entities, %v", len(ents), diags)
	}
	for _, e := range ents {
		sa := e.(*lint.ServiceAccount)
		role, _ := sa.RoleARN.Value.Str()
		if env := strings.TrimPrefix(sa.NameRange.File, "overlays/"); role != "arn:aws:iam::111122223333:role/crossplane-"+env || sa.RoleARN.Range.File != sa.NameRange.File {
			t.Errorf("provider of %s takes role %q at %s", sa.NameRange.File, role, sa.RoleARN.Range)
		}
	}
}

// A runtime config whose deployment runs as another account than the one
// its template names makes no account: Crossplane applies the account it
// builds only when the deployment runs as it.
func TestRuntimeConfigDeploymentAccount(t *testing.T) {
	src := func(runAs string) string {
		return `apiVersion: pkg.crossplane.io/v1beta1
kind: DeploymentRuntimeConfig
metadata:
  name: aws-irsa
spec:
  serviceAccountTemplate:
    metadata:
      name: crossplane-aws
      annotations:
        eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/crossplane-aws
  deploymentTemplate:
    spec:
      selector: {}
      template:
        spec:
          serviceAccountName: ` + runAs + `
`
	}
	for runAs, want := range map[string]int{"crossplane-aws": 1, "platform-runner": 0} {
		ents, _ := ParseFile("xp/runtime.yaml", []byte(src(runAs)), lint.Scope{})
		n := 0
		for _, e := range ents {
			if _, ok := e.(*lint.ServiceAccount); ok {
				n++
			}
		}
		if n != want {
			t.Errorf("deployment running as %s: %d accounts, want %d", runAs, n, want)
		}
	}
}

// A provider's ControllerConfig makes its account: named by the config's
// serviceAccountName, else after the revision, with the config's own
// annotations; one that annotates no role makes none the IRSA rules read,
// and the provider's runtime config is then not read at all.
func TestControllerConfigAccounts(t *testing.T) {
	src := `apiVersion: pkg.crossplane.io/v1alpha1
kind: ControllerConfig
metadata:
  name: named
  annotations:
    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/xp
spec:
  serviceAccountName: crossplane-aws
---
apiVersion: pkg.crossplane.io/v1alpha1
kind: ControllerConfig
metadata:
  name: plain
spec:
  podSecurityContext:
    fsGroup: 2000
`
	src = yamlDocs(src, roleConfig("default", "arn:aws:iam::111122223333:role/ignored"),
		provider("provider-aws-s3", "controllerConfigRef", "named"), provider("provider-aws-ec2", "controllerConfigRef", "plain"))
	ents, diags := RenderCompositions([]File{{Rel: "xp/providers.yaml", Data: []byte(src)}}, Options{})
	if len(diags) != 0 || len(ents) != 1 {
		t.Fatalf("%d entities (want the named config's one account), %v", len(ents), diags)
	}
	sa := ents[0].(*lint.ServiceAccount)
	name, _ := sa.Name.Str()
	role, _ := sa.RoleARN.Value.Str()
	if name != "crossplane-aws" || role != "arn:aws:iam::111122223333:role/xp" || sa.RevisionOf != "" || sa.Via != "ControllerConfig named" || sa.NameRange.Line != 8 {
		t.Errorf("account %q at %s, role %q, revision of %q, via %q", name, sa.NameRange, role, sa.RevisionOf, sa.Via)
	}
	if len(sa.Aliases) != 1 || sa.Aliases[0] != lint.KubeKey("", "ServiceAccount", "crossplane-system", "crossplane-aws") {
		t.Errorf("aliases %v", sa.Aliases)
	}
}

// roleConfig is a DeploymentRuntimeConfig giving its packages' account
// the IRSA role role and naming none (the role on its ninth line).
func roleConfig(name, role string) string {
	return `apiVersion: pkg.crossplane.io/v1beta1
kind: DeploymentRuntimeConfig
metadata:
  name: ` + name + `
spec:
  serviceAccountTemplate:
    metadata:
      annotations:
        eks.amazonaws.com/role-arn: ` + role + `
`
}

// provider is a Crossplane Provider (its name on the fourth line) using
// config by refKind (runtimeConfigRef, controllerConfigRef); none when
// config is "".
func provider(name, refKind, config string) string {
	out := `apiVersion: pkg.crossplane.io/v1
kind: Provider
metadata:
  name: ` + name + `
spec:
  package: xpkg.upbound.io/upbound/` + name + `:v1.16.0
`
	if config != "" {
		out += "  " + refKind + ":\n    name: " + config + "\n"
	}
	return out
}

// yamlDocs joins YAML documents into one stream.
func yamlDocs(docs ...string) string { return strings.Join(docs, "---\n") }
