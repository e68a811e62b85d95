package helm

import (
	"regexp"
	"strings"
	"sync"

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

	parsed     sync.Once
	versionsOf []tableVersion
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
	t.parsed.Do(func() {
		for i := range t.entries {
			e := &t.entries[i]
			for _, s := range e.versions {
				t.versionsOf = append(t.versionsOf, tableVersion{semver.MustParse(s), e})
			}
		}
	})
	return t.versionsOf
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
	if allowsOutside(c, version, oldest, newest) {
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

// allowsOutside reports whether a constraint allows a release version
// before oldest or after newest.
func allowsOutside(c *semver.Constraints, text string, oldest, newest *semver.Version) bool {
	for _, v := range constraintProbes(text, newest) {
		if (v.LessThan(oldest) || v.GreaterThan(newest)) && c.Check(v) {
			return true
		}
	}
	return false
}

// allowsFrom reports whether a constraint allows a version at or after
// from: Helm installs the newest version a constraint allows.
func allowsFrom(c *semver.Constraints, text string, from *semver.Version) bool {
	for _, v := range constraintProbes(text, from) {
		if !v.LessThan(from) && c.Check(v) {
			return true
		}
	}
	return false
}

// constraintProbes are versions that decide where a constraint reaches.
// What a constraint allows is a union of intervals whose ends are the
// versions written in it (or those bumped: ~1.2 is [1.2.0, 1.3.0)), or
// unbounded; an interval reaching past a version holds one of these: each
// version written, it bumped by a patch, a minor and a major, the first
// version (0.0.0), a far one, and the given versions and their bumps.
func constraintProbes(text string, given ...*semver.Version) []*semver.Version {
	probes := []*semver.Version{semver.New(0, 0, 0, "", ""), semver.New(999, 0, 0, "", "")}
	bumps := func(v *semver.Version) {
		probes = append(probes, v, semver.New(v.Major(), v.Minor(), v.Patch()+1, "", ""),
			semver.New(v.Major(), v.Minor()+1, 0, "", ""), semver.New(v.Major()+1, 0, 0, "", ""))
	}
	for _, v := range given {
		bumps(v)
	}
	for _, m := range writtenVersion.FindAllString(text, -1) {
		if v, err := semver.NewVersion(m); err == nil {
			bumps(semver.New(v.Major(), v.Minor(), v.Patch(), "", ""))
		}
	}
	return probes
}

// writtenVersion is a version as a constraint writes it: 1, 1.2, 1.2.3.
var writtenVersion = regexp.MustCompile(`[0-9]+(\.[0-9]+){0,2}`)
