module "workers" {
  source = "./modules/workers"
  name   = "workers"
}

# The legacy node template launches with the workers' profile and picks
# their security group by its discovery tag.
resource "kubectl_manifest" "legacy_template" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1alpha1
    kind: AWSNodeTemplate
    metadata:
      name: default
    spec:
      instanceProfile: ${module.workers.iam_instance_profile_name} # want FL104:error `uses instance profile "checkout-workers" \(module.workers.aws_iam_instance_profile.this\), which node-group module module.workers creates together with module.workers.aws_autoscaling_group.this` FL102 `instance profile "checkout-workers" \(module.workers.aws_iam_instance_profile.this\) is used by Karpenter AWSNodeTemplate default and also by self-managed node group`
      subnetSelector:
        karpenter.sh/discovery: checkout
      securityGroupSelector:
        karpenter.sh/discovery: checkout # want FL104:error `selects security group "checkout-workers" \(module.workers.aws_security_group.this\), which node-group module module.workers creates` FL103 `security group "checkout-workers" \(module.workers.aws_security_group.this\) is selected by Karpenter AWSNodeTemplate default and also attached to self-managed node group`
  YAML
}
