# Written at apply time, but under another name than the overlay lists.
resource "local_file" "cluster_facts" {
  filename = "${path.module}/../gitops/base/cluster-info.yaml"
  content  = <<-EOT
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: cluster-facts
      namespace: platform
  EOT
}
