terraform {
  backend "s3" {}
}

variable "subnet_ids" {
  type = list(string)
}

# The template gained a node_role variable; this call was not updated, and
# every plan (validate too) fails here.
resource "kubectl_manifest" "node_class" {
  count = length(var.subnet_ids) > 0 ? 1 : 0
  yaml_body = templatefile("${path.module}/templates/nodeclass.yaml.tftpl", { # want FL000 `Invalid function argument: Invalid value for "vars" parameter: vars map does not contain key "node_role", referenced at templates/nodeclass.yaml.tftpl:6,11-20.`
    name       = "general"
    subnet_ids = var.subnet_ids
  })
}

locals {
  # The same template read for a preview output: no name given either.
  preview = templatefile("${path.module}/templates/nodeclass.yaml.tftpl", { node_role = "preview", subnet_ids = [] }) # want FL000 `vars map does not contain key "name", referenced at templates/nodeclass.yaml.tftpl:4,11-15.`
}

output "preview" {
  value = local.preview
}

# Terraform runs in this directory (it keeps its state in a backend): a
# relative path is the same file.
output "preview_relative" {
  value = templatefile("templates/nodeclass.yaml.tftpl", { name = "preview", node_role = "preview" }) # want FL000 `vars map does not contain key "subnet_ids", referenced at templates/nodeclass.yaml.tftpl:10,14-24.`
}
