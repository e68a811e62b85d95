# Stand-in for terraform-aws-modules/eks/aws//modules/fargate-profile,
# versions 20.16.0 up to (not including) 21.0.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/fargate-profile/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.16.0 and v20.37.2.

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
