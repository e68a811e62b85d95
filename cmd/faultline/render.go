package main

import (
	"github.com/spf13/cobra"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// renderCommand is the hidden child renderer: faultline re-executes
// itself as `faultline __render` to render one Helm chart with a time,
// memory and output bound (helm.Child). It reads a JSON request on stdin
// and writes a JSON reply on stdout; it is not meant to be run by hand.
func renderCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "__render",
		Short:  "Render one Helm chart from a JSON request on stdin (internal)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return helm.Serve(cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
}
