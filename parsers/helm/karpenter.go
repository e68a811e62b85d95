package helm

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// isKarpenterChart reports whether a release installs the Karpenter chart
// (chart name "karpenter" from any repository).
func isKarpenterChart(r *lint.Release) bool { return r.ChartName() == "karpenter" }

// karpenterSettings returns the node identity the Karpenter chart's
// legacy settings carry — the default instance profile, like
// EC2NodeClass.spec.instanceProfile — as a NodeClass of kind
// KarpenterSettings: from the release's values, else (for a chart in the
// tree, cd set) the chart's values.yaml. r nil: the chart's defaults,
// inferred.
func karpenterSettings(r *lint.Release, cd *chartData, p *paths, h *lint.Holes) []lint.Entity {
	if r != nil && cd == nil && !isKarpenterChart(r) {
		return nil
	}
	version := karpenterChartVersion(r, cd)
	for _, k := range legacyKeys {
		reads := k.readsAt(version)
		if reads == legacyReadNo {
			continue // the chart at this version ignores the key
		}
		key := k.path
		parts := strings.Split(key, ".")
		var val any
		var rng lint.Range
		found := false
		if r != nil {
			if v, ok := getPath(r.Values, parts...); ok {
				val, found = v, true
				rng, _ = rangeFor(r.ValueRanges, key)
				if rng.IsZero() {
					rng = r.Range
				}
			}
		}
		if !found && cd != nil {
			if n := at(cd.valuesDocs()["values.yaml"], parts...); n != nil {
				val, found = n.Value, str(n) != ""
				if !cd.archive {
					rng = nodeRange(cd.display(p, "values.yaml"), n)
				} else {
					rng = pointRange(cd.rel, 1, 1)
				}
			}
		}
		s, ok := settingText(val)
		if !found || !ok {
			continue
		}
		v := lint.Known(s)
		if lint.HasSentinel(s) {
			v = lint.Unknown()
			if h != nil {
				v = h.Decode(s)
			}
		}
		nc := &lint.NodeClass{KindName: lint.KarpenterSettingsKind, InstanceProfile: lint.Ref{Value: v, Range: rng}}
		nc.Kind = lint.KindNodeClass
		nc.Name = lint.Unknown()
		nc.Source = lint.SourceHelm
		if r != nil {
			nc.Addr = r.Addr + "#karpenter-settings"
			nc.Label = fmt.Sprintf("Karpenter chart settings (%s)", r.Label)
			nc.Range, nc.NameRange, nc.Scope, nc.Root = r.Range, r.NameRange, r.Scope, r.Root
			if nc.Range.IsZero() {
				nc.Range = rng
			}
			if nc.NameRange.IsZero() {
				nc.NameRange = nc.Range
			}
		} else {
			nc.Addr = cd.rel + "#karpenter-settings"
			nc.Label = fmt.Sprintf("Karpenter chart settings (chart %s)", cd.rel)
			nc.Range, nc.NameRange = rng, rng
			nc.Inferred = []string{InferredDefaults}
		}
		if reads == legacyReadAssumed {
			nc.Inferred = append(nc.Inferred, legacyInferred(k))
		}
		return []lint.Entity{nc}
	}
	return nil
}

// legacyInferred says a Karpenter chart's version is not known well
// enough to tell whether it reads the key.
func legacyInferred(k legacyKey) string {
	return fmt.Sprintf("the Karpenter chart version does not settle whether %s is read (charts %s to before %s read it); taken as read", k.path, "v"+k.from.String(), "v"+k.until.String())
}

// karpenterChartVersion is the Karpenter chart version a release installs:
// an in-tree chart's Chart.yaml version, else the release's version, else
// the tag of an OCI chart reference; "" when none is written.
func karpenterChartVersion(r *lint.Release, cd *chartData) string {
	if cd != nil && cd.version != "" {
		return cd.version
	}
	if r == nil {
		return ""
	}
	if r.Version != "" {
		return r.Version
	}
	if v := r.ArchiveVersion(); v != "" {
		return v
	}
	c := strings.TrimSuffix(r.Chart, "/")
	if i := strings.LastIndex(c, ":"); i > strings.LastIndex(c, "/") {
		return c[i+1:]
	}
	return ""
}

// settingText is a setting's text; empty and non-scalar values are not
// set.
func settingText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case nil, map[string]any, []any, bool:
		return "", false
	}
	return fmt.Sprint(v), true
}
