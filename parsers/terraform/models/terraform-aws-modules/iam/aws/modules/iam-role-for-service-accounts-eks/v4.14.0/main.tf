# Stand-in for terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks,
# versions v4.14.0 up to the next directory (exclusive). Written for faultline, not copied.
# Sources: github.com/terraform-aws-modules/terraform-aws-iam, modules/iam-role-for-service-accounts-eks/
# {main.tf,variables.tf,outputs.tf} at tags v4.14.0..v4.21.0.
# Modelled: the role and its web-identity trust (one statement per entry of
# oidc_providers; the issuer is the provider ARN with everything up to
# "provider/" cut off). Not modelled: the attach_* policies, the self-assume
# statement (allow_self_assume_role, v5.5+), policy attachments.

data "aws_iam_policy_document" "this" {
  count = var.create_role ? 1 : 0

  dynamic "statement" {
    for_each = var.oidc_providers

    content {
      effect  = "Allow"
      actions = ["sts:AssumeRoleWithWebIdentity"]

      principals {
        type        = "Federated"
        identifiers = [statement.value.provider_arn]
      }

      # Each "namespace:name" becomes a service-account subject.
      condition {
        test     = var.assume_role_condition_test
        variable = "${replace(statement.value.provider_arn, "/^(.*provider/)/", "")}:sub"
        values   = [for sa in statement.value.namespace_service_accounts : "system:serviceaccount:${sa}"]
      }
    }
  }
}

resource "aws_iam_role" "this" {
  count = var.create_role ? 1 : 0

  name                 = var.role_name
  name_prefix          = var.role_name_prefix
  path                 = var.role_path
  description          = var.role_description
  assume_role_policy   = data.aws_iam_policy_document.this[0].json
  permissions_boundary = var.role_permissions_boundary_arn
  tags                 = var.tags
}
