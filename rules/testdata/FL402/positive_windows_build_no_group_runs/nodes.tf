# The Windows group was moved to Server 2022; the legacy .NET service is
# still pinned to the Server 2019 build its image was made for.
resource "aws_eks_node_group" "windows" {
  cluster_name    = "payroll"
  node_group_name = "windows"
  node_role_arn   = "arn:aws:iam::123456789012:role/payroll-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  ami_type        = "WINDOWS_CORE_2022_x86_64"
  instance_types  = ["m6i.xlarge"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 1
  }
}

resource "aws_eks_cluster" "payroll" {
  name     = "payroll"
  role_arn = "arn:aws:iam::123456789012:role/payroll-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}
