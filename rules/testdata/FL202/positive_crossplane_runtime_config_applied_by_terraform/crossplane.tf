# Terraform applies the runtime config with the role it creates, and the
# providers. manifests/runtime-config.yaml is the template the README
# tells readers to fill in by hand; nothing applies it.
data "aws_iam_policy_document" "providers" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.cluster.arn]
    }
    condition {
      test     = "StringLike"
      variable = "${replace(aws_iam_openid_connect_provider.cluster.url, "https://", "")}:sub"
      values = [
        "system:serviceaccount:crossplane-system:provider-aws-iam*",
        "system:serviceaccount:crossplane-system:provider-aws-rds*",
      ]
    }
  }
}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "providers" {
  name               = "crossplane-providers"
  assume_role_policy = data.aws_iam_policy_document.providers.json # want FL202:warning `allows system:serviceaccount:crossplane-system:provider-aws-iam\* and system:serviceaccount:crossplane-system:provider-aws-rds\*; the service account bound to it is crossplane-system:provider-aws-sqs-\$\{Provider/provider-aws-sqs.digest\}` FL203:warning `provider-aws-iam\*` FL203:warning `provider-aws-rds\*`
}

resource "kubectl_manifest" "runtime_config" {
  yaml_body = <<-YAML
    apiVersion: pkg.crossplane.io/v1beta1
    kind: DeploymentRuntimeConfig
    metadata:
      name: irsa
    spec:
      serviceAccountTemplate:
        metadata:
          annotations:
            eks.amazonaws.com/role-arn: ${aws_iam_role.providers.arn}
  YAML
}

resource "kubectl_manifest" "providers" {
  for_each  = toset(["iam", "rds", "sqs"])
  yaml_body = <<-YAML
    apiVersion: pkg.crossplane.io/v1
    kind: Provider
    metadata:
      name: provider-aws-${each.key}
    spec:
      package: xpkg.upbound.io/upbound/provider-aws-${each.key}:v1.16.0
      runtimeConfigRef:
        name: irsa
  YAML
}
