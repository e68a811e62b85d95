# Stand-in for terraform-aws-modules/eks/aws//modules/fargate-profile,
# versions 18.0.0 up to (not including) 18.1.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/fargate-profile/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v18.0.0 and v18.0.6.

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
