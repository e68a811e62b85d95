package engine

import (
	"context"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/parsers/helm"
)

// groupRenderer renders the charts of one kustomize build as units of
// the run's budget, in the order the build meets them (one build renders
// its charts one after another).
type groupRenderer struct {
	m      helm.Metered
	g      *runbudget.Group
	ledger *runbudget.Ledger
}

// budgeted is r rendering as units of g; r itself when it does not meter
// its renderings or there is no budget.
func budgeted(r helm.Renderer, g *runbudget.Group, ledger *runbudget.Ledger) helm.Renderer {
	m, ok := r.(helm.Metered)
	if !ok || g == nil {
		return r
	}
	return groupRenderer{m: m, g: g, ledger: ledger}
}

// Render implements helm.Renderer: a rendering the budget leaves out
// fails with a *helm.LeftOutError.
func (gr groupRenderer) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	u := gr.g.Add(helm.LeastCPU, gr.m.MostCPU())
	return helm.RenderUnit(ctx, gr.m, req, u, gr.ledger.Limits())
}
