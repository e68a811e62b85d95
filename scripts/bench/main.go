//go:build devtools

// Command bench measures faultline against the honest floor — reading and
// parsing the same files (internal/parsefloor) — in the same run, on the
// generated monorepo of internal/benchgen at 1×, 4× and 16× and on real
// repositories, and prints Markdown tables: wall time, CPU (user + sys),
// peak RSS and files/s of each, their ratio, and how time per file grows
// with the tree. On a tree with kustomizations it also measures the krusty
// floor (internal/krustyfloor: the kustomizations faultline builds, built
// by krusty alone) and gives faultline's CPU over the two floors'. See
// README.md beside this file.
//
//	go run -tags devtools ./scripts/bench                        # generated tree, 10 teams at 1×
//	go run -tags devtools ./scripts/bench -teams 50 -scales 1,4  # bigger 1×, two scales
//	go run -tags devtools ./scripts/bench -gen=false -repo /path/to/repo -repo /other
//	go run -tags devtools ./scripts/bench -gen=false -repo A -repo B -copies 50
//	go run -tags devtools ./scripts/bench floor DIR...           # the floor alone (JSON)
//	go run -tags devtools ./scripts/bench krusty DIR...          # the krusty floor alone (JSON)
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/bench):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/bench.
package main

import "github.com/faultline-dev/faultline/internal/devtools/bench"

func main() { bench.Main() }
