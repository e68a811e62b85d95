# The AWS family providers of Crossplane get their credentials from EKS
# Pod Identity. Crossplane creates the account their pods run as from the
# DeploymentRuntimeConfig the providers use, in its own namespace.
resource "aws_iam_role" "crossplane_aws" {
  name = "crossplane-provider-aws"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "crossplane_aws" {
  cluster_name    = "platform"
  namespace       = "crossplane-system"
  service_account = "crossplane-aws"
  role_arn        = aws_iam_role.crossplane_aws.arn
}
