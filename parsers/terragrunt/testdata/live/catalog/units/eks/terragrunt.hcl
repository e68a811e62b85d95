terraform {
  source = "tfr://registry.terraform.io/terraform-aws-modules/eks/aws?version=${values.version}"
}

inputs = {
  cluster_name = values.cluster_name
}
