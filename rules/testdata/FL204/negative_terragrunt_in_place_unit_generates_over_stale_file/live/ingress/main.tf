# The cluster's provider is the eks module's, which accepts only the
# sts.amazonaws.com audience: the trust needs no :aud condition.
resource "aws_iam_role" "load_balancer_controller" {
  name = "plover-load-balancer-controller"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.cluster.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.cluster.outputs.oidc_issuer_host}:sub" = "system:serviceaccount:kube-system:aws-load-balancer-controller"
        }
      }
    }]
  })
}
