{{ if .WithNetwork }}
variable "region" {
  type    = string
  default = "{{ .Region }}"
}
{{ else }}
variable "region" {}
{{ end }}
