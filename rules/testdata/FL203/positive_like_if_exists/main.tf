# IfExists changes nothing for :sub (every service account token has it):
# the pattern still lets every account of the namespace in.
resource "aws_iam_role" "batch" {
  name = "batch-jobs"
  assume_role_policy = jsonencode({ # want FL203:warning `lets any service account of namespace batch matching job-\* assume it: StringLikeIfExists`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::777788889999:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34" }
      Condition = {
        StringLikeIfExists = {
          "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:sub" = "system:serviceaccount:batch:job-*"
        }
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
