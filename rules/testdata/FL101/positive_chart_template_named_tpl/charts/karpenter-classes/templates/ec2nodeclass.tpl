apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: spot
spec:
  role: {{ .Values.nodeRole | quote }}
  amiSelectorTerms:
    - alias: bottlerocket@latest
  subnetSelectorTerms:
    - tags:
        {{- include "karpenter-classes.discovery" . | nindent 8 }}
  securityGroupSelectorTerms:
    - tags:
        {{- include "karpenter-classes.discovery" . | nindent 8 }}
