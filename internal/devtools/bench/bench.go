// Package bench is the code of the bench development tool; its command,
// scripts/bench, is built only with the devtools build tag so that `go install ./...`
// (pre-commit's golang hook) builds the product alone:
//
//	go run -tags devtools ./scripts/bench
//
// What the tool does is in the command's documentation.
package bench

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/parsefloor"
)

// config is what the flags say.
type config struct {
	bin       string
	runs      int
	gen       bool
	opts      benchgen.Options
	scales    []int
	repos     []string
	copies    int
	stages    bool
	keep      bool
	tolerance float64
	warm      bool
	// changes are the runs after one file changed per run (-changes).
	changes int
}

type repoList []string

func (r *repoList) String() string     { return strings.Join(*r, ",") }
func (r *repoList) Set(s string) error { *r = append(*r, s); return nil }

// Main runs the command on os.Args and exits with its status.
func Main() {
	if len(os.Args) > 1 && os.Args[1] == "floor" {
		if err := floorMain(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "bench floor:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "krusty" {
		if err := krustyMain(os.Stdout, os.Stderr, os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "bench krusty:", err)
			os.Exit(1)
		}
		return
	}
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if err := benchMain(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// floorMain runs the floor on dirs and prints its Result as JSON.
func floorMain(dirs []string) error {
	if len(dirs) == 0 {
		return errors.New("usage: bench floor DIR...")
	}
	r, err := parsefloor.Run(dirs...)
	if err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(r)
}

func parseFlags(args []string) (config, error) {
	var cfg config
	var repos repoList
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.StringVar(&cfg.bin, "bin", "", "faultline binary to measure, with faultline-render beside it (default: go build ./cmd/faultline and ./cmd/faultline-render into a temporary directory)")
	fs.IntVar(&cfg.runs, "runs", 3, "runs of each measurement; the median is shown")
	fs.BoolVar(&cfg.gen, "gen", true, "measure the generated tree")
	fs.IntVar(&cfg.opts.Teams, "teams", 10, "teams of the generated tree at 1×")
	fs.IntVar(&cfg.opts.ResourcesPerModule, "resources", 20, "resource instances per root module of the generated tree")
	classic := fs.Bool("classic", false, "generated tree without charts, releases, kustomizations and compositions")
	fs.BoolVar(&cfg.opts.NoCharts, "no-charts", false, "generated tree without the local charts and their releases")
	fs.BoolVar(&cfg.opts.NoRemoteReleases, "no-remote-releases", false, "generated tree without the remote chart releases")
	fs.BoolVar(&cfg.opts.NoKustomize, "no-kustomize", false, "generated tree without the kustomizations")
	fs.BoolVar(&cfg.opts.NoCompositions, "no-compositions", false, "generated tree without the Crossplane compositions and claims")
	scales := fs.String("scales", "1,4,16", "multiples of 1× to generate")
	fs.Var(&repos, "repo", "a repository directory to measure (repeatable)")
	fs.IntVar(&cfg.copies, "copies", 0, "also measure one tree of this many copies of every -repo")
	fs.BoolVar(&cfg.stages, "stages", false, "show the \"stage …\" lines of one faultline --verbose run per tree")
	fs.BoolVar(&cfg.keep, "keep", false, "keep the generated trees and copies (their directory is printed)")
	fs.BoolVar(&cfg.warm, "warm", true, "also measure warm runs (the result cache filled by an unmeasured run) and warm runs after one file changed (a byte appended to one .tf or YAML file, put back after each run); -repo trees are changed in place and restored")
	fs.IntVar(&cfg.changes, "changes", 3, "runs after one file changed per run of the others (each after one more newline appended; the one-file figure is the median of runs × changes)")
	fs.Float64Var(&cfg.tolerance, "tolerance", 0.10, "relative change of time per file between scales still called linear")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *classic {
		cfg.opts = cfg.opts.Classic()
	}
	for _, s := range strings.Split(*scales, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return cfg, fmt.Errorf("-scales %q: want positive integers, comma-separated", *scales)
		}
		cfg.scales = append(cfg.scales, n)
	}
	for _, r := range repos {
		abs, err := filepath.Abs(r)
		if err != nil {
			return cfg, fmt.Errorf("-repo %s: %w", r, err)
		}
		cfg.repos = append(cfg.repos, abs)
	}
	if cfg.runs < 1 || cfg.opts.Teams < 1 || cfg.changes < 1 {
		return cfg, errors.New("-runs, -teams and -changes must be at least 1")
	}
	if cfg.copies > 0 && len(cfg.repos) == 0 {
		return cfg, errors.New("-copies needs -repo")
	}
	return cfg, nil
}

func benchMain(cfg config) error {
	work, err := os.MkdirTemp("", "faultline-bench.")
	if err != nil {
		return fmt.Errorf("work directory: %w", err)
	}
	if cfg.keep {
		fmt.Fprintln(os.Stderr, "trees in", work)
	} else {
		defer os.RemoveAll(work)
	}
	bin := cfg.bin
	if bin == "" {
		bin = filepath.Join(work, "faultline")
		fmt.Fprintln(os.Stderr, "building", bin, "and faultline-render beside it")
		build := exec.Command("go", "build", "-o", work+string(filepath.Separator),
			"github.com/faultline-dev/faultline/cmd/faultline", "github.com/faultline-dev/faultline/cmd/faultline-render")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build: %w", err)
		}
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this command for the floor: %w", err)
	}
	trees, err := collect(cfg, work)
	if err != nil {
		return err
	}
	var results []result
	for _, t := range trees {
		fmt.Fprintf(os.Stderr, "measuring %s (%d runs)\n", t.name, cfg.runs)
		r, err := measureTree(t, self, bin, cfg)
		if err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		results = append(results, r)
	}
	w := os.Stdout
	fmt.Fprintf(w, "faultline %s against the parse floor; median of %d runs each, floor and faultline alternating; %s, GOMAXPROCS %d, %d CPUs; %s\n\n",
		bin, cfg.runs, runtime.Version(), runtime.GOMAXPROCS(0), runtime.NumCPU(), time.Now().UTC().Format("2006-01-02 15:04 MST"))
	writeResults(w, results)
	fmt.Fprintln(w)
	if writeCache(w, results) {
		fmt.Fprintln(w)
	}
	writeGrowth(w, results, cfg.tolerance)
	writeStages(w, results)
	return nil
}

