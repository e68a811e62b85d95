# The storage drivers' node DaemonSets call AWS too (EFS mounts with IAM
# authorisation, EBS volume attachment metadata), so the platform team
# binds the same role to each chart's node account as to its controller
# account. The EBS chart runs its nodes as its default "ebs-csi-node-sa";
# the EFS chart's account is renamed in the Flux release's values.
resource "aws_iam_role" "storage" {
  name = "storage-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "helm_release" "ebs" {
  name       = "aws-ebs-csi-driver"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/aws-ebs-csi-driver"
  chart      = "aws-ebs-csi-driver"
  version    = "2.37.0"
}

resource "aws_eks_pod_identity_association" "ebs_controller" {
  cluster_name    = "storage"
  namespace       = "kube-system"
  service_account = "ebs-csi-controller-sa"
  role_arn        = aws_iam_role.storage.arn
}

resource "aws_eks_pod_identity_association" "ebs_node" {
  cluster_name    = "storage"
  namespace       = "kube-system"
  service_account = "ebs-csi-node-sa"
  role_arn        = aws_iam_role.storage.arn
}

resource "aws_eks_pod_identity_association" "efs_node" {
  cluster_name    = "storage"
  namespace       = "kube-system"
  service_account = "efs-mounter"
  role_arn        = aws_iam_role.storage.arn
}
