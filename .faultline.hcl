# faultline's own configuration for this repository: what `faultline lint .`
# reads at its top level. A directory named on the command line is read even
# when a pattern here matches it (`faultline lint examples/stytch-2023/broken`).
exclude = [
  # Example platforms: each is linted on its own (their expected.txt), and
  # side by side they would share names across unrelated accounts.
  "examples/**",
  # Stand-ins of registry modules the Terraform parser models.
  "parsers/terraform/models/**",
  # Generators' templates and development tools' inputs.
  "scripts/**",
]
