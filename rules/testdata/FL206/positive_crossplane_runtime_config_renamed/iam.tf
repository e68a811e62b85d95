# The providers used to run as the account "provider-aws"; the new
# DeploymentRuntimeConfig names it "crossplane-aws", and the association
# was left behind.
resource "aws_iam_role" "crossplane_aws" {
  name = "crossplane-provider-aws"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "crossplane_aws" {
  cluster_name    = "platform"
  namespace       = "crossplane-system"
  service_account = "provider-aws" # want FL206:warning `binds IAM role "crossplane-provider-aws" \(aws_iam_role.crossplane_aws\) to service account crossplane-system/provider-aws, but nothing in namespace crossplane-system runs as "provider-aws" \(accounts there: "crossplane-aws"\)`
  role_arn        = aws_iam_role.crossplane_aws.arn
}
