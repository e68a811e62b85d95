# Pinned to a commit of a v19 release. The caller reads the module's KMS
# key output, which faultline's built-in models do not keep: that tells no
# version from another, so the v19-style inputs still pick v19.
module "eks" {
  source = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=89abcdef0123456789abcdef0123456789abcdef"

  cluster_name                   = "archive"
  cluster_version                = "1.27"
  vpc_id                         = "vpc-0a1b2c3d4e5f60718"
  subnet_ids                     = ["subnet-0b1c2d3e4f5a60718", "subnet-0c1d2e3f4a5b60718"]
  manage_aws_auth_configmap      = true
  cluster_endpoint_public_access = true
}

output "cluster_kms_key" {
  value                          = module.eks.kms_key_arn
}
