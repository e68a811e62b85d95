resource "kubernetes_service_account_v1" "app" {
  metadata {
    name        = "other"
    namespace   = "dev"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.app.arn }
  }
}
