package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// Hostile charts, written for these tests, each beside plain charts in one
// tree: every hostile chart must end in its own FL000 at its Chart.yaml,
// within its bound, while the plain charts render and the planted chain is
// still found.
const (
	// spinChartTemplate loops ten billion times.
	spinChartTemplate = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: spin\ndata:\n  {{- range $i := until 100000 }}{{- range $j := until 100000 }}{{- end }}{{- end }}\n  done: \"never\"\n"
	// gigabyteChartTemplate asks for a two-gigabyte string.
	gigabyteChartTemplate = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  size: \"{{ \"b\" | repeat 2000000000 | len }}\"\n"
	// hoardChartTemplate keeps a million bytes per iteration: gigabytes.
	hoardChartTemplate = "{{- $kept := list }}{{- range until 4000 }}{{- $kept = append $kept (printf \"%s%d\" (\"m\" | repeat 1000000) .) }}{{- end }}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hoard\ndata:\n  kept: \"{{ len $kept }}\"\n"
)

// outputChartTemplate renders n bytes.
func outputChartTemplate(n int) string {
	return fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: output\ndata:\n  big: \"{{ \"o\" | repeat %d }}\"\n", n)
}

// plainCharts writes n charts that each render an EC2NodeClass on the
// planted chain's role: each renders a FL101 finding at its template.
func plainCharts(t *testing.T, root string, n int) (found []string) {
	t.Helper()
	for i := range n {
		dir := fmt.Sprintf("charts/plain%d", i)
		writeFiles(t, root, map[string]string{
			dir + "/Chart.yaml":               fmt.Sprintf("apiVersion: v2\nname: plain%d\nversion: 0.1.0\n", i),
			dir + "/templates/nodeclass.yaml": fmt.Sprintf("apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: plain%d\nspec:\n  role: shared-workers\n  amiSelectorTerms:\n    - alias: al2023@latest\n", i),
		})
		found = append(found, "FL101@"+dir+"/templates/nodeclass.yaml:6")
	}
	return found
}

// hostileChart writes a chart with one template.
func hostileChart(t *testing.T, root, name, template string) {
	t.Helper()
	writeFiles(t, root, map[string]string{
		"charts/" + name + "/Chart.yaml":        "apiVersion: v2\nname: " + name + "\nversion: 0.1.0\n",
		"charts/" + name + "/templates/cm.yaml": template,
	})
}

// assertStopped checks that each named chart has a FL000 at its
// Chart.yaml whose message holds the reason, and that every wanted finding
// of the plain charts is there.
func assertStopped(t *testing.T, text string, findings []string, reasons map[string]string, want []string) {
	t.Helper()
	have := map[string]bool{}
	for _, f := range findings {
		have[f] = true
	}
	for name, reason := range reasons {
		if !have["FL000@charts/"+name+"/Chart.yaml:1"] {
			t.Errorf("no FL000 for chart %s: %v", name, findings)
		}
		if !strings.Contains(text, reason) {
			t.Errorf("chart %s: no %q in the report", name, reason)
		}
	}
	for _, f := range want {
		if !have[f] {
			t.Errorf("finding %s is missing: %v", f, findings)
		}
	}
}

// TestHostileChartsThroughTheBinary: the real binary, with its default
// bounds, stops a chart that asks for gigabytes of memory and one whose
// output passes the bound, renders the plain charts beside them, and
// leaves no worker behind when it exits.
func TestHostileChartsThroughTheBinary(t *testing.T) {
	root, _ := hostileTree(t)
	want := append(plainCharts(t, root, 6), chainFound)
	hostileChart(t, root, "big", gigabyteChartTemplate)
	hostileChart(t, root, "output", outputChartTemplate(40<<20))
	bin := ownBinary(t)
	t.Setenv("FAULTLINE_HOSTILE_BIN", bin)
	r := runHostile(t, root, nil, ".")
	assertClean(t, r)
	assertStopped(t, r.stdout, r.findings(t), map[string]string{
		"big":    "it exceeds the 512 MiB memory limit",
		"output": "its output exceeds 32 MiB",
	}, want)
	if left := append(running(bin), running(filepath.Join(filepath.Dir(bin), renderName))...); len(left) > 0 {
		t.Errorf("processes %v still run after faultline exited", left)
	}
}

// ownBinary is a copy of the binary under test, with faultline-render
// beside it, that no other test runs, so that any process running either
// is this test's.
func ownBinary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyBinaries(t, hostileBinary(t), dir, "faultline")
	return filepath.Join(dir, "faultline")
}

// running lists the processes whose executable is exe.
func running(exe string) []string {
	var out []string
	links, _ := filepath.Glob("/proc/[0-9]*/exe")
	for _, l := range links {
		if target, err := os.Readlink(l); err == nil && target == exe {
			out = append(out, filepath.Base(filepath.Dir(l)))
		}
	}
	return out
}

// TestHostileChartsInTheCLI runs the CLI in process with a pool of small
// bounds (one second of CPU, 128 MiB, 1 MiB of output): a chart that
// loops forever, two that exhaust memory and one with too much output each
// end in FL000 while the plain charts render.
func TestHostileChartsInTheCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: spends seconds of CPU time in hostile charts")
	}
	root, _ := hostileTree(t)
	want := append(plainCharts(t, root, 6), chainFound)
	hostileChart(t, root, "spin", spinChartTemplate)
	hostileChart(t, root, "big", gigabyteChartTemplate)
	hostileChart(t, root, "hoard", hoardChartTemplate)
	hostileChart(t, root, "output", outputChartTemplate(4<<20))
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pool := helm.NewPool(exe)
	defer pool.Close()
	pool.Child.CPULimit, pool.Child.MemoryLimit, pool.Child.MaxOutput = time.Second, 128<<20, 1<<20
	var out, errb bytes.Buffer
	c := New(&out, &errb)
	c.Cwd, c.Renderer = root, pool
	c.Getenv = testEnv(t, nil)
	jsonOut := filepath.Join(t.TempDir(), "report.json")
	c.Run([]string{"lint", "--no-color", "--output", "json=" + jsonOut, "."})
	report, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatalf("%v\n%s%s", err, out.String(), errb.String())
	}
	r := hostileRun{stdout: out.String(), stderr: errb.String(), outputs: map[string]string{"json": string(report)}}
	assertStopped(t, r.stdout, r.findings(t), map[string]string{
		"spin":   "it used more than 1s of CPU time",
		"big":    "it exceeds the 128 MiB memory limit",
		"hoard":  "it exceeds the 128 MiB memory limit",
		"output": "its output exceeds 1 MiB",
	}, want)
}
