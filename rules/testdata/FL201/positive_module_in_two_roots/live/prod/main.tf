module "irsa" {
  source = "../../modules/irsa"
  issuer = "oidc.eks.eu-west-1.amazonaws.com/id/0D15EA5E0D15EA5E0D15EA5E0D15EA5A"
}
