package bench

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"
)

func TestGrowthOf(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		var out []time.Duration
		for _, x := range xs {
			out = append(out, time.Duration(x)*time.Millisecond)
		}
		return out
	}
	files := []int{100, 400, 1600}
	for _, c := range []struct {
		name     string
		times    []time.Duration
		perFile  []float64
		verdict  string
		exponent float64
	}{
		// 1 ms per file at every scale.
		{"linear", ms(100, 400, 1600), []float64{1000, 1000, 1000}, "linear", 1},
		// Within 10 % per step: still linear.
		{"within tolerance", ms(100, 436, 1744), []float64{1000, 1090, 1090}, "linear", math.Log(17.44) / math.Log(16)},
		// Time per file doubles at 16×.
		{"superlinear", ms(100, 400, 3200), []float64{1000, 1000, 2000}, "superlinear", 1.25},
		// A fixed start-up of 100 ms amortised.
		{"sublinear", ms(200, 500, 1700), []float64{2000, 1250, 1062.5}, "sublinear", math.Log(8.5) / math.Log(16)},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := growthOf(files, c.times, 0.10)
			if g.verdict != c.verdict {
				t.Errorf("verdict %q, want %q (steps %v)", g.verdict, c.verdict, g.steps)
			}
			if math.Abs(g.exponent-c.exponent) > 1e-9 {
				t.Errorf("exponent %v, want %v", g.exponent, c.exponent)
			}
			for i := range c.perFile {
				if math.Abs(g.perFile[i]-c.perFile[i]) > 1e-9 {
					t.Errorf("per file %v, want %v", g.perFile, c.perFile)
					break
				}
			}
			if len(g.steps) != 2 || math.Abs(g.steps[0]-g.perFile[1]/g.perFile[0]) > 1e-9 {
				t.Errorf("steps %v of per file %v", g.steps, g.perFile)
			}
		})
	}
	if g := growthOf([]int{100}, ms(5), 0.1); g.verdict != "" || len(g.steps) != 0 {
		t.Errorf("one scale: %+v", g)
	}
	if g := growthOf([]int{0, 10}, ms(5, 6), 0.1); g.verdict != "unknown" {
		t.Errorf("zero files: verdict %q", g.verdict)
	}
}

func TestMedianAndRatio(t *testing.T) {
	m := medianOf([]sample{
		{wall: 3 * time.Second, cpu: 1 * time.Second, rss: 30},
		{wall: 1 * time.Second, cpu: 5 * time.Second, rss: 10},
		{wall: 2 * time.Second, cpu: 2 * time.Second, rss: 90},
	})
	if m.Wall != 2*time.Second || m.CPU != 2*time.Second || m.RSS != 30 || m.Runs != 3 {
		t.Errorf("median %+v, want 2 s wall, 2 s CPU, 30 bytes, 3 runs (each metric on its own)", m)
	}
	if m := medianOf([]sample{{wall: 4}, {wall: 2}}); m.Wall != 2 {
		t.Errorf("even count: %v, want the lower middle", m.Wall)
	}
	if r := ratio(3, 1.5); r != 2 {
		t.Errorf("ratio 3/1.5 = %v", r)
	}
	if !math.IsNaN(ratio(1, 0)) || times(ratio(1, 0)) != "—" {
		t.Error("ratio over zero is not shown as a number")
	}
}

func TestWriteResults(t *testing.T) {
	rs := []result{
		{name: "generated 1×", scale: 1, files: 100, bytes: 2e6, floor: measure{Wall: 100 * time.Millisecond, CPU: 150 * time.Millisecond, RSS: 20 << 20},
			lint: measure{Wall: 500 * time.Millisecond, CPU: 600 * time.Millisecond, RSS: 80 << 20}, lintFiles: 90, findings: 2},
		{name: "generated 4×", scale: 4, files: 400, floor: measure{Wall: 400 * time.Millisecond, CPU: 600 * time.Millisecond},
			lint: measure{Wall: 2 * time.Second, CPU: 2400 * time.Millisecond}},
	}
	var b bytes.Buffer
	writeResults(&b, rs)
	row := strings.Split(b.String(), "\n")[2]
	for _, want := range []string{"| generated 1× | 100 | 2.00 |", "| 500 ms | 600 ms | 80 MiB | 200 |", "| **5.0×** | **4.0×** | 90 | 2 |"} {
		if !strings.Contains(row, want) {
			t.Errorf("row %q lacks %q", row, want)
		}
	}
	b.Reset()
	writeGrowth(&b, rs, 0.1)
	if !strings.Contains(b.String(), "| faultline wall | 5000 | 5000 | 1.00 | 1.00 | linear |") {
		t.Errorf("growth table:\n%s", b.String())
	}
}

// A tree with kustomizations shows the krusty floor's CPU, the roots it
// built and faultline's CPU over the floor's and krusty's together; one
// without shows dashes there.
func TestWriteResultsKrusty(t *testing.T) {
	rs := []result{
		{name: "kustomize tree", floor: measure{CPU: 100 * time.Millisecond, Runs: 3}, lint: measure{CPU: 750 * time.Millisecond, Runs: 3},
			krusty: measure{CPU: 200 * time.Millisecond, Runs: 3}, krustyRoots: 6},
		{name: "broken tree", floor: measure{CPU: 100 * time.Millisecond, Runs: 3}, lint: measure{CPU: 300 * time.Millisecond, Runs: 3},
			krusty: measure{CPU: 50 * time.Millisecond, Runs: 3}, krustyRoots: 4, krustyUnbuilt: 1},
		{name: "terraform tree", floor: measure{CPU: 100 * time.Millisecond, Runs: 3}, lint: measure{CPU: 300 * time.Millisecond, Runs: 3}},
	}
	var b bytes.Buffer
	writeResults(&b, rs)
	lines := strings.Split(b.String(), "\n")
	if !strings.HasSuffix(lines[0], "| krusty CPU | ratio CPU to floor + krusty |") {
		t.Errorf("header %q", lines[0])
	}
	for i, want := range []string{
		"| 200 ms (6 roots) | **2.50×** |",
		"| 50 ms (4 roots, 1 not built) | **2.00×** |",
		"| — | — |",
	} {
		if !strings.HasSuffix(lines[2+i], want) {
			t.Errorf("row %q does not end in %q", lines[2+i], want)
		}
	}
}

// The cold run never reads a result cache: with a binary that has one,
// it passes --no-cache whether or not warm runs are measured.
func TestColdArgs(t *testing.T) {
	if got := strings.Join(coldArgs(true), " "); got != "lint --no-cache --format json ." {
		t.Errorf("cold run of a binary with the cache: %q", got)
	}
	if got := strings.Join(coldArgs(false), " "); got != "lint --format json ." {
		t.Errorf("cold run of a binary without the cache: %q", got)
	}
}
