# The release is made inside a registry module (its code is fetched by
# terraform init, not committed); the chart is the module's input.
module "batch_runner" {
  source  = "cloudposse/helm-release/aws"
  version = "0.10.1"

  name  = "batch-runner"
  chart = "${path.module}/charts/batch-runner"

  values = [yamlencode({ runner = { resources = { limits = { cpu = "2" } } } })]
}

# A directory of rule files, not a chart: nothing installs anything here.
module "config_rules" {
  source  = "cloudposse/config/yaml"
  version = "1.0.2"

  map_config_local_base_path = "${path.module}/rules"
  map_config_paths           = ["*.yaml"]
}
