# Example configuration for tests.
exclude      = ["legacy/**", "**/generated/*.yaml", "./tmp/", "/vendor"]
kube_version = "1.31"

rule "FL103" {
  enabled = false
}

rule "selector-spread" {
  severity = "error"
}

scope "." {
  partition = "aws"
  account   = "111111111111"
}

scope "infra/prod" {
  region  = "eu-west-1"
  cluster = "prod"
}

scope "infra/prod/eu" {
  account = "222222222222"
}
