remote_state {
  backend = "s3"
  config = {
    bucket = "plover-terraform-state"
    key    = "live/cluster/terraform.tfstate"
    region = "eu-west-3"
  }
}
