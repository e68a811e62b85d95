package terraform

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/benchgen"
)

// benchTree is the tree a benchmark loads: FAULTLINE_TF_BENCH_TREE when
// set (a copied corpus, e.g. 50 copies of terraform-aws-eks and
// eks-blueprints), else a generated platform tree of 100 teams.
func benchTree(b *testing.B) (string, []string) {
	b.Helper()
	dir := os.Getenv("FAULTLINE_TF_BENCH_TREE")
	if dir == "" {
		dir = b.TempDir()
		if _, err := benchgen.Generate(dir, benchgen.Options{Teams: 100}); err != nil {
			b.Fatal(err)
		}
	}
	return dir, tfDirsUnder(b, dir)
}

// corpusTree copies terraform-aws-eks and eks-blueprints from /work/corpus
// n times into a temporary directory (.tf, .tfvars and templates only); it
// skips when the corpus is absent.
func corpusTree(b *testing.B, n int) (string, []string) {
	b.Helper()
	srcs := map[string]string{
		"eks":        "/work/corpus/terraform-aws-modules+terraform-aws-eks",
		"blueprints": "/work/corpus/aws-ia+terraform-aws-eks-blueprints",
	}
	for _, s := range srcs {
		if _, err := os.Stat(s); err != nil {
			b.Skipf("corpus absent: %v", err)
		}
	}
	dir := b.TempDir()
	for i := 0; i < n; i++ {
		for name, src := range srcs {
			copyTF(b, src, filepath.Join(dir, fmt.Sprintf("copy%02d", i), name))
		}
	}
	return dir, tfDirsUnder(b, dir)
}

func copyTF(b *testing.B, src, dst string) {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".tf", ".tfvars", ".tpl", ".json", ".yaml", ".yml", ".sh", ".toml":
		default:
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		r, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, r)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
}

func tfDirsUnder(b testing.TB, dir string) []string {
	seen := map[string]bool{}
	var dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if filepath.Ext(p) == ".tf" && !seen[filepath.Dir(p)] {
			seen[filepath.Dir(p)] = true
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	sort.Strings(dirs)
	return dirs
}

// BenchmarkLoad is the whole Terraform load (parse, evaluate, extract) of
// the benchmark tree; peak-heap-MB is the highest heap in use during it.
func BenchmarkLoad(b *testing.B) {
	dir, dirs := benchTree(b)
	benchLoad(b, dir, dirs)
}

// BenchmarkLoadCorpus loads 1 and 4 copies of terraform-aws-eks and
// eks-blueprints: the growth of time and peak heap with the copies.
func BenchmarkLoadCorpus(b *testing.B) {
	for _, n := range []int{1, 4} {
		b.Run(map[int]string{1: "1x", 4: "4x"}[n], func(b *testing.B) {
			dir, dirs := corpusTree(b, n)
			benchLoad(b, dir, dirs)
		})
	}
}

func benchLoad(b *testing.B, dir string, dirs []string) {
	rel := func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}
	b.ReportAllocs()
	var res Result
	runtime.GC()
	peak := startPeak()
	cpu := startCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res = Result{}
		res = Load(dirs, Options{Root: dir, Rel: rel})
	}
	b.StopTimer()
	cpu.report(b)
	b.ReportMetric(float64(peak.end())/(1<<20), "peak-heap-MB")
	if len(res.Entities) == 0 {
		b.Fatal("no entities")
	}
	perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(float64(len(res.Files))/(perOp/1e9), "files/s")
}

// BenchmarkPhases splits a load of the benchmark tree: parsing every
// module directory alone, then evaluating and extracting the roots of an
// already parsed tree.
func BenchmarkPhases(b *testing.B) {
	dir, dirs := benchTree(b)
	opts := Options{Root: dir}
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for i := 0; i < b.N; i++ {
			l := newLoader(opts)
			l.parseAll(dirs)
		}
		cpu.report(b)
	})
	b.Run("evaluate", func(b *testing.B) {
		b.ReportAllocs()
		var cpu cpuClock
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			l := newLoader(opts)
			l.parseAll(dirs)
			roots := l.roots(dirs)
			runtime.GC()
			cpu.start()
			b.StartTimer()
			l.evaluateRoots(roots)
			b.StopTimer()
			cpu.stop()
			b.StartTimer()
		}
		cpu.report(b)
	})
}

type peakMem struct {
	peak       uint64
	stop, done chan struct{}
}

// startPeak samples the heap in use every millisecond until end.
func startPeak() *peakMem {
	p := &peakMem{stop: make(chan struct{}), done: make(chan struct{})}
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	p.peak = read()
	go func() {
		defer close(p.done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if n := read(); n > p.peak {
				p.peak = n
			}
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
		}
	}()
	return p
}

func (p *peakMem) end() uint64 {
	close(p.stop)
	<-p.done
	return p.peak
}

// cpuClock adds up the process's CPU time (user + system, every thread)
// over the timed parts of a benchmark: on a shared machine it holds far
// better than wall time.
type cpuClock struct {
	from, total time.Duration
	running     bool
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// startCPU is a clock already running.
func startCPU() *cpuClock {
	c := &cpuClock{}
	c.start()
	return c
}

func (c *cpuClock) start() { c.from, c.running = processCPU(), true }

func (c *cpuClock) stop() {
	if c.running {
		c.total += processCPU() - c.from
		c.running = false
	}
}

// report stops the clock and reports cpu-ms/op.
func (c *cpuClock) report(b *testing.B) {
	c.stop()
	b.ReportMetric(float64(c.total.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkElementPerCountIndex loads a root that applies an install
// manifest's documents one kubectl_manifest each, `count` over the
// documents and element(documents, count.index): the cost per document
// stays flat as the manifest grows (it grew with the manifest while each
// call walked the whole list).
func BenchmarkElementPerCountIndex(b *testing.B) {
	for _, n := range []int{200, 800} {
		b.Run(fmt.Sprintf("%d-documents", n), func(b *testing.B) {
			dir := b.TempDir()
			main := `data "kubectl_path_documents" "install" {
  pattern = "${path.module}/install.yaml"
}

resource "kubectl_manifest" "install" {
  count     = length(data.kubectl_path_documents.install.documents)
  yaml_body = element(data.kubectl_path_documents.install.documents, count.index)
}
`
			var docs []byte
			for i := range n {
				docs = fmt.Appendf(docs, "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-%d\n  namespace: tools\ndata:\n  level: info\n", i)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(main), 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "install.yaml"), docs, 0o644); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var res Result
			for b.Loop() {
				res = Load([]string{dir}, Options{Root: dir})
			}
			if len(res.Embedded) != n {
				b.Fatalf("%d documents applied, want %d", len(res.Embedded), n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/document")
		})
	}
}
