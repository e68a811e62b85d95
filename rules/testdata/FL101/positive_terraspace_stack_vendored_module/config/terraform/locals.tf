locals {
  env = "<%= Terraspace.env %>"
}
