# The EBS CSI add-on runs as the role the IRSA module makes, and the IRSA
# module trusts the cluster's provider: the two calls read each other.
# The trust was written for the controller's old namespace.
variable "name" {
  type = string
}

variable "vpc_id" {
  type = string
}

variable "subnets" {
  type = list(string)
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.15"

  cluster_name    = var.name
  cluster_version = "1.29"
  vpc_id          = var.vpc_id
  subnet_ids      = var.subnets

  cluster_addons = {
    aws-ebs-csi-driver = {
      service_account_role_arn = module.ebs_csi_irsa.iam_role_arn
    }
  }
}

module "ebs_csi_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "~> 5.20"

  role_name = "${var.name}-ebs-csi"
  oidc_providers = {
    main = {
      provider_arn               = module.eks.oidc_provider_arn
      namespace_service_accounts = ["storage:ebs-csi-controller-sa"] # want FL201 `allows system:serviceaccount:storage:ebs-csi-controller-sa; the service account runs as kube-system:ebs-csi-controller-sa`
    }
  }
}
