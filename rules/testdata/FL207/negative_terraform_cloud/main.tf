# Terraform Cloud dynamic credentials: runs of the workspaces of project
# "eks" assume this role.
data "aws_caller_identity" "current" {}

resource "aws_iam_role" "tfc" {
  name = "tfc-eks-runs"

  assume_role_policy = <<-POLICY
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": {
            "Federated": "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/app.terraform.io"
          },
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Condition": {
            "StringEquals": {
              "app.terraform.io:aud": "aws.workload.identity"
            },
            "StringLike": {
              "app.terraform.io:sub": "organization:acme:project:eks:workspace:*:run_phase:*"
            }
          }
        }
      ]
    }
  POLICY
}
