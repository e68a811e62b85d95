//go:build devtools

// Command standin-syntax writes parsers/terraform/models/syntax.bin, the
// syntax trees of every built-in stand-in module encoded as the
// evaluator's syntax cache keeps them (eval.StandInSyntax), so that a run
// decodes a stand-in instead of parsing it, and
// parsers/terraform/models/quietplans.bin, the plans of the alternative
// versions a run need not evaluate (eval.QuietPlans), so that it does not
// load them. Run it from the repository's root after editing a stand-in,
// internal/hclwire or the evaluator's planning of alternatives (the tests
// TestStandInSyntaxFresh and TestQuietPlansFresh in
// parsers/terraform/eval fail until then):
//
//	go run -tags devtools ./scripts/standin-syntax
//	go generate ./parsers/terraform/models    # the same
//
// -o FILE writes the syntax table elsewhere, -plans FILE the table of
// quiet alternatives. The output depends only on the stand-ins and on the
// code that encodes and plans them: running it twice writes the same
// bytes.
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/standin-syntax):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/standinsyntax.
package main

import "github.com/faultline-dev/faultline/internal/devtools/standinsyntax"

func main() { standinsyntax.Main() }
