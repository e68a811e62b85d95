package unitcache

import (
	"context"
	"fmt"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/parsers/helm"
)

// countingRenderer renders a ConfigMap named after the release, counting
// the renderings asked of it.
type countingRenderer struct{ n int }

func (c *countingRenderer) Render(_ context.Context, req helm.Request) (helm.Result, error) {
	c.n++
	return helm.Result{Manifests: []helm.Manifest{{Template: "templates/cm.yaml", Content: "kind: ConfigMap\nmetadata:\n  name: " + req.ReleaseName + "\n"}}}, nil
}

// A run's chart renderings are written as one pack entry and read back
// from it; a rendering made after an edit is written on its own and the
// pack stays until those apart are an eighth of those used; when the pack
// is written again, the renderings of the old one the run did not use
// are written on their own, so a chart put back as it was is still kept;
// a run that may not store its results (Discard) writes nothing.
func TestRenderPack(t *testing.T) {
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	chart := []helm.File{{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: app\nversion: 0.1.0\n")}}
	releases := make([]string, 16)
	for i := range releases {
		releases[i] = fmt.Sprintf("app-%02d", i)
	}
	// run renders every release through a fresh Units and flushes it (or
	// discards what it made); it returns the renderings made and the
	// report.
	run := func(discard bool) (int, Report) {
		t.Helper()
		u := unitsFor(store, nil)
		r := &countingRenderer{}
		kr := u.Renderer(r)
		for _, rel := range releases {
			res, err := kr.Render(context.Background(), helm.Request{Chart: "charts/app", Files: chart, ReleaseName: rel, Namespace: "apps"})
			if err != nil || len(res.Manifests) != 1 || res.Manifests[0].Content != "kind: ConfigMap\nmetadata:\n  name: "+rel+"\n" {
				t.Fatalf("%s: %+v %v", rel, res, err)
			}
		}
		if discard {
			u.Discard()
		} else {
			u.Flush()
		}
		return r.n, u.Done()
	}
	check := func(what string, discard bool, wantMade, wantStored, wantPacks int) {
		t.Helper()
		made, r := run(discard)
		if made != wantMade || r.Stored != wantStored || r.RenderPacks != wantPacks || r.ChartsKept != len(releases)-wantMade {
			t.Errorf("%s: %d rendered, %s; want %d rendered, %d stored, %d packs", what, made, r, wantMade, wantStored, wantPacks)
		}
	}
	check("a run that may not store", true, 16, 0, 0)
	check("cold", false, 16, 1, 1)
	check("unchanged", false, 0, 0, 0)
	releases[3] = "app-03-edited"
	check("one release changed", false, 1, 1, 0)
	check("the change kept apart", false, 0, 0, 0)
	releases[3] = "app-03"
	check("put back as it was", false, 0, 0, 0)
	releases[5], releases[6] = "app-05-edited", "app-06-edited"
	// Two made, apart from the pack: 2 of 16 is an eighth. The pack is
	// written again, with the two old renderings it no longer holds
	// written on their own.
	check("two more changed", false, 2, 3, 1)
	releases[5], releases[6] = "app-05", "app-06"
	// Both kept, from their own entries: apart again, so the pack is
	// written again and the two edited renderings leave it for entries of
	// their own.
	check("both put back", false, 0, 3, 1)
	check("unchanged again", false, 0, 0, 0)
}
