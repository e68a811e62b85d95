package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/faultline-dev/faultline/internal/krustyfloor"
)

// krustyMain runs the krusty floor on dirs (as paths of a faultline run
// from the working directory) and prints its Result as JSON on out; each
// failed build and each root left unbuilt is said on errw.
func krustyMain(out, errw io.Writer, dirs []string) error {
	if len(dirs) == 0 {
		return errors.New("usage: bench krusty DIR...")
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("working directory: %w", err)
	}
	r, err := krustyfloor.Run(cwd, dirs...)
	if err != nil {
		return err
	}
	sayKrusty(errw, r)
	return json.NewEncoder(out).Encode(r)
}

// sayKrusty tells what the krusty floor did not build.
func sayKrusty(w io.Writer, r krustyfloor.Result) {
	for _, f := range r.Failed {
		fmt.Fprintf(w, "krusty floor: %s failed: %s\n", f.Dir, f.Error)
	}
	for _, d := range r.Remote {
		fmt.Fprintf(w, "krusty floor: %s not built: it names remote entries\n", d)
	}
}

// krustyResult is one krusty floor run with what it built.
type krustyResult struct {
	run
	res krustyfloor.Result
}

// krustyRun runs the krusty floor on dir in a child process.
func krustyRun(self, dir string) (krustyResult, error) {
	r, err := runChild(dir, self, "krusty", ".")
	if err != nil {
		return krustyResult{}, err
	}
	if r.exit != 0 {
		return krustyResult{}, fmt.Errorf("krusty floor exited %d: %s", r.exit, tail(r.stderr))
	}
	kr := krustyResult{run: r}
	if err := json.Unmarshal(r.stdout, &kr.res); err != nil {
		return kr, fmt.Errorf("krusty floor output: %w", err)
	}
	return kr, nil
}

// buildSample is the krusty floor's own measure of its builds (not the
// child process's: its start, walk and choice of roots are left out); the
// peak RSS is the process's.
func (k krustyResult) buildSample() sample {
	return sample{wall: k.res.Wall, cpu: k.res.CPU, rss: k.rss}
}
