package helm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// The worker protocol: each request and each reply is one frame, a
// 4-byte big-endian length and that many bytes of JSON (a Request; a
// reply). A worker serves frames in order until its stdin closes.
const frameHeader = 4

// worker is a running child renderer (faultline-render, see Serve),
// bounded as its Child says: it renders one request after another.
type worker struct {
	b      bounds
	sent   *sentCharts // the chart files the worker keeps
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *headBuffer
}

// startWorker starts a child renderer. The calling goroutine must be
// locked to its OS thread until the worker has been waited for (close or
// a failed render): on Linux the child's death signal fires when the
// thread that started it exits, not the process (Go issue 27505), and the
// runtime ends a thread when a goroutine that locked it exits; locked,
// the thread runs no other goroutine while the worker lives.
func (c Child) startWorker() (*worker, error) {
	b := c.bounds()
	lim, err := json.Marshal(Limits{Memory: b.memory, CPUSeconds: int64(b.cpu / time.Second)})
	if err != nil {
		return nil, &StoppedError{Reason: "cannot encode the limits: " + err.Error()}
	}
	env := c.Env
	if env == nil {
		env = os.Environ()
	}
	cmd := exec.Command(c.Exe, c.Args...)
	cmd.Env = append(env[:len(env):len(env)], LimitsEnv+"="+string(lim))
	cmd.SysProcAttr = sysProcAttr()
	w := &worker{b: b, sent: newSentCharts(b.memory / 8), cmd: cmd, stderr: &headBuffer{max: 4 << 10}}
	cmd.Stderr = w.stderr
	cmd.WaitDelay = time.Second
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, &StoppedError{Reason: "cannot start the renderer: " + err.Error()}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &StoppedError{Reason: "cannot start the renderer: " + err.Error()}
	}
	if err := cmd.Start(); err != nil {
		return nil, &StoppedError{Reason: "cannot start the renderer: " + err.Error()}
	}
	w.in, w.out = in, bufio.NewReaderSize(out, 64<<10)
	return w, nil
}

// render sends one encoded request (encodeRequest) and reads its reply,
// within the wall-clock backstop and ctx. alive is false when the worker
// is gone (it passed a bound or crashed, or ctx ended): it has been
// killed and waited for, and err is a *StoppedError saying why. A chart
// problem is a *RenderError with the worker alive.
func (w *worker) render(ctx context.Context, body []byte, cpuSeconds int64) (res Result, cpu time.Duration, alive bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, w.b.wall)
	defer cancel()
	w.stderr.reset()
	stop := context.AfterFunc(ctx, func() { _ = w.cmd.Process.Kill() })
	rep, tooBig, err := w.exchange(body)
	if stop() && err == nil && !tooBig {
		cpu := time.Duration(rep.CPUMillis) * time.Millisecond
		if rep.Error != nil {
			return rep.Result, cpu, true, rep.Error
		}
		return rep.Result, cpu, true, nil
	}
	o := w.kill()
	o.tooBig, o.readErr, o.ctxErr = tooBig, err, ctx.Err()
	b := w.b
	if cpuSeconds > 0 {
		b.cpu = time.Duration(cpuSeconds) * time.Second
	}
	return Result{}, 0, false, b.stopped(o)
}

// exchange writes a request frame and reads the reply frame; tooBig says
// the reply is longer than the output bound (it is not read).
func (w *worker) exchange(body []byte) (rep reply, tooBig bool, err error) {
	if _, err := w.in.Write(body); err != nil {
		return rep, false, fmt.Errorf("sending the request: %w", err)
	}
	var h [frameHeader]byte
	if _, err := io.ReadFull(w.out, h[:]); err != nil {
		return rep, false, err
	}
	n := int64(binary.BigEndian.Uint32(h[:]))
	if n > w.b.output {
		return rep, true, nil
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(w.out, data); err != nil {
		return rep, false, err
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return rep, false, fmt.Errorf("invalid reply: %w", err)
	}
	return rep, false, nil
}

// kill ends the worker and waits for it.
func (w *worker) kill() outcome {
	_ = w.cmd.Process.Kill()
	err := w.cmd.Wait()
	return outcome{waitErr: err, state: w.cmd.ProcessState, stderr: w.stderr.String()}
}

// close ends an idle worker: it exits when its stdin closes, and is
// killed if it has not within a second.
func (w *worker) close() outcome {
	_ = w.in.Close()
	t := time.AfterFunc(time.Second, func() { _ = w.cmd.Process.Kill() })
	defer t.Stop()
	err := w.cmd.Wait()
	return outcome{waitErr: err, state: w.cmd.ProcessState, stderr: w.stderr.String()}
}

// pid is the worker's process id.
func (w *worker) pid() int { return w.cmd.Process.Pid }

// encodeRequest encodes req as a request frame.
func encodeRequest(req wireRequest) ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(make([]byte, frameHeader))
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return nil, &StoppedError{Reason: "cannot encode the request: " + err.Error()}
	}
	b := buf.Bytes()
	if len(b)-frameHeader > maxRequest {
		return nil, &StoppedError{Reason: fmt.Sprintf("the request exceeds %d MiB", maxRequest>>20)}
	}
	binary.BigEndian.PutUint32(b, uint32(len(b)-frameHeader))
	return b, nil
}

// readFrame reads one frame of at most limit bytes; io.EOF means the
// stream ended before a frame began.
func readFrame(r io.Reader, limit int) ([]byte, error) {
	var h [frameHeader]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(h[:])
	if int64(n) > int64(limit) {
		return nil, fmt.Errorf("request larger than %d MiB", limit>>20)
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("reading a request: %w", err)
	}
	return data, nil
}

// writeFrame writes v as one frame.
func writeFrame(w io.Writer, v any) error {
	var buf bytes.Buffer
	buf.Write(make([]byte, frameHeader))
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b := buf.Bytes()
	binary.BigEndian.PutUint32(b, uint32(len(b)-frameHeader))
	_, err := w.Write(b)
	return err
}