// collect generates or copies the trees to measure.
func collect(cfg config, work string) ([]tree, error) {
	var trees []tree
	if cfg.gen {
		fmt.Fprintln(os.Stderr, "generating", cfg.scales)
		g, err := generated(work, cfg.opts, cfg.scales)
		if err != nil {
			return nil, err
		}
		trees = append(trees, g...)
	}
	for _, r := range cfg.repos {
		trees = append(trees, tree{name: filepath.Base(r), dir: r, planted: -1})
	}
	if cfg.copies > 0 {
		fmt.Fprintf(os.Stderr, "copying %d× %v\n", cfg.copies, cfg.repos)
		c, err := copies(work, cfg.repos, cfg.copies)
		if err != nil {
			return nil, err
		}
		trees = append(trees, c)
	}
	return trees, nil
}

// lintSummary is the part of faultline's JSON report the table uses.
type lintSummary struct {
	Summary struct {
		Errors, Warnings, Notices, Files int
	} `json:"summary"`
}

// measureTree runs the floor, the krusty floor (on a tree with
// kustomizations) and faultline on one tree, alternating, after a run of
// each floor that warms the page cache.
func measureTree(t tree, self, bin string, cfg config) (result, error) {
	r := result{name: t.name, scale: t.scale}
	if _, err := floorRun(self, t.dir); err != nil {
		return r, err
	}
	// A first krusty floor run says whether the tree has kustomizations
	// (and warms what it reads); it is measured beside the others only
	// then.
	k, err := krustyRun(self, t.dir)
	if err != nil {
		return r, err
	}
	withKrusty := len(k.res.Roots) > 0
	if withKrusty {
		sayKrusty(os.Stderr, k.res)
	}
	cached := hasCache(bin)
	cold := coldArgs(cached)
	var warm *warmRuns
	if cfg.warm && cached {
		var err error
		if warm, err = newWarmRuns(bin, t.dir, cfg.changes); err != nil {
			return r, err
		}
		defer warm.close()
	}
	var floors, krusties, lints []sample
	for range cfg.runs {
		f, err := floorRun(self, t.dir)
		if err != nil {
			return r, err
		}
		floors = append(floors, f.sample)
		if withKrusty {
			k, err := krustyRun(self, t.dir)
			if err != nil {
				return r, err
			}
			krusties = append(krusties, k.buildSample())
			r.krustyRoots, r.krustyUnbuilt = len(k.res.Roots), len(k.res.Roots)-k.res.Built
		}
		l, sum, err := lintRun(bin, t.dir, cold...)
		if err != nil {
			return r, err
		}
		lints = append(lints, l.sample)
		r.files, r.bytes = f.res.Files, f.res.Bytes
		r.lintFiles, r.findings = sum.Summary.Files, sum.Summary.Errors+sum.Summary.Warnings+sum.Summary.Notices
		if warm != nil {
			if err := warm.measure(); err != nil {
				return r, err
			}
		}
	}
	r.floor, r.krusty, r.lint = medianOf(floors), medianOf(krusties), medianOf(lints)
	if warm != nil {
		r.warm, r.changed, r.cached = medianOf(warm.warm), medianOf(warm.changed), true
	}
	if t.planted >= 0 && r.findings != t.planted {
		fmt.Fprintf(os.Stderr, "warning: %s: %d findings, the generator planted %d\n", t.name, r.findings, t.planted)
	}
	if cfg.stages {
		l, _, err := lintRun(bin, t.dir, "lint", "--verbose", "--format", "json", ".")
		if err != nil {
			return r, err
		}
		for _, line := range strings.Split(string(l.stderr), "\n") {
			if strings.HasPrefix(line, "stage ") {
				r.stages = append(r.stages, line)
			}
		}
	}
	return r, nil
}

