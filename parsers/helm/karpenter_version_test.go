package helm

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestReadsLegacySettings(t *testing.T) {
	settings := legacyKeys[0]
	for version, want := range map[string]legacyRead{
		"0.31.4":           legacyReadYes,
		"v0.32.10":         legacyReadYes,
		"0.33.0":           legacyReadNo,
		"v0.37.0":          legacyReadNo,
		"1.0.6":            legacyReadNo,
		"":                 legacyReadAssumed,
		"~0.32":            legacyReadYes,
		"0.32.x":           legacyReadYes,
		">=0.34.0":         legacyReadNo,
		"^1":               legacyReadNo,
		">=0.30.0":         legacyReadAssumed,
		">=0.30.0 <0.33.0": legacyReadYes,
		"latest":           legacyReadAssumed,
		"${var.version}":   legacyReadAssumed,
		"0.18.1":           legacyReadNo,
		"<0.20.0":          legacyReadAssumed,
	} {
		if got := settings.readsAt(version); got != want {
			t.Errorf("settings.aws at %q = %d, want %d", version, got, want)
		}
	}
}

// TestTopLevelAWSByVersion: aws.defaultInstanceProfile, the key charts
// before v0.19 read, is ignored by a v0.32 chart.
func TestTopLevelAWSByVersion(t *testing.T) {
	values := map[string]any{"aws": map[string]any{"defaultInstanceProfile": "nodes"}}
	for version, want := range map[string]int{"v0.32.1": 0, "0.18.0": 1} {
		r := &lint.Release{Object: lint.Object{Addr: "helm_release.k", Label: "helm_release.k"}, Chart: "karpenter", Version: version, Values: values}
		if es := karpenterSettings(r, nil, nil, nil); len(es) != want {
			t.Errorf("%s: %d entities, want %d", version, len(es), want)
		}
	}
}

// TestKarpenterSettingsByVersion: the chart's version decides whether the
// legacy setting is a node identity, from the release's version or an OCI
// tag; an unpinned chart gives an inferred one.
func TestKarpenterSettingsByVersion(t *testing.T) {
	values := map[string]any{"settings": map[string]any{"aws": map[string]any{"defaultInstanceProfile": "nodes"}}}
	for _, c := range []struct {
		chart, version string
		entities       int
		inferred       bool
	}{
		{"karpenter", "0.32.1", 1, false},
		{"karpenter", "0.33.0", 0, false},
		{"oci://public.ecr.aws/karpenter/karpenter:v0.35.0", "", 0, false},
		{"oci://public.ecr.aws/karpenter/karpenter:v0.30.0", "", 1, false},
		{"karpenter/karpenter", "", 1, true},
	} {
		r := &lint.Release{Object: lint.Object{Addr: "helm_release.k", Label: "helm_release.k"}, Chart: c.chart, Version: c.version, Values: values}
		es := karpenterSettings(r, nil, nil, nil)
		if len(es) != c.entities {
			t.Errorf("%s@%q: %d entities, want %d", c.chart, c.version, len(es), c.entities)
			continue
		}
		if len(es) == 1 && (len(es[0].Base().Inferred) > 0) != c.inferred {
			t.Errorf("%s@%q: inferred = %v, want %v", c.chart, c.version, es[0].Base().Inferred, c.inferred)
		}
	}
}

func TestReadsTopLevelAWS(t *testing.T) {
	top := legacyKeys[1]
	for version, want := range map[string]legacyRead{"0.5.1": legacyReadNo, "v0.5.5": legacyReadNo, "0.5.6": legacyReadYes, "0.16.3": legacyReadYes, "v0.18.0": legacyReadYes, "0.19.0": legacyReadNo, "v0.32.1": legacyReadNo, "": legacyReadAssumed} {
		if got := top.readsAt(version); got != want {
			t.Errorf("aws.defaultInstanceProfile at %q = %d, want %d", version, got, want)
		}
	}
}
