package eval

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

func TestStateLocation(t *testing.T) {
	h := Holes{lint.NewHoles(), nil}
	obj := func(kv ...any) cty.Value {
		m := map[string]cty.Value{}
		for i := 0; i < len(kv); i += 2 {
			switch v := kv[i+1].(type) {
			case string:
				m[kv[i].(string)] = cty.StringVal(v)
			case cty.Value:
				m[kv[i].(string)] = v
			}
		}
		return cty.ObjectVal(m)
	}
	for _, tc := range []struct {
		name, typ, ws string
		cfg           cty.Value
		loc, why      string
	}{
		{"s3", "s3", "", obj("bucket", "b", "key", "k/t.tfstate", "region", "eu-west-1"), "s3://b/k/t.tfstate", ""},
		{"s3 workspace", "s3", "prod", obj("bucket", "b", "key", "k/t.tfstate"), "s3://b/env:/prod/k/t.tfstate", ""},
		{"s3 workspace prefix", "s3", "prod", obj("bucket", "b", "key", "t.tfstate", "workspace_key_prefix", "ws"), "s3://b/ws/prod/t.tfstate", ""},
		{"s3 unknown bucket", "s3", "", obj("bucket", cty.UnknownVal(cty.String), "key", "k"), "s3://*/k", ""},
		{"s3 partial backend", "s3", "", obj("key", "eks/terraform.tfstate"), "s3://*/eks/terraform.tfstate", ""},
		{"s3 unknown key", "s3", "", obj("bucket", "b", "key", cty.UnknownVal(cty.String)), "", "its key is unknown"},
		{"s3 no key", "s3", "", obj("bucket", "b"), "", "it sets no key"},
		{"gcs", "gcs", "", obj("bucket", "b", "prefix", "eks"), "gs://b/eks/default.tfstate", ""},
		{"azurerm", "azurerm", "", obj("storage_account_name", "a", "container_name", "c", "key", "eks.tfstate"), "azurerm://a/c/eks.tfstate", ""},
		{"local default", "local", "", cty.EmptyObjectVal, "local:/r/terraform.tfstate", ""},
		{"local relative", "local", "", obj("path", "../a/terraform.tfstate"), "local:/a/terraform.tfstate", ""},
		{"local workspace", "local", "dev", cty.EmptyObjectVal, "local:/r/terraform.tfstate.d/dev/terraform.tfstate", ""},
		{"remote name", "remote", "", obj("organization", "acme", "workspaces", obj("name", "eks-prod")), "workspace acme/eks-prod", ""},
		{"cloud prefix", "cloud", "prod", obj("organization", "acme", "workspaces", obj("prefix", "eks-")), "workspace acme/eks-prod", ""},
		{"remote tags", "cloud", "", obj("organization", "acme", "workspaces", obj("tags", cty.ListVal([]cty.Value{cty.StringVal("eks")}))), "", "its workspace name is unknown"},
		{"consul", "consul", "", obj("path", "x"), "", "the consul backend is not read"},
	} {
		loc, why := h.StateAt(&Backend{Type: tc.typ, Config: tc.cfg}, tc.ws, "/r")
		got := ""
		if !loc.IsZero() {
			got = loc.Display(func(p string) string { return "local:" + p })
		}
		if got != tc.loc || why != tc.why {
			t.Errorf("%s: got %q (%q), want %q (%q)", tc.name, got, why, tc.loc, tc.why)
		}
	}
}
