# Parent configuration the units include with find_in_parent_folders().
locals {
  issuer = "oidc.eks.us-east-2.amazonaws.com/id/7E57AB1E7E57AB1E7E57AB1E7E57AB1E"
}

inputs = {
  oidc_issuer = local.issuer
}
