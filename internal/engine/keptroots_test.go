package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
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
		l, got := recomputed(t, what, opts, c)
		if r := l.Cache.Roots; r.Kept != kept || r.Evaluated != evaluated {
			t.Errorf("%s: %d roots kept, %d evaluated; want %d, %d (%s)", what, r.Kept, r.Evaluated, kept, evaluated, l.Cache)
		}
		sameAsFresh(t, what, opts, l, got)
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

// In a tree whose roots read each other's state (report reads audit,
// audit reads app, app reads net), a reader is kept with what it read
// and taken while the roots it reads give the same outputs — a reader
// reading one evaluated in the run waits for its second pass; a root
// whose outputs changed has its readers evaluated again, down the chain.
// Each run's model is a fresh run's.
func TestKeptRootsWithRemoteState(t *testing.T) {
	root := t.TempDir()
	backend := func(key string) string {
		return "terraform {\n  backend \"s3\" {\n    bucket = \"st\"\n    key    = \"" + key + "\"\n  }\n}\n"
	}
	reads := func(name, key string) string {
		return "\ndata \"terraform_remote_state\" \"" + name + "\" {\n  backend = \"s3\"\n  config  = { bucket = \"st\", key = \"" + key + "\" }\n}\n"
	}
	net := func(role, comment string) string {
		return backend("net.tfstate") + comment + "\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"" + role + "\"\n}\n\noutput \"role_name\" {\n  value = aws_iam_role.nodes.name\n}\n"
	}
	app := func(output, comment string) string {
		return backend("app.tfstate") + comment + reads("net", "net.tfstate") + "\nresource \"aws_iam_instance_profile\" \"p\" {\n  name = \"p\"\n  role = data.terraform_remote_state.net.outputs.role_name\n}\n\noutput \"profile_role\" {\n  value = " + output + "\n}\n"
	}
	report := func(comment string) string {
		return comment + reads("audit", "audit.tfstate") + "\nresource \"aws_iam_instance_profile\" \"report\" {\n  name = \"report\"\n  role = data.terraform_remote_state.audit.outputs.audit_role\n}\n"
	}
	write(t, root, map[string]string{
		"net/main.tf":    net("nodes-a", ""),
		"app/main.tf":    app("aws_iam_instance_profile.p.role", ""),
		"audit/main.tf":  backend("audit.tfstate") + reads("app", "app.tfstate") + "\nresource \"aws_iam_instance_profile\" \"audit\" {\n  name = \"audit\"\n  role = data.terraform_remote_state.app.outputs.profile_role\n}\n\noutput \"audit_role\" {\n  value = aws_iam_instance_profile.audit.role\n}\n",
		"report/main.tf": report(""),
		"other/main.tf":  "resource \"aws_iam_role\" \"o\" {\n  name = \"o\"\n}\n",
		"k8s/a.yaml":     "kind: A\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	profileRoles := func(l *Loaded) string {
		var roles []string
		for _, p := range l.Input.Model.InstanceProfiles {
			roles = append(roles, p.Name.String()+"="+p.Role.Value.String())
		}
		sort.Strings(roles)
		return strings.Join(roles, " ")
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
		return profileRoles(l)
	}
	expect := func(what string, kept, evaluated int, want string) {
		t.Helper()
		if got := step(what, kept, evaluated); got != want {
			t.Errorf("%s: profiles %q, want %q", what, got, want)
		}
	}
	const a, b = "audit=nodes-a p=nodes-a report=nodes-a", "audit=nodes-b p=nodes-b report=nodes-b"
	if got := step("cold", 0, 5); got != a {
		t.Fatalf("profiles %q, want %q (the joined outputs): the test proves nothing", got, a)
	}
	write(t, root, map[string]string{"k8s/a.yaml": "kind: B\n"})
	expect("manifest edited", 5, 0, a)
	write(t, root, map[string]string{"net/main.tf": net("nodes-a", "# the same outputs\n")})
	expect("source edited, same outputs", 4, 1, a)
	write(t, root, map[string]string{"net/main.tf": net("nodes-b", "")})
	expect("source's output changed", 1, 4, b)
	write(t, root, map[string]string{"k8s/a.yaml": "kind: C\n"})
	expect("manifest edited again", 5, 0, b)
	// net gains an output app does not read: app is evaluated again (what
	// it read changed) and gives the same outputs, so audit, waiting for
	// it, is taken.
	write(t, root, map[string]string{"net/main.tf": net("nodes-b", "output \"extra\" {\n  value = \"x\"\n}\n")})
	expect("source gained an output its reader does not use", 3, 2, b)
	write(t, root, map[string]string{"app/main.tf": app("aws_iam_instance_profile.p.role", "# a comment\n")})
	expect("reader edited, same outputs", 4, 1, b)
	// report is evaluated and reads audit, held until app's second pass:
	// report is joined after audit is taken, not with audit's outputs
	// missing.
	write(t, root, map[string]string{"app/main.tf": app("aws_iam_instance_profile.p.role", "# another\n"), "report/main.tf": report("# edited\n")})
	expect("a reader and a reader of a held reader edited", 3, 2, b)
	write(t, root, map[string]string{"app/main.tf": app("\"audit-${aws_iam_instance_profile.p.role}\"", "")})
	expect("reader's output changed", 2, 3, "audit=audit-nodes-b p=nodes-b report=audit-nodes-b")
	// net moves its state: app's read matches no root, so what app read
	// changed and it is evaluated (never given the outputs an earlier
	// run's join read), and so, down the chain, are its readers.
	write(t, root, map[string]string{"net/main.tf": strings.Replace(net("nodes-c", ""), "net.tfstate", "moved.tfstate", 1)})
	if got := step("state moved", 1, 4); strings.Contains(got, "nodes-b") || strings.Contains(got, "nodes-c") {
		t.Errorf("state moved: profiles %q, read from a root whose state app no longer reads", got)
	}
}

// A root's state location taken from its backend configuration file
// rests on that file and on the listing of its directory: a cached run
// after the file is edited, removed or joined by a second one is a fresh
// run's, and the join follows it.
func TestKeptRootsBackendFile(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"net/backend.tf":       "terraform {\n  backend \"s3\" {}\n}\n",
		"net/main.tf":          "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes-a\"\n}\n\noutput \"role_name\" {\n  value = aws_iam_role.nodes.name\n}\n",
		"net/net.s3.tfbackend": "bucket = \"st\"\nkey    = \"net.tfstate\"\n",
		"app/main.tf":          "data \"terraform_remote_state\" \"net\" {\n  backend = \"s3\"\n  config  = { bucket = \"st\", key = \"net.tfstate\" }\n}\n\nresource \"aws_iam_instance_profile\" \"p\" {\n  name = \"p\"\n  role = data.terraform_remote_state.net.outputs.role_name\n}\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what, want string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		sameAsFresh(t, what, opts, l, got)
		var role string
		for _, p := range l.Input.Model.InstanceProfiles {
			role = p.Role.Value.String()
		}
		if (want == "") != strings.Contains(role, "${") || (want != "" && role != want) {
			t.Errorf("%s: profile's role %q, want %q (empty: unknown)", what, role, want)
		}
	}
	step("cold", "nodes-a")
	write(t, root, map[string]string{"net/net.s3.tfbackend": "bucket = \"st\"\nkey    = \"other.tfstate\"\n"})
	step("backend file edited", "")
	write(t, root, map[string]string{"net/net.s3.tfbackend": "bucket = \"st\"\nkey    = \"net.tfstate\"\n"})
	step("backend file put back", "nodes-a")
	write(t, root, map[string]string{"net/staging.s3.tfbackend": "bucket = \"st\"\nkey    = \"staging/net.tfstate\"\n"})
	step("a second backend file", "")
	if err := os.Remove(filepath.Join(root, "net/staging.s3.tfbackend")); err != nil {
		t.Fatal(err)
	}
	step("the second removed", "nodes-a")
	if err := os.Remove(filepath.Join(root, "net/net.s3.tfbackend")); err != nil {
		t.Fatal(err)
	}
	step("none left", "")
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
	c := testCache(t)
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
	c := testCache(t)
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

// References to what a module does not declare are kept in its summary:
// a run that takes the summary reports them as the run that parsed it did,
// and they follow the tree — a module the root starts calling is checked
// with its loose references, a declaration added silences its reference,
// an output a called module gains silences the read of it.
func TestKeptRootsUndeclaredReferences(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"app/main.tf":      "terraform {\n  backend \"s3\" {}\n}\n\nvariable \"name\" {}\n\nresource \"aws_iam_role\" \"app\" {\n  name = \"${var.name}-${var.stage}\"\n}\n",
		"lib/main.tf":      "resource \"aws_sqs_queue\" \"q\" {\n  name = var.queue\n}\n",
		"other/main.tf":    "resource \"aws_iam_role\" \"other\" {\n  name = \"other\"\n}\n",
		"snippets/kube.tf": "provider \"kubernetes\" {\n  host = data.aws_eks_cluster.this.endpoint\n}\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, want ...string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		sameAsFresh(t, what, opts, l, got)
		var refs []string
		for _, d := range l.Input.Diagnostics {
			if strings.HasPrefix(d.Summary, "Reference to undeclared") || d.Summary == "Unsupported attribute" {
				refs = append(refs, fmt.Sprintf("%s:%d", d.Range.File, d.Range.Line))
			}
		}
		sort.Strings(refs)
		if !reflect.DeepEqual(refs, want) && (len(refs) > 0 || len(want) > 0) {
			t.Errorf("%s: undeclared references at %v, want %v", what, refs, want)
		}
	}
	step("cold", "app/main.tf:8")
	write(t, root, map[string]string{"other/main.tf": "resource \"aws_iam_role\" \"other\" {\n  name = \"other-2\"\n}\n"})
	step("an unrelated root edited: the others' summaries taken", "app/main.tf:8")
	write(t, root, map[string]string{"app/lib.tf": "module \"lib\" {\n  source = \"../lib\"\n}\n"})
	step("the library called", "app/main.tf:8", "lib/main.tf:2")
	write(t, root, map[string]string{"app/stage.tf": "variable \"stage\" {}\n"})
	step("the variable declared", "lib/main.tf:2")
	write(t, root, map[string]string{"app/out.tf": "output \"queue\" {\n  value = module.lib.queue_arn\n}\n"})
	step("an output the library does not declare", "app/out.tf:2", "lib/main.tf:2")
	write(t, root, map[string]string{"other/main.tf": "resource \"aws_iam_role\" \"other\" {\n  name = \"other-3\"\n}\n"})
	step("their summaries taken", "app/out.tf:2", "lib/main.tf:2")
	write(t, root, map[string]string{"lib/out.tf": "output \"queue_arn\" {\n  value = aws_sqs_queue.q.arn\n}\n"})
	step("the library declares it", "lib/main.tf:2")
}
