variable "region" {
  type    = string
  default = "us-east-1"
}

variable "cluster_name" {
  type    = string
  default = "prod"
}

variable "vpc_id" {
  type    = string
  default = "vpc-0c1d2e3f4a5b6c7d8"
}

variable "private_subnet_ids" {
  type    = list(string)
  default = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788", "subnet-0123456789abcdef0"]
}
