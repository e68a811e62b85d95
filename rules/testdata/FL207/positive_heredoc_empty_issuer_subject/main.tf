provider "aws" {
  region = "us-east-1"
}

# Expectations are in fixture.wants (a heredoc opener cannot carry a comment).

# Filled in per environment from terraform.tfvars, which this environment
# never set.
variable "oidc_issuer" {
  type    = string
  default = ""
}

resource "aws_iam_role" "karpenter" {
  name = "prod-karpenter-controller"

  assume_role_policy = <<-POLICY
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Principal": {
            "Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2"
          },
          "Condition": {
            "StringEquals": {
              "${var.oidc_issuer}:sub": "system:serviceaccount:karpenter:karpenter"
            }
          }
        }
      ]
    }
  POLICY
}

resource "aws_iam_role" "ebs_csi" {
  name = "prod-ebs-csi"

  assume_role_policy = <<-POLICY
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Principal": {
            "Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2"
          },
          "Condition": {
            "StringEquals": {
              "oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2:sub": [
                "system:serviceaccounts:kube-system:ebs-csi-controller-sa",
                "kube-system:ebs-csi-node-sa"
              ],
              "oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2:aud": "sts.amazonaws.com"
            }
          }
        }
      ]
    }
  POLICY
}
