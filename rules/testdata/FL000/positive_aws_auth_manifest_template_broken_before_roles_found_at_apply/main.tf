terraform {
  backend "s3" {
    bucket = "fleet-tfstate"
    key    = "edge/aws-auth-ops.tfstate"
    region = "eu-north-1"
  }
}

# The node roles are whatever IAM holds under the fleet's naming scheme
# when the plan runs; the admins are fixed.
data "aws_iam_roles" "nodes" {
  name_regex = "^edge-.*-nodes$"
}

resource "kubectl_manifest" "aws_auth" {
  yaml_body = templatefile("${path.module}/templates/aws-auth.yaml.tftpl", {
    account    = "808080808080"
    node_roles = data.aws_iam_roles.nodes.names
    admins     = ["edge-oncall", "edge-release"]
  })
}
