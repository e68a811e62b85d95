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
	// A key with a dot in a segment, shown escaped in the hint as in the
	// message.
	annotation := lint.ValueKey{Key: "serviceAccount.annotations.eks.amazonaws.com/role-arn", Path: []string{"serviceAccount", "annotations", "eks.amazonaws.com/role-arn"}}
	if got, want := driftHint(reads("rbac.serviceAccount.annotations"), annotation), `chart karpenter 1.2.0 reads rbac.serviceAccount.annotations.eks\.amazonaws\.com/role-arn: move the value there, or delete serviceAccount.annotations.eks\.amazonaws\.com/role-arn`; got != want {
		t.Errorf("annotation: %q, want %q", got, want)
	}
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
		// A key of a map the chart reads whole moves with the map.
		{reads("rbac.serviceAccount.annotations", "rbac.serviceAccount.name"), "serviceAccount.annotations.team", moved("serviceAccount.annotations.team", "rbac.serviceAccount.annotations.team")},
		{reads("rbac.serviceAccount.annotations", "controller.annotations"), "serviceAccount.annotations.team", moved("serviceAccount.annotations.team", "rbac.serviceAccount.annotations.team")},
		{reads("rbac.serviceAccount.annotations", "serviceMonitor.annotations"), "podAnnotations.team", general("podAnnotations.team")},
	} {
		if got := driftHint(c.r, key(c.key)); got != c.want {
			t.Errorf("%s: %q, want %q", c.key, got, c.want)
		}
	}
}

// A key is shown as --set writes it: a dot inside a key's name escaped,
// a list index as written.
func TestShownKey(t *testing.T) {
	for _, tc := range []struct {
		k    lint.ValueKey
		want string
	}{
		{lint.ValueKey{Key: "controller.resources", Path: []string{"controller.resources"}}, `controller\.resources`},
		{lint.ValueKey{Key: "controller.resources", Path: []string{"controller", "resources"}}, "controller.resources"},
		{lint.ValueKey{Key: "controller.args[0]", Path: []string{"controller", "args", "*"}}, "controller.args[0]"},
		{lint.ValueKey{Key: "podAnnotations.example.com/team", Path: []string{"podAnnotations", "example.com/team"}}, `podAnnotations.example\.com/team`},
	} {
		if got := shownKey(tc.k); got != tc.want {
			t.Errorf("shownKey(%q) = %q, want %q", tc.k.Key, got, tc.want)
		}
	}
}

// An unread block of several keys is hinted as a whole: deleting only its
// first key would leave the others unread.
func TestBlockHintSeveralKeys(t *testing.T) {
	r := &lint.Release{Reads: &lint.ChartReads{Chart: "karpenter 1.5.0", Reads: []lint.ValueRead{{Path: []string{"affinity"}}}}}
	key := func(k string) lint.ValueKey { return lint.ValueKey{Key: k, Path: strings.Split(k, ".")} }
	two := unreadGroup{block: "controller.podTemplate", keys: []lint.ValueKey{key("controller.podTemplate.nodeAffinity"), key("controller.podTemplate.podAntiAffinity")}}
	if got, want := blockHint(r, two), "delete controller.podTemplate (its 2 values: chart karpenter 1.5.0 reads none of them), or set the keys the chart reads instead (`helm show values` lists them)"; got != want {
		t.Errorf("two keys: %q, want %q", got, want)
	}
	one := unreadGroup{block: "controller.podTemplate", keys: two.keys[:1]}
	if got, want := blockHint(r, one), driftHint(r, one.keys[0]); got != want {
		t.Errorf("one key: %q, want driftHint's %q", got, want)
	}
}
