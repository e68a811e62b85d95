package terraform

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// remoteTree is three roots: iam keeps its state locally (no backend
// block), apps reads it by path and keeps its own in s3, and audit reads
// apps's state from s3: a chain the load evaluates in order.
var remoteTree = map[string]string{
	"iam/main.tf": `
resource "aws_iam_role" "dns" {
  name               = "dns"
  assume_role_policy = "{}"
}
output "dns_role_arn" { value = aws_iam_role.dns.arn }
`,
	"apps/main.tf": `
terraform {
  backend "s3" {
    bucket = "st"
    key    = "apps.tfstate"
  }
}
data "terraform_remote_state" "iam" {
  backend = "local"
  config  = { path = "${path.module}/../iam/terraform.tfstate" }
}
resource "kubernetes_service_account_v1" "dns" {
  metadata {
    name        = "external-dns"
    namespace   = "dns"
    annotations = { "eks.amazonaws.com/role-arn" = data.terraform_remote_state.iam.outputs.dns_role_arn }
  }
}
output "dns_role" { value = data.terraform_remote_state.iam.outputs.dns_role_arn }
`,
	"audit/main.tf": `
data "terraform_remote_state" "apps" {
  backend = "s3"
  config  = { bucket = "st", key = "apps.tfstate" }
}
data "terraform_remote_state" "gone" {
  backend = "s3"
  config  = { bucket = "st", key = "gone.tfstate" }
}
resource "kubernetes_service_account_v1" "audit" {
  metadata {
    name        = "audit"
    namespace   = "audit"
    annotations = { "eks.amazonaws.com/role-arn" = data.terraform_remote_state.apps.outputs.dns_role }
  }
}
resource "kubernetes_service_account_v1" "gone" {
  metadata {
    name        = "gone"
    namespace   = "audit"
    annotations = { "eks.amazonaws.com/role-arn" = data.terraform_remote_state.gone.outputs.role }
  }
}
`,
}

func TestRemoteStateJoinsRoots(t *testing.T) {
	dir := writeTree(t, remoteTree)
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	var dirs []string
	for _, d := range []string{"apps", "audit", "iam"} {
		dirs = append(dirs, filepath.Join(dir, d))
	}
	res := Load(dirs, Options{Root: dir, Rel: rel})
	roles := map[string]string{}
	for _, ent := range res.Entities {
		if sa, ok := ent.(*lint.ServiceAccount); ok {
			for _, r := range sa.RoleARN.Value.Refs() {
				roles[sa.Addr] += r.Object + " " + r.Path
			}
		}
	}
	want := map[string]string{
		// The role of another root, by reference: the entity, not text.
		"apps:kubernetes_service_account_v1.dns": "iam:aws_iam_role.dns arn",
		// Through two joins: audit reads apps, which read iam.
		"audit:kubernetes_service_account_v1.audit": "iam:aws_iam_role.dns arn",
		// No root keeps that state: unknown, as before.
		"audit:kubernetes_service_account_v1.gone": "audit:data.terraform_remote_state.gone outputs.role",
	}
	for addr, w := range want {
		if roles[addr] != w {
			t.Errorf("%s: role %q, want %q", addr, roles[addr], w)
		}
	}
	var notes []string
	for _, n := range res.Notes {
		if strings.Contains(n.What, "terraform_remote_state") {
			notes = append(notes, n.Range.File+":"+itoa(n.Range.Line)+": "+n.What)
		}
	}
	wantNote := "audit/main.tf:6: data.terraform_remote_state.gone: no root module in the tree keeps its state at s3://st/gone.tfstate; its outputs are unknown"
	if len(notes) != 1 || notes[0] != wantNote {
		t.Errorf("notes %q, want [%q]", notes, wantNote)
	}
}