// coldArgs are the arguments of a cold faultline run: with --no-cache
// when the binary has the result cache (with -warm=false too: else the
// runs after the first would read the user's cache, warm).
func coldArgs(hasCache bool) []string {
	if hasCache {
		return []string{"lint", "--no-cache", "--format", "json", "."}
	}
	return []string{"lint", "--format", "json", "."}
}

// floorResult is one floor run with what it read.
type floorResult struct {
	run
	res parsefloor.Result
}

func floorRun(self, dir string) (floorResult, error) {
	r, err := runChild(dir, self, "floor", ".")
	if err != nil {
		return floorResult{}, err
	}
	if r.exit != 0 {
		return floorResult{}, fmt.Errorf("floor exited %d: %s", r.exit, r.stderr)
	}
	fr := floorResult{run: r}
	if err := json.Unmarshal(r.stdout, &fr.res); err != nil {
		return fr, fmt.Errorf("floor output: %w", err)
	}
	return fr, nil
}

// lintRun runs faultline; exit 1 (findings) is a success.
func lintRun(bin, dir string, args ...string) (run, lintSummary, error) {
	var sum lintSummary
	r, err := runChild(dir, bin, args...)
	if err != nil {
		return r, sum, err
	}
	if r.exit > 1 {
		return r, sum, fmt.Errorf("faultline exited %d: %s", r.exit, tail(r.stderr))
	}
	if err := json.Unmarshal(r.stdout, &sum); err != nil {
		return r, sum, fmt.Errorf("faultline report: %w", err)
	}
	return r, sum, nil
}

// tail is the end of a long output.
func tail(b []byte) string {
	const n = 2000
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
