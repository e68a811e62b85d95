# The migration is over: the worker group is switched off by default and no
# environment turns it back on.
variable "create_workers" {
  description = "Keep the managed worker group running next to Karpenter during the migration"
  type        = bool
  default     = false
}
