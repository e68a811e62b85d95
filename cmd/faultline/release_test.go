package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The ldflags .goreleaser.yaml gives the faultline build stamp the real
// binary: built with them, templates filled in as GoReleaser fills them,
// `faultline --version` and `faultline version` print the release.
// (internal/version's TestGoReleaserConfig checks the rest of the file.)
func TestReleaseLdflagsStampTheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the faultline binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Builds []struct {
			ID      string   `yaml:"id"`
			Ldflags []string `yaml:"ldflags"`
		} `yaml:"builds"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	var ldflags string
	for _, b := range cfg.Builds {
		if b.ID == "faultline" {
			ldflags = strings.Join(b.Ldflags, " ")
		}
	}
	if ldflags == "" {
		t.Fatal(".goreleaser.yaml: no ldflags for the faultline build")
	}
	// What GoReleaser substitutes for a tag v0.1.0.
	filled := strings.NewReplacer(
		"{{.Version}}", "0.1.0",
		"{{.FullCommit}}", "abc1234def5678abc1234def5678abc1234def56",
		"{{.Date}}", "2026-12-01T10:00:00Z",
	).Replace(ldflags)
	if strings.Contains(filled, "{{") {
		t.Fatalf("ldflags use a template this test does not fill: %s", filled)
	}
	dir := t.TempDir()
	// Not -trimpath: it would rebuild every package; only the link differs.
	out, err := exec.Command("go", "build", "-buildvcs=false", "-ldflags="+filled, "-o", dir+string(filepath.Separator), ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -ldflags=%q: %v\n%s", filled, err, out)
	}
	want := "faultline v0.1.0 (commit abc1234, built 2026-12-01T10:00:00Z, " + runtime.Version() + ")\n"
	for _, arg := range []string{"--version", "version"} {
		out, err := exec.Command(filepath.Join(dir, "faultline"), arg).Output()
		if err != nil || string(out) != want {
			t.Errorf("faultline %s: %v\n got  %q\n want %q", arg, err, out, want)
		}
	}
}
