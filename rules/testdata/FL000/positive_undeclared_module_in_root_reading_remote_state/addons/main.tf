# Applied after the cluster root, whose state it reads; split out of it,
# it still waits on the module call it left behind.
data "terraform_remote_state" "cluster" {
  backend = "local"
  config = {
    path = "../cluster/terraform.tfstate"
  }
}

resource "aws_eks_addon" "coredns" {
  cluster_name = data.terraform_remote_state.cluster.outputs.cluster_name
  addon_name   = "coredns"

  depends_on = [module.cluster] # want FL000 `Reference to undeclared module: No module call named "cluster" is declared in this module.`
}
