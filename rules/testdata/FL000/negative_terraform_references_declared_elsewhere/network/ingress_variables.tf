variable "ingress_cidrs" {
  type    = list(string)
  default = []
}
