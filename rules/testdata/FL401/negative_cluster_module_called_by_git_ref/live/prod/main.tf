module "cluster" {
  source = "git::https://git.example.com/platform/infrastructure.git//modules/cluster?ref=v3.2.0"

  name                = "prod"
  node_instance_types = ["m6i.2xlarge"]
}
