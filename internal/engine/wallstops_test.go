package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/rules"
)

// longRoot is a root of two thousand evaluations: past the first check
// of its deadline (every 1,024 evaluations).
const longRoot = "resource \"aws_iam_role\" \"r\" {\n  count = 2000\n  name  = \"r-${count.index}\"\n}\n"

// runCachedTwice runs opts through c twice, failing on an error.
func runCachedTwice(t *testing.T, opts Options, c *Cache) (cold, warm *Loaded) {
	t.Helper()
	var out [2]*Loaded
	for i := range out {
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = l
	}
	return out[0], out[1]
}

// A run in which a Terraform root's evaluation deadline fired is not
// stored, and says why, and the root is not kept on its own; the same
// tree within the deadline is stored and answered from the cache.
func TestRunNotStoredWhenDeadlineStops(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"infra/main.tf": longRoot})
	for _, tc := range []struct {
		name     string
		deadline time.Duration
		stops    int
	}{
		{"deadline passed", -time.Second, 1},
		{"within the deadline", 0, 0},
	} {
		store, err := cache.Open(t.TempDir(), cache.DefaultMax)
		if err != nil {
			t.Fatal(err)
		}
		c := &Cache{Store: store, Build: "test"}
		cold, warm := runCachedTwice(t, Options{Paths: []string{root}, Cwd: root, rootDeadline: tc.deadline}, c)
		if cold.WallStops != tc.stops {
			t.Errorf("%s: %d wall stops, want %d", tc.name, cold.WallStops, tc.stops)
		}
		if tc.stops == 0 {
			if cold.Cache.NotStored != "" || warm.Cache.Hits != 1 {
				t.Errorf("%s: %s, then %s; want stored, then a hit", tc.name, cold.Cache, warm.Cache)
			}
			continue
		}
		want := "a wall-clock backstop stopped 1 of its Terraform roots, Terragrunt units or chart renderings"
		if cold.Cache.NotStored != want || warm.Cache.Hits != 0 || warm.Cache.NotStored != want {
			t.Errorf("%s: %s, then %s; want not stored (%s), twice", tc.name, cold.Cache, warm.Cache, want)
		}
		if r := cold.Cache.Roots; r.Why["its evaluation budget was spent"] != 1 {
			t.Errorf("%s: %s; want the root not kept, its budget spent", tc.name, r)
		}
		if r := warm.Cache.Roots; r.Kept != 0 || r.Evaluated != 1 {
			t.Errorf("%s, again: %s; want the root evaluated again", tc.name, r)
		}
	}
}

// TestStableWhateverAStageTook: how long a stage took is no reason not to
// store a run (a loaded machine takes minutes over a large tree); a
// wall-clock backstop that fired is, and so is a file added while it ran
// (the snapshot taken at its end does not match the outline it started
// with).
func TestStableWhateverAStageTook(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"infra/main.tf": longRoot})
	start := cache.Take([]string{root}, skipDir, nil).Outline()
	l := &Loaded{Stages: []Stage{{Name: "terraform", Wall: 140 * time.Second}, {Name: "helm", Wall: 11 * time.Minute}}}
	if why := stable(start, cache.NewReads(), l); why != "" {
		t.Errorf("a run with long stages is not stored: %s", why)
	}
	write(t, root, map[string]string{"infra/new.tf": "\n"})
	if why := stable(start, cache.NewReads(), l); why != "the tree changed while it was read, or holds an unreadable entry" {
		t.Errorf("a file added during the run: %q", why)
	}
	if err := os.Remove(filepath.Join(root, "infra", "new.tf")); err != nil {
		t.Fatal(err)
	}
	l.WallStops = 2
	if why := stable(start, cache.NewReads(), l); !strings.HasPrefix(why, "a wall-clock backstop stopped 2 ") {
		t.Errorf("a run two wall-clock backstops stopped: %q", why)
	}
}

// slowRenderer is meteredRenderer whose charts named "slow…" are stopped
// by the wall-clock backstop, as a helm.Pool's worker that outlives it is.
type slowRenderer struct{ meteredRenderer }

func (s slowRenderer) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	res, _, err := s.RenderMetered(ctx, req, 0)
	return res, err
}

func (s slowRenderer) RenderMetered(ctx context.Context, req helm.Request, limit time.Duration) (helm.Result, time.Duration, error) {
	if strings.Contains(req.Chart, "slow") {
		return helm.Result{}, 0, &helm.StoppedError{Reason: "it did not finish within 10m0s of wall-clock time", WallClock: true}
	}
	return s.meteredRenderer.RenderMetered(ctx, req, limit)
}

