output "iam_role_name" {
  value = try(aws_iam_role.controller[0].name, null)
}

output "iam_role_arn" {
  value = try(aws_iam_role.controller[0].arn, null)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.controller[0].unique_id, null)
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

output "node_iam_role_name" {
  value = try(aws_iam_role.node[0].name, null)
}

output "node_iam_role_arn" {
  value = try(aws_iam_role.node[0].arn, var.node_iam_role_arn)
}

output "node_iam_role_unique_id" {
  value = try(aws_iam_role.node[0].unique_id, null)
}

output "node_access_entry_arn" {
  value = try(aws_eks_access_entry.node[0].access_entry_arn, null)
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

output "namespace" {
  value = var.namespace
}

output "service_account" {
  value = var.service_account
}
