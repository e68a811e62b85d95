package chartrender

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"helm.sh/helm/v3/pkg/releaseutil"

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

// A template that fails is a RenderError naming the template, line and
// column (from 1: the field that finds nothing, ".missing" at byte 14).
func TestRenderTemplateError(t *testing.T) {
	_, err := Render(renderapi.Request{Chart: "charts/web", ReleaseName: "shop", Files: webChart("a: 1\nb: {{ .Values.missing.deeper }}\n")})
	var re *renderapi.RenderError
	if !errors.As(err, &re) || re.Stage != "template" || re.Template != "templates/deploy.yaml" || re.Line != 2 || re.Column != 14 {
		t.Fatalf("error %#v", err)
	}
}

// A chart whose name holds a space names its templates so too: the
// failure is still placed in the template, as executing (HQ:
// eyelevelai/groundx-on-prem's "summary inference").
func TestRenderTemplateErrorInChartNamedWithASpace(t *testing.T) {
	files := webChart("a: 1\nb: {{ .Values.missing.deeper }}\n")
	files[0].Data = []byte("apiVersion: v2\nname: model server\nversion: 0.1.0\n")
	_, err := Render(renderapi.Request{Chart: "charts/model", ReleaseName: "model", Files: files})
	var re *renderapi.RenderError
	if !errors.As(err, &re) || !re.Executing || re.Template != "templates/deploy.yaml" || re.Line != 2 || re.Column != 14 {
		t.Fatalf("error %#v", err)
	}
}

