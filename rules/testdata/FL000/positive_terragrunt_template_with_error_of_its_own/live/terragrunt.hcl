# A scaffolded unit whose own syntax is broken beside its placeholders.
locals {
  region = "{{ .Region }}"
  tags = {
    team = "{{ .Team }}"
    owner "platform" # want FL000 `Missing key/value separator`
  }
}
