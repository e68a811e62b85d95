# One role and one account per tenant; the tenants come from the
# pipeline. Each account is bound to its tenant's role, whose trust names
# an account called "importer", while the accounts are called "loader".
variable "tenants" {
  type = list(string)
}

resource "aws_iam_role" "tenant" {
  for_each = toset(var.tenants)

  name = "tenant-${each.value}-importer"
  assume_role_policy = jsonencode({ # want FL202:warning `allows system:serviceaccount:tenants:importer; the service account bound to it is tenants:loader`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::121212121212:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/0FEDCBA987654321" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-east-2.amazonaws.com/id/0FEDCBA987654321:sub" = "system:serviceaccount:tenants:importer"
          "oidc.eks.us-east-2.amazonaws.com/id/0FEDCBA987654321:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "tenant" {
  for_each = toset(var.tenants)

  metadata {
    name      = "loader"
    namespace = "tenants"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.tenant[each.value].arn
    }
  }
}
