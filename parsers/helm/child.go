package helm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/faultline-dev/faultline/internal/version"
)

// Defaults of a Child renderer.
const (
	// DefaultCPULimit is the CPU time one rendering may use.
	DefaultCPULimit = 20 * time.Second
	// DefaultTimeout is the least wall-clock backstop (see Child.Timeout):
	// 30 times the CPU limit, because eight renderings of 11 s of CPU
	// each took 116 s of wall-clock time on a loaded machine with two
	// cores.
	DefaultTimeout     = 10 * time.Minute
	DefaultMaxOutput   = 32 << 20
	DefaultMemoryLimit = 512 << 20
	// maxRequest bounds what Serve reads from stdin.
	maxRequest = 256 << 20
)

// Child renders in a child process (faultline-render), because Helm's
// engine takes no context and faultline does not link it. Child
// starts a process per rendering; Pool keeps such processes for many
// (see Pool), with the same fields. The child reads framed JSON requests
// on stdin and writes a framed reply to each on stdout (see Serve and
// frameHeader). It bounds its own memory, and the CPU time of each
// request, itself (the Limits travel in LimitsEnv) and dies with its
// parent; the parent kills it when a reply exceeds MaxOutput or the
// wall-clock backstop passes.
type Child struct {
	// Exe is the program to run (faultline-render; tests: their own
	// binary), Args its arguments.
	Exe  string
	Args []string
	// Env is the child's environment; nil inherits the parent's.
	Env []string
	// CPULimit bounds the CPU time of one rendering, rounded up to whole
	// seconds (default DefaultCPULimit). It is the time bound that
	// decides: a chart uses the same CPU time on an idle and on a loaded
	// machine. A worker that rendered before stops a chart after between
	// CPULimit and a second more (see budgetCPU).
	CPULimit time.Duration
	// Timeout is a wall-clock backstop for a child that does not finish
	// although it uses no CPU (default the larger of DefaultTimeout and
	// 30 times CPULimit), and the time bound where there is no
	// RLIMIT_CPU (Windows). It is generous because wall-clock time
	// depends on how loaded the machine is.
	Timeout time.Duration
	// MaxOutput bounds the reply in bytes (default DefaultMaxOutput).
	MaxOutput int64
	// MemoryLimit bounds the memory the child adds to the footprint of a
	// fresh child, in bytes (default DefaultMemoryLimit).
	MemoryLimit int64
}

// ChildEnv is set to "1" in the environment of a child NewChild starts.
// A test binary cannot take the child's arguments, so its TestMain calls
// ServeIfChild, which serves when ChildEnv is set.
const ChildEnv = "FAULTLINE_HELM_CHILD"

// LimitsEnv carries a child's Limits, as JSON, from Child to Serve.
const LimitsEnv = "FAULTLINE_HELM_LIMITS"

// Limits are the bounds a child renderer sets on itself before it reads
// its first request.
type Limits struct {
	// Memory bounds the memory the child may add to its footprint when it
	// starts serving, in bytes (0: no bound).
	Memory int64 `json:"memory,omitempty"`
	// CPUSeconds bounds the CPU time of each request (0: no bound).
	CPUSeconds int64 `json:"cpuSeconds,omitempty"`
}

// ParseLimits reads the value of LimitsEnv; "" is no limits.
func ParseLimits(s string) (Limits, error) {
	var l Limits
	if s == "" {
		return l, nil
	}
	if err := json.Unmarshal([]byte(s), &l); err != nil {
		return Limits{}, fmt.Errorf("%s: %w", LimitsEnv, err)
	}
	if l.Memory < 0 || l.CPUSeconds < 0 {
		return Limits{}, fmt.Errorf("%s: negative limit", LimitsEnv)
	}
	return l, nil
}

// ProtocolEnv carries the version of the request and reply protocol the
// parent speaks (protocolVersion); a child that speaks another refuses to
// serve, so that a faultline-render of another release on PATH fails
// every rendering with the reason instead of misreading requests.
const ProtocolEnv = "FAULTLINE_HELM_PROTOCOL"

// protocolVersion is this package's version of the protocol: raise it
// whenever a request, a reply or the framing changes.
const protocolVersion = "4"

