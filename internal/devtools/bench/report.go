package bench

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// result is one tree measured: the floor and faultline in the same run.
type result struct {
	name string
	// scale is the generated tree's multiple of 1× (0 for a repository).
	scale int
	// files and bytes are the input the floor read.
	files int
	bytes int64
	floor measure
	lint  measure
	// krusty is the krusty floor's builds (Runs 0: the tree has no
	// kustomizations); krustyRoots the roots it found, krustyUnbuilt
	// those it did not build (failed, or naming remote entries).
	krusty                     measure
	krustyRoots, krustyUnbuilt int
	// lintFiles is what faultline says it read; findings its errors,
	// warnings and notices.
	lintFiles, findings int
	stages              []string
	// warm is faultline with its result cache filled, changed the same
	// after one file changed; cached says they were measured.
	warm, changed measure
	cached        bool
}

// ratio is a / b, or NaN when b is zero.
func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// growth is how a time grows with the number of files across scales.
type growth struct {
	// perFile is the time per file at each scale, in µs.
	perFile []float64
	// steps are perFile[k] / perFile[k-1]: 1 for linear growth.
	steps []float64
	// exponent is b in time ∝ files^b between the first and last scale.
	exponent float64
	// verdict is "linear" when every step is within the tolerance of 1,
	// "superlinear" when one grows beyond it, "sublinear" otherwise
	// (time per file falling: start-up amortised).
	verdict string
}

// growthOf computes the growth of times over files (one entry per scale,
// in increasing order); tolerance is the relative step still linear (0.10
// for 10 %).
func growthOf(files []int, times []time.Duration, tolerance float64) growth {
	var g growth
	for i, f := range files {
		g.perFile = append(g.perFile, ratio(float64(times[i].Microseconds()), float64(f)))
		if i > 0 {
			g.steps = append(g.steps, ratio(g.perFile[i], g.perFile[i-1]))
		}
	}
	n := len(files)
	if n < 2 {
		return g
	}
	g.exponent = math.Log(ratio(float64(times[n-1]), float64(times[0]))) / math.Log(ratio(float64(files[n-1]), float64(files[0])))
	g.verdict = "linear"
	for _, s := range g.steps {
		switch {
		case math.IsNaN(s):
			g.verdict = "unknown"
			return g
		case s > 1+tolerance:
			g.verdict = "superlinear"
			return g
		case s < 1-tolerance:
			g.verdict = "sublinear"
		}
	}
	return g
}

// secs shows a duration in seconds, or in milliseconds below one second.
func secs(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func mib(b int64) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}

func times(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	return fmt.Sprintf("%.1f×", x)
}

// writeResults prints the main table: faultline next to the floor.
func writeResults(w io.Writer, rs []result) {
	fmt.Fprintln(w, "| tree | files | MB | faultline wall | CPU | peak RSS | files/s | floor wall | CPU | peak RSS | ratio wall | ratio CPU | files faultline read | findings | krusty CPU | ratio CPU to floor + krusty |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rs {
		fps := ratio(float64(r.files), r.lint.Wall.Seconds())
		fmt.Fprintf(w, "| %s | %d | %.2f | %s | %s | %s | %.0f | %s | %s | %s | **%s** | **%s** | %d | %d | %s | %s |\n",
			r.name, r.files, float64(r.bytes)/1e6,
			secs(r.lint.Wall), secs(r.lint.CPU), mib(r.lint.RSS), fps,
			secs(r.floor.Wall), secs(r.floor.CPU), mib(r.floor.RSS),
			times(ratio(r.lint.Wall.Seconds(), r.floor.Wall.Seconds())),
			times(ratio(r.lint.CPU.Seconds(), r.floor.CPU.Seconds())), r.lintFiles, r.findings,
			krustyCell(r), krustyRatio(r))
	}
}

