package version

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func buildInfo(main string, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/faultline-dev/faultline", Version: main}}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

func TestString(t *testing.T) {
	const sha = "abc1234def5678abc1234def5678abc1234def56"
	for _, tc := range []struct {
		name                  string
		version, commit, date string
		bi                    *debug.BuildInfo
		want                  string
	}{
		{
			name:    "release stamp wins over the build info",
			version: "v0.1.0", commit: sha, date: "2026-12-01T10:00:00Z",
			bi:   buildInfo("(devel)", "vcs.revision", "ffffffffffff", "vcs.time", "2020-01-01T00:00:00Z", "vcs.modified", "true"),
			want: "faultline v0.1.0 (commit abc1234, built 2026-12-01T10:00:00Z, go1.26.8)",
		},
		{
			name: "go install of a module version",
			bi:   buildInfo("v0.2.1"),
			want: "faultline v0.2.1 (go1.26.8)",
		},
		{
			name: "go build from a checkout",
			bi:   buildInfo("(devel)", "vcs", "git", "vcs.revision", sha, "vcs.time", "2026-11-30T09:00:00Z", "vcs.modified", "false"),
			want: "faultline (devel) (commit abc1234, committed 2026-11-30T09:00:00Z, go1.26.8)",
		},
		{
			name: "go build from a modified checkout",
			bi:   buildInfo("", "vcs.revision", sha, "vcs.modified", "true"),
			want: "faultline (devel) (commit abc1234, modified, go1.26.8)",
		},
		{
			name: "pseudo-version carries no VCS settings",
			bi:   buildInfo("v0.1.1-0.20261201100000-abc1234def56"),
			want: "faultline v0.1.1-0.20261201100000-abc1234def56 (go1.26.8)",
		},
		{
			name:    "a partial stamp is not mixed with the build info",
			version: "v0.1.0-SNAPSHOT-abc1234", commit: sha,
			bi:   buildInfo("(devel)", "vcs.revision", "ffffffffffff", "vcs.time", "2026-11-30T09:00:00Z", "vcs.modified", "true"),
			want: "faultline v0.1.0-SNAPSHOT-abc1234 (commit abc1234, go1.26.8)",
		},
		{
			name: "no build info",
			want: "faultline (devel) (" + runtime.Version() + ")",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := resolve(tc.version, tc.commit, tc.date, tc.bi).String("faultline"); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Get reads the package's stamp: what the linker's -X sets is what the
// binaries print.
func TestGetReadsTheStamp(t *testing.T) {
	defer func(v, c, d string) { Version, Commit, Date = v, c, d }(Version, Commit, Date)
	Version, Commit, Date = "v9.8.7", "0123456789abcdef", "2026-12-01T10:00:00Z"
	in := Get()
	if in.Version != "v9.8.7" || in.Commit != "0123456789abcdef" || in.Date != "2026-12-01T10:00:00Z" || !in.Built {
		t.Errorf("Get() = %+v", in)
	}
	if in.GoVersion != runtime.Version() {
		t.Errorf("GoVersion = %q, want %q", in.GoVersion, runtime.Version())
	}
}
