// Package standinsyntax is the code of the standin-syntax development
// tool; its command, scripts/standin-syntax, is built only with the
// devtools build tag so that `go install ./...` (pre-commit's golang
// hook) builds the product alone:
//
//	go run -tags devtools ./scripts/standin-syntax
//
// What the tool does is in the command's documentation.
package standinsyntax

import (
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// Main runs the command on os.Args and exits with its status.
func Main() {
	fl := flag.NewFlagSet("standin-syntax", flag.ExitOnError)
	out := fl.String("o", "parsers/terraform/models/syntax.bin", "the syntax table written")
	plans := fl.String("plans", "parsers/terraform/models/quietplans.bin", "the table of quiet alternatives written")
	_ = fl.Parse(os.Args[1:])
	if err := write(models.FS, *out); err != nil {
		fmt.Fprintln(os.Stderr, "standin-syntax:", err)
		os.Exit(1)
	}
	if err := writePlans(*plans); err != nil {
		fmt.Fprintln(os.Stderr, "standin-syntax:", err)
		os.Exit(1)
	}
}

// write writes the syntax table of the stand-ins in fsys to out.
func write(fsys fs.FS, out string) error {
	data, err := eval.StandInSyntax(fsys)
	if err != nil {
		return fmt.Errorf("encoding the stand-ins: %w", err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}

// writePlans writes the table of the quiet alternatives of the embedded
// stand-ins to out. It reads the stand-ins the binary embeds: a plan is
// worked out from the modules a run loads.
func writePlans(out string) error {
	data, err := eval.QuietPlans()
	if err != nil {
		return fmt.Errorf("planning the alternatives: %w", err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("writing the table of quiet alternatives: %w", err)
	}
	return nil
}
