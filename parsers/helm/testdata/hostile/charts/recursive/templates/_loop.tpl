{{- define "x" }}{{ include "x" . }}{{ end }}
