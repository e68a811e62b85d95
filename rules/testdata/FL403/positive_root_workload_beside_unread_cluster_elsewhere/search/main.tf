# This root makes the search cluster and installs its indexer there,
# through a provider pointed at the cluster it declares: the indexer runs
# in this cluster, whatever other stacks the repository keeps.
resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::123456789012:role/search-cluster"

  vpc_config {
    subnet_ids = ["subnet-0s1", "subnet-0s2"]
  }
}

resource "aws_eks_node_group" "indexing" {
  cluster_name    = aws_eks_cluster.search.name
  node_group_name = "indexing"
  node_role_arn   = "arn:aws:iam::123456789012:role/search-nodes"
  subnet_ids      = ["subnet-0s1", "subnet-0s2"]
  instance_types  = ["r6i.xlarge"]
  labels          = { workload = "indexing" }

  taint {
    key    = "dedicated"
    value  = "indexing"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 2
    max_size     = 4
    desired_size = 2
  }
}

provider "kubernetes" {
  host = aws_eks_cluster.search.endpoint
}

resource "kubernetes_manifest" "indexer" {
  manifest = {
    apiVersion = "apps/v1"
    kind       = "Deployment"
    metadata   = { name = "indexer", namespace = "search" }
    spec = {
      selector = { matchLabels = { app = "indexer" } }
      template = {
        metadata = { labels = { app = "indexer" } }
        spec = {
          nodeSelector = { workload = "indexing" } # want FL403 `Deployment search/indexer stays Pending: every NodePool or node group its selectors allow is tainted against it \(node group indexing \(aws_eks_node_group.indexing\): its nodes are tainted dedicated=indexing:NoSchedule\)`
          containers   = [{ name = "indexer", image = "registry.example.com/indexer:4.2.0" }]
        }
      }
    }
  }
}
