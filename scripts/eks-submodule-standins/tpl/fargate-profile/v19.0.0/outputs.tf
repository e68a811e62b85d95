output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, var.iam_role_arn)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

output "fargate_profile_arn" {
  value = try(aws_eks_fargate_profile.this[0].arn, null)
}

output "fargate_profile_id" {
  value = try(aws_eks_fargate_profile.this[0].id, null)
}

output "fargate_profile_status" {
  value = try(aws_eks_fargate_profile.this[0].status, null)
}

output "fargate_profile_pod_execution_role_arn" {
  value = try(aws_eks_fargate_profile.this[0].pod_execution_role_arn, null)
}
