# The NodePools are templates the provider renders with vars; the error
# is reported in the template, where it is fixed.
data "kubectl_path_documents" "pools" {
  pattern = "${path.module}/karpenter/*.yaml"
  vars = {
    pool_name    = "reporting"
    capacity_tag = "spot"
  }
}

resource "kubectl_manifest" "pools" {
  for_each  = data.kubectl_path_documents.pools.manifests
  yaml_body = each.value
}
