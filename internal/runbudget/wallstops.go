package runbudget

import "sync/atomic"

// WallStops counts the units of a run that a wall-clock backstop
// stopped: a Terraform root's or a Terragrunt unit's evaluation deadline,
// a chart renderer's wall-clock timeout. The bounds the budget decides by
// are deterministic; whether a backstop fires depends on the machine's
// load, so the result of a run in which one did must not be used again
// (the result cache does not store it). The zero value counts from zero;
// a nil *WallStops counts nothing. Safe for concurrent use.
type WallStops struct{ n atomic.Int64 }

// Stopped counts one unit stopped by a wall-clock backstop.
func (w *WallStops) Stopped() {
	if w != nil {
		w.n.Add(1)
	}
}

// Count is how many units a wall-clock backstop stopped so far.
func (w *WallStops) Count() int {
	if w == nil {
		return 0
	}
	return int(w.n.Load())
}
