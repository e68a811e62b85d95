package helm

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
)

// Pool renders through long-lived child renderers: up to Workers of them
// (default: as many as Memory holds, see workers), each serving many
// requests. One is started for the first request (or by Warm); another
// only when a request has waited GrowAfter for a worker while the
// running ones were past their start-up, and at most one per GrowAfter:
// a worker's start-up (exec, Helm's package initialisation) costs more
// CPU than a few charts take to render, so a tree of a few charts is
// rendered by one worker, a tree of many by as many as keep up. Each request keeps the bounds of Child (CPU
// time, memory, output, the wall-clock backstop): a worker that passes
// one is killed, that request fails with a *StoppedError, and the next
// request starts a fresh worker; other requests, queued or on other
// workers, are not affected. Close stops the workers. Safe for
// concurrent use; use it through a pointer.
type Pool struct {
	// Child is how each worker is started and bounded (see NewChild).
	Child Child
	// Workers bounds the worker processes (default: see workers).
	Workers int
	// Memory is what the workers may hold together (default
	// runbudget.Defaults.Memory, the run's memory budget): there are no
	// more workers than it holds at Child.MemoryLimit each.
	Memory int64
	// GrowAfter is how long a request waits for a busy pool before the
	// pool starts another worker (default growAfter).
	GrowAfter time.Duration

	mu     sync.Mutex
	closed bool
	// slots are the worker slots started, most the pool's bound, grown
	// when the last slot was added.
	slots, most int
	grown       time.Time
	// began is when the pool started.
	began time.Time
	// answered is set once a worker has answered a request: the pool is
	// past its start-up, and a request waiting now waits for busy workers.
	answered atomic.Bool
	tasks    chan *task
	ctx      context.Context // ends when the pool closes
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	live     map[*worker]bool
	starts   atomic.Int64
}

// NewPool returns a Pool whose workers run exe with args (faultline:
// faultline-render), with the default bounds.
func NewPool(exe string, args ...string) *Pool {
	return &Pool{Child: NewChild(exe, args...)}
}

// task is one request waiting for a worker, with the hash and size of
// its files (see sentCharts).
type task struct {
	ctx  context.Context
	req  Request
	hash string
	size int64
	// cpu is the request's CPU limit in seconds (0: the worker's own).
	cpu  int64
	done chan taskResult
}

type taskResult struct {
	res Result
	cpu time.Duration
	err error
}

// Render implements Renderer. The first call starts the pool.
func (p *Pool) Render(ctx context.Context, req Request) (Result, error) {
	res, _, err := p.RenderMetered(ctx, req, 0)
	return res, err
}

// RenderMetered implements Metered.
func (p *Pool) RenderMetered(ctx context.Context, req Request, limit time.Duration) (Result, time.Duration, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, 0, &StoppedError{Reason: err.Error()}
	}
	req, err := req.Complete()
	if err != nil {
		return Result{}, 0, err
	}
	quit, err := p.start()
	if err != nil {
		return Result{}, 0, err
	}
	t := &task{ctx: ctx, req: req, hash: filesDigest(req), size: filesSize(req.Files), cpu: p.Child.bounds().seconds(limit), done: make(chan taskResult, 1)}
	if err := p.send(ctx, quit, t); err != nil {
		return Result{}, 0, err
	}
	r := <-t.done // a worker that takes a task always answers it
	return r.res, r.cpu, r.err
}

// filesDigest identifies req's files for the workers' chart cache: the
// digest the request carries (a loaded chart's, filesHash of the same
// files, checked again when they were read back: unkeptReader), else
// filesHash computed here. A chart of megabytes of CRDs is hashed once
// per run instead of twice.
func filesDigest(req Request) string {
	if req.FilesDigest != "" {
		return req.FilesDigest
	}
	return filesHash(req.Files)
}

// send hands t to a worker slot, growing the pool while t waits (grow).
func (p *Pool) send(ctx context.Context, quit <-chan struct{}, t *task) error {
	select {
	case p.tasks <- t:
		return nil
	default:
	}
	wait := p.growAfter()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case p.tasks <- t:
			return nil
		case <-timer.C:
			p.grow()
			timer.Reset(wait)
		case <-ctx.Done():
			return &StoppedError{Reason: ctx.Err().Error()}
		case <-quit:
			return errPoolClosed
		}
	}
}

func (p *Pool) growAfter() time.Duration {
	if p.GrowAfter > 0 {
		return p.GrowAfter
	}
	return growAfter
}

// grow adds a worker slot for a request that has waited growAfter: when
// a worker has answered already or the pool began startupAllowance ago
// (before that, the wait is the first worker's start-up, not a backlog;
// after it, the first worker is slow to start or busy with a long
// chart), the pool is under its bound, and no slot was added in the last
// growAfter (requests waiting together add one).
func (p *Pool) grow() {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed || p.tasks == nil || p.slots >= p.most:
	case !p.answered.Load() && time.Since(p.began) < startupAllowance:
	case time.Since(p.grown) < p.growAfter():
	default:
		p.addSlot(false)
	}
}

// startupAllowance is how long a pool waits for its first worker to
// answer before a waiting request may add another: about two start-ups
// of a worker on a small machine (a first chart that renders long must
// not hold the others back much longer).
const startupAllowance = 30 * time.Millisecond

