# The shared ingress group is declared once and read back by name where
# Karpenter's node class is written: the lookup finds the same group the
# managed node group's launch template attaches.
resource "aws_security_group" "ingress" {
  name   = "storefront-ingress"
  vpc_id = "vpc-04d5e6f7a8b9c0d12"
}

resource "aws_eks_cluster" "storefront" {
  name     = "storefront"
  role_arn = "arn:aws:iam::718293465012:role/storefront-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0c4d5e6f7a8b9c011", "subnet-0c4d5e6f7a8b9c012"]
  }
}

resource "aws_launch_template" "web" {
  name_prefix            = "storefront-web-"
  vpc_security_group_ids = [aws_security_group.ingress.id]
}

resource "aws_eks_node_group" "web" {
  cluster_name    = aws_eks_cluster.storefront.name
  node_group_name = "web"
  node_role_arn   = "arn:aws:iam::718293465012:role/storefront-nodes"
  subnet_ids      = ["subnet-0c4d5e6f7a8b9c011", "subnet-0c4d5e6f7a8b9c012"]
  launch_template {
    id      = aws_launch_template.web.id
    version = aws_launch_template.web.latest_version
  }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

data "aws_security_group" "ingress" {
  vpc_id = "vpc-04d5e6f7a8b9c0d12"
  name   = "storefront-ingress"
}

resource "kubectl_manifest" "web_node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: web
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: storefront-karpenter-nodes
      subnetSelectorTerms:
        - id: subnet-0c4d5e6f7a8b9c011
      securityGroupSelectorTerms:
        - id: ${data.aws_security_group.ingress.id} # want FL103:notice `security group "storefront-ingress" \(aws_security_group.ingress\) is selected by Karpenter EC2NodeClass web and also attached to managed node group aws_eks_node_group.web`
  YAML
}
