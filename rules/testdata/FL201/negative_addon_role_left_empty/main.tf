variable "ebs_csi_role_arn" {
  description = "IRSA role of the EBS CSI controller; empty: the node role is used"
  type        = string
  default     = ""
}

resource "aws_eks_cluster" "main" {
  name     = "billing"
  role_arn = "arn:aws:iam::123456789012:role/billing-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

# An empty role ARN binds no role: the provider leaves it unset.
resource "aws_eks_addon" "ebs_csi" {
  cluster_name             = aws_eks_cluster.main.name
  addon_name               = "aws-ebs-csi-driver"
  service_account_role_arn = var.ebs_csi_role_arn
}
