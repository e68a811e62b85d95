# Outputs (outputs.tf at the same tags).

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, null)
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "iam_role_path" {
  value = try(aws_iam_role.this[0].path, null)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

output "iam_policy_arn" {
  value = try(aws_iam_policy.custom[0].arn, null)
}

output "iam_policy_name" {
  value = try(aws_iam_policy.custom[0].name, null)
}

output "iam_policy_id" {
  value = try(aws_iam_policy.custom[0].policy_id, null)
}

output "associations" {
  value = aws_eks_pod_identity_association.this
}