// TestRemoteStateCycle: two roots reading each other's state are each
// evaluated with the other's first-pass outputs; the load ends.
func TestRemoteStateCycle(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/main.tf": `
data "terraform_remote_state" "b" {
  backend = "local"
  config  = { path = "../b/terraform.tfstate" }
}
output "x" { value = "a" }
output "from_b" { value = data.terraform_remote_state.b.outputs.x }
`,
		"b/main.tf": `
data "terraform_remote_state" "a" {
  backend = "local"
  config  = { path = "../a/terraform.tfstate" }
}
output "x" { value = "b" }
output "from_a" { value = data.terraform_remote_state.a.outputs.x }
`,
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	res := Load([]string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}, Options{Root: dir, Rel: rel})
	if len(res.Roots) != 2 || len(res.Diagnostics) != 0 {
		t.Fatalf("roots %v, diagnostics %v", res.Roots, res.Diagnostics)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestSameState(t *testing.T) {
	s3 := func(bucket, key string) kept.StateLocation {
		return kept.StateLocation{Kind: "s3", Store: bucket, Path: key, AnyStore: bucket == ""}
	}
	local := kept.StateLocation{Kind: "local", Path: "/a/terraform.tfstate"}
	for _, tc := range []struct {
		name           string
		a, b           kept.StateLocation
		same, inferred bool
	}{
		{"same bucket and key", s3("b", "k"), s3("b", "k"), true, false},
		{"another bucket", s3("b", "k"), s3("c", "k"), false, false},
		{"reader knows no bucket", s3("", "k"), s3("b", "k"), true, true},
		{"writer knows no bucket", s3("b", "k"), s3("", "k"), true, true},
		{"neither knows it", s3("", "k"), s3("", "k"), true, true},
		{"another key", s3("", "k"), s3("b", "j"), false, false},
		{"local", local, local, true, false},
		{"another kind", kept.StateLocation{Kind: "gcs", Store: "b", Path: "p"}, s3("b", "p"), false, false},
		{"no location", kept.StateLocation{}, kept.StateLocation{}, false, false},
	} {
		if same, inf := kept.SameState(tc.a, tc.b); same != tc.same || inf != tc.inferred {
			t.Errorf("%s: SameState = %v, %v; want %v, %v", tc.name, same, inf, tc.same, tc.inferred)
		}
	}
}

// TestRemoteStatePartialBackend: the bucket given at terraform init on one
// side and read from the account on the other, the same key, in the
// reader's own workspace: joined, and what rests on it is inferred.
func TestRemoteStatePartialBackend(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"eks/backend.tf": "terraform {\n  backend \"s3\" {\n    key = \"eks/terraform.tfstate\"\n  }\n}\n",
		"eks/main.tf": `
resource "aws_iam_role" "lbc" {
  name               = "lbc"
  assume_role_policy = "{}"
}
output "lbc_role_arn" { value = aws_iam_role.lbc.arn }
`,
		"addons/main.tf": `
data "aws_caller_identity" "current" {}
data "terraform_remote_state" "eks" {
  backend   = "s3"
  workspace = terraform.workspace
  config = {
    bucket = "tfstate-${data.aws_caller_identity.current.account_id}"
    key    = "eks/terraform.tfstate"
  }
}
resource "kubernetes_service_account_v1" "lbc" {
  metadata {
    name        = "aws-load-balancer-controller"
    namespace   = "kube-system"
    annotations = { "eks.amazonaws.com/role-arn" = data.terraform_remote_state.eks.outputs.lbc_role_arn }
  }
}
`,
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	res := Load([]string{filepath.Join(dir, "addons"), filepath.Join(dir, "eks")}, Options{Root: dir, Rel: rel})
	var sa *lint.ServiceAccount
	for _, ent := range res.Entities {
		if x, ok := ent.(*lint.ServiceAccount); ok {
			sa = x
		}
	}
	if sa == nil {
		t.Fatal("no service account")
	}
	if refs := sa.RoleARN.Value.Refs(); len(refs) != 1 || refs[0].Object != "eks:aws_iam_role.lbc" {
		t.Errorf("role %v, want eks:aws_iam_role.lbc", refs)
	}
	want := "data.terraform_remote_state.eks is read as the state of eks: the same key, a bucket one of them does not name (given at terraform init, or known only at apply)"
	if len(sa.Inferred) != 1 || sa.Inferred[0] != want {
		t.Errorf("inferred %q, want [%q]", sa.Inferred, want)
	}
}

// TestRemoteStateBackendFromInit: a root whose s3 backend writes nothing
// (bucket and key come with terraform init -backend-config) may keep the
// state another root reads: the read's note names it, rather than saying
// no root keeps that state. Two backend configuration files beside it
// (one per environment) do not say which init is given.
func TestRemoteStateBackendFromInit(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"network/backend.tf":        "terraform {\n  backend \"s3\" {}\n}\n",
		"network/main.tf":           "output \"vpc_id\" { value = \"vpc-0a1b\" }\n",
		"network/prod.tfbackend":    "bucket = \"acme-state\"\nkey    = \"network/terraform.tfstate\"\n",
		"network/staging.tfbackend": "bucket = \"acme-state\"\nkey    = \"staging/network/terraform.tfstate\"\n",
		"cluster/main.tf": `
data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-state"
    key    = "network/terraform.tfstate"
  }
}
output "vpc" { value = data.terraform_remote_state.network.outputs.vpc_id }
`,
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	res := Load([]string{filepath.Join(dir, "cluster"), filepath.Join(dir, "network")}, Options{Root: dir, Rel: rel})
	var notes []string
	for _, n := range res.Notes {
		if strings.Contains(n.What, "terraform_remote_state") {
			notes = append(notes, n.What)
		}
	}
	want := "data.terraform_remote_state.network: no root module in the tree names s3://acme-state/network/terraform.tfstate as its state, but root module network leaves its s3 backend's settings to terraform init (-backend-config) or to variables OpenTofu evaluates, and may keep it; its outputs are unknown"
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q, want [%q]", notes, want)
	}
}

// TestRemoteStateBackendFromVariables: a root whose s3 backend writes its
// bucket and key with variables (which OpenTofu evaluates) may keep the
// state another root reads: the note names it, rather than saying no
// root keeps that state.
func TestRemoteStateBackendFromVariables(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"network/backend.tf": "variable \"env\" {\n  type = string\n}\n\nterraform {\n  backend \"s3\" {\n    bucket = \"acme-${var.env}\"\n    key    = \"${var.env}/network.tfstate\"\n  }\n}\n",
		"network/main.tf":    "output \"vpc_id\" { value = \"vpc-0a1b\" }\n",
		"cluster/main.tf": `
