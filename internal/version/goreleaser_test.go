package version

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// repoRoot is where .goreleaser.yaml lives, from this package's directory.
const repoRoot = "../.."

// goreleaserConfig is the part of .goreleaser.yaml the tests read.
type goreleaserConfig struct {
	Version int `yaml:"version"`
	Builds  []struct {
		ID      string   `yaml:"id"`
		Main    string   `yaml:"main"`
		Binary  string   `yaml:"binary"`
		Env     []string `yaml:"env"`
		Flags   []string `yaml:"flags"`
		Ldflags []string `yaml:"ldflags"`
		Goos    []string `yaml:"goos"`
		Goarch  []string `yaml:"goarch"`
	} `yaml:"builds"`
	Archives []struct {
		IDs   []string `yaml:"ids"`
		Files []string `yaml:"files"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
	} `yaml:"checksum"`
	SBOMs []struct {
		Artifacts string `yaml:"artifacts"`
	} `yaml:"sboms"`
	Signs       []signConfig `yaml:"signs"`
	DockerSigns []struct {
		Cmd string `yaml:"cmd"`
	} `yaml:"docker_signs"`
	DockersV2 []struct {
		IDs        []string `yaml:"ids"`
		Dockerfile string   `yaml:"dockerfile"`
		Images     []string `yaml:"images"`
		Platforms  []string `yaml:"platforms"`
	} `yaml:"dockers_v2"`
	HomebrewCasks []struct {
		Name       string   `yaml:"name"`
		Binaries   []string `yaml:"binaries"`
		Repository struct {
			Owner string `yaml:"owner"`
			Name  string `yaml:"name"`
		} `yaml:"repository"`
	} `yaml:"homebrew_casks"`
}

// signConfig is one entry of signs.
type signConfig struct {
	Cmd       string `yaml:"cmd"`
	Artifacts string `yaml:"artifacts"`
}

func readGoreleaserConfig(t *testing.T) (goreleaserConfig, map[string]any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg goreleaserConfig
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	return cfg, raw
}

// stampRE finds the linker's -X flags in a build's ldflags (templates
// written without spaces, {{.Version}}, so that a flag is one word).
var stampRE = regexp.MustCompile(`-X[= ]([^=\s]+)=(\S+)`)

// TestGoReleaserConfig checks .goreleaser.yaml statically: the two
// executables for three systems on two architectures, stamped into the
// variables this package reads; archives with both and the project files;
// checksums, SBOMs and signatures; the image with dockers_v2 and the
// Homebrew cask, not their deprecated forms.
func TestGoReleaserConfig(t *testing.T) {
	cfg, raw := readGoreleaserConfig(t)
	if cfg.Version != 2 {
		t.Errorf("version: %d, want 2", cfg.Version)
	}

	// The variables the binaries print, by the name the linker knows them
	// (the pointers fail to compile if one goes).
	pkg := reflect.TypeFor[Info]().PkgPath()
	stamped := map[string]*string{pkg + ".Version": &Version, pkg + ".Commit": &Commit, pkg + ".Date": &Date}
	// What each must be stamped with (goreleaser's template fields).
	wantValue := map[string]*regexp.Regexp{
		pkg + ".Version": regexp.MustCompile(`^v\{\{ *\.Version *\}\}$`),
		pkg + ".Commit":  regexp.MustCompile(`^\{\{ *\.(Full)?Commit *\}\}$`),
		pkg + ".Date":    regexp.MustCompile(`^\{\{ *\.(Commit)?Date *\}\}$`),
	}

	wantBuilds := map[string]string{"faultline": "./cmd/faultline", "faultline-render": "./cmd/faultline-render"}
	seen := map[string]bool{}
	for _, b := range cfg.Builds {
		want, ok := wantBuilds[b.ID]
		if !ok {
			t.Errorf("build %q: not one of the executables", b.ID)
			continue
		}
		seen[b.ID] = true
		if b.Main != want || b.Binary != b.ID {
			t.Errorf("build %s: main %q binary %q, want %q and %q", b.ID, b.Main, b.Binary, want, b.ID)
		}
		if _, err := os.Stat(filepath.Join(repoRoot, b.Main, "main.go")); err != nil {
			t.Errorf("build %s: %v", b.ID, err)
		}
		if !slices.Contains(b.Env, "CGO_ENABLED=0") {
			t.Errorf("build %s: env %v lacks CGO_ENABLED=0", b.ID, b.Env)
		}
		if !slices.Contains(b.Flags, "-trimpath") {
			t.Errorf("build %s: flags %v lack -trimpath", b.ID, b.Flags)
		}
		if !sameSet(b.Goos, "linux", "darwin", "windows") || !sameSet(b.Goarch, "amd64", "arm64") {
			t.Errorf("build %s: goos %v goarch %v, want linux, darwin, windows on amd64 and arm64", b.ID, b.Goos, b.Goarch)
		}
		got := map[string]string{}
		for _, m := range stampRE.FindAllStringSubmatch(strings.Join(b.Ldflags, " "), -1) {
			if _, ok := stamped[m[1]]; !ok {
				t.Errorf("build %s: -X %s: no variable the binaries read", b.ID, m[1])
			}
			got[m[1]] = m[2]
		}
		for name, re := range wantValue {
			if !re.MatchString(got[name]) {
				t.Errorf("build %s: -X %s=%q, want it to match %s", b.ID, name, got[name], re)
			}
		}
	}
	if len(seen) != len(wantBuilds) {
		t.Errorf("builds %v, want %v", seen, wantBuilds)
	}

	if len(cfg.Archives) == 0 {
		t.Error("no archives")
	}
	for _, a := range cfg.Archives {
		if !sameSet(a.IDs, "faultline", "faultline-render") {
			t.Errorf("archive ids %v, want both executables", a.IDs)
		}
		for _, f := range []string{"LICENSE", "README.md", "CHANGELOG.md"} {
			if !slices.Contains(a.Files, f) {
				t.Errorf("archive files %v lack %s", a.Files, f)
			}
			if _, err := os.Stat(filepath.Join(repoRoot, f)); err != nil {
				t.Errorf("archive file: %v", err)
			}
		}
	}
	if cfg.Checksum.NameTemplate != "checksums.txt" {
		t.Errorf("checksum name_template %q, want checksums.txt", cfg.Checksum.NameTemplate)
	}
	if len(cfg.SBOMs) == 0 || cfg.SBOMs[0].Artifacts != "archive" {
		t.Errorf("sboms %+v, want one for the archives", cfg.SBOMs)
	}
	if !slices.Contains(cfg.Signs, signConfig{Cmd: "cosign", Artifacts: "checksum"}) {
		t.Errorf("signs %+v: want cosign signing the checksums", cfg.Signs)
	}
	if len(cfg.DockerSigns) == 0 || cfg.DockerSigns[0].Cmd != "cosign" {
		t.Errorf("docker_signs %+v: want cosign", cfg.DockerSigns)
	}

	for _, deprecated := range []string{"dockers", "docker_manifests", "brews"} {
		if _, ok := raw[deprecated]; ok {
			t.Errorf("%s is deprecated: use dockers_v2 and homebrew_casks", deprecated)
		}
	}
	if len(cfg.DockersV2) != 1 {
		t.Fatalf("dockers_v2: %d images, want 1", len(cfg.DockersV2))
	}
	img := cfg.DockersV2[0]
	if !sameSet(img.IDs, "faultline", "faultline-render") || !sameSet(img.Platforms, "linux/amd64", "linux/arm64") || !slices.Contains(img.Images, "ghcr.io/faultline-dev/faultline") {
		t.Errorf("dockers_v2: %+v", img)
	}
	dockerfile, err := os.ReadFile(filepath.Join(repoRoot, img.Dockerfile))
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range []string{
		`(?m)^FROM gcr\.io/distroless/static[-a-z0-9]*:nonroot\b`,
		`(?m)^COPY \$TARGETPLATFORM/faultline \$TARGETPLATFORM/faultline-render /usr/local/bin/$`,
		`(?m)^ENTRYPOINT \["/usr/local/bin/faultline"\]$`,
	} {
		if !regexp.MustCompile(re).Match(dockerfile) {
			t.Errorf("%s does not match %s", img.Dockerfile, re)
		}
	}

	if len(cfg.HomebrewCasks) != 1 {
		t.Fatalf("homebrew_casks: %d, want 1", len(cfg.HomebrewCasks))
	}
	cask := cfg.HomebrewCasks[0]
	if cask.Name != "faultline" || cask.Repository.Owner != "faultline-dev" || cask.Repository.Name != "homebrew-tap" || !sameSet(cask.Binaries, "faultline", "faultline-render") {
		t.Errorf("homebrew_casks: %+v", cask)
	}
}

// TestGoReleaserCheck runs `goreleaser check` when goreleaser is
// installed (scripts/release-check installs it), and fails on any
// deprecation: goreleaser exits 0 on those.
func TestGoReleaserCheck(t *testing.T) {
	bin, err := exec.LookPath("goreleaser")
	if err != nil {
		t.Skip("goreleaser is not on PATH (scripts/release-check installs it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "check")
	cmd.Dir = repoRoot
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("goreleaser check: %v\n%s", err, out.String())
	}
	if strings.Contains(strings.ToLower(out.String()), "deprecat") {
		t.Errorf("goreleaser check reports a deprecation:\n%s", out.String())
	}
}

// sameSet says whether got holds exactly the wanted values, in any order.
func sameSet(got []string, want ...string) bool {
	g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	return slices.Equal(g, w)
}

// TestReleaseSnapshot runs scripts/release-check where goreleaser is
// installed: `goreleaser check` without a deprecation, then a snapshot
// release for this platform whose archive holds both executables, the
// project files and matching checksums, and whose executables print the
// snapshot version (about 20 s with a warm build cache). It writes dist/
// at the repository's top level (ignored by git).
func TestReleaseSnapshot(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a snapshot release")
	}
	if _, err := exec.LookPath("goreleaser"); err != nil {
		t.Skip("goreleaser is not on PATH (scripts/release-check installs it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join("scripts", "release-check"))
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("scripts/release-check: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "release-check: ok: dist/faultline_") {
		t.Errorf("scripts/release-check did not build the snapshot:\n%s", out)
	}
}
