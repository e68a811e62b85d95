# The VPC CNI's role: its subject was written under the :aud key. The
# cluster's provider accepts only sts.amazonaws.com, so no token carries
# that audience and nothing can assume the role; FL204 says why, and the
# missing :sub condition opens nothing.
resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/9A1B2C3D4E5F60718293A4B5C6D7E8F9"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "vpc_cni" {
  name = "retail-vpc-cni"
  assume_role_policy = jsonencode({ # want FL204 `trust of role "retail-vpc-cni" \(aws_iam_role.vpc_cni\) requires audience system:serviceaccount:kube-system:aws-node, not sts.amazonaws.com`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/9A1B2C3D4E5F60718293A4B5C6D7E8F9:aud" = "system:serviceaccount:kube-system:aws-node"
        }
      }
    }]
  })
}
