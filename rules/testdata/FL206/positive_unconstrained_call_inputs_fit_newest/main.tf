# The Karpenter submodule called with no version constraint and only
# inputs the newest release declares: terraform init installs the newest,
# which creates a Pod Identity association for kube-system/karpenter by
# default, while the chart is installed in namespace karpenter.
module "karpenter" { # want FL206:warning "binds IAM role .* to service account kube-system/karpenter, but nothing in namespace kube-system runs as \"karpenter\""
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name = "harbor"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.0"
}
