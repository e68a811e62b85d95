resource "aws_eks_cluster" "ops" {
  name     = "ops"
  role_arn = "arn:aws:iam::111122223333:role/ops-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_iam_openid_connect_provider" "ops" {
  url            = aws_eks_cluster.ops.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = trimprefix(aws_iam_openid_connect_provider.ops.url, "https://")
}

# The controller's role trusts Pod Identity, and by IRSA an account the
# chart no longer runs as.
resource "aws_iam_role" "controller" {
  name = "ops-karpenter-controller"
  assume_role_policy = jsonencode({ # want FL202:error `allows system:serviceaccount:karpenter:karpenter-controller; the service account bound to it is karpenter:karpenter`
    Version = "2012-10-17"
    Statement = [
      {
        Effect    = "Allow"
        Action    = ["sts:AssumeRole", "sts:TagSession"]
        Principal = { Service = "pods.eks.amazonaws.com" }
      },
      {
        Effect    = "Allow"
        Action    = "sts:AssumeRoleWithWebIdentity"
        Principal = { Federated = aws_iam_openid_connect_provider.ops.arn }
        Condition = {
          StringEquals = {
            "${local.issuer}:sub" = "system:serviceaccount:karpenter:karpenter-controller"
            "${local.issuer}:aud" = "sts.amazonaws.com"
          }
        }
      },
    ]
  })
}

# Left from the module's default namespace: nothing runs as
# kube-system/karpenter, and the trust lets in no account it runs as by
# IRSA either: the controller has no credentials.
resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = aws_eks_cluster.ops.name
  namespace       = "kube-system" # want FL206:error `binds IAM role "ops-karpenter-controller" \(aws_iam_role.controller\) to service account kube-system/karpenter, but nothing in namespace kube-system runs as "karpenter"`
  service_account = "karpenter"
  role_arn        = aws_iam_role.controller.arn
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "1.5.0"

  values = [yamlencode({
    settings = { clusterName = aws_eks_cluster.ops.name }
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.controller.arn }
    }
  })]
}
