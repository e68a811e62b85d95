package terraform

import (
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

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
			if mc.Source != src || mc.Module != modsource.EKSModule {
				t.Errorf("module call entity source %q module %q, want %q %q", mc.Source, mc.Module, src, modsource.EKSModule)
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
	if got != want || want.How != modsource.ResolvedModelled {
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
		want   modsource.Resolution
	}{
		{"acme/nodes/aws", modsource.ResolvedCached},
		{"registry.opentofu.org/acme/nodes/aws", modsource.ResolvedCached},
		{"registry.terraform.io/acme/nodes/aws", modsource.ResolvedCached},
		{"tf.acme.example/acme/nodes/aws", modsource.ResolvedUnknown},
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
			if ng := nodeGroups(res); (c.want == modsource.ResolvedCached) != (len(ng) == 1) {
				t.Errorf("node groups = %v", ng)
			}
			if c.want == modsource.ResolvedUnknown && !hasNote(res, lint.Skipped, "module.nodes", "outputs unknown", "the module cache holds registry.opentofu.org/acme/nodes/aws") {
				t.Errorf("no unresolved note: %v", res.Notes)
			}
		})
	}
}
