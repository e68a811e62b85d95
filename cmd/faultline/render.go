package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// Charts render in faultline-render processes (cmd/faultline-render),
// never in faultline's: only that executable links Helm's engine, whose
// package initialisation would otherwise cost every run, chart or not,
// more than the rest of faultline's start-up.
const (
	// renderName is the renderer executable's name.
	renderName = "faultline-render"
	// renderEnv names the renderer executable to use instead of looking
	// for it.
	renderEnv = "FAULTLINE_RENDER"
)

// renderExecutable is the faultline-render to start: the one renderEnv
// names, else the one beside this executable (symlinks resolved), else
// the first on PATH.
func renderExecutable(getenv func(string) string) (string, error) {
	if p := getenv(renderEnv); p != "" {
		if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
			return "", fmt.Errorf("%w: %s names %s, which is not a file", errNoRenderer, renderEnv, p)
		}
		return p, nil
	}
	name := renderName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		p := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w: it is neither beside faultline nor on PATH (install both: go install github.com/faultline-dev/faultline/cmd/...@latest; or name it in %s)", errNoRenderer, renderEnv)
	}
	return p, nil
}

// errNoRenderer is a tree with charts and no faultline-render to render
// them.
var errNoRenderer = errors.New("charts need " + renderName + " to render")

// missingRenderer stands for a faultline-render that was not found: a run
// whose tree holds no chart never asks it; one that does stops at once
// (Ready) with the reason.
type missingRenderer struct{ err error }

// Render implements helm.Renderer.
func (m missingRenderer) Render(context.Context, helm.Request) (helm.Result, error) {
	return helm.Result{}, &helm.StoppedError{Reason: m.err.Error()}
}

// Ready reports why no chart can render.
func (m missingRenderer) Ready() error { return m.err }
