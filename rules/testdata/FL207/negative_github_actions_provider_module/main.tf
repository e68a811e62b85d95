# The CI deploy roles of this repository: GitHub Actions assumes them with
# its own OIDC tokens, whose subjects name a repository and a ref.
resource "aws_iam_openid_connect_provider" "github" {
  url             = "https://token.actions.githubusercontent.com"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["6938fd4d98bab03faadb97b34396831e3780aea1"]
}

module "deploy_role" {
  source   = "./modules/github-role"
  for_each = toset(["infrastructure", "platform-charts"])

  provider_arn = aws_iam_openid_connect_provider.github.arn
  repository   = "acme-platform/${each.key}"
}
