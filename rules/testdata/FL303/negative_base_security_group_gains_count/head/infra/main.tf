variable "karpenter_enabled" {
  type    = bool
  default = true
}

# Made optional: Terraform moves the group it created to instance [0] by
# itself (an implied move), so nothing is destroyed (terraform plan agrees).
resource "aws_security_group" "karpenter_nodes" {
  count  = var.karpenter_enabled ? 1 : 0
  name   = "payments-karpenter-nodes"
  vpc_id = "vpc-0payments"
}
