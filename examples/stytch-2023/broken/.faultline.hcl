# Where the things in this repository live, for faultline's identity
# resolution: Terraform under infra/ manages the production account, and the
# manifests under k8s/ are synced into the "prod" cluster by Argo CD.
scope "infra" {
  account = "111122223333"
  region  = "us-west-2"
}

scope "k8s" {
  cluster = "prod"
}
