locals {
  egress_ports = [443, 10250]
  named_ports  = { https = 443, kubelet = 10250 }
  # The override file replaces this value before Terraform evaluates it.
  peer_cidr = var.retired_peer_cidr
}
