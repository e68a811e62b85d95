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

// chartKeys is one entry of a chart's generated table
// (karpenterChartKeys, clusterAutoscalerChartKeys): chart versions (as
// published, without "v") that read the same values keys.
type chartKeys struct {
	versions []string
	reads    []string
	tpl      []string
}

// keysTable is a remote chart's generated table of the values keys it
// reads, by version.
type keysTable struct {
	// title names the chart in notes ("Karpenter").
	title string
	// source names the table in ChartReads.
	source  string
	entries []chartKeys
	// hosts are the addresses the chart is published at: a release whose
	// repository is another address may install another chart of the
	// same name.
	hosts []string
}

// keysTables are the remote charts whose reads faultline knows, by
// chart name.
var keysTables = map[string]*keysTable{
	"karpenter": {
		title:   "Karpenter",
		source:  "faultline's Karpenter chart table (charts/karpenter of github.com/aws/karpenter-provider-aws, analysed at each release tag)",
		entries: karpenterChartKeys,
		hosts:   []string{"public.ecr.aws/karpenter", "charts.karpenter.sh"},
	},
	"cluster-autoscaler": {
		title:   "cluster-autoscaler",
		source:  "faultline's cluster-autoscaler chart table (charts/cluster-autoscaler of github.com/kubernetes/autoscaler, analysed at each release tag)",
		entries: clusterAutoscalerChartKeys,
		hosts:   []string{"kubernetes.github.io/autoscaler"},
	},
}

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

// tableVersion is one version of a table, parsed, with its entry.
type tableVersion struct {
	v     *semver.Version
	entry *chartKeys
}

// versions are the table's versions, parsed, each with its entry, in
// order.
func (t *keysTable) versions() []tableVersion {
	var out []tableVersion
	for i := range t.entries {
		e := &t.entries[i]
		for _, s := range e.versions {
			out = append(out, tableVersion{semver.MustParse(s), e})
		}
	}
	return out
}

// first and last are the table's oldest and newest versions.
func (t *keysTable) first() string { return t.entries[0].versions[0] }
func (t *keysTable) last() string {
	e := t.entries[len(t.entries)-1]
	return e.versions[len(e.versions)-1]
}

// lookup is the table entries a version as written allows: an exact
// published version, or a constraint whose allowed versions are all in
// the table. ok false: unknown (no version, a version the table does not
// have, a constraint reaching before or beyond it).
func (t *keysTable) lookup(version string) ([]*chartKeys, bool) {
	version = strings.TrimSpace(version)
	if version == "" {
		return nil, false
	}
	table := t.versions()
	// A full version is exact; "0.37" is a constraint to Helm (0.37.x).
	if v, err := semver.StrictNewVersion(strings.TrimPrefix(version, "v")); err == nil {
		for _, tv := range table {
			if tv.v.Equal(v) && tv.v.Prerelease() == v.Prerelease() {
				return []*chartKeys{tv.entry}, true
			}
		}
		return nil, false
	}
	c, err := semver.NewConstraint(version)
	if err != nil {
		return nil, false
	}
	oldest, newest := table[0].v, table[len(table)-1].v
	if allowsOutside(c, oldest, newest) {
		return nil, false
	}
	var out []*chartKeys
	seen := map[*chartKeys]bool{}
	for _, tv := range table {
		if c.Check(tv.v) && !seen[tv.entry] {
			seen[tv.entry] = true
			out = append(out, tv.entry)
		}
	}
	return out, len(out) > 0
}

// allowsOutside reports whether a constraint allows a version before
// oldest or after newest, checked on a grid: each major up to newest's
// next, minors 0–20 below oldest's major and up to 10 past the newest
// minor from it, patches 0–20.
func allowsOutside(c *semver.Constraints, oldest, newest *semver.Version) bool {
	for major := uint64(0); major <= newest.Major()+1; major++ {
		minors := uint64(20)
		if major >= oldest.Major() && major <= newest.Major() {
			minors = max(newest.Minor(), 40) + 10
		}
		for minor := uint64(0); minor <= minors; minor++ {
			for patch := uint64(0); patch <= 20; patch++ {
				v := semver.New(major, minor, patch, "", "")
				if (v.LessThan(oldest) || v.GreaterThan(newest)) && c.Check(v) {
					return true
				}
			}
		}
	}
	return false
}
