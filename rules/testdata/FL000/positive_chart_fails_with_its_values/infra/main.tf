# The release gives the chart no values: gpu.enabled is read from
# nothing, as it would be at install.
resource "helm_release" "gpu_nodes" {
  name      = "gpu-nodes"
  chart     = "../charts/gpu-nodes"
  namespace = "karpenter"
}