// VersionEnv carries the release version of the parent (faultline) to
// the child, so that a child refusing another protocol names both
// releases.
const VersionEnv = "FAULTLINE_HELM_PARENT_VERSION"

// NewChild returns a Child that runs exe with args (faultline:
// faultline-render), with ChildEnv, ProtocolEnv and VersionEnv set, the
// collector's pace of a renderer (childGC) and the default bounds.
func NewChild(exe string, args ...string) Child {
	env := append(os.Environ(), ChildEnv+"=1", ProtocolEnv+"="+protocolVersion, VersionEnv+"="+version.Get().Version)
	if _, set := os.LookupEnv("GOGC"); !set {
		env = append(env, childGC)
	}
	return Child{Exe: exe, Args: args, Env: env}
}

// childGC lets a renderer's heap grow to three times what it holds live
// before the collector runs (Go's default: twice), from its package
// initialisation on: a renderer keeps little between requests, and with
// this it spends 3 ms less CPU on a repository of 57 small charts (two
// workers, 66 → 63 ms for the whole run) for 1–3 MiB more resident each.
// GOGC in faultline's environment is passed on instead; the memory bound
// (bound) holds either way.
const childGC = "GOGC=200"

// ServeIfChild serves requests on stdin and stdout with render until
// stdin ends, within the Limits of LimitsEnv, and exits when this process
// is a child NewChild started (ChildEnv is set); otherwise it returns at
// once. faultline-render calls it with chartrender.Render; so does the
// TestMain of tests that render through a Child or Pool of their own test
// binary.
func ServeIfChild(render func(Request) (Result, error)) {
	if os.Getenv(ChildEnv) != "1" {
		return
	}
	err := checkProtocol(os.Getenv(ProtocolEnv), os.Getenv(VersionEnv))
	if err == nil {
		var lim Limits
		if lim, err = ParseLimits(os.Getenv(LimitsEnv)); err == nil {
			err = Serve(os.Stdin, os.Stdout, lim, render)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "faultline renderer:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// checkProtocol refuses a parent that speaks another protocol version,
// naming the release of each side (parentVersion: the parent's
// VersionEnv, "" from a parent too old to send it).
func checkProtocol(v, parentVersion string) error {
	if v == protocolVersion {
		return nil
	}
	if parentVersion == "" {
		parentVersion = "of an unknown version"
	}
	return fmt.Errorf("faultline %s speaks render protocol %q and this faultline-render %s speaks %q: install faultline and faultline-render from the same version", parentVersion, v, version.Get().Version, protocolVersion)
}

// reply is what the child writes.
type reply struct {
	Result Result       `json:"result"`
	Error  *RenderError `json:"error,omitempty"`
	// CPUMillis is the CPU time the child used for the request, in
	// milliseconds: what the run's budget charges (see Metered).
	CPUMillis int64 `json:"cpuMillis"`
}

// bounds are a Child's bounds with the defaults filled in.
type bounds struct {
	cpu, wall      time.Duration
	output, memory int64
}

func (c Child) bounds() bounds {
	b := bounds{cpu: c.CPULimit, wall: c.Timeout, output: c.MaxOutput, memory: c.MemoryLimit}
	if b.cpu <= 0 {
		b.cpu = DefaultCPULimit
	}
	if r := b.cpu % time.Second; r != 0 {
		b.cpu += time.Second - r
	}
	if b.wall <= 0 {
		b.wall = max(DefaultTimeout, 30*b.cpu)
	}
	if b.output <= 0 {
		b.output = DefaultMaxOutput
	}
	if b.memory <= 0 {
		b.memory = DefaultMemoryLimit
	}
	return b
}

// Render implements Renderer: it starts a worker, renders req and stops
// the worker (Pool keeps its workers for many requests). The goroutine
// stays on its OS thread while the worker lives (see startWorker).
func (c Child) Render(ctx context.Context, req Request) (Result, error) {
	res, _, err := c.RenderMetered(ctx, req, 0)
	return res, err
}

// RenderMetered implements Metered.
func (c Child) RenderMetered(ctx context.Context, req Request, limit time.Duration) (Result, time.Duration, error) {
	req, err := req.Complete()
	if err != nil {
		return Result{}, 0, err
	}
	b := c.bounds()
	wr := wireRequest{Request: req}
	wr.CPUSeconds = b.seconds(limit)
	body, err := encodeRequest(wr)
	if err != nil {
		return Result{}, 0, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w, err := c.startWorker()
	if err != nil {
		return Result{}, 0, err
	}
	res, cpu, alive, err := w.render(ctx, body, wr.CPUSeconds)
	if alive {
		w.close()
	}
	return res, cpu, err
}

// seconds is the CPU limit in whole seconds a request is sent with for a
// limit of d: 0 (the worker's own) when d is 0 or not below it.
func (b bounds) seconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if s <= 0 || time.Duration(s)*time.Second >= b.cpu {
		return 0
	}
	return s
}

// MostCPU implements Metered: the CPU limit and the second a worker that
// rendered before may add (see CPULimit).
func (c Child) MostCPU() time.Duration { return c.bounds().cpu + time.Second }

// outcome is how a request to a worker failed.
type outcome struct {
	tooBig  bool
	readErr error
	waitErr error
	state   *os.ProcessState
	stderr  string
	ctxErr  error
}

// stopped says why a worker gave no reply. The bounds that decide do not
// depend on the machine's load: output size, CPU time (the worker exits
// with exitCPULimit at its RLIMIT_CPU) and memory (the runtime fails at
// RLIMIT_DATA); the wall-clock backstop comes after.
func (b bounds) stopped(o outcome) *StoppedError {
	switch {
	case o.tooBig:
		return &StoppedError{Reason: fmt.Sprintf("its output exceeds %d MiB", b.output>>20)}
	case o.state != nil && o.state.ExitCode() == exitCPULimit:
		return &StoppedError{Reason: fmt.Sprintf("it used more than %s of CPU time", b.cpu)}
	case o.state != nil && o.state.ExitCode() == exitMemoryLimit:
		return &StoppedError{Reason: fmt.Sprintf("it exceeds the %d MiB memory limit", b.memory>>20)}
	case errors.Is(o.ctxErr, context.DeadlineExceeded):
		return &StoppedError{Reason: fmt.Sprintf("it did not finish within %s of wall-clock time", b.wall), WallClock: true}
	case o.ctxErr != nil:
		return &StoppedError{Reason: o.ctxErr.Error()}
	case o.waitErr != nil:
		if fatal, ok := runtimeFatal(o.stderr); (ok && outOfMemory(fatal)) || threadStarved(o.stderr) || b.crashedAtMemoryLimit(o) {
			return &StoppedError{Reason: fmt.Sprintf("it exceeds the %d MiB memory limit", b.memory>>20)}
		}
		return &StoppedError{Reason: "the renderer failed (" + o.waitErr.Error() + ")" + firstLine(o.stderr)}
	case o.readErr != nil:
		return &StoppedError{Reason: "cannot read the renderer's output: " + o.readErr.Error()}
	}
	return &StoppedError{Reason: "the renderer ended without a reply"}
}

// crashedAtMemoryLimit says whether a child that crashed (a signal or a
// runtime failure, not an error it reported) did so with its resident
// memory at the limit: near RLIMIT_DATA a failed mapping can surface as
// SIGSEGV inside the runtime instead of its "out of memory" throw (seen on
// a loaded machine). A hoarding chart dies at the fresh child's resident
// size plus the limit (see limitMemory); nine tenths of the limit is far
// above anything a chart within it holds when it crashes for another
// reason. The peak is over the worker's life: a long-lived worker that
// came near the limit on an earlier chart and then crashes for another
// reason is reported at the limit too.
func (b bounds) crashedAtMemoryLimit(o outcome) bool {
	return crashedNear(o.stderr, peakResident(o.state), b.memory)
}

// crashedNear says whether stderr reports a runtime crash of a child whose
// peak resident memory reached nine tenths of limit.
func crashedNear(stderr string, peak, limit int64) bool {
	_, fatal := runtimeFatal(stderr)
	return (fatal || runtimeSignal(stderr)) && peak >= limit/10*9
}

// runtimeSignal says whether a child's stderr holds the Go runtime's report
// of a signal it could not handle ("SIGSEGV: segmentation violation", or
// "unexpected signal during runtime execution" after a fatal error line).
func runtimeSignal(stderr string) bool {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "SIGSEGV: ") || strings.HasPrefix(l, "SIGBUS: ") || strings.HasPrefix(l, "unexpected fault address ") {
			return true
		}
	}
	return false
}

// threadStarved says whether a child's stderr reports that the runtime
// could not start a thread for want of resources: under RLIMIT_DATA a
// thread's stack is a data mapping, so a chart that took the worker to its
// memory limit can make the next thread fail to start ("runtime/cgo:
// pthread_create failed: Resource temporarily unavailable", or the
// runtime's own "newosproc" failure) before the allocation itself fails.
func threadStarved(stderr string) bool {
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.TrimSpace(l)
		if why, ok := strings.CutPrefix(l, "runtime/cgo: pthread_create failed: "); ok && why == "Resource temporarily unavailable" {
			return true
		}
		if strings.HasPrefix(l, "runtime: failed to create new OS thread ") && strings.HasSuffix(l, "errno=11)") {
			return true // EAGAIN
		}
	}
	return false
}

