package helm

import (
	"context"
	"errors"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

// DefaultKubeVersion is the Kubernetes version charts see in
// .Capabilities when none is configured.
const DefaultKubeVersion = renderapi.DefaultKubeVersion

// Renderer renders one chart with one set of values. Implementations:
// Pool (long-lived bounded child processes), Child (one bounded child
// process per chart) and chartrender.InProcess (no bound; it links Helm
// into the calling process).
type Renderer interface {
	Render(ctx context.Context, req Request) (Result, error)
}

// Metered is a Renderer that renders within a CPU limit it is given and
// says the CPU time each rendering used, in the renderer's own process
// (Pool and Child: the child measures it), and the most one rendering may
// cost: its renderings are units of the run's budget (Options.Budget).
type Metered interface {
	Renderer
	// RenderMetered renders req within limit of CPU time, in whole
	// seconds (0, or more than the renderer's own: the renderer's own),
	// and returns the CPU time it used.
	RenderMetered(ctx context.Context, req Request, limit time.Duration) (Result, time.Duration, error)
	// MostCPU is the most a rendering may cost at the renderer's own
	// limit (see Cost).
	MostCPU() time.Duration
}

// Warmer is a Renderer that can start its workers ahead of its first
// request, no more than charts of them (Pool).
type Warmer interface{ Warm(charts int) }

// Readier is a Renderer that can tell before its first request that it
// cannot render (the command's, when faultline-render is missing).
type Readier interface{ Ready() error }

// Renderings groups the indexes of rendered in todo by the rendering
// they come from (a chart for a release), in order.
func Renderings(rendered []Rendered, todo []int) [][]int {
	var groups [][]int
	for k, i := range todo {
		if k > 0 {
			prev := rendered[todo[k-1]]
			if prev.Chart == rendered[i].Chart && prev.Release == rendered[i].Release {
				groups[len(groups)-1] = append(groups[len(groups)-1], i)
				continue
			}
		}
		groups = append(groups, []int{i})
	}
	return groups
}

// LeastCPU is the least of the run's budget a rendering is started with:
// a CPU limit of one second, which a worker that rendered before may pass
// by a second.
const LeastCPU = 2 * time.Second

// limitOf is the CPU limit of a rendering granted grant: whole seconds,
// leaving the second a worker may pass its limit by (see Child.CPULimit).
func limitOf(grant time.Duration) time.Duration {
	return max((grant - time.Second).Truncate(time.Second), time.Second)
}

// LeftOutError is the error of a rendering the run's budget left out
// (Options.Budget): the chart was not rendered at all.
type LeftOutError struct{ Limits runbudget.Limits }

func (e *LeftOutError) Error() string {
	return "chart rendering " + runbudget.LeftOut(e.Limits)
}

// Cost is what a rendering is charged: a rendering that was stopped (its
// CPU, memory or output bound, a crash) costs the most (its CPU limit and
// a second), any other the CPU time it used, at most the most.
func Cost(cpu time.Duration, err error, most time.Duration) time.Duration {
	var se *StoppedError
	if errors.As(err, &se) {
		return most
	}
	return min(cpu, most)
}

// The request and result types of a rendering (package renderapi).
type (
	// File is one file of a chart, by its path inside the chart.
	File = renderapi.File
	// Request is everything a renderer needs: no file system, no cluster.
	Request = renderapi.Request
	// Manifest is one rendered template.
	Manifest = renderapi.Manifest
	// Result is a successful rendering.
	Result = renderapi.Result
	// RenderError is a problem with the chart itself.
	RenderError = renderapi.RenderError
	// StoppedError reports a renderer that was stopped or failed as a
	// process.
	StoppedError = renderapi.StoppedError
)

// defaultRenderer renders when Options leave Renderer nil: none, so that
// this package does not link Helm's engine (package chartrender does);
// each rendering then fails with a StoppedError. Tests set it.
var defaultRenderer Renderer = noRenderer{}

// noRenderer is the renderer of Options that name none.
type noRenderer struct{}

// Render implements Renderer.
func (noRenderer) Render(context.Context, Request) (Result, error) {
	return Result{}, &StoppedError{Reason: "no chart renderer was given (helm.Options.Renderer)"}
}
