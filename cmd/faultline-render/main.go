// math/rand's Seed takes effect in this process: a rendering seeds the
// source Helm's randInt and shuffle read, so that a chart renders alike
// in every run (parsers/helm/chartrender/random.go).

//go:debug randseednop=0

// Command faultline-render renders Helm charts for faultline. faultline
// starts it (helm.Pool) with FAULTLINE_HELM_CHILD=1 and the bounds of one
// rendering in FAULTLINE_HELM_LIMITS; it reads length-prefixed JSON
// requests on stdin and writes a reply to each on stdout until stdin
// closes. It is the only executable that links Helm's template engine,
// so that faultline itself starts without Helm's package initialisation.
// It is not meant to be run by hand (but `faultline-render --version`
// says which release it is); install it beside faultline, from the same
// release:
//
//	go install github.com/faultline-dev/faultline/cmd/...@latest
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/faultline-dev/faultline/internal/version"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

func main() {
	helm.ServeIfChild(chartrender.Render)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run answers a command line typed by hand: --version (or version)
// prints the release, as `faultline --version` does, and exits 0;
// anything else is usage.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		fmt.Fprintln(stdout, version.Get().String("faultline-render"))
		return 0
	}
	return usage(stderr)
}

// usage says what this command is for, to someone who ran it by hand,
// and returns the exit code (2).
func usage(w io.Writer) int {
	fmt.Fprintln(w, "faultline-render renders Helm charts for faultline, which starts it; it is not run by hand.")
	fmt.Fprintln(w, "Install it beside faultline, from the same release: go install github.com/faultline-dev/faultline/cmd/...@latest")
	fmt.Fprintln(w, "faultline-render --version prints its release.")
	return 2
}
