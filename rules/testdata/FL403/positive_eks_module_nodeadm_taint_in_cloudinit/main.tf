terraform {
  backend "s3" {}
}

# The only managed group is reserved for the data pipeline through its
# AL2023 NodeConfig: nodeadm registers the nodes with a taint the eks
# module's taints input never shows.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.1"

  cluster_name    = "pipeline"
  cluster_version = "1.31"
  vpc_id          = "vpc-0f1e2d3c4b5a69780"
  subnet_ids      = ["subnet-0b9a8c7d6e5f40311", "subnet-0b9a8c7d6e5f40312"]

  eks_managed_node_groups = {
    ingest = {
      ami_type       = "AL2023_x86_64_STANDARD"
      instance_types = ["m7i.xlarge"]
      min_size       = 2
      max_size       = 6
      desired_size   = 2
      cloudinit_pre_nodeadm = [{
        content_type = "application/node.eks.aws"
        content      = <<-EOT
          apiVersion: node.eks.aws/v1alpha1
          kind: NodeConfig
          spec:
            kubelet:
              flags:
                - --node-labels=lane=ingest
                - --register-with-taints=lane=ingest:NoSchedule
        EOT
      }]
    }
  }
}
