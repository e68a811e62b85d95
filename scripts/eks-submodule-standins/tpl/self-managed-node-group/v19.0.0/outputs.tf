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

output "image_id" {
  value = try(aws_launch_template.this[0].image_id, null)
}

output "autoscaling_group_arn" {
  value = try(aws_autoscaling_group.this[0].arn, null)
}

output "autoscaling_group_id" {
  value = try(aws_autoscaling_group.this[0].id, null)
}

output "autoscaling_group_name" {
  value = try(aws_autoscaling_group.this[0].name, null)
}

output "autoscaling_group_min_size" {
  value = try(aws_autoscaling_group.this[0].min_size, null)
}

output "autoscaling_group_max_size" {
  value = try(aws_autoscaling_group.this[0].max_size, null)
}

output "autoscaling_group_desired_capacity" {
  value = try(aws_autoscaling_group.this[0].desired_capacity, null)
}

output "autoscaling_group_default_cooldown" {
  value = try(aws_autoscaling_group.this[0].default_cooldown, null)
}

output "autoscaling_group_health_check_grace_period" {
  value = try(aws_autoscaling_group.this[0].health_check_grace_period, null)
}

output "autoscaling_group_health_check_type" {
  value = try(aws_autoscaling_group.this[0].health_check_type, null)
}

output "autoscaling_group_availability_zones" {
  value = try(aws_autoscaling_group.this[0].availability_zones, null)
}

output "autoscaling_group_vpc_zone_identifier" {
  value = try(aws_autoscaling_group.this[0].vpc_zone_identifier, null)
}

output "autoscaling_group_schedule_arns" {
  value = {}
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
  value = try(aws_iam_role.this[0].arn, null)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

output "iam_instance_profile_arn" {
  value = try(aws_iam_instance_profile.this[0].arn, var.iam_instance_profile_arn)
}

output "iam_instance_profile_id" {
  value = try(aws_iam_instance_profile.this[0].id, null)
}

output "iam_instance_profile_unique" {
  value = try(aws_iam_instance_profile.this[0].unique_id, null)
}

output "platform" {
  value = var.platform
}

output "user_data" {
  value = try(aws_launch_template.this[0].user_data, null)
}

output "access_entry_arn" {
  value = try(aws_eks_access_entry.this[0].access_entry_arn, null)
}
