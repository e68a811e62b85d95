# The EFS chart's node account was renamed in the Flux release's values,
# but the association still names the chart's default: the node
# DaemonSet's mounts get no credentials.
resource "aws_iam_role" "efs_node" {
  name = "efs-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "efs_node" {
  cluster_name    = "files"
  namespace       = "kube-system"
  service_account = "efs-csi-node-sa" # want FL206 `nothing in namespace kube-system runs as "efs-csi-node-sa" \(accounts there: "efs-csi-controller-sa" and "efs-mounter"\)`
  role_arn        = aws_iam_role.efs_node.arn
}
