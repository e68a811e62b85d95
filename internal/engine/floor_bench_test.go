package engine_test

import (
	"strconv"
	"testing"

	"github.com/faultline-dev/faultline/internal/parsefloor"
)

// BenchmarkParseFloor is the honest floor under BenchmarkLoadAndLint on
// the same generated tree (internal/parsefloor): walk it, read every
// input file and parse it (HCL with hclparse, YAML documents with
// yaml.v3; chart templates only read), in parallel on every core — and
// nothing else. faultline's time is judged against it.
func BenchmarkParseFloor(b *testing.B) {
	dir, _ := generate(b)
	b.Run("teams="+strconv.Itoa(benchOptions(b).Teams), func(b *testing.B) {
		files, err := parsefloor.Walk(dir)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		var r parsefloor.Result
		for b.Loop() {
			if r, err = parsefloor.Parse(files, 0); err != nil {
				b.Fatal(err)
			}
		}
		if r.ParseErrors > 0 {
			b.Fatalf("%d files of the generated tree do not parse", r.ParseErrors)
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(r.Files)/(perOp/1e9), "files/s")
		b.SetBytes(r.Bytes)
	})
}
