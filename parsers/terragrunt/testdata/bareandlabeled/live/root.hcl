locals {
  org = "acme"
}
