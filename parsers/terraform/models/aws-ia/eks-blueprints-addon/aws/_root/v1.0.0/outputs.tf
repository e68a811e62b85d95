# Outputs of aws-ia/eks-blueprints-addon/aws (outputs.tf at v1.0.0..v1.1.1).

output "chart" {
  value = try(helm_release.this[0].chart, null)
}

output "name" {
  value = try(helm_release.this[0].name, null)
}

output "namespace" {
  value = try(helm_release.this[0].namespace, null)
}

output "version" {
  value = try(helm_release.this[0].version, null)
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, null)
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}

# Read back from the release after apply in the real module (metadata):
# unknown here.
output "revision" {
  value = try(helm_release.this[0].metadata[0].revision, null)
}

output "app_version" {
  value = try(helm_release.this[0].metadata[0].app_version, null)
}

output "values" {
  value = try(helm_release.this[0].metadata[0].values, [])
}

output "iam_role_path" {
  value = try(aws_iam_role.this[0].path, null)
}

output "iam_role_unique_id" {
  value = try(aws_iam_role.this[0].unique_id, null)
}

# The add-on's permissions policy is not modelled.
output "iam_policy_arn" {
  value = null
}

output "iam_policy" {
  value = null
}

