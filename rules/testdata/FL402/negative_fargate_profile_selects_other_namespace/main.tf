# The cluster's only compute declared here is a Fargate profile for the
# batch namespace; the web Deployment runs in another namespace. Its
# capacity (a node group made outside this tree, perhaps) is not
# declared here, so it is not judged; the note says why.
resource "aws_eks_cluster" "jobs" {
  name     = "jobs"
  role_arn = "arn:aws:iam::123456789012:role/jobs-cluster"

  vpc_config {
    subnet_ids = ["subnet-0f7", "subnet-0f8"]
  }
}

resource "aws_eks_fargate_profile" "batch" {
  cluster_name           = aws_eks_cluster.jobs.name
  fargate_profile_name   = "batch"
  pod_execution_role_arn = "arn:aws:iam::123456789012:role/jobs-fargate"
  subnet_ids             = ["subnet-0f7", "subnet-0f8"]

  selector {
    namespace = "batch"
  }
}
