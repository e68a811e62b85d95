module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "atlas"
  cluster_version = "1.31"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
}

# No version: terraform init installs the newest release, v21 or later,
# which has no aws-auth submodule.
module "aws_auth" {
  source = "terraform-aws-modules/eks/aws//modules/aws-auth" # want FL000 "Unreadable module subdirectory: The target submodule modules/aws-auth does not exist within the target module terraform-aws-modules/eks/aws from v21.0.0 on"

  manage_aws_auth_configmap = true
  aws_auth_roles = [{
    rolearn  = "arn:aws:iam::606060606060:role/atlas-admins"
    username = "admins"
    groups   = ["system:masters"]
  }]
}
