# Terraform's file functions in an included file read beside this file;
# Terragrunt's own functions (read_terragrunt_config here) resolve against
# the unit that includes it.
locals {
  settings = yamldecode(file("settings.yaml"))
  present  = fileexists("settings.yaml")
  greeting = templatefile("tpl/greeting.tftpl", { who = "ops" })
  tpls     = fileset("tpl", "*.tftpl")
  account  = read_terragrunt_config("account.hcl")
}

inputs = {
  region       = local.settings.region
  has_settings = local.present
  greeting     = local.greeting
  templates    = local.tpls
  account      = local.account.locals.id
}
