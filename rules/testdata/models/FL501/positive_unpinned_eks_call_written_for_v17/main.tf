# An old cluster definition: written for the v17 eks module and never
# pinned, so a fresh `terraform init` installs the newest major, which no
# longer has these inputs.
module "eks" {
  source = "terraform-aws-modules/eks/aws"

  cluster_version = "1.21" # want FL501 "module.eks passes input cluster_version, which .* does not declare: .*; of the versions faultline models, versions >= 17.0.0, < 21.0.0 declare it"
  vpc_id          = "vpc-0f1e2d3c4b5a69788"
  subnets         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"] # want FL501 "module.eks passes input subnets, which terraform-aws-modules/eks/aws at .* does not declare: Terraform rejects the call \\(Unsupported argument\\); of the versions faultline models, versions >= 17.0.0, < 18.0.0 declare it"

  worker_groups = [ # want FL501 "module.eks passes input worker_groups, which .* does not declare: .*; of the versions faultline models, versions >= 17.0.0, < 18.0.0 declare it"
    {
      instance_type        = "t3.large"
      asg_desired_capacity = 2
    },
  ]
}
