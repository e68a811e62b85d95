resource "aws_iam_role" "workers" {
  name = "tern-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name    = "tern"
  node_group_name = "base"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0c9b8a7d6e5f40312"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

variable "architectures" {
  type    = list(string)
  default = ["x86_64", "arm64"]
}

data "aws_ssm_parameter" "ami" {
  count = length(var.architectures)
  name  = "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/${var.architectures[count.index]}/standard/recommended/image_id"
}

# One node class per architecture, each with its own AMI: the AMI is
# known only after apply, the rest of the manifest is not.
resource "kubectl_manifest" "node_class" {
  count     = length(var.architectures)
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: ${var.architectures[count.index]}
    spec:
      role: ${aws_iam_role.workers.name}
      amiFamily: AL2023
      amiSelectorTerms:
        - id: ${data.aws_ssm_parameter.ami[count.index].value}
      subnetSelectorTerms:
        - id: subnet-0c9b8a7d6e5f40312
      securityGroupSelectorTerms:
        - id: sg-0c9b8a7d6e5f40312
  YAML
}
