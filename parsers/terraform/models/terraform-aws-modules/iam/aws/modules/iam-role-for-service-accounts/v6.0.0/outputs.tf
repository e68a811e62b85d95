# Outputs of the role (outputs.tf at the same tags; v6 drops the iam_role_ prefix).

output "arn" {
  value = try(aws_iam_role.this[0].arn, null)
}

output "name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "path" {
  value = try(aws_iam_role.this[0].path, null)
}

output "unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

output "iam_policy_arn" {
  value = try(aws_iam_policy.this[0].arn, null)
}

output "iam_policy" {
  value = try(aws_iam_policy.this[0].policy, null)
}
