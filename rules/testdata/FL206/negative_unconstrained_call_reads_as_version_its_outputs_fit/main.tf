# The Karpenter submodule called with no version constraint and only an
# input every release declares; but the chart reads irsa_arn and
# instance_profile_name, outputs only the v19 submodule has. The tree was
# written for v19: there the module makes an IRSA role and no Pod
# Identity association in kube-system, so nothing is left unbound. (v19's
# IRSA role trusts irsa_oidc_provider_arn, empty when not passed: FL207.)
module "cluster" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "quay"
  cluster_version = "1.28"
  vpc_id          = "vpc-0e1e2e3e4e5e6e7e8"
  subnet_ids      = ["subnet-0c1c2c3c4c5c6c7c8", "subnet-0d1d2d3d4d5d6d7d8"]
}

module "karpenter" { # want FL207:warning `condition keys ":aud", ":sub" have no issuer before the claim`
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name = module.cluster.cluster_name
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "v0.32.1"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter.irsa_arn
  }

  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = module.karpenter.instance_profile_name
  }
}
