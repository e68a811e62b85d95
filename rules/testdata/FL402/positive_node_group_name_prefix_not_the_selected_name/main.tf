# The GPU group is named with a prefix, so EKS calls it "gpu-<suffix>";
# the inference server pins itself to the system group by name and to GPU
# nodes by label, which no single group gives.
resource "aws_eks_cluster" "vision" {
  name     = "vision"
  role_arn = "arn:aws:iam::790123456781:role/vision-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0e1f2a3b4c5d6e701", "subnet-0e1f2a3b4c5d6e702"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.vision.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::790123456781:role/vision-nodes"
  subnet_ids      = ["subnet-0e1f2a3b4c5d6e701", "subnet-0e1f2a3b4c5d6e702"]
  instance_types  = ["m6i.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

resource "aws_eks_node_group" "gpu" {
  cluster_name           = aws_eks_cluster.vision.name
  node_group_name_prefix = "gpu-"
  node_role_arn          = "arn:aws:iam::790123456781:role/vision-nodes"
  subnet_ids             = ["subnet-0e1f2a3b4c5d6e701", "subnet-0e1f2a3b4c5d6e702"]
  instance_types         = ["g5.xlarge"]
  ami_type               = "AL2023_x86_64_NVIDIA"
  labels                 = { accelerator = "nvidia" }
  scaling_config {
    desired_size = 1
    min_size     = 0
    max_size     = 4
  }
}

resource "kubernetes_deployment_v1" "inference" {
  metadata {
    name      = "inference"
    namespace = "vision"
  }
  spec {
    replicas = 1
    selector {
      match_labels = { app = "inference" }
    }
    template {
      metadata {
        labels = { app = "inference" }
      }
      spec {
        node_selector = {
          "eks.amazonaws.com/nodegroup" = "system" # want FL402 `Deployment vision/inference stays Pending: no NodePool or node group of its cluster carries the labels it requires \(node group aws_eks_node_group.gpu: its nodes have eks.amazonaws.com/nodegroup=gpu-<suffix EKS adds to the name prefix>, the pod requires eks.amazonaws.com/nodegroup=system; node group system \(aws_eks_node_group.system\): its nodes carry no label accelerator\)`
          accelerator                   = "nvidia"
        }
        container {
          name  = "server"
          image = "registry.example.com/vision/inference:5.0.1"
        }
      }
    }
  }
}
