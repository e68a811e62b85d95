# Outputs of the role and its instance profile (outputs.tf at the same tags).

output "name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "arn" {
  value = try(aws_iam_role.this[0].arn, null)
}

output "unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

output "instance_profile_arn" {
  value = try(aws_iam_instance_profile.this[0].arn, null)
}

output "instance_profile_id" {
  value = try(aws_iam_instance_profile.this[0].id, null)
}

output "instance_profile_name" {
  value = try(aws_iam_instance_profile.this[0].name, null)
}

output "instance_profile_unique_id" {
  value = try(aws_iam_instance_profile.this[0].unique_id, null)
}
