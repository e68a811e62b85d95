data "terraform_remote_state" "cluster" {
  backend = "local"
  config = {
    path = "../cluster/terraform.tfstate"
  }
}

locals {
  # The output is absent from the state: try() takes the group's role.
  node_role = try(data.terraform_remote_state.cluster.outputs.karpenter_role_name, data.terraform_remote_state.cluster.outputs.general_role_name)
}

resource "kubectl_manifest" "default_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      role: ${local.node_role} # want FL101 `IAM role "osprey-general" \(aws_iam_role\.general\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group\.general`
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: osprey
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: osprey
  YAML
}
