include {
  path = find_in_parent_folders()
}

terraform {
  source = "../../modules//irsa-role"
}

inputs = {
  name      = "external-dns"
  namespace = "kube-system"
  account   = "external-dns"
}
