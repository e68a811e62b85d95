package main

import (
	"fmt"
	"strings"
	"testing"
)

// hostileFunctionRSS bounds the peak resident memory (KiB) of a run over
// the hostile function calls: each call is refused before it builds
// anything large, so the run stays far below the suite's address-space
// limit (before, one of these calls alone took 7 GB).
const hostileFunctionRSS = 512 << 10

// hostileFunctionRoots are one-line roots whose single function call, built
// from a short literal, asked for gigabytes: three regexall calls and
// three yamldecode calls, each in its own root.
var hostileFunctionRoots = map[string]string{
	// 8 MiB of spaces: an empty match at each position.
	"r1": `regexall("(a|)", format("%8388000s", ""))`,
	// 240,000 matches of 64 capture groups each.
	"r2": `regexall("` + strings.Repeat("(", 64) + "a" + strings.Repeat(")", 64) + `", replace(format("%240000s", ""), " ", "a"))`,
	// Each search rescans the rest of the string: quadratic.
	"r3": `regexall(".*b|a", replace(format("%100000s", ""), " ", "a"))`,
	// 4 million flow sequence items.
	"y1": `yamldecode(format("[%s]", replace(format("%4000000s", ""), " ", "0,")))`,
	// A million anchored entries.
	"y2": `yamldecode(replace(format("%1000000s", ""), " ", "- &a x\n"))`,
	// 2 million aliases.
	"y3": `yamldecode(format("a: &a [x]\nb: [%s]", replace(format("%2000000s", ""), " ", "*a,")))`,
}

// TestHostileFunctionCalls: each hostile root ends with FL000 or a coverage
// note of its own, the planted chain is still found, and the run stays
// within a small fraction of its memory limit, at GOMAXPROCS=8 under a
// 2 GiB address space.
func TestHostileFunctionCalls(t *testing.T) {
	root, _ := hostileTree(t)
	files := map[string]string{}
	for dir, expr := range hostileFunctionRoots {
		files[dir+"/main.tf"] = fmt.Sprintf("locals { x = %s }\nresource \"aws_iam_role\" \"r\" { name = jsonencode(local.x) }\n", expr)
	}
	writeFiles(t, root, files)
	// As the acceptance asks: GOMAXPROCS=8 under a 2 GiB address
	// space (before, six such roots ended in "fatal error: out of memory").
	r := runHostileWith(t, root, budgetMemory, map[string]string{"GOMAXPROCS": "8"}, ".")
	assertClean(t, r)
	assertChain(t, r)
	if r.exit != 1 {
		t.Errorf("exit %d, want 1 (the chain)\n%s", r.exit, r.stderr)
	}
	findings := r.findings(t)
	for dir := range hostileFunctionRoots {
		note := "terraform root " + dir + ": evaluation stopped at its"
		fl000 := false
		for _, f := range findings {
			fl000 = fl000 || strings.HasPrefix(f, "FL000@"+dir+"/main.tf:")
		}
		if !fl000 && !strings.Contains(r.stdout+r.stderr, note) {
			t.Errorf("root %s: neither FL000 nor a note %q:\n%s", dir, note, r.stdout)
		}
	}
	if r.maxRSS > hostileFunctionRSS {
		t.Errorf("peak RSS %d MiB, want at most %d MiB", r.maxRSS>>10, hostileFunctionRSS>>10)
	}
}
