# The account's variables are kept encrypted in the repository, and the
# vendored subchart in Git LFS; a pull-request job checks out neither.
variable "environment" {
  type = string
}

resource "helm_release" "storefront" {
  name      = "storefront"
  namespace = "shop"
  chart     = "${path.module}/charts/storefront"
}
