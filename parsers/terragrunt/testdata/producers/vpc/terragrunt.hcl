terraform {
  source = "tfr:///terraform-aws-modules/vpc/aws?version=5.13.0"
}
