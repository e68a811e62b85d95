//go:debug randseednop=0

package chartrender

import (
	cryptorand "crypto/rand"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

// A chart that names objects with Helm's random functions renders the
// same text in every run (a finding, the graph and a cached run must not
// change between two runs of one tree), while another release of it
// draws other names; the process's own source is given back.
func TestRenderRandomIsRepeatable(t *testing.T) {
	tpl := "name: test-{{ randAlphaNum 5 | lower }}\n" +
		"alpha: {{ randAlpha 4 }}\nnum: {{ randNumeric 3 }}\nascii: {{ randAscii 6 | b64enc }}\n" +
		"uid: {{ uuidv4 }}\nint: {{ randInt 0 1000000 }}\nshuffled: {{ shuffle \"abcdefghij\" }}\n"
	render := func(release string) string {
		t.Helper()
		res, err := Render(renderapi.Request{Chart: "charts/web", ReleaseName: release, Namespace: "apps", Files: webChart(tpl)})
		if err != nil || len(res.Manifests) != 1 {
			t.Fatalf("render: %v %+v", err, res)
		}
		return res.Manifests[0].Content
	}
	reader := cryptorand.Reader
	first, again := render("shop"), render("shop")
	if first != again {
		t.Errorf("one release rendered twice differs:\n%s\n%s", first, again)
	}
	if other := render("shop-canary"); other == first {
		t.Errorf("two releases drew the same values:\n%s", other)
	} else {
		for _, l := range strings.Split(strings.TrimSpace(other), "\n") {
			if strings.Contains(first, l) {
				t.Errorf("line %q drawn alike for two releases", l)
			}
		}
	}
	if cryptorand.Reader != reader {
		t.Error("crypto/rand.Reader not given back after rendering")
	}
}
