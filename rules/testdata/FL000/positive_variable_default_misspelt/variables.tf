variable "staging_issuer" {
  description = "Whether certificates come from the staging ACME server."
  type        = bool
  defualt     = false # want FL000 `Unsupported argument: An argument named "defualt" is not expected here. Did you mean "default"\?`
}
