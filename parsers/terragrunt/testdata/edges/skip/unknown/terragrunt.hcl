skip = get_env("SKIP_UNIT") == "yes"

terraform {
  source = "../../modules/vpc"
}
