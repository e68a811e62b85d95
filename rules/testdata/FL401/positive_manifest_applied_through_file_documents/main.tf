resource "aws_eks_cluster" "checkout" {
  name     = "checkout"
  role_arn = "arn:aws:iam::444455556666:role/checkout-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aaa1111", "subnet-0bbb2222"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.checkout.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::444455556666:role/checkout-nodes"
  subnet_ids      = ["subnet-0aaa1111", "subnet-0bbb2222"]
  instance_types  = ["t3.large"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

# The workloads are applied from the file, one document per manifest.
data "kubectl_file_documents" "workloads" {
  content = file("${path.module}/k8s/workloads.yaml")
}

resource "kubectl_manifest" "workloads" {
  for_each  = data.kubectl_file_documents.workloads.manifests
  yaml_body = each.value
}
