package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// renderCommand is the hidden child renderer: faultline re-executes
// itself as `faultline __render` (helm.Pool's workers, helm.Child) to
// render Helm charts, each within a CPU, memory and output bound that the
// parent passes in helm.LimitsEnv. It reads length-prefixed JSON requests
// on stdin and writes a reply to each on stdout until stdin closes; it is
// not meant to be run by hand.
func renderCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "__render",
		Short:  "Render Helm charts from framed JSON requests on stdin (internal)",
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
