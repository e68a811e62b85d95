module "autoscaling" {
  source = "./modules/autoscaling"

  chart_values = [file("${path.module}/values/karpenter.yaml")]
}
