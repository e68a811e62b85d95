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
// The output depends only on the stand-ins and on the code that encodes
// them: running it twice writes the same bytes.
//
// Built only with the devtools build tag: `go install ./...`, which
// pre-commit's golang hook runs, builds the product alone.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

func main() {
	out := flag.String("o", "parsers/terraform/models/syntax.bin", "the table written")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "standin-syntax:", err)
		os.Exit(1)
	}
}

// run writes the table of the embedded stand-ins to out.
func run(out string) error {
	data, err := eval.StandInSyntax(models.FS)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}
