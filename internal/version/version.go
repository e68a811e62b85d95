// Package version says which faultline this is. A release build stamps
// Version, Commit and Date with the linker (.goreleaser.yaml):
//
//	-X github.com/faultline-dev/faultline/internal/version.Version=v0.1.0
//	-X github.com/faultline-dev/faultline/internal/version.Commit=<full SHA>
//	-X github.com/faultline-dev/faultline/internal/version.Date=<RFC 3339>
//
// A build without a stamp (go build, go install) falls back to the
// module version and the VCS settings the go command records
// (runtime/debug.ReadBuildInfo). faultline and faultline-render link the
// same package, so both report the same version.
package version

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Stamped by the linker in release builds; empty otherwise.
var (
	// Version is the release version, with its leading "v" ("v0.1.0").
	Version string
	// Commit is the full revision the release was built from.
	Commit string
	// Date is when the release was built, RFC 3339 in UTC.
	Date string
)

// Devel is the version of a build that knows none: built from a
// checkout, not from a module version or a release.
const Devel = "(devel)"

// Info is what a binary knows of its own version.
type Info struct {
	// Version is the release or module version ("v0.1.0"), Devel when
	// unknown.
	Version string
	// Commit is the full VCS revision, "" when unknown.
	Commit string
	// Date is the build time of a release, or the commit time of an
	// unstamped build (see Built); "" when unknown.
	Date string
	// Built says Date is the build time (a stamped release) rather than
	// the time of Commit (vcs.time of an unstamped build).
	Built bool
	// Modified says the work tree had uncommitted changes (vcs.modified).
	Modified bool
	// GoVersion is the Go release that built the binary ("go1.26.8").
	GoVersion string
}

// Get returns the stamped version when there is one, else what the build
// info records.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(Version, Commit, Date, bi)
}

// resolve returns the linker's stamp when there is one (any of the three
// set), else what the build info (nil: none) records.
func resolve(version, commit, date string, bi *debug.BuildInfo) Info {
	in := Info{Version: version, Commit: commit, Date: date, Built: date != "", GoVersion: runtime.Version()}
	if bi != nil && bi.GoVersion != "" {
		in.GoVersion = bi.GoVersion
	}
	stamped := version != "" || commit != "" || date != ""
	if !stamped && bi != nil {
		in.Version = bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				in.Commit = s.Value
			case "vcs.time":
				in.Date = s.Value
			case "vcs.modified":
				in.Modified = s.Value == "true"
			}
		}
	}
	if in.Version == "" {
		in.Version = Devel
	}
	return in
}

// String is the line `faultline --version` prints for the named
// executable:
//
//	faultline v0.1.0 (commit abc1234, built 2026-12-01T10:00:00Z, go1.26.8)
//
// An unstamped build says "committed" with the commit's time, and
// "modified" when its work tree had changes.
func (in Info) String(name string) string {
	var parts []string
	if in.Commit != "" {
		c := "commit " + shortCommit(in.Commit)
		if in.Modified {
			c += ", modified"
		}
		parts = append(parts, c)
	}
	if in.Date != "" {
		if in.Built {
			parts = append(parts, "built "+in.Date)
		} else {
			parts = append(parts, "committed "+in.Date)
		}
	}
	parts = append(parts, in.GoVersion)
	return name + " " + in.Version + " (" + strings.Join(parts, ", ") + ")"
}

// shortCommit abbreviates a revision as git's default does (7 digits).
func shortCommit(c string) string {
	if len(c) > 7 {
		return c[:7]
	}
	return c
}
