package terraform

import (
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// modelRanges lists every position of the loaded entities and notes that
// points into stand-in code (none may).
func modelRanges(res Result) []string {
	var out []string
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if v.Type() == reflect.TypeOf(lint.Range{}) {
				if r := v.Interface().(lint.Range); modsource.IsModelFile(r.File) {
					out = append(out, r.String())
				}
				return
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k))
			}
		}
	}
	for _, e := range res.Entities {
		walk(reflect.ValueOf(e))
	}
	for _, n := range res.Notes {
		walk(reflect.ValueOf(n))
	}
	return out
}

func entity(res Result, label string) lint.Entity {
	for _, e := range res.Entities {
		if e.Base().Label == label {
			return e
		}
	}
	return nil
}

const eksV20Call = `
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = %q

  cluster_name = "prod"
  tags         = { team = "platform" }

  node_security_group_tags = {
    "karpenter.sh/discovery" = "prod"
  }

  access_entries = {
    karpenter = {
      principal_arn = "arn:aws:iam::111122223333:role/karpenter-node"
      type          = "EC2_LINUX"
    }
  }
}
`

// A call of the eks module without .terraform is evaluated from its
// stand-in: the entities are at the module's real addresses, every
// position is in the user's file, and --verbose names the model.
func TestModelledEKSCall(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": strings.Replace(eksV20Call, "%q", `"~> 20.31"`, 1)})
	res := loadCached(dir)
	if bad := modelRanges(res); len(bad) > 0 {
		t.Errorf("positions in stand-in code: %v", bad)
	}
	var rec modsource.ModuleCall
	for _, c := range res.Modules {
		if c.Call == "module.eks" {
			rec = c
		}
	}
	if rec.How != modsource.ResolvedModelled || rec.Model != "terraform-aws-modules/eks/aws v20.31.0 and later v20.x" || rec.Assumed != "" {
		t.Errorf("module.eks = %+v", rec)
	}
	cl, _ := entity(res, "module.eks.aws_eks_cluster.this[0]").(*lint.Cluster)
	if cl == nil || cl.Name.String() != "prod" || cl.AuthenticationMode.String() != lint.AuthAPIAndConfigMap || len(cl.Inferred) != 0 {
		t.Fatalf("cluster = %+v", cl)
	}
	if cl.NameRange.File != "main.tf" || cl.NameRange.Line != 6 {
		t.Errorf("cluster name at %v, want the cluster_name argument", cl.NameRange)
	}
	ae, _ := entity(res, `module.eks.aws_eks_access_entry.this["karpenter"]`).(*lint.AccessEntry)
	if ae == nil || ae.Type != "EC2_LINUX" || ae.Principal.Value.String() != "arn:aws:iam::111122223333:role/karpenter-node" || ae.Cluster.String() != "prod" {
		t.Fatalf("access entry = %+v", ae)
	}
	if ae.Range.Line != 14 {
		t.Errorf("access entry at %v, want its entry of access_entries", ae.Range)
	}
	sg, _ := entity(res, "module.eks.aws_security_group.node[0]").(*lint.SecurityGroup)
	if sg == nil || sg.Tags["karpenter.sh/discovery"].String() != "prod" || sg.Tags["team"].String() != "platform" {
		t.Fatalf("node security group = %+v", sg)
	}
	if r := sg.TagRanges["karpenter.sh/discovery"]; r.Line != 10 {
		t.Errorf("discovery tag at %v, want its entry of node_security_group_tags", r)
	}
	csg, _ := entity(res, "module.eks.aws_security_group.cluster[0]").(*lint.SecurityGroup)
	if csg == nil || csg.Tags["team"].String() != "platform" || csg.Tags["karpenter.sh/discovery"].IsKnown() {
		t.Errorf("cluster security group = %+v", csg)
	}
}

// "~> 20.0" allows v20.0.0, whose access entries exist only for entries
// with policy associations: the entry is inferred, naming the assumed
// version; what every allowed version models alike stays proven.
func TestModelVersionsDiffer(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": strings.Replace(eksV20Call, "%q", `"~> 20.0"`, 1)})
	res := loadCached(dir)
	ae := entity(res, `module.eks.aws_eks_access_entry.this["karpenter"]`)
	if ae == nil || len(ae.Base().Inferred) != 1 || !strings.Contains(ae.Base().Inferred[0], "modelled as terraform-aws-modules/eks/aws v20.29.0 and later v20.x (the constraint ~> 20.0 allows versions that model differently)") {
		t.Fatalf("access entry = %+v", ae)
	}
	for _, label := range []string{"module.eks.aws_eks_cluster.this[0]", "module.eks.aws_security_group.node[0]", "cluster security group of module.eks.aws_eks_cluster.this[0]"} {
		if e := entity(res, label); e == nil || len(e.Base().Inferred) != 0 {
			t.Errorf("%s = %+v, want proven", label, e)
		}
	}
	if !hasNote(res, lint.Inferred, "module.eks modelled as terraform-aws-modules/eks/aws v20.29.0 and later v20.x") {
		t.Errorf("no note on the assumed version: %v", res.Notes)
	}
	n := 0
	for _, e := range res.Entities {
		if _, call := e.(*lint.ModuleCall); !call {
			n++
		}
	}
	// The five the module declares, its OIDC provider and the cluster
	// security group EKS creates with its cluster.
	if n != 7 {
		t.Errorf("%d entities, want the chosen version's 7 only", n)
	}
}

