# Outputs of the role (outputs.tf at the same tags).

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, "")
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, "")
}

output "iam_role_path" {
  value = try(aws_iam_role.this[0].path, "")
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, "")
}
