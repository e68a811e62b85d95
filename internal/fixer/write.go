package fixer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// Write writes every change, or none: each file must be a regular file
// (not a symlink) whose real path lies inside one of roots (the scanned
// directories) and whose content is still Before. The new contents are
// written to temporary files beside the originals first and renamed over
// them; a rename that fails puts the files already replaced back. abs
// turns a change's file name into a path.
func Write(changes []FileChange, roots []string, abs func(string) string) error {
	realRoots := make([]string, 0, len(roots))
	for _, r := range roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			realRoots = append(realRoots, real)
		}
	}
	type pending struct {
		path, tmp string
		mode      fs.FileMode
		before    []byte
	}
	var ps []pending
	cleanup := func() {
		for _, p := range ps {
			os.Remove(p.tmp)
		}
	}
	for _, c := range changes {
		path := abs(c.File)
		mode, err := writable(path, realRoots, c.Before)
		if err != nil {
			cleanup()
			return fmt.Errorf("%s: %w", c.File, err)
		}
		tmp, err := writeTemp(path, c.After, mode)
		if err != nil {
			cleanup()
			return fmt.Errorf("%s: %w", c.File, err)
		}
		ps = append(ps, pending{path: path, tmp: tmp, mode: mode, before: c.Before})
	}
	for i, p := range ps {
		if err := os.Rename(p.tmp, p.path); err != nil {
			for _, done := range ps[:i] {
				_ = os.WriteFile(done.path, done.before, done.mode)
			}
			cleanup()
			return fmt.Errorf("%s: %w", p.path, err)
		}
	}
	return nil
}

// writable checks that path may be rewritten and returns its mode.
func writable(path string, realRoots []string, before []byte) (fs.FileMode, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return 0, err
	}
	if !st.Mode().IsRegular() {
		return 0, errors.New("not a regular file (a symlink is never followed)")
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return 0, err
	}
	inside := false
	for _, r := range realRoots {
		inside = inside || treefs.Within(r, real)
	}
	if !inside {
		return 0, errors.New("outside the scanned tree")
	}
	now, err := os.ReadFile(real)
	if err != nil {
		return 0, err
	}
	if !bytes.Equal(now, before) {
		return 0, errors.New("changed while faultline ran")
	}
	return st.Mode().Perm(), nil
}

// writeTemp writes data to a new temporary file in path's directory.
func writeTemp(path string, data []byte, mode fs.FileMode) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".faultline-fix-*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(name)
		return "", err
	}
	if err := os.Chmod(name, mode); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}
