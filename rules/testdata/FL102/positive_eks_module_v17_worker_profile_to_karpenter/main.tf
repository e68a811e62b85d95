# A v17 cluster with self-managed workers from a launch template. Karpenter
# was pointed at the module's worker instance profile, so its nodes boot
# with the same profile the worker autoscaling group launches with.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "17.24.0"

  cluster_name    = "ledger"
  cluster_version = "1.22"
  vpc_id          = "vpc-0e1f2a3b4c5d6e7f8"
  subnets         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  worker_groups_launch_template = [
    {
      name                 = "general"
      instance_type        = "m5.xlarge"
      asg_desired_capacity = 3
      asg_max_size         = 6
    },
  ]
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "v0.31.4"

  set {
    name  = "settings.aws.clusterName"
    value = module.eks.cluster_id
  }
  set {
    name  = "settings.aws.defaultInstanceProfile"
    value = module.eks.worker_iam_instance_profile_names[0] # want FL102 `instance profile module.eks.aws_iam_instance_profile.workers_launch_template\[0\] is used by Karpenter chart settings \(helm_release.karpenter\) and also by self-managed node group module.eks.aws_autoscaling_group.workers_launch_template\[0\]`
  }
}
