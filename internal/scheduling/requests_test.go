package scheduling_test

import (
	"testing"

	"github.com/faultline-dev/faultline/internal/scheduling"
)

// Amounts a message compares do not read alike: Gi to a tenth when that
// is exact, else to a hundredth (a 3300Mi request beside 3246Mi
// allocatable).
func TestMemString(t *testing.T) {
	const mi, gi = 1 << 20, 1 << 30
	for b, want := range map[int64]string{
		512 * mi:    "512Mi",
		4 * gi:      "4.0Gi",
		15 * gi / 2: "7.5Gi",
		3300 * mi:   "3.22Gi",
		3246 * mi:   "3.17Gi",
		7518 * mi:   "7.34Gi",
	} {
		if got := scheduling.MemString(b); got != want {
			t.Errorf("MemString(%d) = %q, want %q", b, got, want)
		}
	}
}
