locals {
  account_name    = "workloads"
  admin_role_name = "Admin"
}
