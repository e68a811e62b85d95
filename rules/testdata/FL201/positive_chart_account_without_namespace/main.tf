# The team's own chart writes its ServiceAccount without a namespace, as
# `helm create` scaffolds it: Helm creates it in the release's namespace,
# analytics. The trust still names the namespace the service ran in
# before the move.
resource "helm_release" "reports" {
  name      = "reports"
  namespace = "analytics"
  chart     = "${path.module}/charts/reports"

  values = [yamlencode({
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.reports.arn }
    }
  })]
}

resource "aws_iam_role" "reports" {
  name = "analytics-reports"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "analytics-reports" \(aws_iam_role.reports\) allows system:serviceaccount:batch:reports; the service account runs as analytics:reports`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-3.amazonaws.com/id/44B1C8D2E9F03A7B6C5D" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-3.amazonaws.com/id/44B1C8D2E9F03A7B6C5D:sub" = "system:serviceaccount:batch:reports"
          "oidc.eks.eu-west-3.amazonaws.com/id/44B1C8D2E9F03A7B6C5D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
