package helm

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

const argoApp = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: karpenter
spec:
  project: platform
  source:
    repoURL: https://git.example.com/infra.git
    path: charts/karpenter
    targetRevision: main
  destination:
    namespace: kube-system
`

func argoTestEnv(t *testing.T, doc string) (*argoEnv, *lint.Holes) {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatal(err)
	}
	top := body(&n)
	h := lint.NewHoles()
	return newArgoEnv(top, at(top, "spec", "source"), "Argo CD Application karpenter", h), h
}

// Where Argo CD substitutes (parameters, value file paths): its build
// environment as the Application gives it, $$ as $, other variables
// holes (a pipeline fills them, else Argo CD makes them empty), $1 empty.
func TestArgoExpand(t *testing.T) {
	e, h := argoTestEnv(t, argoApp)
	tests := map[string]string{
		"${ARGOCD_APP_NAMESPACE}":              "kube-system",
		"$ARGOCD_APP_NAME-sa":                  "karpenter-sa",
		"${ARGOCD_APP_PROJECT_NAME}":           "platform",
		"${ARGOCD_APP_SOURCE_PATH}/values":     "charts/karpenter/values",
		"${ARGOCD_APP_SOURCE_TARGET_REVISION}": "main",
		"${ARGOCD_APP_SOURCE_REPO_URL}":        "https://git.example.com/infra.git",
		"cost$$center":                         "cost$center",
		"$${CLUSTER_NAME}":                     "${CLUSTER_NAME}",
		"a$1b":                                 "ab",
		"plain":                                "plain",
	}
	for in, want := range tests {
		if got := e.expand(in); got != want {
			t.Errorf("expand(%q) = %q, want %q", in, got, want)
		}
	}
	if e.count != 0 {
		t.Errorf("%d placeholders counted for known values", e.count)
	}
	for _, in := range []string{"${CLUSTER_NAME}-nodes", "$ARGOCD_APP_REVISION"} {
		got := h.Decode(e.expand(in))
		if got.IsKnown() || !lint.HasSentinel(e.expand(in)) {
			t.Errorf("expand(%q) = %v, want a hole", in, got)
		}
	}
	if n := e.note(lint.Range{}); n == nil || !strings.Contains(n.What, "4 placeholder(s) (the first ${CLUSTER_NAME})") {
		t.Errorf("note = %+v", n)
	}
}

// An Application in a namespace of its own has the name namespace_name
// unless that is Argo CD's namespace, which the tree does not say.
func TestArgoAppNameInNamespace(t *testing.T) {
	e, _ := argoTestEnv(t, strings.Replace(argoApp, "  name: karpenter\n", "  name: karpenter\n  namespace: argocd\n", 1))
	if got := e.expand("${ARGOCD_APP_NAME}"); !lint.HasSentinel(got) {
		t.Errorf("ARGOCD_APP_NAME = %q, want a hole", got)
	}
}

// Where Argo CD substitutes nothing (values): ${NAME} and $NAME in
// capitals are holes; $$, $lower, ${} and a lone $ stay as written.
func TestArgoPipeline(t *testing.T) {
	e, _ := argoTestEnv(t, argoApp)
	// A bcrypt hash: $2y, $10, then $QRst… whose name goes on in lower
	// case, as envsubst reads it: no capitals' placeholder.
	for _, in := range []string{"cost$$center", "$${CLUSTER_NAME}", "pa$sword", "${}", "50$", "{{ $.Values.x }}", "$2y$10$QRstUVwx0123"} {
		if got := e.pipeline(in); got != in {
			t.Errorf("pipeline(%q) = %q", in, got)
		}
	}
	if got := e.pipeline("${ARGOCD_APP_NAMESPACE}"); !lint.HasSentinel(got) {
		t.Errorf("a build variable in values is substituted: %q", got)
	}
	if got := e.pipeline("$REGION.example"); !lint.HasSentinel(got) || !strings.HasSuffix(got, ".example") {
		t.Errorf("pipeline bare before a dot = %q", got)
	}
	if got := e.pipeline("x-$CLUSTER_NAME-y"); !strings.HasPrefix(got, "x-") || !strings.HasSuffix(got, "-y") || !lint.HasSentinel(got) {
		t.Errorf("pipeline bare = %q", got)
	}
}

// helm.values text: a placeholder in a comment leaves nothing unknown; one
// in a value, a quoted "#", or a block scalar's content (a "#" there is
// text, not a comment) is a hole.
func TestArgoPipelineYAML(t *testing.T) {
	for _, c := range []struct {
		in    string
		holes int
	}{
		{"# the work dir defaults to $RUNNER_HOME/work\nreplicas: 2\n", 0},
		{"region: eu-west-1 # or ${REGION} when set\n", 0},
		{"  # indented ${NOTE}\nname: ${CLUSTER}\n", 1},
		{"tag: \"v1 #${BUILD}\"\n", 1},
		{"tag: 'it''s #${BUILD}'\n", 1},
		{"note: it's $ALSO # but ${NOT_THIS}\n", 1},
		{"script: |\n  # runs in ${WORKDIR}\n  echo hi\nafter: ${NEXT} # ${NO}\n", 2},
		{"args: [\"#${FLAG}\"]\n", 1},
	} {
		e, _ := argoTestEnv(t, argoApp)
		got := e.pipelineYAML(c.in)
		if e.count != c.holes {
			t.Errorf("pipelineYAML(%q) = %q: %d holes, want %d", c.in, got, e.count, c.holes)
		}
		if strings.Count(got, "\n") != strings.Count(c.in, "\n") {
			t.Errorf("pipelineYAML(%q) changed the lines: %q", c.in, got)
		}
	}
}
