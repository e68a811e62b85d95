# Every input the call passes is one the installed 3.x code declares; the
# meta-arguments are not inputs.
module "workers" {
  source  = "platform-tools/workers/aws"
  version = "~> 3.1"
  count   = 1

  cluster_name   = "payments"
  instance_types = ["m6i.large"]
  block_device_mappings = {
    root = { device_name = "/dev/xvda", volume_size = 80 }
  }
  depends_on = [terraform_data.cluster_ready]
}

resource "terraform_data" "cluster_ready" {}
