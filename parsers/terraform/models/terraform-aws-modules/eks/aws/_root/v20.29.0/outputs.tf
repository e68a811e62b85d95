# Outputs of terraform-aws-modules/eks/aws v20 that carry identities
# (outputs.tf at v20.0.1 and v20.37.2).

output "cluster_arn" { value = try(aws_eks_cluster.this[0].arn, null) }
output "cluster_name" { value = try(aws_eks_cluster.this[0].name, "") }
output "cluster_id" { value = try(aws_eks_cluster.this[0].cluster_id, "") }
output "cluster_endpoint" { value = try(aws_eks_cluster.this[0].endpoint, null) }
output "cluster_version" { value = try(aws_eks_cluster.this[0].version, null) }
output "cluster_certificate_authority_data" { value = try(aws_eks_cluster.this[0].certificate_authority[0].data, null) }
output "cluster_oidc_issuer_url" { value = try(aws_eks_cluster.this[0].identity[0].oidc[0].issuer, null) }
output "cluster_primary_security_group_id" { value = try(aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id, null) }
output "access_entries" { value = aws_eks_access_entry.this }
output "cluster_security_group_id" { value = try(aws_security_group.cluster[0].id, null) }
output "cluster_security_group_arn" { value = try(aws_security_group.cluster[0].arn, null) }
output "node_security_group_id" { value = try(aws_security_group.node[0].id, null) }
output "node_security_group_arn" { value = try(aws_security_group.node[0].arn, null) }
output "oidc_provider" { value = try(replace(aws_eks_cluster.this[0].identity[0].oidc[0].issuer, "https://", ""), null) }
output "oidc_provider_arn" { value = try(aws_iam_openid_connect_provider.oidc_provider[0].arn, null) }
output "cluster_iam_role_name" { value = try(aws_iam_role.this[0].name, null) }
output "cluster_iam_role_arn" { value = try(aws_iam_role.this[0].arn, null) }
output "eks_managed_node_groups" { value = module.eks_managed_node_group }
output "self_managed_node_groups" { value = module.self_managed_node_group }
