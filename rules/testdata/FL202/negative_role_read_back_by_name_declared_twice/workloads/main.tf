# Which of the two roles this is cannot be told from the name.
data "aws_iam_role" "ledger_api" {
  name = "ledger-api"
}

resource "kubernetes_service_account_v1" "ledger_api" {
  metadata {
    name      = "ledger-api"
    namespace = "ledger"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.aws_iam_role.ledger_api.arn
    }
  }
}
