variable "region" {
  description = "AWS region the cluster runs in."
  type        = string
  default     = "us-west-2"
}

variable "environment" {
  description = "Environment name used in tags."
  type        = string
}

variable "cluster_name" {
  description = "Name of the EKS cluster; also the prefix of everything the cluster owns."
  type        = string
}

variable "kubernetes_version" {
  description = "EKS control plane version."
  type        = string
  default     = "1.30"
}

variable "vpc_id" {
  description = "VPC the cluster runs in (owned by the network stack)."
  type        = string
}

variable "private_subnet_ids" {
  description = "Private subnets for the control plane ENIs and the nodes."
  type        = list(string)
}

variable "ci_runner_ami_id" {
  description = "Pinned AMI for the self-managed CI runner nodes (built by Packer)."
  type        = string
}
