# The unit runs the karpenter submodule itself, handing it the node
# groups' role instead of letting it create one.
terraform {
  source = "tfr:///terraform-aws-modules/eks/aws//modules/karpenter?version=20.8.4"
}

dependency "nodes" {
  config_path = "../nodes"
}

inputs = {
  cluster_name         = "ledger"
  create_node_iam_role = false
  node_iam_role_arn    = dependency.nodes.outputs.worker_role_arn # want FL101:warning `is used by the karpenter module unit live/karpenter and also by managed node group \[live/nodes\] aws_eks_node_group.system` FL104:warning `uses node role .*, which node-group module .* creates together with`
}