// Without a version constraint the newest model is assumed and every
// entity rests on it; a constraint no model covers leaves the call
// unknown.
func TestModelVersionUnconstrained(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "eks" {
  source = "terraform-aws-modules/eks/aws"
  name   = "prod"
}
module "old" {
  source       = "terraform-aws-modules/eks/aws"
  version      = "~> 12.0"
  cluster_name = "legacy"
}
`})
	res := loadCached(dir)
	cl := entity(res, "module.eks.aws_eks_cluster.this[0]")
	if cl == nil || cl.Base().Name.String() != "prod" || len(cl.Base().Inferred) != 1 || !strings.Contains(cl.Base().Inferred[0], "no version constraint") {
		t.Fatalf("cluster = %+v", cl)
	}
	if got := resolutions(res)["module.old"]; got != modsource.ResolvedUnknown {
		t.Errorf("module.old resolved %q, want unknown", got)
	}
	if !hasNote(res, lint.Skipped, "module.old", "asks for ~> 12.0") {
		t.Errorf("no note on the uncovered version: %v", res.Notes)
	}
}

// "~> 18.0" allows four v18 models: the aws-auth ConfigMap and its
// mappings exist only from v18.20 (inferred, naming the version assumed),
// the cluster and its security groups are alike in all four (proven); the
// user's aws_auth_roles entry is shown where it is written.
func TestModelV18AWSAuth(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 18.0"

  cluster_name              = "legacy"
  manage_aws_auth_configmap = true
  aws_auth_roles = [
    {
      rolearn  = "arn:aws:iam::111122223333:role/legacy-karpenter"
      username = "system:node:{{EC2PrivateDNSName}}"
      groups   = ["system:bootstrappers", "system:nodes"]
    },
  ]
}
`})
	res := loadCached(dir)
	if bad := modelRanges(res); len(bad) > 0 {
		t.Errorf("positions in stand-in code: %v", bad)
	}
	m, _ := entity(res, "mapRoles entry arn:aws:iam::111122223333:role/legacy-karpenter of module.eks.kubernetes_config_map_v1_data.aws_auth[0]").(*lint.AccessEntry)
	if m == nil || !m.AWSAuth() || m.Range.Line != 9 {
		t.Fatalf("aws_auth_roles mapping = %+v", m)
	}
	if len(m.Inferred) != 1 || !strings.Contains(m.Inferred[0], "modelled as terraform-aws-modules/eks/aws v18.20.0 and later v18.x (the constraint ~> 18.0 allows") {
		t.Errorf("mapping inferred = %v", m.Inferred)
	}
	cl, _ := entity(res, "module.eks.aws_eks_cluster.this[0]").(*lint.Cluster)
	if cl == nil || len(cl.Inferred) != 0 || cl.AuthenticationMode.String() != lint.AuthConfigMap {
		t.Errorf("cluster = %+v, want proven, CONFIG_MAP", cl)
	}
}

// TestModelNestedOwnDirectory: a stand-in that carries a local module of
// its own (eks-blueprints-addons' ./addon) resolves it inside its version
// directory, as Terraform resolves a module's nested directory: the
// Karpenter release it installs is in the model, and no call is unknown.
func TestModelNestedOwnDirectory(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "1.16.4"

  cluster_name      = "prod"
  cluster_endpoint  = "https://example.eks.amazonaws.com"
  cluster_version   = "1.30"
  oidc_provider_arn = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC"

  enable_karpenter = true
}
`})
	res := loadCached(dir)
	for _, n := range res.Notes {
		if strings.Contains(n.What, "./addon") {
			t.Errorf("nested directory not resolved: %s", n.What)
		}
	}
	if r, _ := entity(res, "module.addons.module.karpenter.helm_release.this[0]").(*lint.Release); r == nil {
		t.Errorf("the Karpenter release the add-ons module installs is not in the model")
	}
}

// A node group of the eks module's map is shown at the user's entry for
// it, its key written literally or as a template of a value unknown before
// apply ("${terraform.workspace}-spot"); an entry whose template cannot
// equal the instance's key is not taken for it.
func TestModelledNodeGroupAtItsEntry(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.0"

  cluster_name    = "demo"
  cluster_version = "1.31"
  vpc_id          = "vpc-123"
  subnet_ids      = ["subnet-1", "subnet-2"]

  eks_managed_node_groups = {
    "${terraform.workspace}-spot" = {
      min_size = 1
    }
    system = {
      min_size = 2
    }
  }
}
`})
	res := loadCached(dir)
	for label, line := range map[string]int{
		`module.eks.module.eks_managed_node_group["${terraform.workspace}-spot"].aws_eks_node_group.this[0]`: 11,
		`module.eks.module.eks_managed_node_group["system"].aws_eks_node_group.this[0]`:                      14,
	} {
		e := entity(res, label)
		if e == nil {
			t.Fatalf("no %s in %v", label, res.Entities)
		}
		if r := e.Base().Range; r.File != "main.tf" || r.Line != line {
			t.Errorf("%s at %s, want main.tf:%d", label, r, line)
		}
	}
}

