resource "aws_eks_cluster" "media" {
  name     = "media"
  role_arn = "arn:aws:iam::210987654321:role/media-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f0e0d0c0b0a09080", "subnet-0908070605040302a"]
  }
}

resource "aws_eks_fargate_profile" "karpenter" {
  cluster_name           = aws_eks_cluster.media.name
  fargate_profile_name   = "karpenter"
  pod_execution_role_arn = "arn:aws:iam::210987654321:role/media-fargate"
  subnet_ids             = ["subnet-0f0e0d0c0b0a09080"]
  selector {
    namespace = "karpenter"
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.4.0"
  values     = [yamlencode({ settings = { clusterName = aws_eks_cluster.media.name } })]
}

resource "kubectl_manifest" "default_pool" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.sh/v1"
    kind       = "NodePool"
    metadata   = { name = "default" }
    spec = {
      template = {
        metadata = { labels = { tier = "default" } }
        spec = {
          nodeClassRef = { group = "karpenter.k8s.aws", kind = "EC2NodeClass", name = "default" }
          requirements = []
        }
      }
    }
  })
}

# The transcoding pool comes through a generic chart that applies the
# manifests its values list; the chart is fetched at apply, not vendored.
resource "helm_release" "transcode_pools" {
  name       = "transcode-pools"
  namespace  = "karpenter"
  repository = "https://charts.example.com/platform"
  chart      = "manifests"
  version    = "1.2.0"
  values = [yamlencode({
    resources = [{
      apiVersion = "karpenter.sh/v1"
      kind       = "NodePool"
      metadata   = { name = "transcode" }
      spec = {
        template = {
          metadata = { labels = { tier = "transcode" } }
          spec = {
            nodeClassRef = { group = "karpenter.k8s.aws", kind = "EC2NodeClass", name = "default" }
            requirements = [{ key = "karpenter.k8s.aws/instance-family", operator = "In", values = ["c7i"] }]
          }
        }
      }
    }]
  })]
}
