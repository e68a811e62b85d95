package engine

import (
	"context"
	"errors"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/parsers/helm"
)

// wallCounted is r counting in w the renderings its wall-clock backstop
// stopped (a *helm.StoppedError that says so): chart renderings and
// kustomize's chart inflation alike go through it. It is Metered when r
// is; nil when r is.
func wallCounted(r helm.Renderer, w *runbudget.WallStops) helm.Renderer {
	if r == nil {
		return nil
	}
	c := wallRenderer{r: r, w: w}
	if m, ok := r.(helm.Metered); ok {
		return wallMetered{wallRenderer: c, m: m}
	}
	return c
}

// wallRenderer is a Renderer whose wall-clock stops are counted.
type wallRenderer struct {
	r helm.Renderer
	w *runbudget.WallStops
}

// count counts err when the wall-clock backstop stopped the rendering.
func (wr wallRenderer) count(err error) {
	var se *helm.StoppedError
	if errors.As(err, &se) && se.WallClock {
		wr.w.Stopped()
	}
}

// Render implements helm.Renderer.
func (wr wallRenderer) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	res, err := wr.r.Render(ctx, req)
	wr.count(err)
	return res, err
}

// Ready implements helm.Readier: the renderer's own answer.
func (wr wallRenderer) Ready() error {
	if c, ok := wr.r.(helm.Readier); ok {
		return c.Ready()
	}
	return nil
}

// Warm implements helm.Warmer: the renderer's own.
func (wr wallRenderer) Warm(charts int) {
	if w, ok := wr.r.(helm.Warmer); ok {
		w.Warm(charts)
	}
}

// wallMetered is a Metered renderer whose wall-clock stops are counted.
type wallMetered struct {
	wallRenderer
	m helm.Metered
}

// RenderMetered implements helm.Metered.
func (wm wallMetered) RenderMetered(ctx context.Context, req helm.Request, limit time.Duration) (helm.Result, time.Duration, error) {
	res, cpu, err := wm.m.RenderMetered(ctx, req, limit)
	wm.count(err)
	return res, cpu, err
}

// MostCPU implements helm.Metered.
func (wm wallMetered) MostCPU() time.Duration { return wm.m.MostCPU() }

// renderStopped says whether err is that of a rendering stopped rather
// than answered: its renderer's bounds or wall-clock backstop, or the
// run's budget leaving it out. What such a rendering gives depends on
// the machine, so nothing built around it is kept.
func renderStopped(err error) bool {
	var se *helm.StoppedError
	var lo *helm.LeftOutError
	return errors.As(err, &se) || errors.As(err, &lo)
}
