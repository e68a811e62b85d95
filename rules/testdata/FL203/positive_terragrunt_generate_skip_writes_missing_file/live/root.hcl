# Units that have no main.tf of their own get this one (if_exists = "skip"
# only keeps a file already there).
generate "irsa" {
  path      = "main.tf"
  if_exists = "skip"
  contents  = <<-EOT
    resource "aws_iam_role" "exports" {
      name = "staging-exports"
      assume_role_policy = jsonencode({ # want FL203 `trust of role "staging-exports"`
        Version = "2012-10-17"
        Statement = [{
          Effect    = "Allow"
          Action    = "sts:AssumeRoleWithWebIdentity"
          Principal = { Federated = "arn:aws:iam::613572849012:oidc-provider/oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B" }
          Condition = {
            StringEquals = {
              "oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B:aud" = "sts.amazonaws.com"
            }
            StringLike = {
              "oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B:sub" = "system:serviceaccount:*:exports"
            }
          }
        }]
      })
    }
  EOT
}
