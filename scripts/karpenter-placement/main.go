//go:build devtools

// Command karpenter-placement writes faultline's table of where the
// Karpenter chart places its controller's pods, by chart version, from a
// git mirror of github.com/aws/karpenter-provider-aws: at every release
// tag from v0.16.0 it reads charts/karpenter/values.yaml (the defaults of
// nodeSelector, affinity, tolerations, topologySpreadConstraints and the
// containers' resources) and templates/deployment.yaml (that the
// Deployment renders those values, which containers it has, and which
// values add containers of the user's), groups consecutive versions
// (semver order) with the same facts, and writes the Go table. Only facts
// are written: values, keys, versions, tags.
//
//	go run -tags devtools ./scripts/karpenter-placement \
//	    -git /work/.mirror/aws+karpenter-provider-aws/repo
//
// It writes parsers/helm/karpenter_placement.go (-out to write elsewhere).
//
// Built only with the devtools build tag: `go install ./...`, which
// pre-commit's golang hook runs, builds the product alone. The code is in
// internal/devtools/karpenterplacement.
package main

import "github.com/faultline-dev/faultline/internal/devtools/karpenterplacement"

func main() { karpenterplacement.Main() }
