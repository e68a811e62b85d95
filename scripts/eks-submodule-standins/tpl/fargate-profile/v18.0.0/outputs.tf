output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, "")
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, "")
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, "")
}

output "fargate_profile_arn" {
  value = try(aws_eks_fargate_profile.this[0].arn, "")
}

output "fargate_profile_id" {
  value = try(aws_eks_fargate_profile.this[0].id, "")
}

output "fargate_profile_status" {
  value = try(aws_eks_fargate_profile.this[0].status, "")
}

output "fargate_profile_pod_execution_role_arn" {
  value = try(aws_eks_fargate_profile.this[0].pod_execution_role_arn, "")
}
