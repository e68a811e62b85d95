# External DNS installed with the single add-on module: the module makes the
# release and its role, trusts the release's account in the release's
# namespace, and sets the role's ARN into the chart.
module "external_dns" {
  source  = "aws-ia/eks-blueprints-addon/aws"
  version = "1.1.1"

  chart            = "external-dns"
  chart_version    = "1.15.0"
  repository       = "https://kubernetes-sigs.github.io/external-dns/"
  namespace        = "external-dns"
  create_namespace = true
  description      = "DNS records for the ingress load balancers"
  values = [yamlencode({
    provider = { name = "aws" }
    policy   = "sync"
  })]

  set = [{
    name  = "serviceAccount.name"
    value = "external-dns"
  }]
  set_irsa_names = ["serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"]

  create_role          = true
  role_name            = "orbit-external-dns"
  role_name_use_prefix = false
  create_policy        = false
  role_policies        = { route53 = "arn:aws:iam::192837465012:policy/orbit-route53-records" }

  oidc_providers = {
    orbit = {
      provider_arn    = "arn:aws:iam::192837465012:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/4D5E6F708192A3B4C5D6E7F809A1B2C3"
      service_account = "external-dns"
    }
  }

  tags = { team = "platform" }
}
