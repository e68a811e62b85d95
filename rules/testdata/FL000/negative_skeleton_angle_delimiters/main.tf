# A project generator renders this with <% %> delimiters (its module
# configuration sets them) before it is Terraform.
module "environment" {
  source = "./environment"
  <% if eq (index .Params `sso`) "yes" %>sso_enabled = true<% end %>
  region = "<% index .Params `region` %>"
}
