package helm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// benchCharts is how many charts BenchmarkRender renders per iteration.
const benchCharts = 60

// writeBenchCharts writes n small local charts under root/teams: each a
// Deployment, a ServiceAccount and a ConfigMap that share a naming helper,
// with the team's name in the chart so that no two are alike.
func writeBenchCharts(tb testing.TB, root string, n int) []string {
	tb.Helper()
	var charts []string
	for i := range n {
		dir := filepath.Join(root, "teams", fmt.Sprintf("team-%03d", i), "chart")
		files := map[string]string{
			"Chart.yaml":  fmt.Sprintf("apiVersion: v2\nname: team-%03d\nversion: 0.1.%d\n", i, i),
			"values.yaml": fmt.Sprintf("replicas: %d\nimage:\n  repository: registry.example/team-%03d/app\n  tag: \"1.%d\"\nserviceAccount:\n  create: true\n  roleArn: arn:aws:iam::123456789012:role/team-%03d\nsettings:\n  logLevel: info\n  region: eu-west-1\n", 1+i%3, i, i, i),
			"templates/_helpers.tpl": `{{- define "app.name" -}}{{ .Chart.Name | trunc 63 | trimSuffix "-" }}{{- end }}
{{- define "app.labels" -}}
app.kubernetes.io/name: {{ include "app.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}
`,
			"templates/deployment.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "app.name" . }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels:
      {{- include "app.labels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "app.labels" . | nindent 8 }}
    spec:
      serviceAccountName: {{ include "app.name" . }}
      containers:
        - name: app
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          envFrom:
            - configMapRef:
                name: {{ include "app.name" . }}
`,
			"templates/serviceaccount.yaml": `{{- if .Values.serviceAccount.create }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "app.name" . }}
  annotations:
    eks.amazonaws.com/role-arn: {{ .Values.serviceAccount.roleArn | quote }}
{{- end }}
`,
			"templates/configmap.yaml": `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "app.name" . }}
data:
  {{- range $k, $v := .Values.settings }}
  {{ $k }}: {{ $v | quote }}
  {{- end }}
`,
		}
		for name, content := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				tb.Fatal(err)
			}
		}
		charts = append(charts, dir)
	}
	return charts
}

// BenchmarkRender renders benchCharts small charts per iteration through
// each renderer and reports the cost per chart: a process per chart
// (Child), long-lived workers (Pool) and no process at all (InProcess).
func BenchmarkRender(b *testing.B) {
	root := b.TempDir()
	charts := writeBenchCharts(b, root, benchCharts)
	for _, bc := range benchRenderers() {
		b.Run(bc.name, func(b *testing.B) {
			r, closeR := bc.make()
			defer closeR()
			opts := options(root, nil)
			opts.Renderer = r
			start := time.Now()
			for b.Loop() {
				out := Render(context.Background(), charts, nil, opts)
				if len(out.Diagnostics) > 0 || len(out.Rendered) != 3*benchCharts {
					b.Fatalf("%d rendered, diagnostics %v", len(out.Rendered), out.Diagnostics)
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N*benchCharts), "ms/chart")
		})
	}
}

type benchRenderer struct {
	name string
	make func() (Renderer, func())
}

func benchRenderers() []benchRenderer {
	out := []benchRenderer{
		{"InProcess", func() (Renderer, func()) { return chartrender.InProcess{}, func() {} }},
		{"Child", func() (Renderer, func()) { return child(DefaultCPULimit), func() {} }},
		{"Pool", func() (Renderer, func()) {
			p := &Pool{Child: child(DefaultCPULimit)}
			return p, func() { _ = p.Close() }
		}},
	}
	// FAULTLINE_EXE=path/to/faultline-render measures the real renderer.
	if exe := os.Getenv("FAULTLINE_EXE"); exe != "" {
		out = append(out, benchRenderer{"faultline", func() (Renderer, func()) { return NewChild(exe), func() {} }})
	}
	return out
}
