resource "aws_eks_cluster" "osprey" {
  name     = "osprey"
  role_arn = "arn:aws:iam::246802468024:role/osprey-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a2b4c6d8e0f13579", "subnet-0b3c5d7e9f1a24680"]
  }
}

# No launch template: EKS puts the cluster security group on these nodes.
resource "aws_eks_node_group" "bootstrap" {
  cluster_name    = aws_eks_cluster.osprey.name
  node_group_name = "bootstrap"
  node_role_arn   = "arn:aws:iam::246802468024:role/osprey-bootstrap"
  subnet_ids      = ["subnet-0a2b4c6d8e0f13579"]

  scaling_config {
    desired_size = 2
    max_size     = 2
    min_size     = 2
  }
}

# The node class is rendered into the command and piped to kubectl.
resource "null_resource" "node_class" {
  triggers = {
    cluster = aws_eks_cluster.osprey.id
  }

  provisioner "local-exec" {
    command = <<-EOT
      echo '${templatefile("${path.module}/manifests/node-class.yaml.tpl", {
        cluster_sg = aws_eks_cluster.osprey.vpc_config[0].cluster_security_group_id
      })}' | kubectl apply -f -
    EOT
  }

  provisioner "local-exec" {
    when    = destroy
    command = "kubectl delete ec2nodeclass general --ignore-not-found"
  }
}
