resource "aws_eks_cluster" "main" {
  name     = "traces"
  role_arn = "arn:aws:iam::123456789012:role/traces-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a0b0c0d0e0f01020", "subnet-0f0e0d0c0b0a09080"]
  }
}

resource "aws_iam_role" "store" {
  name = "traces-store"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The chart names its account itself ("traces", not Helm's
# "<release>-<chart>"); faultline does not know this chart, so the
# association may bind the very account the annotation is on, and Pod
# Identity then takes precedence.
resource "aws_eks_pod_identity_association" "store" {
  cluster_name    = aws_eks_cluster.main.name
  namespace       = "tracing"
  service_account = "traces"
  role_arn        = aws_iam_role.store.arn
}

resource "helm_release" "traces" {
  name       = "traces"
  namespace  = "tracing"
  repository = "https://charts.example.org/tracing"
  chart      = "trace-store-distributed"
  version    = "1.9.2"
  values = [yamlencode({
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.store.arn }
    }
  })]
}
