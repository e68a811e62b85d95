# The hub's Argo CD role, made with the single add-on module and no release:
# the trust lets every account of the namespace whose name starts with
# "argocd-" assume it, not only the controller and server that need it.
module "argocd_hub_role" { # want FL203:warning `trust of role "hub-argocd" \(module.argocd_hub_role.aws_iam_role.this\[0\]\) lets any service account of namespace argocd matching argocd-\* assume it`
  source  = "aws-ia/eks-blueprints-addon/aws"
  version = "~> 1.1"

  create_release             = false
  create_role                = true
  role_name                  = "hub-argocd"
  role_name_use_prefix       = false
  assume_role_condition_test = "StringLike"
  create_policy              = false

  oidc_providers = {
    hub = {
      provider_arn    = "arn:aws:iam::192837465012:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/4D5E6F708192A3B4C5D6E7F809A1B2C3"
      namespace       = "argocd"
      service_account = "argocd-*"
    }
  }
}
