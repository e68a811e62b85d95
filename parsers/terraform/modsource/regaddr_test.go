package modsource

import (
	"testing"
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
		if got := SameSource(c.written, c.recorded); got != c.same {
			t.Errorf("sameSource(%q, %q) = %v, want %v", c.written, c.recorded, got, c.same)
		}
	}
	if key, _, ok := ModelKey("registry.opentofu.org/terraform-aws-modules/eks/aws//modules/karpenter"); !ok || key != "terraform-aws-modules/eks/aws//modules/karpenter" {
		t.Errorf("modelKey of the OpenTofu address = %q %v", key, ok)
	}
	if key, _, ok := ModelKey("tf.acme.example/terraform-aws-modules/eks/aws"); ok {
		t.Errorf("modelKey of a private registry address = %q, want none", key)
	}
	if n, s := RegistryModule("registry.opentofu.org/terraform-aws-modules/eks/aws//modules/aws-auth"); n != EKSModule || s != "modules/aws-auth" {
		t.Errorf("registryModule of the OpenTofu aws-auth address = %q %q", n, s)
	}
}

func TestRemoteSubdir(t *testing.T) {
	for src, want := range map[string]string{
		"git::https://git.example.com/platform/infra.git//modules/cluster?ref=v3.2.0": "modules/cluster",
		"github.com/example/platform//modules/eks":                                    "modules/eks",
		"git@github.com:example/platform.git//modules/eks?ref=main":                   "modules/eks",
		"s3::https://s3.amazonaws.com/bucket/modules.zip//network":                    "network",
		"git::https://git.example.com/platform/infra.git?ref=v1":                      "",
		"terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks":    "",
		"../modules/eks": "",
		"git::https://git.example.com/infra.git//../escape": "",
	} {
		if got := RemoteSubdir(src); got != want {
			t.Errorf("RemoteSubdir(%q) = %q, want %q", src, got, want)
		}
	}
}

// Terraform refuses a version argument on a local path and on a remote
// source that is not a registry address; a registry address takes one.
func TestVersionRefused(t *testing.T) {
	for src, want := range map[string]string{
		"./modules/eks": "it has a relative local path",
		"../shared":     "it has a relative local path",
		"git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=v20.24.0": "it has a non Registry URL",
		"github.com/terraform-aws-modules/terraform-aws-eks":                               "it has a non Registry URL",
		"git@github.com:acme/modules.git//eks":                                             "it has a non Registry URL",
		"https://example.com/modules/eks.zip":                                              "it has a non Registry URL",
		"terraform-aws-modules/eks/aws":                                                    "",
		"app.terraform.io/acme/eks/aws":                                                    "",
		"terraform-aws-modules/eks/aws//modules/karpenter":                                 "",
	} {
		if got := VersionRefused(src); got != want {
			t.Errorf("VersionRefused(%q) = %q, want %q", src, got, want)
		}
	}
}
