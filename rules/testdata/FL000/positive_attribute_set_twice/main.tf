locals {
  cluster_name = "harbor"
  cluster_name = "harbor-prod" # want FL000 `Attribute redefined: The argument "cluster_name" was already set at main.tf:2,3-15`
}
