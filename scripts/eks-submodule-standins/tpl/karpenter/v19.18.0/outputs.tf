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
