include "root" {
  path   = find_in_parent_folders("stack-config.hcl")
  expose = true
}

terraform {
  source = "git::https://github.com/acme/modules.git//vpc?ref=${include.root.locals.ref}"
}
