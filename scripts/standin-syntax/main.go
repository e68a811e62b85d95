//go:build devtools

// Command standin-syntax writes parsers/terraform/models/syntax.bin, the
// syntax trees of every built-in stand-in module encoded as the
// evaluator's syntax cache keeps them (eval.StandInSyntax), so that a run
// decodes a stand-in instead of parsing it. Run it from the repository's
// root after editing a stand-in or internal/hclwire (the test
// TestStandInSyntaxFresh in parsers/terraform/eval fails until then):
//
//	go run -tags devtools ./scripts/standin-syntax
//	go generate ./parsers/terraform/models    # the same
//
// -o FILE writes the table elsewhere. The output depends only on the
// stand-ins and on the code that encodes them: running it twice writes
// the same bytes.
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/standin-syntax):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/standinsyntax.
package main

import "github.com/faultline-dev/faultline/internal/devtools/standinsyntax"

func main() { standinsyntax.Main() }
