resource "aws_eks_fargate_profile" "batch" {
  cluster_name           = "batch"
  fargate_profile_name   = "batch"
  pod_execution_role_arn = "arn:aws:iam::111122223333:role/batch-fargate"
  subnet_ids             = ["subnet-0aa"]

  selector {
    namespace = "etl"
  }
}