// The node group map may be a conditional (either result) or a local
// written elsewhere: each group is still shown at its own entry.
func TestModelledNodeGroupEntryBehindConditionalAndLocal(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `variable "with_batch" {
  type    = bool
  default = false
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name = "ops"
  vpc_id       = "vpc-123"
  subnet_ids   = ["subnet-1", "subnet-2"]

  eks_managed_node_groups = var.with_batch ? local.groups_with_batch : local.groups
}
`, "groups.tf": `locals {
  groups = {
    core = { min_size = 2 }
  }
  groups_with_batch = merge(local.groups, {
    batch = { min_size = 0 }
  })
}
`})
	res := loadCached(dir)
	label := `module.eks.module.eks_managed_node_group["core"].aws_eks_node_group.this[0]`
	e := entity(res, label)
	if e == nil {
		t.Fatalf("no %s in %v", label, res.Entities)
	}
	if r := e.Base().Range; r.File != "groups.tf" || r.Line != 3 {
		t.Errorf("%s at %s, want groups.tf:3", label, r)
	}
}

// One role given to two add-ons: each add-on's binding is placed at the
// role-arn written in its own entry, not at the first that writes it.
func TestModelledAddonRoleAtItsOwnEntry(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `resource "aws_iam_role" "storage" {
  name               = "storage-drivers"
  assume_role_policy = "{}"
}

module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "20.31.0"
  cluster_name    = "files"
  cluster_version = "1.31"
  vpc_id          = "vpc-123"
  subnet_ids      = ["subnet-1", "subnet-2"]

  cluster_addons = {
    aws-ebs-csi-driver = {
      service_account_role_arn = aws_iam_role.storage.arn
    }
    aws-efs-csi-driver = {
      service_account_role_arn = aws_iam_role.storage.arn
    }
  }
}
`})
	res := loadCached(dir)
	for addon, line := range map[string]int{"aws-ebs-csi-driver": 16, "aws-efs-csi-driver": 19} {
		var sa *lint.ServiceAccount
		for _, e := range res.Entities {
			if s, ok := e.(*lint.ServiceAccount); ok && s.AddOn == addon {
				sa = s
			}
		}
		if sa == nil {
			t.Fatalf("no service account of add-on %s", addon)
		}
		if r := sa.RoleARN.Range; r.File != "main.tf" || r.Line != line {
			t.Errorf("%s: role-arn at %s, want main.tf:%d", addon, r, line)
		}
	}
}

// A tag of a resource of the user's own is placed at its entry: in the
// tags object, in a merge() argument (the last that writes it), behind a
// local; a tag only a variable writes stays at the tags argument.
func TestOwnResourceTagRanges(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `variable "extra" {
  type    = map(string)
  default = { owner = "payments" }
}

locals {
  common = {
    team = "platform"
  }
}

resource "aws_security_group" "nodes" {
  vpc_id = "vpc-0123456789abcdef0"
  tags = merge(local.common, var.extra, {
    "karpenter.sh/discovery" = "prod"
  })
}
`})
	res := loadCached(dir)
	sg, _ := entity(res, "aws_security_group.nodes").(*lint.SecurityGroup)
	if sg == nil {
		t.Fatal("no aws_security_group.nodes")
	}
	for key, line := range map[string]int{"karpenter.sh/discovery": 15, "team": 8, "owner": 14} {
		if r := sg.TagRanges[key]; r.Line != line {
			t.Errorf("tag %s at %v, want line %d", key, r, line)
		}
	}
}

// TestModelledTagRangesThroughMerge: tags a caller gives the eks module
// as merge() of a local and an object are placed at the key where the
// caller writes it, on the module's groups and on the cluster's primary
// group its aws_ec2_tag resources tag (v19: for_each over var.tags).
func TestModelledTagRangesThroughMerge(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `locals {
  common = { team = "platform" }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name = "prod"
  vpc_id       = "vpc-0123456789abcdef0"
  subnet_ids   = ["subnet-0123456789abcdef0"]
  tags = merge(local.common, {
    "karpenter.sh/discovery" = "prod"
  })
}
`})
	res := loadCached(dir)
	for _, label := range []string{"module.eks.aws_security_group.node[0]", "module.eks.aws_security_group.cluster[0]", "cluster security group of module.eks.aws_eks_cluster.this[0]"} {
		sg, _ := entity(res, label).(*lint.SecurityGroup)
		if sg == nil {
			t.Fatalf("no %s", label)
		}
		for key, line := range map[string]int{"karpenter.sh/discovery": 13, "team": 2} {
			if r := sg.TagRanges[key]; r.Line != line {
				t.Errorf("%s: tag %s at %v, want line %d", label, key, r, line)
			}
		}
	}
}
