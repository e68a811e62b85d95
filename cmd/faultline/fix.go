package main

import (
	"fmt"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/internal/fixer"
	"github.com/faultline-dev/faultline/lint"
)

// applyFixes applies the resolved fixes of the run's findings that are
// not suppressed (--fix): every edited file is checked to still parse and
// to lie inside the scanned directories, all are written or none, and the
// diff goes to standard output. applied is false when there was nothing
// to fix.
func (c *CLI) applyFixes(res lint.Result, loaded *engine.Loaded, cwd string, abs func(string) string) (applied bool, err error) {
	read := fixer.Reader(sourceReader(cwd, loaded.Tree))
	changes, err := fixer.Plan(res.Findings, read)
	if err != nil {
		return false, err
	}
	if len(changes) == 0 {
		fmt.Fprintln(c.Stderr, "faultline: no fixes to apply")
		return false, nil
	}
	if err := fixer.Write(changes, loaded.Roots, abs); err != nil {
		return false, err
	}
	if err := fixer.WriteDiff(c.Stdout, changes); err != nil {
		return true, err
	}
	n := 0
	for _, ch := range changes {
		n += len(ch.Fixes)
	}
	fmt.Fprintf(c.Stderr, "faultline: applied %s to %s; linting again\n", plural(n, "fix", "fixes"), plural(len(changes), "file", "files"))
	return true, nil
}

// plural is n with the noun in the number n asks for.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