// exitCPULimit is the exit status of a child that reached its CPU limit
// (Serve failing and the Go runtime failing exit with 2).
const exitCPULimit = 3

// exitMemoryLimit is the exit status of a child whose rendering held more
// resident memory than its limit (see residentWatch).
const exitMemoryLimit = 4

// runtimeFatal returns the message of the Go runtime's "fatal error: …"
// line in a child's stderr: the only report of a runtime that failed.
func runtimeFatal(stderr string) (string, bool) {
	for _, l := range strings.Split(stderr, "\n") {
		if msg, ok := strings.CutPrefix(l, "fatal error: "); ok {
			return strings.TrimSpace(msg), true
		}
	}
	return "", false
}

// outOfMemory says whether a runtime fatal error is one of the runtime's
// allocation failures (its throws when a mapping fails at RLIMIT_DATA) or
// a stack that reached the bound Serve sets.
func outOfMemory(fatal string) bool {
	return fatal == "stack overflow" || strings.Contains(fatal, "out of memory") || strings.Contains(fatal, "cannot allocate memory")
}

// firstLine returns ": <first non-empty line>" of s (a Go runtime
// failure says what happened first), or "".
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return ": " + l
		}
	}
	return ""
}

// headBuffer keeps the first max bytes written.
type headBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// reset forgets what was written.
func (h *headBuffer) reset() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.buf = h.buf[:0]
}

