{{- define "karpenter-classes.discovery" -}}
karpenter.sh/discovery: batch
{{- end }}
