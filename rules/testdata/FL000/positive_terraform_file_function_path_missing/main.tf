terraform {
  backend "s3" {
    bucket = "bogota-state"
    key    = "edge/terraform.tfstate"
    region = "us-east-1"
  }
}

# The user data script was renamed to bootstrap.sh; this still reads the
# old name.
resource "aws_launch_template" "edge" {
  name_prefix = "edge-"
  user_data   = base64encode(file("${path.module}/templates/userdata.sh")) # want FL000 `Invalid function argument: Invalid value for "path" parameter: no file exists at "\./templates/userdata\.sh"`
}

locals {
  dns_values = templatefile("${path.module}/templates/external-dns.yaml.tpl", { zone = "edge.example.com" }) # want FL000 `no file exists at "\./templates/external-dns\.yaml\.tpl"`
}

output "dns_values" {
  value = local.dns_values
}

module "edge_node" {
  source = "./modules/edge_node"
}
