# Stand-in for terraform-aws-modules/eks/aws//modules/karpenter,
# versions 18.31.0 up to (not including) 19.7.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/karpenter/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v18.31.0 and v19.6.0.

output "irsa_name" {
  value = try(aws_iam_role.irsa[0].name, null)
}

output "irsa_arn" {
  value = try(aws_iam_role.irsa[0].arn, null)
}

output "irsa_unique_id" {
  value = try(aws_iam_role.irsa[0].unique_id, null)
}

output "queue_arn" {
  value = try(aws_sqs_queue.this[0].arn, null)
}

output "queue_name" {
  value = try(aws_sqs_queue.this[0].name, null)
}

output "queue_url" {
  value = try(aws_sqs_queue.this[0].url, null)
}

output "event_rules" {
  value = aws_cloudwatch_event_rule.this
}

output "role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "role_arn" {
  value = try(aws_iam_role.this[0].arn, var.iam_role_arn)
}

output "role_unique_id" {
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

output "instance_profile_unique" {
  value = try(aws_iam_instance_profile.this[0].unique_id, null)
}
