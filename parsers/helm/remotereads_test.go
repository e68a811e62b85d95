package helm

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestRemoteReadsVersionNotes: a release of a chart with a keys table
// whose version the table cannot answer for says why: an exact version
// it does not hold, or a constraint that allows versions outside it.
func TestRemoteReadsVersionNotes(t *testing.T) {
	for version, want := range map[string]string{
		"0.1.0":     "Karpenter chart version 0.1.0 is not in faultline's table",
		"*":         "Karpenter chart version constraint * allows versions outside faultline's table",
		">=0.16.0":  "Karpenter chart version constraint >=0.16.0 allows versions outside faultline's table",
		"":          "the Karpenter chart's version is not written",
		"99.0.0-rc": "Karpenter chart version 99.0.0-rc is not in faultline's table",
	} {
		cr, why := remoteReads(&lint.Release{Chart: "karpenter", Version: version})
		if cr != nil || !strings.HasPrefix(why, want) {
			t.Errorf("version %q: reads %v, note %q; want %q", version, cr, why, want)
		}
	}
	// Written with a variable that has no value: not known, not missing.
	if _, why := remoteReads(&lint.Release{Chart: "karpenter", VersionUnknown: true}); !strings.HasPrefix(why, "the Karpenter chart's version is not known statically") {
		t.Errorf("version not known: note %q", why)
	}
	// A helmfile template: filled in when helmfile renders the file.
	if _, why := remoteReads(&lint.Release{Chart: "karpenter", VersionUnknown: true, Tool: "helmfile"}); !strings.HasPrefix(why, "the Karpenter chart's version is a template helmfile fills in") {
		t.Errorf("helmfile template version: note %q", why)
	}
	if cr, why := remoteReads(&lint.Release{Chart: "karpenter", Version: "1.0.0"}); cr == nil || why != "" {
		t.Errorf("version 1.0.0: reads %v, note %q", cr, why)
	}
}