data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-dev"
    key    = "dev/network.tfstate"
  }
}
output "vpc" { value = data.terraform_remote_state.network.outputs.vpc_id }
`,
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	res := Load([]string{filepath.Join(dir, "cluster"), filepath.Join(dir, "network")}, Options{Root: dir, Rel: rel})
	found := false
	for _, n := range res.Notes {
		if strings.Contains(n.What, "terraform_remote_state") {
			found = true
			if !strings.Contains(n.What, "but root module network leaves its s3 backend's settings") {
				t.Errorf("note %q", n.What)
			}
		}
	}
	if !found {
		t.Error("no note for the read")
	}
}

// TestRemoteStateBackendFile: the one backend configuration file beside a
// root whose backend block leaves its settings to terraform init gives
// where it keeps its state, with the block's arguments; a read of it is
// joined, inferred, its note naming the file. A block that locates the
// state itself is not overridden by a guess, and a file whose location
// arguments are not literals, that holds blocks or is not named as a
// backend configuration gives nothing.
func TestRemoteStateBackendFile(t *testing.T) {
	reader := `
data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-state"
    key    = "network/terraform.tfstate"
  }
}
resource "kubernetes_service_account_v1" "x" {
  metadata {
    name        = "x"
    namespace   = "x"
    annotations = { "eks.amazonaws.com/role-arn" = data.terraform_remote_state.network.outputs.role_arn }
  }
}
`
	const (
		empty    = "terraform {\n  backend \"s3\" {}\n}\n"
		bucket   = "terraform {\n  backend \"s3\" {\n    bucket = \"acme-state\"\n  }\n}\n"
		complete = "terraform {\n  backend \"s3\" {\n    bucket = \"acme-state\"\n    key    = \"other\"\n  }\n}\n"
		keyOnly  = "terraform {\n  backend \"s3\" {\n    key = \"network/terraform.tfstate\"\n  }\n}\n"
	)
	for _, c := range []struct {
		name, block, file, content string
		joined                     bool
	}{
		{"tfbackend", empty, "network.s3.tfbackend", "bucket = \"acme-state\"\nkey    = \"network/terraform.tfstate\"\n", true},
		{"backend.hcl beside the bucket", bucket, "backend.hcl", "key = \"network/terraform.tfstate\"\n", true},
		{"block complete", complete, "backend.hcl", "key = \"network/terraform.tfstate\"\n", false},
		{"key not a literal", bucket, "backend.hcl", "key = \"${env}/terraform.tfstate\"\n", false},
		{"a block", bucket, "backend.hcl", "key = \"network/terraform.tfstate\"\nassume_role {\n  role_arn = \"x\"\n}\n", false},
		{"another name", bucket, "settings.hcl", "key = \"network/terraform.tfstate\"\n", false},
		// The block names the key; the file gives the bucket, and a read
		// of the same key in another bucket is not this root's state.
		{"bucket from the file", keyOnly, "backend.hcl", "bucket = \"acme-state\"\n", true},
		{"another bucket in the file", keyOnly, "backend.hcl", "bucket = \"other-state\"\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"network/backend.tf": c.block,
				"network/main.tf":    "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n  assume_role_policy = \"{}\"\n}\noutput \"role_arn\" { value = aws_iam_role.r.arn }\n",
				"network/" + c.file:  c.content,
				"cluster/main.tf":    reader,
			})
			rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
			res := Load([]string{filepath.Join(dir, "cluster"), filepath.Join(dir, "network")}, Options{Root: dir, Rel: rel})
			var sa *lint.ServiceAccount
			for _, ent := range res.Entities {
				if x, ok := ent.(*lint.ServiceAccount); ok {
					sa = x
				}
			}
			if sa == nil {
				t.Fatal("no service account")
			}
			refs := sa.RoleARN.Value.Refs()
			if got := len(refs) == 1 && refs[0].Object == "network:aws_iam_role.r"; got != c.joined {
				t.Fatalf("role %v, joined %v, want %v", refs, got, c.joined)
			}
			if !c.joined {
				return
			}
			want := "data.terraform_remote_state.network is read as the state of network, whose backend block leaves its settings to terraform init: they are taken from network/" + c.file + ", the one backend configuration file beside it"
			if len(sa.Inferred) != 1 || sa.Inferred[0] != want {
				t.Errorf("inferred %q, want [%q]", sa.Inferred, want)
			}
		})
	}
}

// TestRemoteStateReaderKeepsFirstPassDiagnostics: a root reading another
// root's state is evaluated twice; an unsupported module argument it
// reports in the first pass counts as reported for the whole load, so
// the second pass does not report it again — its diagnostic must still
// reach the result (it was lost with the first pass's output).
func TestRemoteStateReaderKeepsFirstPassDiagnostics(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"network/main.tf": `
terraform {
  backend "s3" {
    bucket = "st"
    key    = "network.tfstate"
  }
}
output "vpc_id" { value = "vpc-1" }
`,
		"app/main.tf": `
data "terraform_remote_state" "network" {
  backend = "s3"
  config  = { bucket = "st", key = "network.tfstate" }
}
module "svc" {
  source = "../modules/svc"
  vpc_id = data.terraform_remote_state.network.outputs.vpc_id
  colour = "red"
}
`,
		"modules/svc/main.tf": `
variable "vpc_id" { type = string }
`,
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	var dirs []string
	for _, d := range []string{"app", "modules/svc", "network"} {
		dirs = append(dirs, filepath.Join(dir, d))
	}
	res := Load(dirs, Options{Root: dir, Rel: rel})
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Range.String()+" "+d.Summary)
	}
	want := "app/main.tf:9:3 Unsupported argument"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("diagnostics = %q, want one %q", got, want)
	}
}
