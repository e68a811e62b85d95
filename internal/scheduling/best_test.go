package scheduling

import "testing"

// Of candidates that each need one change, the one failing at the
// verdict's stage is the best, in either order: a NodePool the pod
// selects but cannot fit on, not one its selector rules out.
func TestBestPrefersTheVerdictsStage(t *testing.T) {
	excluded := PlaceFit{Place: &Place{}, Misfits: []Misfit{{Stage: StageSelectors, Reason: "carries no label"}}}
	selected := PlaceFit{Place: &Place{}, Misfits: []Misfit{{Stage: StageRequests, Reason: "too small"}}}
	for _, places := range [][]PlaceFit{{excluded, selected}, {selected, excluded}} {
		v := Verdict{Stage: StageRequests, Places: places}
		if got := v.Best(); got.Place != selected.Place {
			t.Errorf("best fails at %v, want the requests stage", got.Misfits[0].Stage)
		}
	}
	// Fewer changes still win.
	two := PlaceFit{Place: &Place{}, Misfits: []Misfit{{Stage: StageTaints}, {Stage: StageRequests}}}
	v := Verdict{Stage: StageRequests, Places: []PlaceFit{two, excluded}}
	if got := v.Best(); got.Place != excluded.Place {
		t.Error("a candidate needing two changes was preferred to one needing one")
	}
}