// A failure inside the text a tpl call renders (a template named
// "gotpl", no file of the chart) is placed at the tpl call.
func TestRenderTplErrorAtCall(t *testing.T) {
	files := append(webChart("a: 1\nconfig: |-\n{{ tpl (.Files.Get \"files/conf.txt\") . | indent 2 }}\n"),
		renderapi.File{Name: "files/conf.txt", Data: []byte("first\ntoken={{ .Values.creds.token }}\n")})
	_, err := Render(renderapi.Request{Chart: "charts/web", ReleaseName: "shop", Files: files})
	var re *renderapi.RenderError
	if !errors.As(err, &re) || re.Template != "templates/deploy.yaml" || re.Line != 3 || re.Column != 4 {
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

// umbrella is a chart that only pins its dependencies, the commonest shape
// in GitOps repositories: extra files are added to it.
func umbrella(extra ...renderapi.File) []renderapi.File {
	return append([]renderapi.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: addons\nversion: 1.0.0\ndependencies:\n  - name: metrics-server\n    version: 3.12.1\n    repository: https://kubernetes-sigs.github.io/metrics-server/\n  - name: tools\n    version: 0.1.0\n    condition: tools.enabled\n")},
		{Name: "values.yaml", Data: []byte("metrics-server:\n  replicas: 2\ntools:\n  enabled: true\n")},
	}, extra...)
}

// A chart tree without templates is not handed to Helm's engine, which
// renders nothing for it: the result is the one the engine gives (no
// manifests), with the notes of the load; a template in a vendored subchart is rendered, unless the subchart is
// disabled.
func TestRenderWithoutTemplates(t *testing.T) {
	tools := []renderapi.File{
		{Name: "charts/tools/Chart.yaml", Data: []byte("apiVersion: v2\nname: tools\nversion: 0.1.0\n")},
		{Name: "charts/tools/values.yaml", Data: []byte("image: tools:1\n")},
	}
	for _, tc := range []struct {
		name      string
		files     []renderapi.File
		values    map[string]any
		manifests []string
		// unvendored are the enabled dependencies not in charts/
		// (metrics-server unless listed otherwise).
		unvendored []string
	}{
		{name: "dependencies only", files: umbrella(), unvendored: []string{"metrics-server", "tools"}},
		{name: "a vendored subchart without templates", files: umbrella(tools...)},
		{name: "a template in the subchart", files: umbrella(append(tools, renderapi.File{Name: "charts/tools/templates/cm.yaml", Data: []byte("kind: ConfigMap\nimage: {{ .Values.image }}\n")})...), manifests: []string{"charts/tools/templates/cm.yaml"}},
		{name: "a subchart it disables", files: umbrella(append(tools[:2:2], renderapi.File{Name: "charts/tools/templates/cm.yaml", Data: []byte("kind: ConfigMap\n")})...), values: map[string]any{"tools": map[string]any{"enabled": false}}},
		{name: "an unvendored subchart it disables", files: umbrella(), values: map[string]any{"tools": map[string]any{"enabled": false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := renderapi.Request{Chart: "charts/addons", ReleaseName: "addons", Namespace: "kube-system", Files: tc.files, Values: tc.values}
			res, err := Render(req)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range res.Manifests {
				got = append(got, m.Template)
			}
			if strings.Join(got, ",") != strings.Join(tc.manifests, ",") {
				t.Errorf("manifests %q, want %q", got, tc.manifests)
			}
			want := tc.unvendored
			if want == nil {
				want = []string{"metrics-server"}
			}
			if !slices.Equal(res.Unvendored, want) {
				t.Errorf("unvendored %q, want %q", res.Unvendored, want)
			}
			if want := `dependency "metrics-server" (https://kubernetes-sigs.github.io/metrics-server/ 3.12.1) is not in charts/: not rendered`; len(res.Notes) == 0 || res.Notes[0] != want {
				t.Errorf("notes %q, want %q first", res.Notes, want)
			}
			if len(tc.manifests) == 0 {
				if out := engineRender(t, req); len(out) != 0 {
					t.Errorf("Helm's engine renders %q", out)
				}
			}
		})
	}
}

// engineRender is what Helm's engine renders for req, with the values
// Render gives it.
func engineRender(t *testing.T, req renderapi.Request) map[string]string {
	t.Helper()
	var files []*loader.BufferedFile
	for _, f := range req.Files {
		files = append(files, &loader.BufferedFile{Name: f.Name, Data: f.Data})
	}
	c, err := loader.LoadFiles(files)
	if err != nil {
		t.Fatal(err)
	}
	vals := req.Values
	if vals == nil {
		vals = map[string]any{}
	}
	if err := chartutil.ProcessDependenciesWithMerge(c, vals); err != nil {
		t.Fatal(err)
	}
	top, err := chartutil.ToRenderValues(c, vals, chartutil.ReleaseOptions{Name: req.ReleaseName, Namespace: req.Namespace}, chartutil.DefaultCapabilities)
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Engine{LintMode: true}.Render(c, top)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A template that fails as it executes says what the rendering went
// without: the missing dependencies the values enable and the required
// values no value gave; one that does not parse, nothing.
func TestRenderFailureUnknowns(t *testing.T) {
	chart := func(template string) []renderapi.File {
		return []renderapi.File{
			{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n  - name: cache\n    version: 2.0.0\n    alias: sessions\n  - name: search\n    version: 1.0.0\n    condition: search.enabled\n")},
			{Name: "values.yaml", Data: []byte("search:\n  enabled: false\n")},
			{Name: "templates/cm.yaml", Data: []byte(template)},
		}
	}
	for _, tc := range []struct {
		template string
		want     []string
	}{
		{"port: {{ .Values.sessions.service.port }}\n", []string{`dependency "sessions"`}},
		{"{{ $_ := required \"owner is required\" .Values.owner }}owner: {{ tpl .Values.owner . }}\n", []string{`dependency "sessions"`, "required value (owner is required)"}},
		{"port: {{ .Values.sessions.service.port }\n", nil},
	} {
		_, err := Render(renderapi.Request{Chart: "charts/app", ReleaseName: "app", Files: chart(tc.template)})
		var re *renderapi.RenderError
		if !errors.As(err, &re) || re.Stage != "template" {
			t.Fatalf("%q: error %#v", tc.template, err)
		}
		if strings.Join(re.Unknown, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: unknown %q, want %q", tc.template, re.Unknown, tc.want)
		}
	}
}

// joinedSeparator is a line starting with a separator followed by more
// than blanks.
var joinedSeparator = regexp.MustCompile(`(?m)^---[^\s]`)

// TestHelmDocumentsAreHelmsSplit holds helmDocuments to Helm's own split
// of a rendering (releaseutil.SplitManifests, what an install applies):
// YAML's documents of the rewritten text are Helm's documents.
func TestHelmDocumentsAreHelmsSplit(t *testing.T) {
	for _, content := range []string{
		"a: 1\n---\nb: 2\n",
		"a: 1\n---# a note\nb: 2\n",
		"---# first\na: 1\n---#second\nb: 2\n---\t# third\nc: 3\n",
		"a: 1\n---b: 2\n",
		"a: 1\n----\n- x\n",
		"a: |\n  ---not a separator\nb: 2\n",
		"a: 1\n---\r\nb: 2\n",
		"a: 1\n---#",
		"no separator at all: 1\n",
	} {
		got := helmDocuments(content)
		var ours []any
		dec := yaml.NewDecoder(strings.NewReader(got))
		for {
			var v any
			err := dec.Decode(&v)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%q, rewritten %q: %v", content, got, err)
			}
			if v != nil {
				ours = append(ours, v)
			}
		}
		split := releaseutil.SplitManifests(content)
		var helms []any
		for i := range len(split) {
			var v any
			if err := yaml.Unmarshal([]byte(split[fmt.Sprintf("manifest-%d", i)]), &v); err != nil {
				t.Fatalf("%q: Helm's document %d: %v", content, i, err)
			}
			if v != nil {
				helms = append(helms, v)
			}
		}
		if !reflect.DeepEqual(ours, helms) {
			t.Errorf("%q rewritten %q: documents %v, Helm's %v", content, got, ours, helms)
		}
		if added, joined := strings.Count(got, "\n")-strings.Count(content, "\n"), len(joinedSeparator.FindAllString(content, -1)); added != joined {
			t.Errorf("%q rewritten %q: %d lines added for %d separators with a document on their line", content, got, added, joined)
		}
	}
}

// The manifests of a rendering are those Helm installs: the output of
// every template whatever its extension, but NOTES.txt, partials and
// output that is only whitespace — the templates Helm's own
// releaseutil.SortManifests keeps after action.renderResources drops the
// notes, here run over the same engine's output.
func TestRenderKeepsWhatHelmInstalls(t *testing.T) {
	files := []renderapi.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: classes\nversion: 0.1.0\n")},
		{Name: "templates/nodeclass.tpl", Data: []byte("apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: spot\n")},
		{Name: "templates/pool.yaml", Data: []byte("apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: spot\n")},
		{Name: "templates/settings.json", Data: []byte(`{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"}}`)},
		{Name: "templates/_helpers.tpl", Data: []byte("{{- define \"classes.name\" -}}classes{{- end }}\n")},
		{Name: "templates/_disabled.yaml", Data: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: disabled\n")},
		{Name: "templates/NOTES.txt", Data: []byte("kind: ConfigMap\nInstalled {{ include \"classes.name\" . }}.\n")},
		{Name: "templates/empty.yaml", Data: []byte("{{- if false }}\nkind: Secret\n{{- end }}\n")},
	}
	res, err := Render(renderapi.Request{Chart: "charts/classes", ReleaseName: "classes", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	var ours []string
	for _, m := range res.Manifests {
		ours = append(ours, m.Template)
	}
	bufs := make([]*loader.BufferedFile, 0, len(files))
	for _, f := range files {
		bufs = append(bufs, &loader.BufferedFile{Name: f.Name, Data: f.Data})
	}
	c, err := loader.LoadFiles(bufs)
	if err != nil {
		t.Fatal(err)
	}
	top, err := chartutil.ToRenderValues(c, map[string]any{}, chartutil.ReleaseOptions{Name: "classes", Revision: 1, IsInstall: true}, chartutil.DefaultCapabilities)
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Render(c, top)
	if err != nil {
		t.Fatal(err)
	}
	for name := range out {
		if strings.HasSuffix(name, "NOTES.txt") { // action.renderResources
			delete(out, name)
		}
	}
	_, manifests, err := releaseutil.SortManifests(out, nil, releaseutil.InstallOrder)
	if err != nil {
		t.Fatal(err)
	}
	var helms []string
	for _, m := range manifests {
		helms = append(helms, chartPath(m.Name))
	}
	slices.Sort(ours)
	slices.Sort(helms)
	if !slices.Equal(ours, helms) {
		t.Errorf("manifests of %v, Helm installs %v", ours, helms)
	}
	if want := []string{"templates/nodeclass.tpl", "templates/pool.yaml", "templates/settings.json"}; !slices.Equal(ours, want) {
		t.Errorf("manifests of %v, want %v", ours, want)
	}
}

// A multi-line fail message is one note, its lines in order.
func TestLogNotesJoinMultiLineMessages(t *testing.T) {
	logs := "[INFO] Fail: \nZulu: refusing the default namespace.\nAlpha: set allowDefaultNamespace=true.\n[INFO] Missing required value: image.tag\n"
	notes, refused := logNotes(logs)
	want := []string{
		"the chart calls fail: Zulu: refusing the default namespace. Alpha: set allowDefaultNamespace=true.",
		"missing required value: image.tag",
	}
	if !refused || !slices.Equal(notes, want) {
		t.Errorf("notes %q (refused %v), want %q", notes, refused, want)
	}
}

// Helm's coalescing warnings are no notes: the values were merged as Helm
// merges them. Each is an entry of its own, not joined to the one before.
func TestLogNotesDropCoalesceWarnings(t *testing.T) {
	logs := "[INFO] Missing required value: ingress.host\n" +
		"warning: destination for web.sidecars is a table. Ignoring non-table value ([])\n" +
		"warning: skipped value for web.probes: Not a table.\n"
	notes, refused := logNotes(logs)
	if want := []string{"missing required value: ingress.host"}; !refused || !slices.Equal(notes, want) {
		t.Errorf("notes %q (refused %v), want %q", notes, refused, want)
	}
}
