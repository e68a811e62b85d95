resource "aws_eks_cluster" "vault" {
  name     = "vault"
  role_arn = "arn:aws:iam::848484848484:role/vault-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f4f4f4f4f4f4f4f1", "subnet-0f4f4f4f4f4f4f4f2"]
  }
}

resource "aws_iam_role" "secrets_sync" {
  name = "vault-secrets-sync"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "pods.eks.amazonaws.com" }, Action = ["sts:AssumeRole", "sts:TagSession"] }]
  })
}

# Bound to the chart's usual account name; the release gives the
# controller an account of another name, and its webhook and cert
# controller run as theirs.
resource "aws_eks_pod_identity_association" "secrets_sync" {
  cluster_name    = aws_eks_cluster.vault.name
  namespace       = "external-secrets"
  service_account = "external-secrets" # want FL206 `aws_eks_pod_identity_association.secrets_sync binds IAM role "vault-secrets-sync" \(aws_iam_role.secrets_sync\) to service account external-secrets/external-secrets, but nothing in namespace external-secrets runs as "external-secrets" \(accounts there: "external-secrets-cert-controller", "external-secrets-webhook" and "secrets-sync"\)`
  role_arn        = aws_iam_role.secrets_sync.arn
}

resource "helm_release" "external_secrets" {
  name             = "external-secrets"
  namespace        = "external-secrets"
  create_namespace = true
  repository       = "https://charts.external-secrets.io"
  chart            = "external-secrets"
  version          = "0.14.4"

  values = [yamlencode({
    serviceAccount = { name = "secrets-sync" }
  })]
}
