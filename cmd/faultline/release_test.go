package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// The release workflow runs on v* tags with the permissions the release
// needs (assets, the image, the OIDC token keyless signing certifies),
// every third-party action pinned by a full commit SHA with its tag in a
// comment, and the GoReleaser version scripts/release-check installs.
func TestReleaseWorkflow(t *testing.T) {
	root := repoRoot(t)
	path := filepath.Join(root, ".github", "workflows", "release.yml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		On struct {
			Push struct {
				Tags []string `yaml:"tags"`
			} `yaml:"push"`
		} `yaml:"on"`
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			Steps []struct {
				Uses string            `yaml:"uses"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &w); err != nil {
		t.Fatalf("release.yml: %v", err)
	}
	if len(w.On.Push.Tags) != 1 || w.On.Push.Tags[0] != "v*" {
		t.Errorf("on.push.tags = %v, want [v*]", w.On.Push.Tags)
	}
	for perm, want := range map[string]string{"contents": "write", "packages": "write", "id-token": "write"} {
		if w.Permissions[perm] != want {
			t.Errorf("permissions.%s = %q, want %q", perm, w.Permissions[perm], want)
		}
	}

	pinned := regexp.MustCompile(`^\s*-?\s*uses:\s*[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40} # v[0-9]+(\.[0-9]+)*$`)
	uses := 0
	for i, line := range strings.Split(string(data), "\n") {
		if !regexp.MustCompile(`^\s*-?\s*uses:`).MatchString(line) {
			continue
		}
		uses++
		if !pinned.MatchString(line) {
			t.Errorf("release.yml:%d: %q: pin a third-party action by its full commit SHA, with the tag in a comment", i+1, strings.TrimSpace(line))
		}
	}
	if uses == 0 {
		t.Error("release.yml uses no action")
	}

	script, err := os.ReadFile(filepath.Join(root, "scripts", "release-check"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^GORELEASER_VERSION=(\S+)$`).FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/release-check sets no GORELEASER_VERSION")
	}
	found := false
	for _, j := range w.Jobs {
		for _, s := range j.Steps {
			if strings.HasPrefix(s.Uses, "goreleaser/goreleaser-action@") {
				found = true
				if s.With["version"] != string(m[1]) || !strings.HasPrefix(s.With["args"], "release --clean") {
					t.Errorf("goreleaser-action with %v, want version %s and args release --clean", s.With, m[1])
				}
			}
		}
	}
	if !found {
		t.Error("release.yml does not run goreleaser/goreleaser-action")
	}
}
