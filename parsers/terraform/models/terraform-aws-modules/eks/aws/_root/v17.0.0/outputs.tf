# Outputs of terraform-aws-modules/eks/aws v17 that carry identities
# (outputs.tf at v17.0.0 and v17.24.0).

# The cluster's id is its name.
output "cluster_id" { value = try(aws_eks_cluster.this[0].name, "") }
output "cluster_arn" { value = try(aws_eks_cluster.this[0].arn, "") }
output "cluster_endpoint" { value = try(aws_eks_cluster.this[0].endpoint, "") }
output "cluster_certificate_authority_data" { value = try(aws_eks_cluster.this[0].certificate_authority[0].data, "") }
output "cluster_oidc_issuer_url" { value = try(aws_eks_cluster.this[0].identity[0].oidc[0].issuer, "") }
output "cluster_primary_security_group_id" { value = try(aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id, "") }
output "cluster_security_group_id" { value = local.cluster_security_group_id }
output "cluster_iam_role_name" { value = try(aws_iam_role.cluster[0].name, var.cluster_iam_role_name) }
output "cluster_iam_role_arn" { value = try(aws_iam_role.cluster[0].arn, "") }
output "oidc_provider_arn" { value = var.enable_irsa ? concat(aws_iam_openid_connect_provider.oidc_provider[*].arn, [""])[0] : null }
output "worker_security_group_id" { value = local.worker_security_group_id }
output "worker_iam_instance_profile_arns" {
  value = concat(aws_iam_instance_profile.workers.*.arn, aws_iam_instance_profile.workers_launch_template.*.arn)
}
output "worker_iam_instance_profile_names" {
  value = concat(aws_iam_instance_profile.workers.*.name, aws_iam_instance_profile.workers_launch_template.*.name)
}
output "worker_iam_role_name" { value = coalescelist(aws_iam_role.workers.*.name, [""])[0] }
output "worker_iam_role_arn" { value = coalescelist(aws_iam_role.workers.*.arn, [""])[0] }
output "workers_asg_names" {
  value = concat(aws_autoscaling_group.workers.*.id, aws_autoscaling_group.workers_launch_template.*.id)
}
output "node_groups" { value = module.node_groups.node_groups }
