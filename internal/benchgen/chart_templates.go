package benchgen

// The team's local Helm chart (teams/teamNNN/chart): the "api" service —
// a ServiceAccount carrying its IRSA role, a ConfigMap and a Deployment,
// named through a _helpers.tpl as `helm create` would lay it out.

// chartYAML takes the team, the chart minor version and the app version.
const chartYAML = `apiVersion: v2
name: api
description: The %[1]s API service
type: application
version: 0.%[2]d.0
appVersion: "1.%[3]d.0"
maintainers:
  - name: %[1]s
    email: %[1]s@acme.example
`

// chartValues takes the team.
const chartValues = `# Defaults of the %[1]s API chart; each environment overrides some.
replicaCount: 1

image:
  repository: 123456789012.dkr.ecr.eu-west-1.amazonaws.com/%[1]s-api
  tag: ""
  pullPolicy: IfNotPresent

serviceAccount:
  create: true
  name: ""
  # IAM role the pods assume through IRSA; no annotation when empty.
  roleArn: ""

config:
  logLevel: info
  queueName: ""
  extra: {}

service:
  port: 80
  targetPort: 8080

resources:
  requests:
    cpu: 100m
    memory: 128Mi
  limits:
    memory: 256Mi

nodeSelector: {}
tolerations: []
podAnnotations: {}
`

const chartHelpers = `{{/*
The chart name, cut to the 63 characters Kubernetes allows.
*/}}
{{- define "api.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The full name: the release name, with the chart name unless it holds it.
*/}}
{{- define "api.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "api.selectorLabels" -}}
app.kubernetes.io/name: {{ include "api.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "api.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "api.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "api.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "api.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}
`

const chartServiceAccount = `{{- if .Values.serviceAccount.create -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "api.serviceAccountName" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "api.labels" . | nindent 4 }}
  {{- with .Values.serviceAccount.roleArn }}
  annotations:
    eks.amazonaws.com/role-arn: {{ . | quote }}
  {{- end }}
{{- end }}
`

const chartConfigMap = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "api.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "api.labels" . | nindent 4 }}
data:
  LOG_LEVEL: {{ .Values.config.logLevel | quote }}
  {{- with .Values.config.queueName }}
  QUEUE_NAME: {{ . | quote }}
  {{- end }}
  {{- range $k, $v := .Values.config.extra }}
  {{ $k }}: {{ $v | quote }}
  {{- end }}
`

const chartDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "api.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "api.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      {{- include "api.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      annotations:
        checksum/config: {{ include (print $.Template.BasePath "/configmap.yaml") . | sha256sum }}
        {{- with .Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      labels:
        {{- include "api.selectorLabels" . | nindent 8 }}
    spec:
      serviceAccountName: {{ include "api.serviceAccountName" . }}
      containers:
        - name: api
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ .Values.service.targetPort }}
          envFrom:
            - configMapRef:
                name: {{ include "api.fullname" . }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
`

const chartService = `apiVersion: v1
kind: Service
metadata:
  name: {{ include "api.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "api.labels" . | nindent 4 }}
spec:
  selector:
    {{- include "api.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ .Values.service.port }}
      targetPort: http
`

// chartEnvValues are one environment's values file (values-dev.yaml); it
// takes the team, the env, the account, the cluster, the replicas and the
// image tag.
const chartEnvValues = `replicaCount: %[5]d

image:
  tag: "1.%[6]d.0"

serviceAccount:
  roleArn: arn:aws:iam::%[3]s:role/%[4]s-%[1]s-api

config:
  logLevel: %[7]s
  queueName: %[4]s-%[1]s-api
  extra:
    ENVIRONMENT: %[2]s

nodeSelector:
  team: %[1]s

tolerations:
  - key: team
    operator: Equal
    value: %[1]s
    effect: NoSchedule
`

// helmReleaseTF installs the team chart from the root module (chart by
// path); it takes the replicas and the image tag.
const helmReleaseTF = `resource "helm_release" "api" {
  name      = "api"
  namespace = local.team
  chart     = "${path.module}/../../chart"

  values = [
    yamlencode({
      replicaCount = %[1]d
      image        = { tag = "1.%[2]d.0" }
      serviceAccount = {
        roleArn = "arn:aws:iam::${var.account_id}:role/${var.cluster}-${local.team}-api"
      }
      config = {
        logLevel  = var.env == "prod" ? "warn" : "debug"
        queueName = "${var.cluster}-${local.team}-api"
        extra     = { ENVIRONMENT = var.env }
      }
      nodeSelector = { team = local.team }
    }),
  ]

  set = [
    {
      name  = "podAnnotations.acme\\.example/owner"
      value = local.team
    },
  ]
}

`

// helmProviderTF configures the Helm provider of a root module that
// installs releases (versions.tf requires it).
const helmProviderTF = `provider "helm" {
  kubernetes = {
    config_path    = "~/.kube/config"
    config_context = var.cluster
  }
}

`

// remoteReleaseTF is a release of a chart from a Helm repository: not
// rendered offline.
const remoteReleaseTF = `resource "helm_release" "metrics_server" {
  name       = "metrics-server"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/metrics-server/"
  chart      = "metrics-server"
  version    = "3.12.2"

  values = [
    yamlencode({
      replicas = var.env == "prod" ? 2 : 1
      args     = ["--kubelet-preferred-address-types=InternalIP"]
    }),
  ]
}

`

// argoApplication installs the team chart through Argo CD; it takes the
// team and the env.
const argoApplication = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: %[1]s-api-%[2]s
  namespace: argocd
  finalizers:
    - resources-finalizer.argocd.argoproj.io
spec:
  project: %[1]s
  source:
    repoURL: https://git.acme.example/platform/infrastructure.git
    targetRevision: main
    path: teams/%[1]s/chart
    helm:
      releaseName: api
      valueFiles:
        - values-%[2]s.yaml
  destination:
    name: acme-%[2]s
    namespace: %[1]s
  syncPolicy:
    automated:
      prune: true
      selfHeal: true
    syncOptions:
      - CreateNamespace=false
`

// helmfileYAML installs the team chart through helmfile, one release per
// environment; it takes the team.
const helmfileYAML = `# %[1]s: the API service, one release per environment.
helmDefaults:
  wait: true
  timeout: 600

releases:
  - name: api
    namespace: %[1]s
    chart: ./chart
    labels:
      env: dev
    values:
      - chart/values-dev.yaml
  - name: api-prod
    namespace: %[1]s
    chart: ./chart
    labels:
      env: prod
    values:
      - chart/values-prod.yaml
    set:
      - name: fullnameOverride
        value: api
`
