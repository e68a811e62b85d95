# The node class prod's root applies is for prod's cluster, though the
# tree declares staging's too. Its discovery value names the cluster
# without the environment.
resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "general" }
    spec = {
      role             = "payments-prod-karpenter-node"
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [
        { tags = { "karpenter.sh/discovery" = "payments" } }, # want FL405 `the subnetSelectorTerms of Karpenter EC2NodeClass general match no subnet`
      ]
    }
  }
}
