// Package mermaidcheck parses Mermaid diagrams with the real Mermaid parser
// (scripts/mermaid-check, under Node.js), for the tests of the reports and
// of `faultline graph`. Several test binaries run at once and share the
// one node_modules: installing it and reading it are serialised with a
// file lock, and an install counts only once it has finished.
package mermaidcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// ErrNoNode says Node.js is not installed: the diagrams cannot be parsed.
var ErrNoNode = errors.New("node not found on PATH")

// Result is what the parser said of one diagram.
type Result struct {
	OK    bool   `json:"ok"`
	Type  string `json:"type"`
	Error string `json:"error"`
}

// installed marks a finished install inside node_modules.
const installed = ".faultline-installed"

// Parse parses every diagram in one Node.js process, installing the
// pinned packages of dir (scripts/mermaid-check) first when they are not
// installed yet.
func Parse(dir string, diagrams []string) ([]Result, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrNoNode
	}
	unlock, err := lock(filepath.Join(dir, ".install.lock"), true)
	if err != nil {
		return nil, err
	}
	err = install(dir)
	unlock()
	if err != nil {
		return nil, err
	}
	unlock, err = lock(filepath.Join(dir, ".install.lock"), false)
	if err != nil {
		return nil, err
	}
	defer unlock()
	in, err := json.Marshal(diagrams)
	if err != nil {
		return nil, err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, "check.mjs")
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = dir, bytes.NewReader(in), &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node check.mjs: %w\n%s", err, stderr.String())
	}
	var res []Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("node check.mjs printed %q: %w", stdout.String(), err)
	}
	if len(res) != len(diagrams) {
		return nil, fmt.Errorf("node check.mjs answered %d of %d diagrams", len(res), len(diagrams))
	}
	return res, nil
}

// install runs npm ci in dir unless a finished install is there; the
// caller holds the exclusive lock.
func install(dir string) error {
	mark := filepath.Join(dir, "node_modules", installed)
	if _, err := os.Stat(mark); err == nil {
		return nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("node is installed but npm is not: cannot install %s's packages", dir)
	}
	cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm ci in %s: %w\n%s", dir, err, out)
	}
	return os.WriteFile(mark, nil, 0o644)
}
