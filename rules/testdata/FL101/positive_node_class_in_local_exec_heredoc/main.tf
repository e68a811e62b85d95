resource "aws_iam_role" "nodes" {
  name = "yard-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "yard" {
  name     = "yard"
  role_arn = "arn:aws:iam::727272727272:role/yard-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1c1c1c1c1c1c1c1", "subnet-0c1c1c1c1c1c1c1c2"]
  }
}

resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.yard.name
  node_group_name = "core"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0c1c1c1c1c1c1c1c1", "subnet-0c1c1c1c1c1c1c1c2"]
  instance_types  = ["m6i.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

# The node class is piped to kubectl once the cluster exists; it reuses
# the core group's role.
resource "terraform_data" "node_class" {
  depends_on = [aws_eks_node_group.core]

  provisioner "local-exec" {
    command = <<-SCRIPT
      aws eks update-kubeconfig --name ${aws_eks_cluster.yard.name}
      kubectl apply -f - <<'YAML'
      apiVersion: karpenter.k8s.aws/v1
      kind: EC2NodeClass
      metadata:
        name: burst
      spec:
        role: ${aws_iam_role.nodes.name}
        amiSelectorTerms:
          - alias: al2023@latest
        subnetSelectorTerms:
          - id: subnet-0c1c1c1c1c1c1c1c1
        securityGroupSelectorTerms:
          - id: sg-0c1c1c1c1c1c1c1c1
      YAML
    SCRIPT
  }
}
