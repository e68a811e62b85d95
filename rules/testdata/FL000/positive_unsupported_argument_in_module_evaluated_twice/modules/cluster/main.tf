# The add-on's role and the role's provider read each other, so this
# module is evaluated twice; the tags module lost its "owner" input in a
# refactor.
variable "name" {
  type = string
}

module "tags" {
  source      = "../tags"
  environment = "prod"
  owner       = "platform" # want FL000 `Unsupported argument: an argument named "owner" is not expected here`
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.15"

  cluster_name    = var.name
  cluster_version = "1.29"
  vpc_id          = "vpc-0a0b0c"
  subnet_ids      = ["subnet-0a1", "subnet-0b2"]
  tags            = module.tags.tags

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
      namespace_service_accounts = ["kube-system:ebs-csi-controller-sa"]
    }
  }
}
