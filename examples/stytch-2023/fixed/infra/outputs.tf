output "cluster_name" {
  value = module.eks.cluster_name
}

output "karpenter_node_role_name" {
  description = "Karpenter's node role for EC2NodeClass spec.role."
  value       = aws_iam_role.karpenter_node.name
}

output "karpenter_security_group_id" {
  value = aws_security_group.karpenter_nodes.id
}

output "karpenter_queue_name" {
  value = module.karpenter.queue_name
}
