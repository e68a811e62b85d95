{{- define "ingest.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end }}
