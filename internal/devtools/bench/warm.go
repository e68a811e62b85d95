package bench

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// hasCache reports whether bin has the result cache (--no-cache), so an
// older build can still be measured cold.
func hasCache(bin string) bool {
	out, err := exec.Command(bin, "lint", "--help").CombinedOutput()
	return err == nil && bytes.Contains(out, []byte("--no-cache"))
}

// warmRuns measures faultline with a result cache of its own: warm runs
// on the unchanged tree, and runs after one file changed.
type warmRuns struct {
	bin, dir, cache string
	// changes are the runs after one file changed per measure, each after
	// one more newline: one run per figure moved by 5–10 ms from one
	// sitting to the next.
	changes int
	// victim is the file changed (a byte appended), and its content.
	victim        string
	original      []byte
	warm, changed []sample
}

// newWarmRuns makes an empty cache, picks the file to change and fills
// the cache with one unmeasured run.
func newWarmRuns(bin, dir string, changes int) (*warmRuns, error) {
	cache, err := os.MkdirTemp("", "faultline-bench-cache.")
	if err != nil {
		return nil, fmt.Errorf("cache directory: %w", err)
	}
	w := &warmRuns{bin: bin, dir: dir, cache: cache, changes: max(changes, 1)}
	if w.victim, err = victim(dir); err != nil {
		return nil, err
	}
	if w.original, err = os.ReadFile(w.victim); err != nil {
		return nil, err
	}
	if err := w.fill(); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *warmRuns) args() []string {
	return []string{"lint", "--cache-dir", w.cache, "--format", "json", "."}
}

// fill runs faultline once, unmeasured, so the cache holds the tree as it is.
func (w *warmRuns) fill() error {
	_, _, err := lintRun(w.bin, w.dir, w.args()...)
	return err
}

// measure takes one warm run and w.changes runs after one file changed,
// each after one more newline appended to it (each run sees one file
// changed since the run before); the file is put back and the cache
// filled again afterwards.
func (w *warmRuns) measure() error {
	r, _, err := lintRun(w.bin, w.dir, w.args()...)
	if err != nil {
		return err
	}
	w.warm = append(w.warm, r.sample)
	edited := append([]byte(nil), w.original...)
	for range w.changes {
		edited = append(edited, '\n')
		if err = os.WriteFile(w.victim, edited, 0o644); err != nil {
			break
		}
		if r, _, err = lintRun(w.bin, w.dir, w.args()...); err != nil {
			break
		}
		w.changed = append(w.changed, r.sample)
	}
	if rerr := os.WriteFile(w.victim, w.original, 0o644); err == nil {
		err = rerr
	}
	if err != nil {
		return err
	}
	return w.fill()
}

func (w *warmRuns) close() { _ = os.RemoveAll(w.cache) }

// victim is the first .tf file of the tree in walk order, else the first
// YAML file.
func victim(dir string) (string, error) {
	var tf, yaml string
	stop := errors.New("found")
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); p != dir && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(p, ".tf") && d.Type().IsRegular():
			tf = p
			return stop
		case yaml == "" && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) && d.Type().IsRegular():
			yaml = p
		}
		return nil
	})
	if err != nil && !errors.Is(err, stop) {
		return "", err
	}
	if tf == "" {
		tf = yaml
	}
	if tf == "" {
		return "", fmt.Errorf("%s: no .tf or YAML file to change", dir)
	}
	return tf, nil
}
