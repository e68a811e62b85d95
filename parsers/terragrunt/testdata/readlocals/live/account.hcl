locals {
  account_name    = "sandbox"
  admin_role_name = "Admin"
}
