# The workers module (3.2.0, in the module cache) types its pools. The GPU
# pool's taint was written with a Kubernetes-style effect key name, which
# the module's object type does not declare.
module "workers" {
  source  = "platform-tools/workers/aws"
  version = "~> 3.2"

  cluster_name = "payments"
  pools = {
    gpu = {
      instance_types = ["g5.xlarge"]
      labels         = { accelerator = "nvidia" }
      taints = [
        { key = "nvidia.com/gpu", value = "true", taintEffect = "NoSchedule" }, # want FL501 "module.workers passes pools\\[\"gpu\"\\]\\.taints\\[0\\]\\.taintEffect, an attribute the type of input pools at version 3.2.0 \\(installed in the module cache\\) does not declare"
      ]
    }
  }
}
