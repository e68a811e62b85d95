resource "aws_security_group" "nodes" {
  name   = "ingest-nodes"
  vpc_id = "vpc-04b3c2d1e0f9a8b7c"

  tags = {
    "karpenter.sh/discovery" = "ingest"
  }
}
