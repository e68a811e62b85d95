output "cluster_name" {
  value = module.eks.cluster_name
}

output "node_role_name" {
  description = "Node role for EC2NodeClass spec.role."
  value       = aws_iam_role.nodes.name
}

output "karpenter_queue_name" {
  value = module.karpenter.queue_name
}
