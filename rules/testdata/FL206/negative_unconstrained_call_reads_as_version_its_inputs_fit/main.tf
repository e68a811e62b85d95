# The Karpenter submodule called with no version constraint, with inputs
# only the v19 submodule declares (irsa_oidc_provider_arn, policies). The
# newest release rejects the call, so the tree was written for v19: there
# the module makes an IRSA role trusted by karpenter:karpenter (its
# default) and no Pod Identity association, and the chart runs in
# namespace karpenter.
module "cluster" {
  source = "terraform-aws-modules/eks/aws"

  cluster_name    = "harbor" # want FL501:notice "module\\.cluster passes input cluster_name, which terraform-aws-modules/eks/aws at its built-in model v21\\.x"
  cluster_version = "1.27" # want FL501:notice "module\\.cluster passes input cluster_version, which terraform-aws-modules/eks/aws at its built-in model v21\\.x"
  vpc_id          = "vpc-0c1d2e3f4a5b6c7d8"
  subnet_ids      = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]

  manage_aws_auth_configmap = true # want FL501:notice "module\\.cluster passes input manage_aws_auth_configmap, which terraform-aws-modules/eks/aws at its built-in model v21\\.x"
}

module "karpenter" {
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name           = module.cluster.cluster_name
  irsa_oidc_provider_arn = module.cluster.oidc_provider_arn # want FL501:notice "module\\.karpenter passes input irsa_oidc_provider_arn, which terraform-aws-modules/eks/aws//modules/karpenter at its built-in model v21\\.8\\.0 and later v21\\.x"
  policies = { # want FL501:notice "module\\.karpenter passes input policies, which terraform-aws-modules/eks/aws//modules/karpenter at its built-in model v21\\.8\\.0 and later v21\\.x"
    ssm = "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore"
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "v0.31.0"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.karpenter.irsa_arn
  }
}
