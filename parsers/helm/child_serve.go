package helm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Serve is the child side of Child and Pool: it bounds this process by
// lim, then reads request frames from r (see frameHeader) and writes a
// reply frame for each to w, until r ends. It is meant to run in a
// process of its own: lim sets process-wide limits (RLIMIT_DATA on Linux,
// Go's memory limit, the goroutine stack bound, GOMAXPROCS 1 so that the
// CPU time a chart uses does not depend on idle cores) and, before each
// request, lets the process use lim.CPUSeconds more CPU time (RLIMIT_CPU);
// a rendering whose resident memory passed lim.Memory ends the process
// (see residentWatch).
// A chart problem is part of the reply; an error means the limits could
// not be set, a request not read or a reply not written.
func Serve(r io.Reader, w io.Writer, lim Limits, render func(Request) (Result, error)) error {
	if err := bound(lim); err != nil {
		return err
	}
	in := bufio.NewReaderSize(r, 64<<10)
	kept := keptCharts{}
	watch := newResidentWatch(lim.Memory)
	for {
		data, err := readFrame(in, maxRequest)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := budgetCPU(lim.CPUSeconds); err != nil {
			return err
		}
		watch.reset()
		before := processCPU()
		rep, err := serveOne(data, kept, render)
		if err != nil {
			return err
		}
		rep.CPUMillis = (processCPU() - before).Milliseconds()
		if watch.exceeded() {
			// The parent reads the exit status as the memory bound.
			os.Exit(exitMemoryLimit)
		}
		if err := writeReply(w, rep); err != nil {
			return fmt.Errorf("writing the reply: %w", err)
		}
	}
}

// serveOne decodes one request, with the chart files kept from earlier
// ones, and renders it with render.
func serveOne(data []byte, kept keptCharts, render func(Request) (Result, error)) (reply, error) {
	var req wireRequest
	if err := decodeRequest(data, &req); err != nil {
		return reply{}, fmt.Errorf("invalid request: %w", err)
	}
	if err := kept.resolve(&req); err != nil {
		return reply{}, err
	}
	if req.CPUSeconds > 0 {
		if err := budgetCPU(req.CPUSeconds); err != nil {
			return reply{}, err
		}
	}
	var rep reply
	res, err := render(req.Request)
	rep.Result = res
	if err != nil {
		var re *RenderError
		if !errors.As(err, &re) {
			re = &RenderError{Stage: "template", Message: err.Error()}
		}
		rep.Error = re
	}
	return rep, nil
}
