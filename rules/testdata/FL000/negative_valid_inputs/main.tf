resource "aws_iam_role" "nodes" {
  name               = "prod-nodes"
  assume_role_policy = "{}"
}
