terraform {
  backend "s3" {
    bucket = "bogota-state"
    key    = "edge/terraform.tfstate"
    region = "us-east-1"
  }
}

variable "extra_values" {
  type    = bool
  default = false
}

locals {
  # Read only when present, and only where asked for.
  optional = try(file("${path.module}/templates/optional.yaml"), "")
  extra    = var.extra_values ? file("${path.module}/templates/extra.yaml") : ""
  # Rendered by `make values` before Terraform runs (ignored by git).
  rendered = file("${path.module}/build/values.yaml")
}

# Packaged by the CI step before plan; its digest tells Terraform when to
# upload again.
resource "aws_lambda_function" "rotate" {
  function_name    = "edge-rotate"
  role             = "arn:aws:iam::123456789012:role/edge-rotate"
  handler          = "main.handler"
  runtime          = "python3.12"
  filename         = "${path.module}/build/rotate.zip"
  source_code_hash = filebase64sha256("${path.module}/build/rotate.zip")
}

output "values" {
  value = [local.optional, local.extra, local.rendered]
}

# The operator's own key, from the home directory of whoever runs
# Terraform (~ is expanded there), never a file of this tree.
resource "aws_key_pair" "operator" {
  key_name   = "edge-operator"
  public_key = file("~/.ssh/edge-operator.pub")
}
