locals {
  zone = "eu-west-1a"
}
