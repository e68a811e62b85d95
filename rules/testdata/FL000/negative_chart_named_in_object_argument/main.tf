# The collector chart is installed by the blueprints' helm-addon module,
# which takes the chart inside its helm_config object; the values it is
# given are merged in by the module.
module "collector" {
  source = "github.com/aws-ia/terraform-aws-eks-blueprints//modules/kubernetes-addons/helm-addon?ref=v4.32.1"

  helm_config = {
    name      = "telemetry-collector"
    namespace = "telemetry"
    chart     = "${path.module}/collector"
  }
}
