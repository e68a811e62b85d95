package helm

import (
	"fmt"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// legacyKey is a Karpenter chart value naming the default instance
// profile, with the chart versions that read it: [from, until).
type legacyKey struct {
	path        string
	from, until *semver.Version
}

// legacyKeys are the chart values that carried the default instance
// profile. From v0.5.6 (the key's first chart: no template of v0.5.5 or
// before names it) until v0.19.0 templates/deployment.yaml read
// .Values.aws.defaultInstanceProfile into an environment variable; from
// v0.19.0 templates/configmap.yaml flattened .Values.settings into the
// karpenter-global-settings ConfigMap; v0.33.0 removed that ConfigMap (and
// v0.32.x is the last chart reading settings.aws.*).
var legacyKeys = []legacyKey{
	{"settings.aws.defaultInstanceProfile", semver.MustParse("0.19.0"), semver.MustParse("0.33.0")},
	{"aws.defaultInstanceProfile", semver.MustParse("0.5.6"), semver.MustParse("0.19.0")},
}

// reads reports whether chart version v reads the key.
func (k legacyKey) reads(v *semver.Version) bool {
	return !v.LessThan(k.from) && v.LessThan(k.until)
}

// legacyRead says whether a chart version reads the legacy instance profile
// settings.
type legacyRead int

const (
	legacyReadYes     legacyRead = iota // every version allowed reads it
	legacyReadNo                        // no version allowed reads it
	legacyReadAssumed                   // unknown, or allowed versions differ
)

// readsLegacySettings classifies whether the chart at a version as written
// (an exact version, "v"-prefixed or not, or a constraint such as "~0.32"
// or ">=0.30.0") reads key k: exact versions and constraints whose allowed
// versions all agree are decided; an empty, unknown or mixed version is
// assumed to read it (the caller marks the result inferred).
func (k legacyKey) readsAt(version string) legacyRead {
	version = strings.TrimSpace(version)
	if version == "" {
		return legacyReadAssumed
	}
	if v, err := semver.NewVersion(version); err == nil {
		if k.reads(v) {
			return legacyReadYes
		}
		return legacyReadNo
	}
	c, err := semver.NewConstraint(version)
	if err != nil {
		return legacyReadAssumed
	}
	var before, after bool // allowed versions that read it, that do not
	for _, v := range chartVersionGrid() {
		if !c.Check(v) {
			continue
		}
		if k.reads(v) {
			before = true
		} else {
			after = true
		}
	}
	switch {
	case before && !after:
		return legacyReadYes
	case after && !before:
		return legacyReadNo
	}
	return legacyReadAssumed
}

// chartVersionGrid is every version a constraint is checked against: each
// 0.x and 1.x minor with patches 0–20, which covers the Karpenter chart's
// published versions.
func chartVersionGrid() []*semver.Version {
	var out []*semver.Version
	for major := 0; major <= 1; major++ {
		for minor := 0; minor <= 40; minor++ {
			for patch := 0; patch <= 20; patch++ {
				out = append(out, semver.MustParse(fmt.Sprintf("%d.%d.%d", major, minor, patch)))
			}
		}
	}
	return out
}
