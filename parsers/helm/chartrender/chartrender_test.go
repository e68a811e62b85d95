package chartrender

import (
	"context"
	"errors"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/chartutil"

	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

func webChart(template string) []renderapi.File {
	return []renderapi.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: web\nversion: 0.1.0\n")},
		{Name: "values.yaml", Data: []byte("replicas: 2\n")},
		{Name: "templates/deploy.yaml", Data: []byte(template)},
	}
}

// A chart renders as helm template would: the release's name and the
// coalesced values reach the template, and .Capabilities holds the
// Kubernetes version asked for.
func TestRender(t *testing.T) {
	res, err := Render(renderapi.Request{Chart: "charts/web", ReleaseName: "shop", Namespace: "apps", KubeVersion: "1.29",
		Values: map[string]any{"image": "web:1.2"},
		Files:  webChart("name: {{ .Release.Name }}\nreplicas: {{ .Values.replicas }}\nimage: {{ .Values.image }}\nkube: {{ .Capabilities.KubeVersion.Minor }}\n")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Manifests) != 1 || res.Manifests[0].Template != "templates/deploy.yaml" {
		t.Fatalf("manifests %+v", res.Manifests)
	}
	if got, want := res.Manifests[0].Content, "name: shop\nreplicas: 2\nimage: web:1.2\nkube: 29\n"; got != want {
		t.Errorf("rendered %q, want %q", got, want)
	}
}

// A template that fails is a RenderError naming the template and line.
func TestRenderTemplateError(t *testing.T) {
	_, err := Render(renderapi.Request{Chart: "charts/web", ReleaseName: "shop", Files: webChart("a: 1\nb: {{ .Values.missing.deeper }}\n")})
	var re *renderapi.RenderError
	if !errors.As(err, &re) || re.Stage != "template" || re.Template != "templates/deploy.yaml" || re.Line != 2 {
		t.Fatalf("error %#v", err)
	}
}

// InProcess stops at once when its context has ended.
func TestInProcessStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := InProcess{}.Render(ctx, renderapi.Request{Files: webChart("a: 1\n")})
	var se *renderapi.StoppedError
	if !errors.As(err, &se) || !strings.Contains(se.Reason, "canceled") {
		t.Errorf("error %v", err)
	}
}

// The faultline command validates --kube-version with helm.CheckKubeVersion,
// which does not link chartutil; it must accept exactly what the render's
// chartutil.ParseKubeVersion accepts.
func TestCheckKubeVersionAgreesWithHelm(t *testing.T) {
	for _, v := range []string{"1.31", "v1.31.2", "1.29.0-eks-1", "1", "v1", "1.x", "", "latest", "1.31.2.4", " 1.30"} {
		_, herr := chartutil.ParseKubeVersion(v)
		if ferr := helm.CheckKubeVersion(v); (herr == nil) != (ferr == nil) {
			t.Errorf("%q: Helm says %v, faultline %v", v, herr, ferr)
		}
	}
}
