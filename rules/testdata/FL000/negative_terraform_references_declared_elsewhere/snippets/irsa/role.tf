# Copied beside each controller's module call; the trust document is the
# root's own. Never planned here: no backend keeps a state of it.
resource "aws_iam_role" "controller" {
  name_prefix        = "controller-"
  assume_role_policy = data.aws_iam_policy_document.controller_trust.json
}
