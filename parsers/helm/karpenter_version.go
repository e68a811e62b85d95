package helm

import (
	"fmt"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// legacySettingsUntil is the first Karpenter chart version that no longer
// reads settings.aws.* (v0.33.0 removed the karpenter-global-settings
// ConfigMap its templates/configmap.yaml rendered them into; v0.32.x is the
// last chart whose templates read settings.aws.defaultInstanceProfile).
var legacySettingsUntil = semver.MustParse("0.33.0")

// legacyRead says whether a chart version reads the legacy instance profile
// settings.
type legacyRead int

const (
	legacyReadYes     legacyRead = iota // every version allowed reads it
	legacyReadNo                        // no version allowed reads it
	legacyReadAssumed                   // unknown, or allowed versions differ
)

// readsLegacySettings classifies a chart version as written (an exact
// version, "v"-prefixed or not, or a constraint such as "~0.32" or
// ">=0.30.0"): exact versions and constraints whose allowed versions all
// agree are decided; an empty, unknown or mixed version is assumed to read
// the settings (the caller marks the result inferred).
func readsLegacySettings(version string) legacyRead {
	version = strings.TrimSpace(version)
	if version == "" {
		return legacyReadAssumed
	}
	if v, err := semver.NewVersion(version); err == nil {
		if v.LessThan(legacySettingsUntil) {
			return legacyReadYes
		}
		return legacyReadNo
	}
	c, err := semver.NewConstraint(version)
	if err != nil {
		return legacyReadAssumed
	}
	var before, after bool
	for _, v := range chartVersionGrid() {
		if !c.Check(v) {
			continue
		}
		if v.LessThan(legacySettingsUntil) {
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
