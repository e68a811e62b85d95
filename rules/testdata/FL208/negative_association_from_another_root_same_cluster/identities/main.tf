# The identities root binds the accounts of the cluster the cluster root
# makes, by its name.
resource "aws_eks_pod_identity_association" "exporter" {
  cluster_name    = "orders"
  namespace       = "metrics"
  service_account = "exporter"
  role_arn        = "arn:aws:iam::123456789012:role/orders-exporter"
}
