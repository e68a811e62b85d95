# A catalog unit: stacks in other repositories use it, where
# get_repo_root() is their own root and platform/modules/dns is their
# vendored copy of this repository. Terragrunt resolves the source; in
# this repository alone it names nothing, which is no error here.
terraform {
  source = "${get_repo_root()}/platform/modules/dns"
}

inputs = {
  zone = "internal.example.com"
}
