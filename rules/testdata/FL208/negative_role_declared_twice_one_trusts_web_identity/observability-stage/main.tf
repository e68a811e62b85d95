# In the staging account the agent's role is an IRSA role: which of the
# two the annotation names decides whether the pods get credentials, and
# nothing in the tree says which.
resource "aws_iam_role" "metrics_reader" {
  name = "metrics-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::246813579135:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/7E6D5C4B3A29180706F5E4D3C2B1A090" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/7E6D5C4B3A29180706F5E4D3C2B1A090:sub" = "system:serviceaccount:monitoring:metrics-agent"
          "oidc.eks.eu-west-1.amazonaws.com/id/7E6D5C4B3A29180706F5E4D3C2B1A090:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
