package flux

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// controller is a kustomize-controller Deployment as Flux installs it,
// with args appended to its manager's.
func controller(image string, args ...string) string {
	s := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: kustomize-controller\n  namespace: flux-system\n" +
		"spec:\n  template:\n    spec:\n      containers:\n        - name: manager\n          image: " + image + "\n          args:\n            - --events-addr=http://notification-controller.flux-system.svc.cluster.local./\n"
	for _, a := range args {
		s += "            - " + a + "\n"
	}
	return s
}

// The mode comes from the controller's --feature-gates, else from its
// version (strict by default from v1.9.0); unknown without a controller.
func TestStrictMode(t *testing.T) {
	tests := []struct {
		name  string
		extra []string
		want  lint.Tri
	}{
		{"no controller", nil, lint.Maybe},
		{"v1.8 default off", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.8.1")}, lint.No},
		{"v1.9 default on", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2")}, lint.Yes},
		{"digest kept", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.0@sha256:0123")}, lint.Yes},
		{"v1.8 gate on", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.8.1", "--feature-gates=StrictPostBuildSubstitutions=true")}, lint.Yes},
		{"v1.9 gate off", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2", "--feature-gates=CacheSecretsAndConfigMaps=true,StrictPostBuildSubstitutions=false")}, lint.No},
		{"gate as next arg", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.8.1", "--feature-gates", "StrictPostBuildSubstitutions=true")}, lint.Yes},
		{"last setting wins", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.8.1", "--feature-gates=StrictPostBuildSubstitutions=true", "--feature-gates=StrictPostBuildSubstitutions=false")}, lint.No},
		{"no version", []string{controller("ghcr.io/fluxcd/kustomize-controller")}, lint.Maybe},
		{"pre-release", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.0-rc.1")}, lint.Maybe},
		{"gate not a boolean", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2", "--feature-gates=StrictPostBuildSubstitutions=maybe")}, lint.Maybe},
		{"controllers disagree", []string{controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2"), controller("ghcr.io/fluxcd/kustomize-controller:v1.8.1")}, lint.Maybe},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, _ := set(t, "    substitute:\n      A: x\n", tt.extra...)
			if got := k.strict.verdict(); got != tt.want {
				t.Errorf("strict = %v, want %v (%s)", got, tt.want, k.strict.why)
			}
		})
	}
}

// kustomize output carries the tree's patches: its controller wins over
// the file as written.
func TestStrictModeBuilt(t *testing.T) {
	h := lint.NewHoles()
	files := []File{
		{Rel: "ks.yaml", Dir: "/r", Data: []byte(ks + "    substitute:\n      A: x\n")},
		{Rel: "flux-system/gotk-components.yaml", Dir: "/r/flux-system", Data: []byte(controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2"))},
		{Rel: "flux-system/kustomization.yaml", Dir: "/r/flux-system", Data: []byte(controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2", "--feature-gates=StrictPostBuildSubstitutions=false")),
			Range: func(r lint.Range, _ string) lint.Range { return r }},
	}
	k := Find(files, Options{Holes: h, Bases: func(string) []string { return []string{"/r"} }}).For("/r/apps/x.yaml")
	if k.strict.verdict() != lint.No {
		t.Errorf("strict = %v, want the patched controller's No", k.strict.verdict())
	}
}

// Strict: a variable defined nowhere is an error at its placeholder, with
// Flux's message, and a hole in the text; a default, a defined variable
// and one a source outside the tree may define are no error. Not strict:
// the empty string, named in the note.
func TestStrictApply(t *testing.T) {
	on := controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2")
	k, h := set(t, "    substitute:\n      CLUSTER: prod\n", on)
	in := "a: ${CLUSTER}\nb: é-${NOPE}-x\nc: ${NOPE:=def}\nd: $${NOPE}\n"
	got, diags := k.Apply([]byte(in))
	if len(diags) != 1 || diags[0].Line != 2 || diags[0].Column != 6 || diags[0].EndColumn != 13 {
		t.Fatalf("diags = %+v", diags)
	}
	if d := diags[0].Detail; !strings.Contains(d, `variable not set (strict mode): "NOPE"`) || !strings.Contains(d, "kustomize-controller v1.9.2") {
		t.Errorf("detail = %q", d)
	}
	lines := strings.Split(string(got), "\n")
	if lines[0] != "a: prod" || !lint.HasSentinel(lines[1]) || lines[2] != "c: def" || lines[3] != "d: ${NOPE}" {
		t.Errorf("Apply = %q", got)
	}
	if v := h.Decode(strings.TrimPrefix(lines[1], "b: ")); v.IsKnown() {
		t.Errorf("the refused text is known: %v", v)
	}
	if n := k.Note(); n != nil {
		t.Errorf("note under strict = %+v", n)
	}

	k, _ = set(t, "    substituteFrom:\n      - kind: ConfigMap\n        name: elsewhere\n", on)
	if _, diags := k.Apply([]byte("b: ${NOPE}\n")); len(diags) != 0 {
		t.Errorf("a variable a source outside the tree may define is an error: %+v", diags)
	}

	off := controller("ghcr.io/fluxcd/kustomize-controller:v1.9.2", "--feature-gates=StrictPostBuildSubstitutions=false")
	k, _ = set(t, "    substitute:\n      CLUSTER: prod\n", off)
	got, diags = k.Apply([]byte("b: x${NOPE}y\n"))
	if string(got) != "b: xy\n" || len(diags) != 0 {
		t.Errorf("not strict: %q %+v", got, diags)
	}
	if n := k.Note(); n == nil || !strings.Contains(n.What, "(NOPE) substituted with the empty string") || !strings.Contains(n.What, "StrictPostBuildSubstitutions=false") {
		t.Errorf("note = %+v", n)
	}
}