// krustyCell is the krusty floor's CPU with the roots it built, or "—" for
// a tree without kustomizations.
func krustyCell(r result) string {
	if r.krusty.Runs == 0 {
		return "—"
	}
	roots := fmt.Sprintf("%d roots", r.krustyRoots)
	if r.krustyUnbuilt > 0 {
		roots += fmt.Sprintf(", %d not built", r.krustyUnbuilt)
	}
	return fmt.Sprintf("%s (%s)", secs(r.krusty.CPU), roots)
}

// krustyRatio is faultline's CPU over the floor's and the krusty floor's
// together, or "—" for a tree without kustomizations.
func krustyRatio(r result) string {
	if r.krusty.Runs == 0 {
		return "—"
	}
	x := ratio(r.lint.CPU.Seconds(), (r.floor.CPU + r.krusty.CPU).Seconds())
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	return fmt.Sprintf("**%.2f×**", x)
}

// writeGrowth prints the growth of faultline and the floor across the
// generated scales.
func writeGrowth(w io.Writer, rs []result, tolerance float64) {
	var gen []result
	for _, r := range rs {
		if r.scale > 0 {
			gen = append(gen, r)
		}
	}
	if len(gen) < 2 {
		return
	}
	files := make([]int, len(gen))
	var heads []string
	for i, r := range gen {
		files[i] = r.files
		heads = append(heads, fmt.Sprintf("%d× µs/file", r.scale))
	}
	fmt.Fprintf(w, "| what | %s | steps | exponent | growth (±%.0f %%) |\n", strings.Join(heads, " | "), tolerance*100)
	fmt.Fprintf(w, "|---|%s---:|---:|---|\n", strings.Repeat("---:|", len(gen)))
	for _, row := range []struct {
		name string
		get  func(result) time.Duration
	}{
		{"faultline wall", func(r result) time.Duration { return r.lint.Wall }},
		{"faultline CPU", func(r result) time.Duration { return r.lint.CPU }},
		{"floor wall", func(r result) time.Duration { return r.floor.Wall }},
		{"floor CPU", func(r result) time.Duration { return r.floor.CPU }},
	} {
		ts := make([]time.Duration, len(gen))
		for i, r := range gen {
			ts[i] = row.get(r)
		}
		g := growthOf(files, ts, tolerance)
		var pf, st []string
		for _, x := range g.perFile {
			pf = append(pf, fmt.Sprintf("%.0f", x))
		}
		for _, x := range g.steps {
			st = append(st, fmt.Sprintf("%.2f", x))
		}
		fmt.Fprintf(w, "| %s | %s | %s | %.2f | %s |\n", row.name, strings.Join(pf, " | "), strings.Join(st, ", "), g.exponent, g.verdict)
	}
}

// writeStages prints the per-stage lines faultline --verbose gave.
func writeStages(w io.Writer, rs []result) {
	for _, r := range rs {
		if len(r.stages) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nStages of %s (one --verbose run):\n\n```\n%s\n```\n", r.name, strings.Join(r.stages, "\n"))
	}
}

// writeCache prints cold, warm and one-file-changed runs next to the
// floor; false when none was measured.
func writeCache(w io.Writer, rs []result) bool {
	any := false
	for _, r := range rs {
		any = any || r.cached
	}
	if !any {
		return false
	}
	fmt.Fprintln(w, "| tree | floor CPU | cold CPU | warm CPU | one file changed CPU | floor wall | cold wall | warm wall | one file changed wall | warm peak RSS |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	cell := func(m, floor time.Duration) string {
		return fmt.Sprintf("%s (**%s**)", secs(m), times(ratio(m.Seconds(), floor.Seconds())))
	}
	for _, r := range rs {
		if !r.cached {
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name,
			secs(r.floor.CPU), cell(r.lint.CPU, r.floor.CPU), cell(r.warm.CPU, r.floor.CPU), cell(r.changed.CPU, r.floor.CPU),
			secs(r.floor.Wall), cell(r.lint.Wall, r.floor.Wall), cell(r.warm.Wall, r.floor.Wall), cell(r.changed.Wall, r.floor.Wall),
			mib(r.warm.RSS))
	}
	return true
}
