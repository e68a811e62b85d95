package rules

import (
	"testing"

	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// FL401 writes the pod's requests as a list: two joined by "and", more
// with commas before the last "and".
func TestRequestText(t *testing.T) {
	for _, c := range []struct {
		r    lint.Resources
		want string
	}{
		{lint.Resources{MilliCPU: 4000}, "4 CPU"},
		{lint.Resources{MilliCPU: 500, Memory: 1 << 30}, "500m CPU and 1.0Gi memory"},
		{lint.Resources{MilliCPU: 1000, Memory: 2 << 30, GPU: 2}, "1 CPU, 2.0Gi memory and 2 GPU"},
	} {
		if got := requestText(scheduling.Verdict{Requests: c.r}); got != c.want {
			t.Errorf("requestText(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}
