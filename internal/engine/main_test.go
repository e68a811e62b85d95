package engine

import (
	"os"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// TestMain renders the charts of runs that give no renderer in process:
// the engine does not link Helm's engine, its tests do.
func TestMain(m *testing.M) {
	defaultRenderer = chartrender.InProcess{}
	os.Exit(m.Run())
}
