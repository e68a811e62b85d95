# The constraint spans two majors: v19 still declares iam_role_arn, v20
# does not. Which one terraform init installs decides whether the call
# is refused, so the finding rests on the version assumed.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = ">= 19.21, < 21.0"

  cluster_name = "atlas"

  iam_role_arn = "arn:aws:iam::444455556666:role/atlas-nodes" # want FL501:notice "module.karpenter passes input iam_role_arn, which .* \\(assumed: .*\\) does not declare"
}
