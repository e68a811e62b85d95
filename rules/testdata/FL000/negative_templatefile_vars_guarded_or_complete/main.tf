variable "subnet_ids" {
  type = list(string)
}

variable "render_preview" {
  type    = bool
  default = false
}

variable "template_dir" {
  type = string
}

variable "pools" {
  type = list(string)
}

# Every variable the template refers to is given.
resource "kubectl_manifest" "node_class" {
  yaml_body = templatefile("${path.module}/templates/nodeclass.yaml.tftpl", {
    name       = "general"
    node_role  = "general-nodes"
    subnet_ids = var.subnet_ids
  })
}

locals {
  # Calls Terraform does not judge before it evaluates them: behind a
  # condition, inside try(), in a for expression over a list not known.
  behind_condition = var.render_preview ? templatefile("${path.module}/templates/nodeclass.yaml.tftpl", {}) : ""
  tried            = try(templatefile("${path.module}/templates/nodeclass.yaml.tftpl", { name = "x" }), "")
  renders          = can(templatefile("${path.module}/templates/nodeclass.yaml.tftpl", {}))
  per_pool         = [for p in var.pools : templatefile("${path.module}/templates/nodeclass.yaml.tftpl", { name = p })]
  # A path known only at apply, one resolved where Terraform runs (this
  # directory keeps no state: it may be a module), and keys that are not
  # literals.
  elsewhere = templatefile("${var.template_dir}/nodeclass.yaml.tftpl", {})
  relative  = templatefile("templates/nodeclass.yaml.tftpl", {})
  keyed     = templatefile("${path.module}/templates/nodeclass.yaml.tftpl", { (var.template_dir) = "x" })
}

output "all" {
  value = [local.behind_condition, local.tried, local.renders, local.per_pool, local.elsewhere, local.relative, local.keyed]
}
