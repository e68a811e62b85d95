package helm

import (
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Karpenter chart facts beyond the keys (read in the same sources): the
// chart creates its ServiceAccount in .Release.Namespace at every version,
// named by the helpers helmFullname mirrors (serviceAccount.name, else the
// fullname: fullnameOverride, else the release name when it contains
// "karpenter" — nameOverride replacing it — else "<release>-karpenter");
// the generated table's header records that those helpers did not change.
// The documentation recommends installing into kube-system from the
// v0.33 upgrade notes on (the getting-started guide's KARPENTER_NAMESPACE
// switched from karpenter at v0.34.0); that is advice, not chart
// behaviour, so the model keeps the release's namespace.

// karpenterKeys is one entry of karpenterChartKeys: chart versions (as
// published, without "v") that read the same values keys.
type karpenterKeys struct {
	versions []string
	reads    []string
	tpl      []string
}

// karpenterTableSource names the table's source in ChartReads.
const karpenterTableSource = "faultline's Karpenter chart table (charts/karpenter of github.com/aws/karpenter-provider-aws, analysed at each release tag)"

// FormatRead writes a read as the table does: keys joined by ".", a dot
// inside a key escaped ("\."), ".**" after a path read whole ("**" alone:
// every key).
func FormatRead(r lint.ValueRead) string {
	segs := make([]string, len(r.Path))
	for i, s := range r.Path {
		segs[i] = strings.ReplaceAll(s, ".", `\.`)
	}
	if r.Whole {
		segs = append(segs, "**")
	}
	return strings.Join(segs, ".")
}

// ParseRead reads FormatRead's form back.
func ParseRead(s string) lint.ValueRead {
	if s == "**" {
		return lint.ValueRead{Whole: true}
	}
	path := lint.SplitSetName(s)
	r := lint.ValueRead{Path: path}
	if n := len(path); n > 0 && path[n-1] == "**" {
		r.Path, r.Whole = path[:n-1], true
	}
	return r
}

// karpenterVersions are the table's versions, parsed, each with its
// entry.
type karpenterVersion struct {
	v     *semver.Version
	entry *karpenterKeys
}

func karpenterTableVersions() []karpenterVersion {
	var out []karpenterVersion
	for i := range karpenterChartKeys {
		e := &karpenterChartKeys[i]
		for _, s := range e.versions {
			out = append(out, karpenterVersion{semver.MustParse(s), e})
		}
	}
	return out
}

// karpenterTableEntries are the table entries a version as written allows:
// an exact published version, or a constraint whose allowed versions are
// all in the table. ok false: unknown (no version, a version the table
// does not have, a constraint reaching before or beyond it).
func karpenterTableEntries(version string) ([]*karpenterKeys, bool) {
	version = strings.TrimSpace(version)
	if version == "" {
		return nil, false
	}
	table := karpenterTableVersions()
	// A full version is exact; "0.37" is a constraint to Helm (0.37.x).
	if v, err := semver.StrictNewVersion(strings.TrimPrefix(version, "v")); err == nil {
		for _, t := range table {
			if t.v.Equal(v) && t.v.Prerelease() == v.Prerelease() {
				return []*karpenterKeys{t.entry}, true
			}
		}
		return nil, false
	}
	c, err := semver.NewConstraint(version)
	if err != nil {
		return nil, false
	}
	oldest, newest := table[0].v, table[len(table)-1].v
	for _, v := range chartVersionGrid() {
		if c.Check(v) && (v.LessThan(oldest) || v.GreaterThan(newest)) {
			return nil, false
		}
	}
	var out []*karpenterKeys
	seen := map[*karpenterKeys]bool{}
	for _, t := range table {
		if c.Check(t.v) && !seen[t.entry] {
			seen[t.entry] = true
			out = append(out, t.entry)
		}
	}
	return out, len(out) > 0
}
