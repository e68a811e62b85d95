resource "aws_iam_openid_connect_provider" "staging" {
  url             = "https://oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Written for the namespace the HelmRelease names, not the one Flux puts
# it in.
resource "aws_iam_role" "external_dns" {
  name = "staging-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:external-dns; the service account runs as networking:external-dns: service account networking/external-dns \(Flux HelmRelease networking/external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.staging.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:sub" = "system:serviceaccount:kube-system:external-dns"
          "oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
