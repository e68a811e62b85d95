package helm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// The worker protocol: each request and each reply is one frame, a
// 4-byte big-endian length and that many bytes: the JSON of a request
// (wireRequest) or a reply without its bulk — the chart files' contents,
// the rendered manifests' text — then each of those, in order, as a
// 4-byte length and its bytes (frameBody). JSON would carry a file as
// base64 and a manifest escaped: a chart of CRDs cost more to send and
// receive than to render. A worker serves frames in order until its
// stdin closes.
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
	if err := decodeReply(data, &rep); err != nil {
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
	blobs := make([][]byte, len(req.Files))
	head := req
	head.Files = make([]File, len(req.Files))
	for i, f := range req.Files {
		blobs[i] = f.Data
		head.Files[i] = File{Name: f.Name}
	}
	b, err := frameBody(head, blobs)
	if err != nil {
		return nil, &StoppedError{Reason: "cannot encode the request: " + err.Error()}
	}
	if len(b)-frameHeader > maxRequest {
		return nil, &StoppedError{Reason: fmt.Sprintf("the request exceeds %d MiB", maxRequest>>20)}
	}
	return b, nil
}

// decodeRequest decodes a request frame's bytes into req.
func decodeRequest(data []byte, req *wireRequest) error {
	blobs, err := splitBody(data, req)
	if err != nil {
		return err
	}
	if len(blobs) != len(req.Files) {
		return fmt.Errorf("%d file contents for %d files", len(blobs), len(req.Files))
	}
	for i := range req.Files {
		req.Files[i].Data = blobs[i]
	}
	return nil
}

// encodeReply encodes rep as a reply frame.
func encodeReply(rep reply) ([]byte, error) {
	blobs := make([][]byte, len(rep.Result.Manifests))
	head := rep
	head.Result.Manifests = make([]Manifest, len(rep.Result.Manifests))
	for i, m := range rep.Result.Manifests {
		blobs[i] = []byte(m.Content)
		head.Result.Manifests[i] = Manifest{Template: m.Template}
	}
	return frameBody(head, blobs)
}

// decodeReply decodes a reply frame's bytes into rep.
func decodeReply(data []byte, rep *reply) error {
	blobs, err := splitBody(data, rep)
	if err != nil {
		return err
	}
	if len(blobs) != len(rep.Result.Manifests) {
		return fmt.Errorf("%d manifest texts for %d manifests", len(blobs), len(rep.Result.Manifests))
	}
	for i := range rep.Result.Manifests {
		rep.Result.Manifests[i].Content = string(blobs[i])
	}
	return nil
}

// frameBody is a frame (its length filled in) of head's JSON, its length
// first, then each blob, its length first.
func frameBody(head any, blobs [][]byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(make([]byte, frameHeader+4))
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(head); err != nil {
		return nil, err
	}
	headLen := buf.Len() - frameHeader - 4
	var n [4]byte
	for _, b := range blobs {
		binary.BigEndian.PutUint32(n[:], uint32(len(b)))
		buf.Write(n[:])
		buf.Write(b)
	}
	b := buf.Bytes()
	binary.BigEndian.PutUint32(b, uint32(len(b)-frameHeader))
	binary.BigEndian.PutUint32(b[frameHeader:], uint32(headLen))
	return b, nil
}

// splitBody decodes a frame's bytes (frameBody, the frame's length
// apart): the JSON into head, and the blobs after it, which share data.
func splitBody(data []byte, head any) ([][]byte, error) {
	if len(data) < 4 {
		return nil, errors.New("cut short")
	}
	n := int(binary.BigEndian.Uint32(data))
	data = data[4:]
	if n > len(data) {
		return nil, errors.New("cut short")
	}
	if err := json.Unmarshal(data[:n], head); err != nil {
		return nil, err
	}
	var blobs [][]byte
	for rest := data[n:]; len(rest) > 0; {
		if len(rest) < 4 {
			return nil, errors.New("cut short")
		}
		k := int(binary.BigEndian.Uint32(rest))
		if k > len(rest)-4 {
			return nil, errors.New("cut short")
		}
		blobs = append(blobs, rest[4:4+k:4+k])
		rest = rest[4+k:]
	}
	return blobs, nil
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

// writeReply writes rep as one frame.
func writeReply(w io.Writer, rep reply) error {
	b, err := encodeReply(rep)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
