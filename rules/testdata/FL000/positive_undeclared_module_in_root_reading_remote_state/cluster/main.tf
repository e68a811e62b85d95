# Applied first, its state kept on disk beside it.
resource "aws_eks_cluster" "main" {
  name     = "sandbox"
  role_arn = "arn:aws:iam::864209753186:role/sandbox-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c0ffee0c0ffee001", "subnet-0c0ffee0c0ffee002"]
  }
}

output "cluster_name" {
  value = aws_eks_cluster.main.name
}