func (h *headBuffer) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(h.buf)
}

// bound applies lim to this process (see Serve).
func bound(lim Limits) error {
	if lim == (Limits{}) {
		return nil
	}
	runtime.GOMAXPROCS(1)
	if err := setLimits(lim); err != nil {
		return err
	}
	if lim.Memory > 0 {
		// The collector works to stay below the hard bound (softLimit);
		// no goroutine stack may take half of it.
		debug.SetMemoryLimit(softLimit(lim.Memory))
		debug.SetMaxStack(int(min(lim.Memory/2, 1<<30)))
	}
	return nil
}

// softLimit is the Go memory limit of a worker whose hard bound is limit
// bytes of data memory (RLIMIT_DATA, see limitMemory): a quarter and
// 16 MiB below it, and not below half of it. The kernel charges more than
// the runtime counts against its soft limit: heap pages the runtime
// returned to the system stay mapped and charged, the heap grows into new
// address space when its free pages are too scattered for a large object
// (the quarter), and in a cgo build (go install) each thread the runtime
// starts after the bound is set maps an 8 MiB stack (the 16 MiB: a worker
// starts one or two more). Measured on a chart that keeps 48 MB and
// throws away 1.5 GB under a 128 MiB bound: with the soft limit at seven
// eighths the worker's heap took up to 131 MiB of address space, a third
// of it returned, and of ten workers rendering the chart 15 times two
// failed a rendering (three on a machine loaded with two busy loops); at
// 80 MiB none did (one, at its 14th rendering, loaded). The collector then
// runs more often: about a third more CPU time for that chart, none for a
// chart that stays far below the limit. A chart that needs more than the
// bound still meets it: the soft limit only makes the collector work
// harder first. Collecting and returning memory between requests
// (debug.FreeOSMemory) did not help: with the soft limit at seven eighths
// every worker failed within 12 renderings.
func softLimit(limit int64) int64 {
	return max(limit/2, limit-limit/4-16<<20)
}
