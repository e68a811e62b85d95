terraform {
  backend "s3" {
    bucket = "quito-state"
    key    = "search/terraform.tfstate"
    region = "us-east-2"
  }
}

variable "stage" {
  type = string
}

# The subnets' ownership tag holds the stage in its key: which cluster
# they name is known only once the stage is.
resource "aws_subnet" "workers" {
  vpc_id            = "vpc-0search"
  cidr_block        = "10.70.0.0/20"
  availability_zone = "us-east-2a"
  tags = {
    "kubernetes.io/cluster/${var.stage}-search" = "shared"
  }
}

resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::123456789012:role/search-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.workers.id]
  }
}
