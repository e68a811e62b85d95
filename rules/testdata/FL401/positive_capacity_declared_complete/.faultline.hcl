# A GitOps repository: Argo CD applies clusters/prod to a cluster whose
# Terraform lives elsewhere; every NodePool of that cluster is here.
capacity {
  complete = true
}
