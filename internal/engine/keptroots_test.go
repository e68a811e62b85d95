package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// A run the whole-run cache misses evaluates only the Terraform roots
// whose inputs changed — a file of a module they use, a file they read
// with file(), a variables file added beside them, a new file in a module
// directory — and keeps the others; its model and result are a fresh
// run's, entity for entity. Entries that do not decode are misses.
func TestKeptRootsEvaluateOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"modules/nodes/main.tf":    "variable \"name\" {}\n\nresource \"aws_iam_role\" \"this\" {\n  name               = var.name\n  assume_role_policy = file(\"${path.module}/trust.json\")\n}\n\noutput \"arn\" {\n  value = aws_iam_role.this.arn\n}\n",
		"modules/nodes/trust.json": `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}`,
		"prod/main.tf":             "variable \"name\" {\n  default = \"prod-nodes\"\n}\n\nmodule \"nodes\" {\n  source = \"../modules/nodes\"\n  name   = var.name\n}\n",
		"dev/main.tf":              "resource \"aws_iam_role\" \"dev\" {\n  name = \"dev-nodes\"\n}\n",
		"k8s/a.yaml":               "kind: A\n",
	})
	cacheDir := t.TempDir()
	store, err := cache.Open(cacheDir, cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, evaluated int) {
		t.Helper()
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if l.Cache.Hits != 0 {
			t.Fatalf("%s: a whole-run hit; the edit was not seen", what)
		}
		t.Logf("%s: %s", what, l.Cache)
		if r := l.Cache.Roots; r.Kept != kept || r.Evaluated != evaluated {
			t.Errorf("%s: %d roots kept, %d evaluated; want %d, %d (%s)", what, r.Kept, r.Evaluated, kept, evaluated, l.Cache)
		}
		fl, fresh, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := resultJSON(t, got), resultJSON(t, fresh); g != w {
			t.Errorf("%s: result differs from a fresh run's:\n%s\nwant\n%s", what, g, w)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's (%d vs %d entities)", what, len(g), len(w))
		}
	}
	roleNames := func() []string {
		l, _, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range l.Input.Model.Roles {
			names = append(names, r.Name.String())
		}
		return names
	}

	step("cold", 0, 2)
	write(t, root, map[string]string{"k8s/a.yaml": "kind: B\n"})
	step("manifest edited", 2, 0)
	write(t, root, map[string]string{"dev/main.tf": "resource \"aws_iam_role\" \"dev\" {\n  name = \"dev-nodes-2\"\n}\n"})
	step("dev edited", 1, 1)
	write(t, root, map[string]string{"modules/nodes/trust.json": `{"Version":"2012-10-17","Statement":[]}`})
	step("file() input edited", 1, 1)
	before := roleNames()
	write(t, root, map[string]string{"prod/terraform.tfvars": "name = \"prod-other\"\n"})
	step("tfvars added", 1, 1)
	if after := roleNames(); reflect.DeepEqual(before, after) {
		t.Fatalf("the tfvars file changed no role name (%v): the step proves nothing", after)
	}
	write(t, root, map[string]string{"modules/nodes/extra.tf": "resource \"aws_iam_role\" \"extra\" {\n  name = \"extra\"\n}\n"})
	step("module file added", 1, 1)
	write(t, root, map[string]string{"k8s/a.yaml": "kind: C\n"})
	step("nothing Terraform changed", 2, 0)

	// Every entry garbled: each is a miss, computed again.
	err = filepath.WalkDir(cacheDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			err = os.WriteFile(p, []byte("garbage"), 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, map[string]string{"k8s/a.yaml": "kind: D\n"})
	step("entries garbled", 0, 2)
}

