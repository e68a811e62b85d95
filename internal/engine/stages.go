package engine

import (
	"runtime/metrics"
	"time"

	"github.com/faultline-dev/faultline/internal/procs"
)

// A run is a sequence of stages, each a small function over what the
// stages before it produced:
//
//	discover     walk the scan roots: Terraform directories, YAML files,
//	             kustomizations, chart archives
//	terraform    parse and evaluate every root module (modules, stand-ins)
//	embedded     Kubernetes YAML written inside Terraform
//	kustomize    build every kustomization root
//	manifests    read and parse the YAML files as written
//	helm         find the releases and render the charts
//	compositions render Crossplane compositions with their claims
//	plan, base   join a Terraform plan / the base revision (when given)
//	join         count the files read, bound diagnostics, read ignores
//	rules        run the rules over the model (Run)
//
// and, in the command, report. Each stage is measured (Stage) and the
// measurements are part of what Load returns (Loaded.Stages), shown by
// `faultline lint --verbose` and reported by the engine benchmarks.

// Stage is the measurement of one stage of a run.
type Stage struct {
	// Name is the stage's name ("terraform", "helm", …).
	Name string
	// Wall is the stage's wall-clock time.
	Wall time.Duration
	// CPU is the CPU time (user + system, every thread) this process used
	// while the stage ran, 0 where the system does not say. Chart
	// renders run in child processes (helm.Pool), whose CPU is not in it.
	// CPU / Wall is how many cores the stage kept busy.
	CPU time.Duration
	// AllocBytes and Allocs are the heap bytes and objects allocated
	// while the stage ran (by the whole process).
	AllocBytes, Allocs uint64
	// Count is how many things the stage handled, in Unit ("files",
	// "root modules", "renders", …).
	Count int
	Unit  string
}

// stages measures the stages of one run, in order.
type stages struct{ list []Stage }

// run runs f as the named stage; f returns how many of unit it handled.
func (s *stages) run(name, unit string, f func() int) {
	b0, o0 := heapAllocs()
	c0, ok0 := procs.CPU()
	start := time.Now()
	n := f()
	wall := time.Since(start)
	c1, ok1 := procs.CPU()
	b1, o1 := heapAllocs()
	var cpu time.Duration
	if ok0 && ok1 {
		cpu = c1 - c0
	}
	s.list = append(s.list, Stage{Name: name, Wall: wall, CPU: cpu, AllocBytes: b1 - b0, Allocs: o1 - o0, Count: n, Unit: unit})
}

// heapAllocs reads the process's cumulative heap allocations (bytes,
// objects) without stopping the world.
func heapAllocs() (bytes, objects uint64) {
	samples := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/allocs:objects"}}
	metrics.Read(samples)
	return uint64Of(samples[0]), uint64Of(samples[1])
}

func uint64Of(s metrics.Sample) uint64 {
	if s.Value.Kind() == metrics.KindUint64 {
		return s.Value.Uint64()
	}
	return 0
}

// Measure runs f as a stage named name and appends its measurement to
// list: the command measures its report stage with it.
func Measure(list []Stage, name, unit string, f func() int) []Stage {
	s := stages{list: list}
	s.run(name, unit, f)
	return s.list
}
