# The release pipeline runs `helm package charts/web -d dist` before
# terraform apply; the packaged archive is never committed.
resource "helm_release" "web" {
  name      = "web"
  namespace = "web"
  chart     = "./dist/web-1.4.0.tgz"
}
