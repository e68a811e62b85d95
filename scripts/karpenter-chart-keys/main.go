//go:build devtools

// Command karpenter-chart-keys writes faultline's table of the values keys
// the Karpenter Helm chart reads, by chart version, from a git mirror of
// github.com/aws/karpenter-provider-aws: at every release tag from v0.16.0
// (the first with the chart as a directory, charts/karpenter) it reads
// Chart.yaml (that the chart is there), values.yaml (the keys the chart declares) and
// templates/, analyses the templates with parsers/helm.AnalyzeTemplates,
// groups consecutive versions (semver order) that read the same keys, and
// writes the Go table. Only facts are written: keys, versions, tags.
//
//	go run -tags devtools ./scripts/karpenter-chart-keys -git /work/.mirror/aws+karpenter-provider-aws/repo \
//	    -out parsers/helm/karpenter_chart_keys.go
//
// Declared but unread values.yaml keys are listed on stderr, to review.
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/karpenter-chart-keys):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/karpenterchartkeys.
package main

import "github.com/faultline-dev/faultline/internal/devtools/karpenterchartkeys"

func main() { karpenterchartkeys.Main() }
