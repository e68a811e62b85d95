package rules

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// FL502's hint names the key a value moved to only when the chart reads
// exactly one key of that last segment in a block holding, or held by,
// the value's own; a key of the same last segment in an unrelated block
// is no move, and the hint is the general one.
func TestDriftHint(t *testing.T) {
	reads := func(keys ...string) *lint.Release {
		r := &lint.Release{Reads: &lint.ChartReads{Chart: "karpenter 1.2.0"}}
		for _, k := range keys {
			r.Reads.Reads = append(r.Reads.Reads, lint.ValueRead{Path: strings.Split(k, ".")})
		}
		return r
	}
	key := func(k string) lint.ValueKey { return lint.ValueKey{Key: k, Path: strings.Split(k, ".")} }
	moved := func(from, to string) string {
		return "chart karpenter 1.2.0 reads " + to + ": move the value there, or delete " + from
	}
	general := func(k string) string {
		return "delete " + k + ", or set the key chart karpenter 1.2.0 reads instead (`helm show values` lists them)"
	}
	for _, c := range []struct {
		r    *lint.Release
		key  string
		want string
	}{
		{reads("settings.clusterEndpoint", "serviceMonitor.enabled"), "settings.aws.clusterEndpoint", moved("settings.aws.clusterEndpoint", "settings.clusterEndpoint")},
		{reads("settings.aws.defaultInstanceProfile"), "aws.defaultInstanceProfile", moved("aws.defaultInstanceProfile", "settings.aws.defaultInstanceProfile")},
		{reads("settings.clusterName"), "clusterName", moved("clusterName", "settings.clusterName")},
		{reads("serviceMonitor.enabled", "settings.clusterName"), "webhook.enabled", general("webhook.enabled")},
		{reads("settings.clusterEndpoint", "settings.aws.clusterEndpoint"), "clusterEndpoint", general("clusterEndpoint")},
	} {
		if got := driftHint(c.r, key(c.key)); got != c.want {
			t.Errorf("%s: %q, want %q", c.key, got, c.want)
		}
	}
}
