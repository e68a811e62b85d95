package terraform

import (
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestParseRegistrySource(t *testing.T) {
	for src, want := range map[string]registryAddr{
		"terraform-aws-modules/eks/aws":                                          {host: "registry.terraform.io", namespace: "terraform-aws-modules", name: "eks", provider: "aws"},
		"registry.opentofu.org/terraform-aws-modules/eks/aws//modules/karpenter": {host: "registry.opentofu.org", namespace: "terraform-aws-modules", name: "eks", provider: "aws", sub: "modules/karpenter"},
		"Registry.OpenTofu.org/Terraform-AWS-Modules/EKS/aws":                    {host: "registry.opentofu.org", namespace: "terraform-aws-modules", name: "eks", provider: "aws"},
		"app.terraform.io/acme/eks/aws//modules/nodes/":                          {host: "app.terraform.io", namespace: "acme", name: "eks", provider: "aws", sub: "modules/nodes"},
		"localhost:8443/acme/eks/aws":                                            {host: "localhost:8443", namespace: "acme", name: "eks", provider: "aws"},
	} {
		got, ok := parseRegistrySource(src)
		if !ok || got != want {
			t.Errorf("parseRegistrySource(%q) = %+v %v, want %+v", src, got, ok, want)
		}
	}
	for _, src := range []string{
		"./modules/eks",
		"github.com/terraform-aws-modules/terraform-aws-eks",
		"github.com/acme/eks/aws/extra", // a GitHub shorthand, not a registry host
		"git::https://example.com/acme/eks/aws",
		"https://example.com/eks.zip",
		"acme/eks",
		"acme/eks/aws/extra/more",
		"acme/eks/aws-v2", // provider names are letters and digits
		"-acme/eks/aws",
		"acme/eks/aws//../outside",
		"acme/eks/aws?ref=v1",
		"",
	} {
		if got, ok := parseRegistrySource(src); ok {
			t.Errorf("parseRegistrySource(%q) = %+v, want no registry address", src, got)
		}
	}
}

// The OpenTofu registry serves the public namespace: its addresses name
// the modules the Terraform registry's do; a private host stays its own.
func TestRegistryHostsShareNamespace(t *testing.T) {
	for _, c := range []struct {
		written, recorded string
		same              bool
	}{
		{"terraform-aws-modules/eks/aws", "registry.opentofu.org/terraform-aws-modules/eks/aws", true},
		{"registry.opentofu.org/terraform-aws-modules/eks/aws", "registry.terraform.io/terraform-aws-modules/eks/aws", true},
		{"REGISTRY.OPENTOFU.ORG/terraform-aws-modules/eks/aws//modules/karpenter", "registry.opentofu.org/terraform-aws-modules/eks/aws//modules/karpenter/", true},
		{"registry.opentofu.org/terraform-aws-modules/eks/aws", "registry.opentofu.org/terraform-aws-modules/vpc/aws", false},
		{"tf.acme.example/terraform-aws-modules/eks/aws", "registry.opentofu.org/terraform-aws-modules/eks/aws", false},
	} {
		if got := sameSource(c.written, c.recorded); got != c.same {
			t.Errorf("sameSource(%q, %q) = %v, want %v", c.written, c.recorded, got, c.same)
		}
	}
	if key, _, ok := modelKey("registry.opentofu.org/terraform-aws-modules/eks/aws//modules/karpenter"); !ok || key != "terraform-aws-modules/eks/aws//modules/karpenter" {
		t.Errorf("modelKey of the OpenTofu address = %q %v", key, ok)
	}
	if key, _, ok := modelKey("tf.acme.example/terraform-aws-modules/eks/aws"); ok {
		t.Errorf("modelKey of a private registry address = %q, want none", key)
	}
	if n, s := registryModule("registry.opentofu.org/terraform-aws-modules/eks/aws//modules/aws-auth"); n != eksModule || s != "modules/aws-auth" {
		t.Errorf("registryModule of the OpenTofu aws-auth address = %q %q", n, s)
	}
}

// tofuEKSRoot is eksV20Call with its source on the given host ("" for
// none).
func tofuEKSRoot(host string) string {
	src := "terraform-aws-modules/eks/aws"
	if host != "" {
		src = host + "/" + src
	}
	call := strings.Replace(eksV20Call, "%q", `"~> 20.31"`, 1)
	return strings.Replace(call, `"terraform-aws-modules/eks/aws"`, `"`+src+`"`, 1)
}

// asWritten takes the source as written out of the module-call entities
// of a result (checking it is src and that the module is the public
// eks one), so that the rest can be compared.
func asWritten(t *testing.T, res Result, src string) {
	t.Helper()
	for _, e := range res.Entities {
		if mc, ok := e.(*lint.ModuleCall); ok {
			if mc.Source != src || mc.Module != eksModule {
				t.Errorf("module call entity source %q module %q, want %q %q", mc.Source, mc.Module, src, eksModule)
			}
			mc.Source = ""
		}
	}
}

// A call on registry.opentofu.org is modelled exactly like the call on
// the Terraform registry: the same entities and notes, and the same
// module-call record, but for the source as written (and so where the
// source argument ends).
func TestOpenTofuRegistryCallModelled(t *testing.T) {
	tf := loadCached(writeTree(t, map[string]string{"main.tf": tofuEKSRoot("")}))
	tofu := loadCached(writeTree(t, map[string]string{"main.tf": tofuEKSRoot("registry.opentofu.org")}))
	if len(tf.Entities) < 5 || entity(tf, "module.eks.aws_eks_cluster.this[0]") == nil {
		t.Fatalf("the Terraform-registry call modelled too little: %d entities", len(tf.Entities))
	}
	asWritten(t, tf, "terraform-aws-modules/eks/aws")
	asWritten(t, tofu, "registry.opentofu.org/terraform-aws-modules/eks/aws")
	if !reflect.DeepEqual(tf.Entities, tofu.Entities) {
		t.Errorf("entities differ")
		for i := range min(len(tf.Entities), len(tofu.Entities)) {
			if !reflect.DeepEqual(tf.Entities[i], tofu.Entities[i]) {
				t.Errorf("first difference: %+v\nvs %+v", tf.Entities[i], tofu.Entities[i])
				break
			}
		}
	}
	if !reflect.DeepEqual(tf.Notes, tofu.Notes) {
		t.Errorf("notes differ:\n%v\n%v", tf.Notes, tofu.Notes)
	}
	if len(tf.Modules) != 1 || len(tofu.Modules) != 1 {
		t.Fatalf("module calls: %+v / %+v", tf.Modules, tofu.Modules)
	}
	want, got := tf.Modules[0], tofu.Modules[0]
	if got.Source != "registry.opentofu.org/terraform-aws-modules/eks/aws" {
		t.Errorf("source listed as %q, want as written", got.Source)
	}
	if got.Range.EndColumn-want.Range.EndColumn != len("registry.opentofu.org/") {
		t.Errorf("source ranges %v / %v", want.Range, got.Range)
	}
	got.Source, got.Range.EndColumn = want.Source, want.Range.EndColumn
	if got != want || want.How != ResolvedModelled {
		t.Errorf("module call %+v, want %+v", got, want)
	}
}

// tofuModulesJSON is the manifest `tofu init` writes for one registry call:
// the source of a call written without a host is recorded on
// registry.opentofu.org.
const tofuModulesJSON = `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"nodes","Source":"registry.opentofu.org/acme/nodes/aws","Version":"2.1.0","Dir":".terraform/modules/nodes"}]}`

// A module cache `tofu init` wrote is read like Terraform's, whichever
// public host the call names; a call on a private host it was not
// installed from stays unknown, with the existing note.
func TestOpenTofuModuleCache(t *testing.T) {
	for _, c := range []struct {
		source string
		want   Resolution
	}{
		{"acme/nodes/aws", ResolvedCached},
		{"registry.opentofu.org/acme/nodes/aws", ResolvedCached},
		{"registry.terraform.io/acme/nodes/aws", ResolvedCached},
		{"tf.acme.example/acme/nodes/aws", ResolvedUnknown},
	} {
		t.Run(c.source, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"main.tf": `module "nodes" {
  source   = "` + c.source + `"
  version  = "~> 2.1"
  name     = "system"
  role_arn = "arn:aws:iam::111122223333:role/nodes"
}
`,
				".terraform/modules/modules.json":  tofuModulesJSON,
				".terraform/modules/nodes/main.tf": nodeGroupModule,
			})
			res := loadCached(dir)
			if got := resolutions(res)["module.nodes"]; got != c.want {
				t.Errorf("module.nodes resolved %q, want %q", got, c.want)
			}
			if ng := nodeGroups(res); (c.want == ResolvedCached) != (len(ng) == 1) {
				t.Errorf("node groups = %v", ng)
			}
			if c.want == ResolvedUnknown && !hasNote(res, lint.Skipped, "module.nodes", "outputs unknown", "the module cache holds registry.opentofu.org/acme/nodes/aws") {
				t.Errorf("no unresolved note: %v", res.Notes)
			}
		})
	}
}
