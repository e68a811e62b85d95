terraform {
  backend "s3" {
    bucket = "<%= expansion('tfstate-:ACCOUNT-:REGION') %>"
    key    = "<%= expansion(':REGION/:ENV/:BUILD_DIR/terraform.tfstate') %>"
    region = "<%= expansion(':REGION') %>"
  }
}
