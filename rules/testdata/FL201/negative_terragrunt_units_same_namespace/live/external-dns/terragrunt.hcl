include {
  path = find_in_parent_folders()
}

terraform {
  source = "../../modules//service-account"
}

dependency "role" {
  config_path = "../iam-dns"
}

inputs = {
  namespace = "kube-system"
  name      = "external-dns"
  role_arn  = dependency.role.outputs.arn
}
