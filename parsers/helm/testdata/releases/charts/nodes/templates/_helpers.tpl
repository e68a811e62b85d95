{{- define "nodes.fullname" -}}
{{ .Release.Name }}-nodes
{{- end }}

{{- define "nodes.labels" -}}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}
