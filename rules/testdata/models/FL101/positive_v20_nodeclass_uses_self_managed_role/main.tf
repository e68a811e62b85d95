# A self-managed group from the v20 submodule creates its role and instance
# profile; the team points Karpenter's EC2NodeClass at the same role.
module "self_managed_node_group" {
  source  = "terraform-aws-modules/eks/aws//modules/self-managed-node-group"
  version = "20.31.6"

  name         = "legacy-batch"
  cluster_name = "analytics"
  subnet_ids   = ["subnet-0123abcd4567ef890"]

  instance_type = "c6i.xlarge"
  min_size      = 1
  max_size      = 5
  desired_size  = 1
}

resource "kubectl_manifest" "batch_node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: batch
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${module.self_managed_node_group.iam_role_name} # want FL101 `IAM role module\.self_managed_node_group\.aws_iam_role\.this\[0\] is used by Karpenter EC2NodeClass batch and also by self-managed node group module\.self_managed_node_group\.aws_autoscaling_group\.this\[0\]`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: analytics
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: analytics
  YAML
}
