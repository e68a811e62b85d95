terraform {
  backend "s3" {
    bucket = "payments-state"
    key    = "eks/terraform.tfstate"
    region = "eu-west-1"
  }
}

resource "aws_eks_cluster" "payments" {
  name     = "payments"
  role_arn = "arn:aws:iam::123456789012:role/payments-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

# Meant to wait for the cluster; Terraform reserves these names in a
# provider block and refuses the configuration at init.
provider "kubernetes" {
  host                   = aws_eks_cluster.payments.endpoint
  cluster_ca_certificate = base64decode(aws_eks_cluster.payments.certificate_authority[0].data)
  depends_on             = [aws_eks_cluster.payments] # want FL000 `Reserved argument name in provider block: The provider argument name "depends_on" is reserved`

  lifecycle { # want FL000 `Reserved block type name in provider block: The block type name "lifecycle" is reserved`
    create_before_destroy = true
  }
}

resource "kubernetes_namespace" "payments" {
  metadata {
    name = "payments"
  }
}
