resource "aws_iam_openid_connect_provider" "lake" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/7D3E5F1A2B4C6D8E0F1A3B5C7D9E1F2A"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The jobs read the lake's buckets as the account the operator's chart
# makes for them in each job namespace; the trust was written for the
# account name the team's old manifests used.
resource "aws_iam_role" "spark_jobs" {
  name = "lake-spark-jobs"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:etl:spark-driver; the service account bound to it is etl:lake-spark-operator-spark`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.lake.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/7D3E5F1A2B4C6D8E0F1A3B5C7D9E1F2A:sub" = "system:serviceaccount:etl:spark-driver"
          "oidc.eks.eu-west-1.amazonaws.com/id/7D3E5F1A2B4C6D8E0F1A3B5C7D9E1F2A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "spark_operator" {
  name             = "lake"
  namespace        = "spark-operator"
  create_namespace = true
  repository       = "https://kubeflow.github.io/spark-operator"
  chart            = "spark-operator"
  version          = "2.1.1"

  values = [yamlencode({
    spark = {
      jobNamespaces = ["etl"]
      serviceAccount = {
        annotations = {
          "eks.amazonaws.com/role-arn" = aws_iam_role.spark_jobs.arn
        }
      }
    }
  })]
}
