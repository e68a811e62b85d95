# A draft kept beside the platform root while the add-ons were being
# split out; nothing calls it, and the module it reads is not declared.
resource "aws_iam_instance_profile" "karpenter" {
  name = "KarpenterNodeInstanceProfile-core"
  role = module.cluster.node_role_name
}
