resource "aws_iam_role" "nodes" {
  name = "media-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "media" {
  name     = "media"
  role_arn = "arn:aws:iam::210987654321:role/media-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.media.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  instance_types  = ["m5.large"]

  scaling_config {
    desired_size = 2
    max_size     = 2
    min_size     = 2
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.0"

  values = [yamlencode({ settings = { clusterName = aws_eks_cluster.media.name } })]
}

# The transcoding pool is applied through a raw chart, whose templates
# are not in this tree: the NodePool it carries is not read as a place.
resource "helm_release" "pools" {
  name       = "karpenter-pools"
  namespace  = "kube-system"
  repository = "https://bedag.github.io/helm-charts/"
  chart      = "raw"
  version    = "2.0.0"

  values = [yamlencode({
    resources = [{
      apiVersion = "karpenter.sh/v1"
      kind       = "NodePool"
      metadata   = { name = "transcode" }
      spec = {
        template = {
          metadata = { labels = { "media.example.com/pool" = "transcode" } }
          spec = {
            nodeClassRef = { group = "karpenter.k8s.aws", kind = "EC2NodeClass", name = "default" }
            requirements = [{ key = "karpenter.k8s.aws/instance-family", operator = "In", values = ["c7i"] }]
          }
        }
      }
    }]
  })]
}

resource "kubernetes_deployment" "transcoder" {
  metadata {
    name      = "transcoder"
    namespace = "media"
  }
  spec {
    replicas = 3
    selector {
      match_labels = { app = "transcoder" }
    }
    template {
      metadata {
        labels = { app = "transcoder" }
      }
      spec {
        container {
          name  = "ffmpeg"
          image = "public.ecr.aws/example/transcoder:4.1"
          resources {
            requests = { cpu = "6", memory = "8Gi" }
          }
        }
      }
    }
  }
}
