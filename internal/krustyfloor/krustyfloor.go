// Package krustyfloor is the floor under faultline's kustomize stage:
// krusty's own cost for the kustomizations faultline builds. It finds the
// kustomization roots exactly as a `faultline lint` run of the same paths
// does (the engine's discovery, engine.Kustomizations, and the kustomize
// package's choice of roots, kustomize.FindBuilds) and builds each with
// krusty alone, in this process, as `kustomize build` would: straight
// from the disk, with the options faultline gives krusty, the output
// serialised as YAML (kustomize.BuildOnDisk). Nothing of faultline's
// own runs: no copy into memory, no entry left out, no Helm chart
// rendered, no position mapped, no model.
//
// What that means for what faultline does differently:
//
//   - helmCharts: faultline renders them through its own Helm path before
//     krusty runs; here krusty runs with chart inflation off, as faultline
//     configures it, so such a build fails (counted in Result.Failed), as
//     `kustomize build` without --enable-helm does;
//   - remote entries (git repositories, URLs): faultline leaves them out;
//     krusty would fetch them, so a root whose build names one is not
//     built here (Result.Remote);
//   - a build faultline cannot make fails here too (Result.Failed).
//
// Result.CPU and Result.Wall cover the builds alone: the process's start,
// the walk and the choice of roots (which the parse floor and faultline
// pay too) are not in them.
package krustyfloor

import (
	"fmt"
	"runtime"
	"sort"
	"time"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/internal/procs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kustomize"
)

// Result is what the krusty floor built and what it cost.
type Result struct {
	// Roots are the kustomization roots faultline builds (absolute,
	// sorted): Built of them built, the rest Failed or Remote.
	Roots []string
	Built int
	// Failed are the builds krusty refused.
	Failed []Failure `json:",omitempty"`
	// Remote are the roots not built because they name remote entries.
	Remote []string `json:",omitempty"`
	// Bytes is the YAML the builds put out.
	Bytes int64
	// CPU (user + sys of the process, every thread) and Wall are the
	// builds' cost, 0 CPU where the system does not say.
	CPU, Wall time.Duration
}

// Failure is one build krusty refused.
type Failure struct {
	Dir, Error string
}

// Run builds the kustomization roots a faultline run of paths (relative
// to cwd) builds, on GOMAXPROCS goroutines, and measures the builds.
func Run(cwd string, paths ...string) (Result, error) {
	builds, err := Builds(cwd, paths...)
	if err != nil {
		return Result{}, err
	}
	return Build(builds), nil
}

// Builds are the kustomization roots a faultline run of paths (relative
// to cwd) builds, found the way that run finds them, the .faultline.hcl it
// would apply included.
func Builds(cwd string, paths ...string) ([]kustomize.Build, error) {
	lay, err := engine.Locate(paths, cwd, "")
	if err != nil {
		return nil, err
	}
	cfg, err := config(lay.ConfigStart)
	if err != nil {
		return nil, err
	}
	opts := engine.Options{Paths: paths, Cwd: cwd, Config: cfg, TreeRoot: lay.TreeRootFor(cfg, false)}
	tree, dirs, err := engine.Kustomizations(opts)
	if err != nil {
		return nil, err
	}
	return kustomize.FindBuilds(tree, dirs), nil
}

// config is the .faultline.hcl faultline finds from start, or nil.
func config(start string) (*lint.Config, error) {
	path, ok := lint.FindConfig(start)
	if !ok {
		return nil, nil
	}
	if err := lint.CheckFoundConfig(path); err != nil {
		return nil, fmt.Errorf("%s %w", path, err)
	}
	cfg, err := lint.LoadConfig(path)
	if err != nil {
		return nil, fmt.Errorf("krusty floor: %w", err)
	}
	return cfg, nil
}

// Build builds the roots with krusty on GOMAXPROCS goroutines and
// measures the builds.
func Build(builds []kustomize.Build) Result {
	var res Result
	var todo []kustomize.Build
	for _, b := range builds {
		res.Roots = append(res.Roots, b.Dir)
		if b.Remote {
			res.Remote = append(res.Remote, b.Dir)
			continue
		}
		todo = append(todo, b)
	}
	// What the walk and the choice of roots left behind is not the
	// builds' to collect.
	runtime.GC()
	cpu0, _ := procs.CPU()
	start := time.Now()
	outs := make([]int64, len(todo))
	errs := make([]error, len(todo))
	procs.Parallel(len(todo), func(i int) {
		out, err := kustomize.BuildOnDisk(todo[i].Dir, todo[i].Alone)
		outs[i], errs[i] = int64(len(out)), err
	})
	res.Wall = time.Since(start)
	if cpu1, ok := procs.CPU(); ok {
		res.CPU = cpu1 - cpu0
	}
	for i, err := range errs {
		if err != nil {
			res.Failed = append(res.Failed, Failure{Dir: todo[i].Dir, Error: err.Error()})
			continue
		}
		res.Built++
		res.Bytes += outs[i]
	}
	sort.Strings(res.Roots)
	return res
}
