# Node groups from the platform team's module, pinned by tag. It creates
# its own node role; after `terraform init` its code sits in .terraform.
module "workers" {
  source = "github.com/acme/terraform-aws-workers?ref=v2.0.1"

  cluster_name = "payments"
  groups       = ["apps", "batch"]
}
