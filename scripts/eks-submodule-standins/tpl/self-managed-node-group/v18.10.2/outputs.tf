output "launch_template_id" {
  value = try(aws_launch_template.this[0].id, "")
}

output "launch_template_arn" {
  value = try(aws_launch_template.this[0].arn, "")
}

output "launch_template_latest_version" {
  value = try(aws_launch_template.this[0].latest_version, "")
}

output "launch_template_name" {
  value = try(aws_launch_template.this[0].name, "")
}

output "image_id" {
  value = try(aws_launch_template.this[0].image_id, "")
}

output "autoscaling_group_arn" {
  value = try(aws_autoscaling_group.this[0].arn, "")
}

output "autoscaling_group_id" {
  value = try(aws_autoscaling_group.this[0].id, "")
}

output "autoscaling_group_name" {
  value = try(aws_autoscaling_group.this[0].name, "")
}

output "autoscaling_group_min_size" {
  value = try(aws_autoscaling_group.this[0].min_size, "")
}

output "autoscaling_group_max_size" {
  value = try(aws_autoscaling_group.this[0].max_size, "")
}

output "autoscaling_group_desired_capacity" {
  value = try(aws_autoscaling_group.this[0].desired_capacity, "")
}

output "autoscaling_group_default_cooldown" {
  value = try(aws_autoscaling_group.this[0].default_cooldown, "")
}

output "autoscaling_group_health_check_grace_period" {
  value = try(aws_autoscaling_group.this[0].health_check_grace_period, "")
}

output "autoscaling_group_health_check_type" {
  value = try(aws_autoscaling_group.this[0].health_check_type, "")
}

output "autoscaling_group_availability_zones" {
  value = try(aws_autoscaling_group.this[0].availability_zones, "")
}

output "autoscaling_group_vpc_zone_identifier" {
  value = try(aws_autoscaling_group.this[0].vpc_zone_identifier, "")
}

output "autoscaling_group_schedule_arns" {
  value = {}
}

output "security_group_arn" {
  value = try(aws_security_group.this[0].arn, "")
}

output "security_group_id" {
  value = try(aws_security_group.this[0].id, "")
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, "")
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, "")
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, "")
}

output "iam_instance_profile_arn" {
  value = try(aws_iam_instance_profile.this[0].arn, var.iam_instance_profile_arn)
}

output "iam_instance_profile_id" {
  value = try(aws_iam_instance_profile.this[0].id, "")
}

output "iam_instance_profile_unique" {
  value = try(aws_iam_instance_profile.this[0].unique_id, "")
}

output "platform" {
  value = var.platform
}

output "user_data" {
  value = try(aws_launch_template.this[0].user_data, "")
}

output "access_entry_arn" {
  value = try(aws_eks_access_entry.this[0].access_entry_arn, null)
}
