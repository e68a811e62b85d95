package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/version"
)

// stamp sets the release stamp the linker would set, for one test.
func stamp(t *testing.T, v, commit, date string) {
	t.Helper()
	old := [3]string{version.Version, version.Commit, version.Date}
	t.Cleanup(func() { version.Version, version.Commit, version.Date = old[0], old[1], old[2] })
	version.Version, version.Commit, version.Date = v, commit, date
}

// A release build: `faultline version` and `faultline --version` print the
// same line, with the version, commit, build date and Go version.
func TestVersionStamped(t *testing.T) {
	stamp(t, "v0.1.0", "abc1234def5678abc1234def5678abc1234def56", "2026-12-01T10:00:00Z")
	want := "faultline v0.1.0 (commit abc1234, built 2026-12-01T10:00:00Z, " + version.Get().GoVersion + ")\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, stderr := run(t, t.TempDir(), nil, args...)
		if code != exitOK || out != want || stderr != "" {
			t.Errorf("%v: exit %d\nstdout %q\nwant   %q\nstderr %q", args, code, out, want, stderr)
		}
	}
}

// Without a stamp (go build, go install) both print what the build info
// records, which in a test binary is no release version.
func TestVersionUnstamped(t *testing.T) {
	stamp(t, "", "", "")
	want := version.Get().String("faultline") + "\n"
	if strings.Contains(want, "built ") {
		t.Fatalf("an unstamped build claims a build date: %q", want)
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, _ := run(t, t.TempDir(), nil, args...)
		if code != exitOK || out != want || !strings.HasPrefix(out, "faultline ") || !strings.Contains(out, version.Get().GoVersion+")") {
			t.Errorf("%v: exit %d, %q, want %q", args, code, out, want)
		}
	}
}

// --version belongs to the root command only, and `version` takes no
// arguments.
func TestVersionUsage(t *testing.T) {
	if code, _, stderr := run(t, t.TempDir(), nil, "lint", "--version", "."); code != exitError || !strings.Contains(stderr, "unknown flag: --version") {
		t.Errorf("lint --version: exit %d %s", code, stderr)
	}
	if code, _, stderr := run(t, t.TempDir(), nil, "version", "extra"); code != exitError || !strings.Contains(stderr, "unknown command") && !strings.Contains(stderr, "accepts 0 arg") {
		t.Errorf("version extra: exit %d %s", code, stderr)
	}
}

// SARIF records the stamped release as the tool's version.
func TestSARIFToolVersionIsTheRelease(t *testing.T) {
	stamp(t, "v0.1.0", "abc1234def5678", "2026-12-01T10:00:00Z")
	code, out, stderr := run(t, t.TempDir(), nil, "lint", "--format", "sarif", ".")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string `json:"version"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Version != "v0.1.0" {
		t.Errorf("driver version: %s", out)
	}
}
