resource "aws_security_group" "karpenter_nodes" {
  name   = "payments-karpenter-nodes"
  vpc_id = "vpc-0payments"
}