// In a tree whose roots read each other's state, a root that reads
// another's state is kept as the first pass evaluates it and evaluated
// again in the second, with the outputs it reads (the source's, edited
// or not); a kept root whose state is read is evaluated again for its
// outputs. Each run's model is a fresh run's.
func TestKeptRootsWithRemoteState(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"net/main.tf":   "terraform {\n  backend \"s3\" {\n    bucket = \"st\"\n    key    = \"net.tfstate\"\n  }\n}\n\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes-a\"\n}\n\noutput \"role_name\" {\n  value = aws_iam_role.nodes.name\n}\n",
		"app/main.tf":   "data \"terraform_remote_state\" \"net\" {\n  backend = \"s3\"\n  config  = { bucket = \"st\", key = \"net.tfstate\" }\n}\n\nresource \"aws_iam_instance_profile\" \"p\" {\n  name = \"p\"\n  role = data.terraform_remote_state.net.outputs.role_name\n}\n",
		"other/main.tf": "resource \"aws_iam_role\" \"o\" {\n  name = \"o\"\n}\n",
		"k8s/a.yaml":    "kind: A\n",
	})
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	profileRole := func(l *Loaded) string {
		for _, p := range l.Input.Model.InstanceProfiles {
			return p.Role.Value.String()
		}
		return ""
	}
	step := func(what string, kept, evaluated int) string {
		t.Helper()
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", what, l.Cache)
		if r := l.Cache.Roots; r.Kept != kept || r.Evaluated != evaluated {
			t.Errorf("%s: %d roots kept, %d evaluated; want %d, %d", what, r.Kept, r.Evaluated, kept, evaluated)
		}
		fl, _, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's", what)
		}
		return profileRole(l)
	}
	if got := step("cold", 0, 3); got != "nodes-a" {
		t.Fatalf("the profile's role is %q, want the joined output nodes-a: the test proves nothing", got)
	}
	write(t, root, map[string]string{"k8s/a.yaml": "kind: B\n"})
	if got := step("manifest edited", 3, 0); got != "nodes-a" {
		t.Errorf("kept source: the profile's role is %q, want nodes-a", got)
	}
	write(t, root, map[string]string{"net/main.tf": "terraform {\n  backend \"s3\" {\n    bucket = \"st\"\n    key    = \"net.tfstate\"\n  }\n}\n\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes-b\"\n}\n\noutput \"role_name\" {\n  value = aws_iam_role.nodes.name\n}\n"})
	if got := step("source edited", 2, 1); got != "nodes-b" {
		t.Errorf("edited source: the profile's role is %q, want nodes-b", got)
	}
	// The source moves its state: the reader's read matches no root, so
	// it is not evaluated again, and what stands is its first pass (kept),
	// never the outputs the last run's second pass read.
	write(t, root, map[string]string{"net/main.tf": "terraform {\n  backend \"s3\" {\n    bucket = \"st\"\n    key    = \"moved.tfstate\"\n  }\n}\n\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes-c\"\n}\n\noutput \"role_name\" {\n  value = aws_iam_role.nodes.name\n}\n"})
	if got := step("state moved", 2, 1); got == "nodes-b" || got == "nodes-c" {
		t.Errorf("state moved: the profile's role is %q, read from a root whose state it no longer reads", got)
	}
}

