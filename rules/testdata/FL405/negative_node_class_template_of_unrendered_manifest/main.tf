resource "aws_vpc" "main" {
  cidr_block = "10.42.0.0/16"
}

resource "aws_subnet" "nodes" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.42.1.0/24"
  availability_zone = "eu-west-3a"
  tags = {
    "karpenter.sh/discovery" = "maple"
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name = "maple"
  vpc_id       = aws_vpc.main.id
  subnet_ids   = [aws_subnet.nodes.id]

  node_security_group_tags = {
    "karpenter.sh/discovery" = "maple"
  }
}

data "aws_ssm_parameter" "zone" {
  for_each = { primary = "/platform/maple/zone" }
  name     = each.value
}

# Each file under karpenter/ is a template Terraform renders and applies.
# The zone is known only once the parameter is read, so the
# rendered manifest is not known before apply; the template itself is no
# manifest to read as written.
resource "kubectl_manifest" "karpenter" {
  for_each = fileset("${path.module}/karpenter", "*.yaml")
  yaml_body = templatefile("${path.module}/karpenter/${each.value}", {
    cluster = module.eks.cluster_name
    zone    = distinct([for k, p in data.aws_ssm_parameter.zone : p.value])[0]
  })
}
