variable "cluster_name" {
  type    = string
  default = "ledger"
}
