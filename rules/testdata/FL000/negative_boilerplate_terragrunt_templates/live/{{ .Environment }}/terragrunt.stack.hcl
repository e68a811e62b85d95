{{- if .WithNetwork }}
unit "network" {
  source = "../../catalog/units/network"
  path   = "network"
  values = {
    region    = "{{ .Region }}"
    azs_count = {{ .AzsCount }}
  }
}
{{- end }}