// addSlot starts one more worker slot; p.mu is held.
func (p *Pool) addSlot(warm bool) {
	p.slots++
	p.grown = time.Now()
	p.wg.Go(func() { p.slot(warm) })
}

// MostCPU implements Metered.
func (p *Pool) MostCPU() time.Duration { return p.Child.MostCPU() }

// workers is how many workers the pool runs on procs cores: Workers when
// set, else as many as Memory holds at the memory limit of each, at most
// one per core (runbudget.Concurrency).
func (p *Pool) workers(procs int) int {
	if p.Workers > 0 {
		return p.Workers
	}
	mem := p.Memory
	if mem <= 0 {
		mem = runbudget.Defaults.Memory
	}
	return runbudget.Concurrency(procs, mem, p.Child.bounds().memory)
}

// growAfter is GrowAfter's default: about one worker's start-up on a
// small machine, so a second worker is started only for a backlog at
// least as long as it takes to start one.
const growAfter = 10 * time.Millisecond

// errPoolClosed is the error of a request to a closed pool.
var errPoolClosed = &StoppedError{Reason: "the renderer pool is closed"}

// Warm starts the pool's first worker ahead of its first request: a run
// that will render charts starts it while it reads the rest of the tree,
// so process start-up overlaps that work. charts is how many charts the
// run holds: the pool never runs more workers than that (a worker
// started for no chart costs a process start-up for nothing); 0 or less
// is no bound. It does nothing once the pool has started or closed.
func (p *Pool) Warm(charts int) {
	_, _ = p.startSlots(true, charts)
}

// start starts the pool's worker slots once; it returns a channel closed
// when the pool closes.
func (p *Pool) start() (<-chan struct{}, error) {
	return p.startSlots(false, 0)
}

// startSlots starts the pool once: its bound (at most most workers when
// most > 0) and its first slot, which starts its worker at once when warm
// (else at its first request).
func (p *Pool) startSlots(warm bool, most int) (<-chan struct{}, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errPoolClosed
	}
	if p.tasks == nil {
		p.most = p.workers(runtime.GOMAXPROCS(0))
		if most > 0 {
			p.most = min(p.most, most)
		}
		p.tasks = make(chan *task)
		p.ctx, p.cancel = context.WithCancel(context.Background())
		p.live = map[*worker]bool{}
		p.began = time.Now()
		p.addSlot(warm)
	}
	return p.ctx.Done(), nil
}

// Close stops the pool: a request rendering is stopped, idle workers
// exit, and Close returns when every worker has been waited for. Later
// requests fail with a *StoppedError.
func (p *Pool) Close() error {
	p.mu.Lock()
	p.closed = true
	cancel := p.cancel
	p.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	p.wg.Wait()
	return nil
}

// slot runs one worker after another, each serving tasks until it dies,
// and the last until the pool closes. The goroutine stays locked to its
// OS thread for as long as it runs workers (see startWorker): the thread
// that started a worker lives as long as the worker. A warm slot starts
// its worker before the first request (one that fails to start is
// started again, and its error reported, by that request).
func (p *Pool) slot(warm bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var w *worker
	if warm {
		w, _ = p.launch()
	}
	defer func() {
		if w != nil {
			w.close()
			p.forget(w)
		}
	}()
	for {
		select {
		case <-p.ctx.Done():
			return
		case t := <-p.tasks:
			w = p.serve(w, t)
		}
	}
}

// serve renders t on w, starting a worker when w is nil; it returns the
// worker alive after the request, or nil.
func (p *Pool) serve(w *worker, t *task) *worker {
	if p.ctx.Err() != nil {
		t.done <- taskResult{err: errPoolClosed}
		return w
	}
	if w == nil {
		var err error
		if w, err = p.launch(); err != nil {
			t.done <- taskResult{err: err}
			return nil
		}
	}
	wr := w.sent.prepare(t.req, t.hash, t.size)
	wr.CPUSeconds = t.cpu
	body, err := encodeRequest(wr)
	if err != nil {
		// The worker keeps what it was sent: the request that failed to
		// encode was not, so it starts afresh.
		t.done <- taskResult{err: err}
		w.close()
		p.forget(w)
		return nil
	}
	ctx, cancel := context.WithCancel(t.ctx)
	defer cancel()
	stop := context.AfterFunc(p.ctx, cancel)
	defer stop()
	res, cpu, alive, err := w.render(ctx, body, t.cpu)
	p.answered.Store(true)
	if !alive {
		p.forget(w)
		w = nil
	}
	t.done <- taskResult{res, cpu, err}
	return w
}

// launch starts a worker and counts it among the live ones.
func (p *Pool) launch() (*worker, error) {
	w, err := p.Child.startWorker()
	if err != nil {
		return nil, err
	}
	p.starts.Add(1)
	p.mu.Lock()
	p.live[w] = true
	p.mu.Unlock()
	return w, nil
}

// forget drops a worker that has been waited for.
func (p *Pool) forget(w *worker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.live, w)
}

// pids are the process ids of the running workers.
func (p *Pool) pids() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []int
	for w := range p.live {
		out = append(out, w.pid())
	}
	return out
}
