# The trust of the external-dns role, edited by hand: a condition was
# removed and its comma stayed.
resource "aws_iam_role" "external_dns" {
  name = "external-dns"

  assume_role_policy = <<-POLICY
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": {
            "Federated": "arn:aws:iam::777788889999:oidc-provider/oidc.eks.ap-south-1.amazonaws.com/id/0C1D2E3F"
          },
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Condition": {
            "StringEquals": {
              "oidc.eks.ap-south-1.amazonaws.com/id/0C1D2E3F:sub": "system:serviceaccount:external-dns:external-dns",
            }
          }
        }
      ]
    }
  POLICY
}
