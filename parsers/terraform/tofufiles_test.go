package terraform

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// OpenTofu reads .tofu and .tofu.json beside .tf and .tf.json; x.tofu
// replaces x.tf and x.tofu.json replaces x.tf.json (not across the pairs),
// override files included; test files are not configuration.
func TestConfigFilesTofu(t *testing.T) {
	files := map[string]string{}
	for _, n := range []string{
		"main.tf", "main.tofu", // main.tf is replaced
		"vars.tf",                 // no twin: read
		"net.tf.json", "net.tofu", // not a pair: both read
		"dns.tf", "dns.tofu.json", // not a pair: both read
		"extra.tf.json", "extra.tofu.json", // extra.tf.json is replaced
		"a_override.tf", "a_override.tofu", // a_override.tf is replaced
		"override.tofu",
		"b_override.tofu.json",
		"main.tftest.hcl", "main.tofutest.hcl", "x.tofu.bak", ".hidden.tofu",
	} {
		files[n] = "{}"
		if n == "main.tf" || n == "main.tofu" || n == "vars.tf" || n == "dns.tf" || n == "net.tofu" || n == "override.tofu" || n == "a_override.tf" || n == "a_override.tofu" {
			files[n] = ""
		}
	}
	dir := writeTree(t, files)
	got, refused, err := eval.ConfigFiles(treefs.New([]string{dir}, ""), dir)
	if err != nil || len(refused) > 0 {
		t.Fatal(err, refused)
	}
	want := []string{"dns.tf", "dns.tofu.json", "extra.tofu.json", "main.tofu", "net.tf.json", "net.tofu", "vars.tf", "a_override.tofu", "b_override.tofu.json", "override.tofu"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("configFiles = %v\nwant %v", got, want)
	}
}

func TestWithoutShadowed(t *testing.T) {
	got := eval.WithoutShadowed([]string{"/m/x.tf", "/m/x.tofu", "/m/y.tf", "/n/z.tf", "/m/z.tofu", "/m/w.tf.json", "/m/w.tofu"})
	want := []string{"/m/x.tofu", "/m/y.tf", "/n/z.tf", "/m/z.tofu", "/m/w.tf.json", "/m/w.tofu"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("WithoutShadowed = %v, want %v", got, want)
	}
	for name, want := range map[string]bool{"a.tofu": true, "a.tofu.json": true, "override.tofu": true, "a.tftest.hcl": false, "a.tofutest.hcl": false, "tofu": false, ".tofu": false} {
		if eval.IsConfigFile(name) != want {
			t.Errorf("IsConfigFile(%q) = %v, want %v", name, !want, want)
		}
	}
}

// roleNames are the names of the IAM roles loaded, by label.
func roleNames(res Result) map[string]string {
	out := map[string]string{}
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Role); ok {
			out[r.Label] = r.Name.String()
		}
	}
	return out
}

// A root written for OpenTofu: main.tofu replaces main.tf (neither of its
// roles is read), roles.tf has no twin and is read, nodes.tf.json is not
// replaced by nodes.tofu, and override.tofu merges into the roles.
func TestLoadTofuRoot(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `resource "aws_iam_role" "cluster" { name = "terraform-cluster" }
resource "aws_iam_role" "legacy" { name = "legacy" }`,
		"main.tofu": `resource "aws_iam_role" "cluster" { name = "tofu-cluster" }`,
		"roles.tf": `resource "aws_iam_role" "nodes" { name = "nodes" }
resource "aws_iam_role" "karpenter" { name = "karpenter" }`,
		"nodes.tf.json":   `{"resource": {"aws_iam_role": {"fargate": {"name": "fargate"}}}}`,
		"nodes.tofu":      `resource "aws_iam_role" "ebs" { name = "ebs-csi" }`,
		"override.tofu":   `resource "aws_iam_role" "karpenter" { name = "karpenter-tofu" }`,
		"main.tftest.hcl": `run "plan" { command = plan }`,
	})
	want := map[string]string{"aws_iam_role.cluster": "tofu-cluster", "aws_iam_role.nodes": "nodes", "aws_iam_role.karpenter": "karpenter-tofu", "aws_iam_role.fargate": "fargate", "aws_iam_role.ebs": "ebs-csi"}
	if got := roleNames(res); !reflect.DeepEqual(got, want) {
		t.Errorf("roles = %v\nwant %v", got, want)
	}
	if len(res.Diagnostics) > 0 || len(res.Notes) > 0 {
		t.Errorf("diagnostics %v, notes %v: a .tofu root needs none", res.Diagnostics, res.Notes)
	}
}
