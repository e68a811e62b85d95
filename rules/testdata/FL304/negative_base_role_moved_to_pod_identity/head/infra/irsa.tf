# IRSA is gone from this cluster: the EBS CSI driver runs with EKS Pod
# Identity, and neither the OIDC provider nor the IRSA role is needed.
resource "aws_iam_role" "ebs_csi" {
  name = "billing-ebs-csi-pod-identity"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}
