resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.us-west-2.amazonaws.com/id/3F1A7C0D9B2E"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The autoscaler's chart names its operator's account itself
# ("<release>-operator"), not by Helm's fullname convention; faultline
# does not know this chart, so the account's name is not known.
resource "aws_iam_role" "scaler" {
  name = "event-scaler-operator"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/3F1A7C0D9B2E:sub" = "system:serviceaccount:scaling:event-scaler-operator"
          "oidc.eks.us-west-2.amazonaws.com/id/3F1A7C0D9B2E:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "event_scaler" {
  name       = "event-scaler"
  namespace  = "scaling"
  repository = "https://charts.example.org/scaling"
  chart      = "event-scaler"
  version    = "2.6.1"
  values = [yamlencode({
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.scaler.arn }
    }
  })]
}
