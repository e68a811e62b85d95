package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/changes"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/internal/version"
)

// openCache opens the result cache for a lint run: dir (--cache-dir),
// else FAULTLINE_CACHE_DIR, else the user cache directory's faultline/.
// A cache that cannot be opened, or a build whose identity cannot be
// read, leaves the run uncached and says why (why is "" when the cache
// is used).
func (c *CLI) openCache(dir string) (rc *engine.Cache, why string) {
	if dir == "" {
		var err error
		if dir, err = cache.Dir(c.Getenv); err != nil {
			return nil, err.Error()
		}
	}
	max, err := cache.Max(c.Getenv)
	if err != nil {
		return nil, err.Error()
	}
	store, err := cache.Open(dir, max)
	if err != nil {
		return nil, err.Error()
	}
	build, err := c.buildID(store)
	if err != nil {
		return nil, err.Error()
	}
	return &engine.Cache{Store: store, Build: build}, ""
}

// buildID identifies what computes a run's result: this executable and
// the chart renderer it starts, each by its Go build ID, whose last part
// hashes its content, or else by the hash of its content (a rebuilt
// binary with the same version string is another build).
func (c *CLI) buildID(store *cache.Store) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("this executable: %w", err)
	}
	self, err := store.ExecutableID(exe)
	if err != nil {
		return "", err
	}
	render := "no renderer"
	switch {
	case c.Renderer != nil:
		render = fmt.Sprintf("injected %T", c.Renderer)
	default:
		if p, err := renderExecutable(os.Getenv); err == nil {
			if render, err = store.ExecutableID(p); err != nil {
				return "", err
			}
		}
	}
	return version.Get().String("faultline") + "\n" + self + "\n" + render, nil
}

// startProfiles starts the CPU profile (--cpuprofile) and returns what
// ends it and writes the heap profile (--memprofile), after a GC, at the
// end of the run.
func startProfiles(cpuFile, memFile string) (stop func() error, err error) {
	var cpu *os.File
	if cpuFile != "" {
		if cpu, err = os.Create(cpuFile); err != nil {
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
	}
	return func() error {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
		}
		if memFile == "" {
			return nil
		}
		f, err := os.Create(memFile)
		if err != nil {
			return fmt.Errorf("--memprofile: %w", err)
		}
		runtime.GC()
		werr := pprof.WriteHeapProfile(f)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("--memprofile: %w", werr)
		}
		return nil
	}, nil
}

// exportBase exports the base revision: into the result cache's exports
// under its commit when the cache is on (the next run comparing with the
// same commit reads the same paths, so the base's Terraform roots are
// kept from run to run), else into a temporary directory cleanup
// removes.
func exportBase(rc *engine.Cache, rev *changes.Revision) (dir string, cleanup func(), err error) {
	write := func(dst string) error { return changes.Export(rev.Root, rev.Commit, dst) }
	if rc != nil && rc.Store != nil {
		if dir, err := rc.Store.Export(rev.Commit, write); err == nil {
			return dir, func() {}, nil
		}
		// A cache that cannot hold the export: a temporary one.
	}
	tmp, err := os.MkdirTemp("", "faultline-base-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	if err := write(tmp); err != nil {
		cleanup()
		return "", nil, err
	}
	return tmp, cleanup, nil
}
