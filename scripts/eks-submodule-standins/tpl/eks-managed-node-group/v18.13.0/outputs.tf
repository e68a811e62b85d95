output "launch_template_id" {
  value = try(aws_launch_template.this[0].id, null)
}

output "launch_template_arn" {
  value = try(aws_launch_template.this[0].arn, null)
}

output "launch_template_latest_version" {
  value = try(aws_launch_template.this[0].latest_version, null)
}

output "launch_template_name" {
  value = try(aws_launch_template.this[0].name, null)
}

output "node_group_arn" {
  value = try(aws_eks_node_group.this[0].arn, null)
}

output "node_group_id" {
  value = try(aws_eks_node_group.this[0].id, null)
}

output "node_group_resources" {
  value = try(aws_eks_node_group.this[0].resources, null)
}

output "node_group_autoscaling_group_names" {
  value = try(flatten(aws_eks_node_group.this[0].resources[*].autoscaling_groups[*].name), [])
}

output "node_group_status" {
  value = try(aws_eks_node_group.this[0].status, null)
}

output "node_group_labels" {
  value = try(aws_eks_node_group.this[0].labels, {})
}

output "node_group_taints" {
  value = try(aws_eks_node_group.this[0].taint, [])
}

output "autoscaling_group_schedule_arns" {
  value = {}
}

output "platform" {
  value = var.platform
}

output "security_group_arn" {
  value = try(aws_security_group.this[0].arn, null)
}

output "security_group_id" {
  value = try(aws_security_group.this[0].id, null)
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, var.iam_role_arn)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}
