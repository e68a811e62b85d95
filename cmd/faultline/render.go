package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// renderCommand is the hidden child renderer: faultline re-executes
// itself as `faultline __render` to render one Helm chart within a CPU,
// memory and output bound (helm.Child), which the parent passes in
// helm.LimitsEnv. It reads a JSON request on stdin and writes a JSON
// reply on stdout; it is not meant to be run by hand.
func renderCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "__render",
		Short:  "Render one Helm chart from a JSON request on stdin (internal)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lim, err := helm.ParseLimits(os.Getenv(helm.LimitsEnv))
			if err != nil {
				return err
			}
			return helm.Serve(cmd.InOrStdin(), cmd.OutOrStdout(), lim)
		},
	}
}
