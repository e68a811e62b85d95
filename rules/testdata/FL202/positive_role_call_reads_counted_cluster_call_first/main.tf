# The cluster call is counted by a flag, and it and the CNI role call read
# each other's outputs: the role call may be evaluated first, and sees the
# cluster's provider before the cluster call is evaluated. The trust names
# an account the add-on does not run as. The flag is declared last.
module "vpc_cni_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "5.44.0"

  role_name             = "harbor-vpc-cni"
  attach_vpc_cni_policy = true
  vpc_cni_enable_ipv4   = true

  oidc_providers = {
    harbor = {
      provider_arn               = module.cluster[0].oidc_provider_arn
      namespace_service_accounts = ["kube-system:vpc-cni"] # want FL202 `allows system:serviceaccount:kube-system:vpc-cni; the service account bound to it is kube-system:aws-node`
    }
  }
}

module "cluster" {
  count   = var.create_cluster ? 1 : 0
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.0"

  cluster_name    = "harbor"
  cluster_version = "1.31"
  vpc_id          = "vpc-0a1b2c3d4e5f60789"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60781", "subnet-0a1b2c3d4e5f60782"]

  cluster_addons = {
    vpc-cni = {
      before_compute           = true
      service_account_role_arn = module.vpc_cni_role.iam_role_arn
    }
  }
}

variable "create_cluster" {
  type    = bool
  default = true
}
