package helm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// Defaults of a Child renderer.
const (
	DefaultTimeout     = 20 * time.Second
	DefaultMaxOutput   = 32 << 20
	DefaultMemoryLimit = 512 << 20
	// maxRequest bounds what Serve reads from stdin.
	maxRequest = 256 << 20
)

// Child renders in a child process: faultline re-executing itself
// (`faultline __render`), because Helm's engine takes no context. The
// child reads a JSON Request on stdin and writes a JSON reply on stdout
// (see Serve); the parent kills it when Timeout passes or its output
// exceeds MaxOutput, and the child bounds its own memory to MemoryLimit.
type Child struct {
	// Exe is the program to run (os.Executable()), Args its arguments
	// (["__render"]).
	Exe  string
	Args []string
	// Env is the child's environment; nil inherits the parent's.
	Env []string
	// Timeout bounds one rendering (default DefaultTimeout).
	Timeout time.Duration
	// MaxOutput bounds the reply in bytes (default DefaultMaxOutput).
	MaxOutput int64
	// MemoryLimit bounds the child's memory in bytes (default
	// DefaultMemoryLimit): Go's soft limit, and on Linux the address
	// space.
	MemoryLimit int64
}

// ChildEnv is set to "1" in the environment of a child NewChild starts.
// A test binary cannot take the child's arguments, so its TestMain calls
// ServeIfChild, which serves when ChildEnv is set.
const ChildEnv = "FAULTLINE_HELM_CHILD"

// NewChild returns a Child that runs this executable with args (faultline:
// "__render"), with ChildEnv set and the default bounds.
func NewChild(args ...string) (Child, error) {
	exe, err := os.Executable()
	if err != nil {
		return Child{}, err
	}
	return Child{Exe: exe, Args: args, Env: append(os.Environ(), ChildEnv+"=1")}, nil
}

// ServeIfChild serves one request on stdin and stdout and exits when this
// process is a child NewChild started (ChildEnv is set); otherwise it
// returns at once. Call it first in a TestMain of tests that render
// through NewChild.
func ServeIfChild() {
	if os.Getenv(ChildEnv) != "1" {
		return
	}
	if err := Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "faultline renderer:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// reply is what the child writes.
type reply struct {
	Result Result       `json:"result"`
	Error  *RenderError `json:"error,omitempty"`
}

// Render implements Renderer.
func (c Child) Render(ctx context.Context, req Request) (Result, error) {
	timeout, maxOut, mem := c.Timeout, c.MaxOutput, c.MemoryLimit
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if maxOut <= 0 {
		maxOut = DefaultMaxOutput
	}
	if mem <= 0 {
		mem = DefaultMemoryLimit
	}
	req.MemoryLimit = mem
	body, err := json.Marshal(req)
	if err != nil {
		return Result{}, &StoppedError{Reason: "cannot encode the request: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.Exe, c.Args...)
	cmd.Env = c.Env
	cmd.Stdin = bytes.NewReader(body)
	stderr := &headBuffer{max: 4 << 10}
	cmd.Stderr = stderr
	cmd.WaitDelay = time.Second
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return Result{}, &StoppedError{Reason: err.Error()}
	}
	if err := cmd.Start(); err != nil {
		return Result{}, &StoppedError{Reason: "cannot start the renderer: " + err.Error()}
	}
	out, readErr := io.ReadAll(io.LimitReader(stdout, maxOut+1))
	tooBig := int64(len(out)) > maxOut
	if tooBig {
		_ = cmd.Process.Kill()
		_, _ = io.Copy(io.Discard, stdout)
	}
	waitErr := cmd.Wait()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return Result{}, &StoppedError{Reason: fmt.Sprintf("it took longer than %s", timeout)}
	case ctx.Err() != nil:
		return Result{}, &StoppedError{Reason: ctx.Err().Error()}
	case tooBig:
		return Result{}, &StoppedError{Reason: fmt.Sprintf("its output exceeds %d MiB", maxOut>>20)}
	case waitErr != nil:
		tail := stderr.String()
		if strings.Contains(tail, "out of memory") || strings.Contains(tail, "cannot allocate memory") {
			return Result{}, &StoppedError{Reason: fmt.Sprintf("it exceeds the %d MiB memory limit", mem>>20)}
		}
		return Result{}, &StoppedError{Reason: "the renderer failed (" + waitErr.Error() + ")" + firstLine(tail)}
	case readErr != nil:
		return Result{}, &StoppedError{Reason: "cannot read the renderer's output: " + readErr.Error()}
	}
	var rep reply
	if err := json.Unmarshal(out, &rep); err != nil {
		return Result{}, &StoppedError{Reason: "the renderer's output is not valid: " + err.Error()}
	}
	if rep.Error != nil {
		return rep.Result, rep.Error
	}
	return rep.Result, nil
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

func (h *headBuffer) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(h.buf)
}

// Serve is the child side of Child: it reads one JSON Request from r,
// bounds its own memory, renders in process and writes the reply to w.
// It is meant to run in a process of its own: a request's MemoryLimit
// sets process-wide limits (Go's memory limit, RLIMIT_AS on Linux).
// A chart problem is part of the reply; an error means the request could
// not be read or the reply not written.
func Serve(r io.Reader, w io.Writer) error {
	data, err := io.ReadAll(io.LimitReader(r, maxRequest+1))
	if err != nil {
		return err
	}
	if len(data) > maxRequest {
		return fmt.Errorf("request larger than %d MiB", maxRequest>>20)
	}
	var req Request
	if err := json.Unmarshal(data, &req); err != nil {
		return fmt.Errorf("invalid request: %w", err)
	}
	data = nil
	if req.MemoryLimit > 0 {
		debug.SetMemoryLimit(req.MemoryLimit)
		limitAddressSpace(req.MemoryLimit)
	}
	var rep reply
	res, err := renderLocal(req)
	rep.Result = res
	if err != nil {
		var re *RenderError
		if !errors.As(err, &re) {
			re = &RenderError{Stage: "template", Message: err.Error()}
		}
		rep.Error = re
	}
	return json.NewEncoder(w).Encode(rep)
}
