terraform {
  source = "../../modules/identity"
}

inputs = {
  issuer_url = "https://oidc.eks.sa-east-1.amazonaws.com/id/3C4D5E6F708192A3B4C5D6E7F8091A2B"
}