// A chart rendering the wall-clock backstop stopped counts, on its own
// and inflated by a kustomization; one stopped at its CPU limit does not.
// The run is not stored; the renderings that finished are kept, the
// stopped ones are not, nor the kustomize build that inflated one.
func TestRunNotStoredWhenRenderStopped(t *testing.T) {
	files := map[string]string{"k/one/kustomization.yaml": "helmCharts:\n  - name: slow-k\n    releaseName: one\n"}
	for _, c := range []struct{ dir, name string }{{"k/one/charts/slow-k", "slow-k"}, {"charts/a-plain", "a-plain"}, {"charts/b-spin", "b-spin"}, {"charts/slow", "slow"}} {
		for p, body := range chartFiles(c.dir, c.name) {
			files[p] = body
		}
	}
	root := t.TempDir()
	write(t, root, files)
	c := testCache(t)
	cold, warm := runCachedTwice(t, Options{Paths: []string{root}, Cwd: root, Renderer: slowRenderer{}}, c)
	want := "a wall-clock backstop stopped 2 of its Terraform roots, Terragrunt units or chart renderings"
	for i, l := range []*Loaded{cold, warm} {
		if l.WallStops != 2 || l.Cache.Hits != 0 || l.Cache.NotStored != want {
			t.Errorf("run %d: %d wall stops, %s; want 2, not stored (%s)", i, l.WallStops, l.Cache, want)
		}
	}
	if u := warm.Cache.Units; u.ChartsKept != 1 || u.ChartsRendered != 3 || u.KustKept != 0 || u.KustBuilt != 1 {
		t.Errorf("second run: %s; want a-plain kept, the three stopped rendered again, k/one built again", u)
	}
}

// A Terragrunt unit whose configuration's evaluation met its deadline
// counts once (its inputs, evaluated again for the root it calls, do
// not count it twice), and the run is not stored; the module it calls
// evaluates too little to reach a check of its own deadline.
func TestRunNotStoredWhenTerragruntDeadlineStops(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"modules/app/main.tf":     "variable \"names\" {\n  type = list(string)\n}\n",
		"live/app/terragrunt.hcl": "terraform {\n  source = \"../../modules/app\"\n}\n\nlocals {\n  names = [for p in setproduct(range(50), range(50)) : format(\"n-%d-%d\", p[0], p[1])]\n}\n\ninputs = {\n  names = local.names\n}\n",
	})
	for _, tc := range []struct {
		deadline time.Duration
		stops    int
	}{{-time.Second, 1}, {0, 0}} {
		store, err := cache.Open(t.TempDir(), cache.DefaultMax)
		if err != nil {
			t.Fatal(err)
		}
		cold, warm := runCachedTwice(t, Options{Paths: []string{root}, Cwd: root, rootDeadline: tc.deadline}, &Cache{Store: store, Build: "test"})
		if cold.WallStops != tc.stops || (tc.stops > 0) != (cold.Cache.NotStored != "") || (tc.stops > 0) == (warm.Cache.Hits == 1) {
			t.Errorf("deadline %s: %d wall stops, %s, then %s; want %d", tc.deadline, cold.WallStops, cold.Cache, warm.Cache, tc.stops)
		}
	}
}

// TestStableSeesTheTreeChange: a run during which a file was added to
// the tree is not stored, whether the directories were written long
// before the run (the directories' times tell) or just before it (a new
// snapshot tells).
func TestStableSeesTheTreeChange(t *testing.T) {
	for _, old := range []bool{true, false} {
		root := t.TempDir()
		write(t, root, map[string]string{"infra/main.tf": longRoot})
		if old {
			at := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
			for _, d := range []string{root, filepath.Join(root, "infra")} {
				if err := os.Chtimes(d, at, at); err != nil {
					t.Fatal(err)
				}
			}
		}
		start := cache.Take([]string{root}, skipDir, nil).Outline()
		if why := stable(start, cache.NewReads(), &Loaded{}); why != "" {
			t.Fatalf("old %v: an unchanged tree: %s", old, why)
		}
		if start.Unchanged() != old {
			t.Fatalf("old %v: the directories' times vouch %v", old, start.Unchanged())
		}
		write(t, root, map[string]string{"infra/extra.tf": "locals {}\n"})
		if why := stable(start, cache.NewReads(), &Loaded{}); !strings.HasPrefix(why, "the tree changed while it was read") {
			t.Errorf("old %v: a file added during the run: %q", old, why)
		}
	}
}
