locals {
  config_path = get_env("CONFIG_PATH", "")
  cfg         = yamldecode(file(local.config_path))
  ref         = try(local.cfg.terraform_ref, "v1.0.0")
}
