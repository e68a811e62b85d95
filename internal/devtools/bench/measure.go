package bench

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"time"
)

// sample is one run of a child process: wall time, CPU time (user + sys)
// and peak resident set size, as the kernel accounts them for the child.
type sample struct {
	wall, cpu time.Duration
	rss       int64 // bytes
}

// measure is the median of several samples, each metric on its own.
type measure struct {
	Wall, CPU time.Duration
	RSS       int64
	Runs      int
}

// medianOf takes the median of each metric of samples (the lower middle
// for an even count).
func medianOf(samples []sample) measure {
	if len(samples) == 0 {
		return measure{}
	}
	walls := make([]time.Duration, len(samples))
	cpus := make([]time.Duration, len(samples))
	rsss := make([]int64, len(samples))
	for i, s := range samples {
		walls[i], cpus[i], rsss[i] = s.wall, s.cpu, s.rss
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	slices.Sort(rsss)
	m := (len(samples) - 1) / 2
	return measure{Wall: walls[m], CPU: cpus[m], RSS: rsss[m], Runs: len(samples)}
}

// run is one finished child process.
type run struct {
	sample
	stdout, stderr []byte
	exit           int
}

// runChild runs name with args in dir and measures it. A non-zero exit is
// not an error (the caller judges it); failing to start one is.
func runChild(dir, name string, args ...string) (run, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return run{}, fmt.Errorf("running %s: %w", name, err)
	}
	ps := cmd.ProcessState
	r := run{stdout: out.Bytes(), stderr: errb.Bytes(), exit: ps.ExitCode()}
	r.wall = wall
	r.cpu = ps.UserTime() + ps.SystemTime()
	r.rss = maxRSS(ps)
	return r, nil
}
