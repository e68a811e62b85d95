resource "aws_iam_role" "lb_controller" {
  name = "harbour-lb-controller"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_pod_identity_association" "lb_controller" {
  cluster_name    = "harbour"
  namespace       = "kube-system"
  service_account = "aws-load-balancer-controller" # want FL206 `binds IAM role "harbour-lb-controller" \(aws_iam_role.lb_controller\) to service account kube-system/aws-load-balancer-controller, but nothing in namespace kube-system runs as "aws-load-balancer-controller"`
  role_arn        = aws_iam_role.lb_controller.arn
}

# The controller's account was given a shorter name in a later change.
resource "helm_release" "lb_controller" {
  name       = "aws-load-balancer-controller"
  repository = "https://aws.github.io/eks-charts"
  chart      = "aws-load-balancer-controller"
  version    = "1.8.1"
  namespace  = "kube-system"

  set {
    name  = "clusterName"
    value = "harbour"
  }
  set {
    name  = "serviceAccount.name"
    value = "lb-ctrl"
  }
}

# metrics-server runs in kube-system too, as an account of its own name.
resource "helm_release" "metrics_server" {
  name       = "metrics-server"
  repository = "https://kubernetes-sigs.github.io/metrics-server/"
  chart      = "metrics-server"
  version    = "3.12.1"
  namespace  = "kube-system"
}
