# Terraform 1.14 actions: a provider operation the node group's lifecycle
# invokes after each update.
terraform {
  required_version = ">= 1.14.0"

  backend "s3" {
    bucket = "harbor-state"
    key    = "nodes/terraform.tfstate"
    region = "eu-west-1"
  }
}

action "aws_lambda_invoke" "drain_report" {
  config {
    function_name = "harbor-drain-report"
    payload       = jsonencode({ cluster = "harbor" })
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "harbor"
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/harbor-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }

  lifecycle {
    action_trigger {
      events  = [after_update]
      actions = [action.aws_lambda_invoke.drain_report]
    }
  }
}
