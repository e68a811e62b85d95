package cache

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"time"
)

// A run comparing with a base revision (--base, --staged) reads that
// revision exported from git. Exported into the cache directory under its
// commit, and used again by the next run comparing with the same commit,
// the base's paths stay the same from run to run, so its Terraform roots
// are kept like the work tree's (engine's per-root cache) instead of
// being evaluated again on every commit.

// maxExports is how many exports the cache keeps: the least recently used
// beyond it are removed.
const maxExports = 4

// exportDone marks a finished export: a directory without it was
// interrupted and is never used.
const exportDone = ".faultline-export-done"

// commitID is what a commit name must look like (a full hex object ID).
var commitID = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// Export returns the directory holding commit exported by write: one a
// run finished earlier, else a new one write fills (in a temporary
// directory renamed into place, so a concurrent run never sees half an
// export). It marks the export used and removes the least recently used
// beyond maxExports.
func (s *Store) Export(commit string, write func(dir string) error) (string, error) {
	if !commitID.MatchString(commit) {
		return "", fmt.Errorf("export: %q is not a commit ID", commit)
	}
	root := filepath.Join(s.dir, "exports")
	dir := filepath.Join(root, commit)
	now := time.Now()
	if _, err := os.Stat(filepath.Join(dir, exportDone)); err == nil {
		_ = os.Chtimes(filepath.Join(dir, exportDone), now, now)
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	tmp, err := os.MkdirTemp(root, ".tmp-")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	if err := write(tmp); err != nil {
		_ = os.RemoveAll(tmp)
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, exportDone), nil, 0o644); err != nil {
		_ = os.RemoveAll(tmp)
		return "", fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another run finished the same export first, or an interrupted
		// one left a directory without its mark.
		_ = os.RemoveAll(tmp)
		if _, serr := os.Stat(filepath.Join(dir, exportDone)); serr != nil {
			return "", fmt.Errorf("export: %w", errors.Join(err, serr))
		}
	}
	s.trimExports(root)
	return dir, nil
}

// trimExports removes the exports used least recently beyond maxExports,
// and temporary or unfinished ones over an hour old.
func (s *Store) trimExports(root string) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return
	}
	type export struct {
		dir  string
		used time.Time
	}
	var done []export
	stale := time.Now().Add(-time.Hour)
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		if info, err := os.Stat(filepath.Join(dir, exportDone)); err == nil && commitID.MatchString(e.Name()) {
			done = append(done, export{dir, info.ModTime()})
		} else if info, err := e.Info(); err == nil && info.ModTime().Before(stale) {
			_ = os.RemoveAll(dir)
		}
	}
	sort.Slice(done, func(i, j int) bool { return done[i].used.After(done[j].used) })
	for _, e := range done[min(len(done), maxExports):] {
		_ = os.RemoveAll(e.dir)
	}
}
