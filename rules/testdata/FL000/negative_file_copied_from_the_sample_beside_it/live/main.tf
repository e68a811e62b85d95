terraform {
  backend "s3" {}
}

resource "aws_ssm_parameter" "grafana_admin" {
  name  = "/observability/grafana-admin"
  type  = "SecureString"
  value = file("${path.module}/settings/grafana-admin.json")
}
