resource "aws_eks_cluster" "mill" {
  name     = "mill"
  role_arn = "arn:aws:iam::818181818181:role/mill-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e0e0e0e0e0e0e0e1", "subnet-0e0e0e0e0e0e0e0e2"]
  }
}

module "workers" {
  source  = "./modules/workers"
  cluster = aws_eks_cluster.mill.name
  pools = {
    general = { size = 3 }
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      instanceProfile: mill-workers
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - id: subnet-0e0e0e0e0e0e0e0e1
      securityGroupSelectorTerms:
        - id: sg-0e0e0e0e0e0e0e0e1
  YAML
}
