# Each role's subjects come from the pipeline's variables: the module
# writes its :sub condition only when the list is not empty, and here the
# list is not known; no audience is given, and the module writes no :aud
# condition without one.
variable "workload_roles" {
  type = map(object({
    subjects = list(string)
  }))
}

module "workload_role" { # want FL204:notice "has a web-identity statement without an :aud = sts.amazonaws.com condition"
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "5.30.0"

  for_each = var.workload_roles

  create_role                   = true
  role_name                     = "workload-${each.key}"
  provider_url                  = "oidc.eks.ap-southeast-2.amazonaws.com/id/7D2C5A9E1B4F"
  oidc_fully_qualified_subjects = each.value.subjects
}
