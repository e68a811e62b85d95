# Set per environment by the pipeline; nothing in the repository gives it a
# value, so whether the worker group exists is only known at plan time.
variable "create_workers" {
  description = "Keep the managed worker group running next to Karpenter during the migration"
  type        = bool
}
