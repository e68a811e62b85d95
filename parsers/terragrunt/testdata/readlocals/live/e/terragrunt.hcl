terraform {
  source = "../../mod"
}

# A local reading itself is not an undeclared one: its error stays a note.
locals {
  name = "${local.name}-x"
}

inputs = {
  name = local.name
}
