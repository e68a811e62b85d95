//go:build devtools

// Command chart-keys writes faultline's table of the values keys a remote
// Helm chart reads, by chart version, from a git mirror of the chart's
// repository: at every release tag (Karpenter: github.com/aws/karpenter-provider-aws
// from v0.16.0, the first with the chart as a directory, charts/karpenter;
// cluster-autoscaler: github.com/kubernetes/autoscaler, tags
// cluster-autoscaler-chart-X from 9.0.0, charts/cluster-autoscaler, later
// cluster-autoscaler/charts/cluster-autoscaler) it reads Chart.yaml (that the
// chart is there, and for cluster-autoscaler that the tag is its version),
// values.yaml (the keys the chart declares) and templates/, analyses the
// templates with parsers/helm.AnalyzeTemplates, groups consecutive versions
// (semver order) that read the same keys, and writes the Go table. Only
// facts are written: keys, versions, tags.
//
//	go run -tags devtools ./scripts/chart-keys -chart karpenter \
//	    -git /work/.mirror/aws+karpenter-provider-aws/repo
//	go run -tags devtools ./scripts/chart-keys -chart cluster-autoscaler \
//	    -git /work/.mirror/kubernetes+autoscaler/repo
//
// Each writes its table in parsers/helm (-out to write elsewhere).
// Declared but unread values.yaml keys are listed on stderr, to review.
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/chart-keys):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/chartkeys.
package main

import "github.com/faultline-dev/faultline/internal/devtools/chartkeys"

func main() { chartkeys.Main() }
