package helm

import (
	"context"

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
