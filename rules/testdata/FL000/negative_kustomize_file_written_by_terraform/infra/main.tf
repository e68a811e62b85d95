variable "environment" {
  type    = string
  default = "staging"
}

# The pipeline runs this root first, then commits what it wrote for the
# GitOps controller: the file is not in the repository before apply.
resource "local_file" "cluster_facts" {
  filename = "${path.module}/../gitops/base/cluster-facts.yaml"
  content  = <<-EOT
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: cluster-facts
      namespace: platform
    data:
      environment: ${var.environment}
  EOT
}

resource "local_sensitive_file" "chart_values" {
  filename = "${path.module}/../gitops/values/overrides.yaml"
  content  = "replicaCount: 3\n"
}
