# The platform team's own cluster module, from the private registry: its
# code is not in the tree and no module cache holds it, so which
# audiences its OIDC provider accepts is not known, and the finding is
# inferred (a notice).
module "cluster" {
  source  = "registry.platform.example.com/infra/kubernetes-cluster/aws"
  version = "4.2.0"

  name        = "billing"
  environment = "prod"
}

resource "aws_iam_role" "fluentd" {
  name = "billing-fluentd"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "billing-fluentd" \(aws_iam_role.fluentd\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.cluster.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.cluster.oidc_issuer}:sub" = "system:serviceaccount:logging:fluentd"
        }
      }
    }]
  })
}
