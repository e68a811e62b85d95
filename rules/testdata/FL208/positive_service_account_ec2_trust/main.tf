provider "aws" {
  region = "eu-west-1"
}

# external-dns was given the trust of the node role it was copied from.
resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_role_policy_attachment" "external_dns" {
  role       = aws_iam_role.external_dns.name
  policy_arn = "arn:aws:iam::444455556666:policy/external-dns-route53"
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn # want FL208:error `kubernetes_service_account_v1.external_dns is bound to IAM role "prod-external-dns" \(aws_iam_role.external_dns\), whose trust does not allow sts:AssumeRoleWithWebIdentity from any OIDC provider \(it trusts ec2.amazonaws.com \(sts:AssumeRole\)\)`
    }
  }
}