// A kept root's output holds sentinels numbered by the run that evaluated
// it (here in YAML it embeds, decoded by a later stage): they are
// renumbered into the run's holes, so the service account's role is the
// role it names, not another run's hole number.
func TestKeptRootsRenumberHoles(t *testing.T) {
	root := t.TempDir()
	other := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "resource \"aws_iam_role\" \"r%d\" {\n  name = \"r%d-${aws_iam_role.r%d.id}\"\n}\n\n", i+1, i+1, i)
		}
		return "resource \"aws_iam_role\" \"r0\" {\n  name = \"r0\"\n}\n\n" + b.String()
	}
	write(t, root, map[string]string{
		"z/main.tf": "resource \"aws_iam_role\" \"irsa\" {\n  name = \"irsa\"\n}\n\nresource \"kubectl_manifest\" \"sa\" {\n  yaml_body = <<-EOT\n    apiVersion: v1\n    kind: ServiceAccount\n    metadata:\n      name: app\n      namespace: apps\n      annotations:\n        eks.amazonaws.com/role-arn: ${aws_iam_role.irsa.arn}\n  EOT\n}\n",
		"a/main.tf": other(40),
	})
	// One root at a time, in path order: the cold run numbers a's holes
	// first, so z's sentinels have numbers the next run gives a's.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept int) {
		t.Helper()
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if l.Cache.Roots.Kept != kept {
			t.Errorf("%s: %s; want %d kept", what, l.Cache, kept)
		}
		fl, _, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(fl.Input.Model.ServiceAccounts) != 1 {
			t.Fatalf("%s: %d service accounts, want the embedded one: the test proves nothing", what, len(fl.Input.Model.ServiceAccounts))
		}
		if g, w := l.Input.Model.ServiceAccounts[0].RoleARN.Value, fl.Input.Model.ServiceAccounts[0].RoleARN.Value; !reflect.DeepEqual(g, w) {
			t.Errorf("%s: the service account's role is %v, want %v", what, g, w)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's", what)
		}
	}
	step("cold", 0)
	write(t, root, map[string]string{"a/main.tf": other(41)})
	step("the other root evaluated again", 1)
}

// Terragrunt units are kept under what their configuration gives them: a
// unit whose configuration or module changed is evaluated, and so is
// every unit depending on it (its inputs read the outputs); the others
// are kept, their outputs read by the units depending on them.
func TestKeptRootsTerragruntUnits(t *testing.T) {
	root := t.TempDir()
	vpcModule := func(role string) string {
		return "variable \"name\" {}\n\nresource \"aws_iam_role\" \"r\" {\n  name = \"" + role + "-${var.name}\"\n}\n\noutput \"role\" {\n  value = aws_iam_role.r.name\n}\n"
	}
	write(t, root, map[string]string{
		"modules/vpc/main.tf":     vpcModule("nodes"),
		"modules/app/main.tf":     "variable \"role\" {}\n\nresource \"aws_iam_instance_profile\" \"p\" {\n  name = \"p\"\n  role = var.role\n}\n",
		"live/vpc/terragrunt.hcl": "terraform {\n  source = \"../../modules/vpc\"\n}\n\ninputs = {\n  name = \"main\"\n}\n",
		"live/app/terragrunt.hcl": "terraform {\n  source = \"../../modules/app\"\n}\n\ndependency \"vpc\" {\n  config_path = \"../vpc\"\n}\n\ninputs = {\n  role = dependency.vpc.outputs.role\n}\n",
		"k8s/a.yaml":              "kind: A\n",
	})
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, evaluated int) string {
		t.Helper()
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", what, l.Cache)
		if r := l.Cache.Roots; r.Kept != kept || r.Evaluated != evaluated {
			t.Errorf("%s: %d kept, %d evaluated; want %d, %d", what, r.Kept, r.Evaluated, kept, evaluated)
		}
		fl, _, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's", what)
		}
		for _, p := range l.Input.Model.InstanceProfiles {
			return p.Role.Value.String()
		}
		return ""
	}
	if got := step("cold", 0, 2); got != "nodes-main" {
		t.Fatalf("the app unit's profile has role %q, want the vpc unit's output nodes-main: the test proves nothing", got)
	}
	write(t, root, map[string]string{"k8s/a.yaml": "kind: B\n"})
	if got := step("manifest edited", 2, 0); got != "nodes-main" {
		t.Errorf("kept units: the profile's role is %q", got)
	}
	write(t, root, map[string]string{"live/app/terragrunt.hcl": "terraform {\n  source = \"../../modules/app\"\n}\n\ndependency \"vpc\" {\n  config_path = \"../vpc\"\n}\n\ninputs = {\n  role  = dependency.vpc.outputs.role\n  extra = 1\n}\n"})
	step("dependent unit's configuration edited", 1, 1)
	write(t, root, map[string]string{"modules/vpc/main.tf": vpcModule("workers")})
	if got := step("dependency's module edited", 0, 2); got != "workers-main" {
		t.Errorf("the profile's role is %q after the dependency changed, want workers-main", got)
	}
}
