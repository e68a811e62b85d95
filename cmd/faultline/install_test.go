package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The module's main packages. pre-commit's golang hook builds the hook
// repository with `go install ./...` at its root: that must build the
// product and nothing else (the development tools need the devtools build
// tag), so the hook installs fast and with no module beyond the product's.
// The tag is not the customary `tools`: dependencies keep tools.go files
// under that tag (hcl/v2 imports golang.org/x/tools/cmd/stringer in one),
// which would then break the build.

const modulePath = "github.com/faultline-dev/faultline"

// productCommands are the main packages `go install ./...` installs.
var productCommands = []string{modulePath + "/cmd/faultline", modulePath + "/cmd/" + renderName}

// devCommands are the development tools, built with -tags devtools.
var devCommands = []string{
	modulePath + "/internal/benchgen/cmd/benchgen",
	modulePath + "/internal/benchgen/cmd/plangen",
	modulePath + "/scripts/bench",
	modulePath + "/scripts/chart-keys",
	modulePath + "/scripts/conformance",
	modulePath + "/scripts/eks-submodule-standins",
	modulePath + "/scripts/instancetypes",
	modulePath + "/scripts/karpenter-placement",
	modulePath + "/scripts/standin-syntax",
}

// goOffline runs the go command in the repository root with the module
// proxy turned off: everything it needs is in the module cache already
// (the test binary was built from it).
func goOffline(t *testing.T, root string, env map[string]string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	set := map[string]string{"GOPROXY": "off", "GOFLAGS": "-mod=mod"}
	for k, v := range env {
		set[k] = v
	}
	cmd.Env = environ(set)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr)
	}
	return string(out)
}

// mainPackages lists the main packages of ./... (with the given flags).
func mainPackages(t *testing.T, root string, flags ...string) []string {
	t.Helper()
	args := append(append([]string{"list"}, flags...), "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "./...")
	var list []string
	for _, l := range strings.Split(goOffline(t, root, nil, args...), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			list = append(list, l)
		}
	}
	sort.Strings(list)
	return list
}

func TestGoInstallBuildsOnlyTheProduct(t *testing.T) {
	root := repoRoot(t)
	want := append([]string(nil), productCommands...)
	sort.Strings(want)
	if got := mainPackages(t, root); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("`go install ./...` would install %q, want only %q: give a development tool's main package the build constraint //go:build devtools (its code in a package of internal/devtools, so that go test ./... still tests it)", got, want)
	}
	// The tag brings the tools back: they were excluded, not lost.
	want = append(want, devCommands...)
	sort.Strings(want)
	if got := mainPackages(t, root, "-tags", "devtools"); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("with -tags devtools: main packages %q, want %q", got, want)
	}
}

// TestDevToolsVet vets the development tools' main packages, which go vet
// ./... does not see without the tag.
func TestDevToolsVet(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: compiles the development tools")
	}
	goOffline(t, repoRoot(t), nil, append([]string{"vet", "-tags", "devtools"}, devCommands...)...)
}

// TestGoInstallOffline does what pre-commit's golang hook does to install
// itself, `go install ./...` at the repository root, with the module
// proxy off: it succeeds from the module cache and installs faultline and
// faultline-render only.
func TestGoInstallOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the binaries")
	}
	gobin := t.TempDir()
	goOffline(t, repoRoot(t), map[string]string{"GOBIN": gobin}, "install", "-buildvcs=false", "./...")
	entries, err := os.ReadDir(gobin)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())))
	}
	sort.Strings(got)
	if want := "faultline " + renderName; strings.Join(got, " ") != want {
		t.Errorf("go install ./... installed %q, want %s", got, want)
	}
}
