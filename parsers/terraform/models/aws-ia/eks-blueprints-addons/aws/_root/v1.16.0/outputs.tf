# Outputs (outputs.tf at tags v1.16.0..v1.16.3). The modelled add-ons give their add-on module's outputs;
# the others are unknown.

output "karpenter" {
  value = merge(
    module.karpenter,
    {
      node_instance_profile_name = try(aws_iam_instance_profile.karpenter[0].name, "")
      node_iam_role_arn          = try(aws_iam_role.karpenter[0].arn, "")
      node_iam_role_name         = try(aws_iam_role.karpenter[0].name, "")
      sqs                        = terraform_data.unmodelled.id
    }
  )
}

output "aws_load_balancer_controller" {
  value = module.aws_load_balancer_controller
}

output "external_dns" {
  value = module.external_dns
}

output "cluster_autoscaler" {
  value = module.cluster_autoscaler
}

output "eks_addons" {
  value = aws_eks_addon.this
}

output "helm_releases" {
  value = helm_release.this
}

# The modelled add-ons' entries; unknown as a whole when an add-on that is
# not modelled is enabled.
output "gitops_metadata" {
  value = length(helm_release.unmodelled) > 0 ? terraform_data.unmodelled.id : merge(
    { for k, v in {
      iam_role_arn    = module.cluster_autoscaler.iam_role_arn
      namespace       = local.cluster_autoscaler_namespace
      service_account = local.cluster_autoscaler_service_account
    } : "cluster_autoscaler_${k}" => v if var.enable_cluster_autoscaler },
    { for k, v in {
      iam_role_arn    = module.external_dns.iam_role_arn
      namespace       = local.external_dns_namespace
      service_account = local.external_dns_service_account
    } : "external_dns_${k}" => v if var.enable_external_dns },
    { for k, v in {
      iam_role_arn    = module.aws_load_balancer_controller.iam_role_arn
      namespace       = local.aws_load_balancer_controller_namespace
      service_account = local.aws_load_balancer_controller_service_account
    } : "aws_load_balancer_controller_${k}" => v if var.enable_aws_load_balancer_controller },
    { for k, v in {
      iam_role_arn               = module.karpenter.iam_role_arn
      namespace                  = local.karpenter_namespace
      service_account            = local.karpenter_service_account_name
      sqs_queue_name             = terraform_data.unmodelled.id
      node_instance_profile_name = local.output_karpenter_node_instance_profile_name
      node_iam_role_name         = try(aws_iam_role.karpenter[0].name, "")
    } : "karpenter_${k}" => v if var.enable_karpenter },
  )
}

# Add-ons not modelled.

output "argo_rollouts" {
  value = terraform_data.unmodelled.id
}

output "argo_workflows" {
  value = terraform_data.unmodelled.id
}

output "argocd" {
  value = terraform_data.unmodelled.id
}

output "argo_events" {
  value = terraform_data.unmodelled.id
}

output "aws_cloudwatch_metrics" {
  value = terraform_data.unmodelled.id
}

output "aws_efs_csi_driver" {
  value = terraform_data.unmodelled.id
}

output "aws_for_fluentbit" {
  value = terraform_data.unmodelled.id
}

output "aws_fsx_csi_driver" {
  value = terraform_data.unmodelled.id
}

output "aws_node_termination_handler" {
  value = terraform_data.unmodelled.id
}

output "aws_privateca_issuer" {
  value = terraform_data.unmodelled.id
}

output "cert_manager" {
  value = terraform_data.unmodelled.id
}

output "cluster_proportional_autoscaler" {
  value = terraform_data.unmodelled.id
}

output "external_secrets" {
  value = terraform_data.unmodelled.id
}

output "fargate_fluentbit" {
  value = terraform_data.unmodelled.id
}

output "gatekeeper" {
  value = terraform_data.unmodelled.id
}

output "ingress_nginx" {
  value = terraform_data.unmodelled.id
}

output "kube_prometheus_stack" {
  value = terraform_data.unmodelled.id
}

output "metrics_server" {
  value = terraform_data.unmodelled.id
}

output "secrets_store_csi_driver" {
  value = terraform_data.unmodelled.id
}

output "secrets_store_csi_driver_provider_aws" {
  value = terraform_data.unmodelled.id
}

output "velero" {
  value = terraform_data.unmodelled.id
}

output "vpa" {
  value = terraform_data.unmodelled.id
}

output "aws_gateway_api_controller" {
  value = terraform_data.unmodelled.id
}

output "bottlerocket_update_operator" {
  value = terraform_data.unmodelled.id
}
