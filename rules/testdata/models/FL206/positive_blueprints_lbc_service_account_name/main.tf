# The load balancer controller is installed by EKS Blueprints; a Pod
# Identity association was added for it by hand, with the chart's usual
# account name, not the "-sa" name the module gives it.
module "eks_blueprints_addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "~> 1.20"

  cluster_name      = "harbor"
  cluster_endpoint  = "https://0A1B2C3D4E5F60718293A4B5C6D7E8F9.gr7.eu-west-1.eks.amazonaws.com"
  cluster_version   = "1.30"
  oidc_provider_arn = "arn:aws:iam::456789012345:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"

  enable_aws_load_balancer_controller = true
}

resource "aws_iam_role" "lbc" {
  name = "harbor-lbc-pod-identity"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "lbc" {
  cluster_name    = "harbor"
  namespace       = "kube-system"
  service_account = "aws-load-balancer-controller" # want FL206 `nothing in namespace kube-system runs as "aws-load-balancer-controller" \(accounts there: "aws-load-balancer-controller-sa"\)`
  role_arn        = aws_iam_role.lbc.arn
}
