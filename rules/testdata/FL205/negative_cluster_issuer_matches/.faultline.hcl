# The production cluster's OIDC issuer (aws eks describe-cluster --query
# cluster.identity.oidc.issuer): EKS computes it, so it is written here.
scope "k8s" {
  cluster     = "prod"
  oidc_issuer = "https://oidc.eks.us-east-1.amazonaws.com/id/PRODA1B2C3D4E5F6A7B8C9D0E1F2A3B4"
}
