package flux

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const ks = `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: apps
  namespace: flux-system
spec:
  path: ./apps
  postBuild:
`

func set(t *testing.T, postBuild string, extra ...string) (*Kustomization, *lint.Holes) {
	t.Helper()
	h := lint.NewHoles()
	files := []File{{Rel: "ks.yaml", Dir: "/r", Data: []byte(ks + postBuild)}}
	for i, e := range extra {
		files = append(files, File{Rel: "x" + string(rune('a'+i)) + ".yaml", Dir: "/r", Data: []byte(e)})
	}
	s := Find(files, Options{Holes: h, Bases: func(string) []string { return []string{"/r"} }})
	k := s.For("/r/apps/x.yaml")
	if k == nil {
		t.Fatal("no Kustomization for /r/apps/x.yaml")
	}
	if s.For("/r/other/x.yaml") != nil {
		t.Error("a file outside spec.path is substituted")
	}
	return k, h
}

// The substitutions of Flux's envsubst, line by line: ${VAR}, defaults,
// the $${VAR} escape, a variable defined nowhere (empty), comments and
// the opt-out document left alone, as many lines as before.
func TestApply(t *testing.T) {
	k, _ := set(t, "    substitute:\n      CLUSTER_NAME: prod\n")
	in := "role: ${CLUSTER_NAME}-nodes\n" +
		"a: ${MISSING:=def}\n" +
		"b: $${CLUSTER_NAME}\n" +
		"c: x${UNDEFINED}y\n" +
		"# ${CLUSTER_NAME} ${\n" +
		"---\n" +
		"metadata:\n  annotations:\n    kustomize.toolkit.fluxcd.io/substitute: disabled\n" +
		"role: ${CLUSTER_NAME}\n" +
		"---\n" +
		"metadata:\n  labels:\n    kustomize.toolkit.fluxcd.io/substitute: disabled\n" +
		"role: ${CLUSTER_NAME}\n" +
		"---\n" +
		"role: ${CLUSTER_NAME}\n"
	want := "role: prod-nodes\n" +
		"a: def\n" +
		"b: ${CLUSTER_NAME}\n" +
		"c: xy\n" +
		"# ${CLUSTER_NAME} ${\n" +
		"---\n" +
		"metadata:\n  annotations:\n    kustomize.toolkit.fluxcd.io/substitute: disabled\n" +
		"role: ${CLUSTER_NAME}\n" +
		"---\n" +
		"metadata:\n  labels:\n    kustomize.toolkit.fluxcd.io/substitute: disabled\n" +
		"role: ${CLUSTER_NAME}\n" +
		"---\n" +
		"role: prod\n"
	got, diags := k.Apply([]byte(in))
	if string(got) != want || len(diags) != 0 {
		t.Errorf("Apply =\n%s\n%v\nwant\n%s", got, diags, want)
	}
	n := k.Note()
	if n == nil || !strings.Contains(n.What, "1 variable(s) defined nowhere (UNDEFINED) substituted with the empty string") || strings.Contains(n.What, "unknown") {
		t.Errorf("note = %+v", n)
	}
	if n != nil && (n.Range.File != "ks.yaml" || n.Range.Line != 8) {
		t.Errorf("note at %+v, want ks.yaml:8 (postBuild)", n.Range)
	}
}

// A broken expression fails the build: a diagnostic at its line, the
// line left as written.
func TestApplyError(t *testing.T) {
	k, _ := set(t, "    substitute:\n      A: x\n")
	got, diags := k.Apply([]byte("a: ok\nb: ${\n"))
	if string(got) != "a: ok\nb: ${\n" || len(diags) != 1 || diags[0].Line != 2 {
		t.Errorf("Apply = %q, %+v", got, diags)
	}
	k, _ = set(t, "    substitute:\n      bad-name: x\n")
	if _, diags := k.Apply([]byte("a: ${A}\n")); len(diags) != 1 || !strings.Contains(diags[0].Detail, "bad-name") {
		t.Errorf("invalid variable name: %+v", diags)
	}
}

// With no variable defined Flux does not substitute at all, unless
// substituteStrategy: Always.
func TestNoVariables(t *testing.T) {
	k, _ := set(t, "    substitute: {}\n")
	if got, _ := k.Apply([]byte("a: ${A:=def}\n")); string(got) != "a: ${A:=def}\n" {
		t.Errorf("no variables: %q", got)
	}
	k, _ = set(t, "    substituteStrategy: Always\n")
	if got, _ := k.Apply([]byte("a: ${A:=def}\n")); string(got) != "a: def\n" {
		t.Errorf("Always: %q", got)
	}
}

// Sources in the tree give values (a Secret's data base64-decoded,
// stringData, newlines removed; later sources win, substitute wins over
// all); a source not in the tree may define any variable not defined
// after it: those are holes, the same variable the same hole; one note.
func TestSources(t *testing.T) {
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: vars\n  namespace: flux-system\ndata:\n  A: from-cm\n  B: \"b\\n\"\n"
	sec := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: sec\n  namespace: flux-system\ndata:\n  C: c2VjcmV0\nstringData:\n  D: plain\n"
	k, h := set(t, "    substituteFrom:\n      - kind: ConfigMap\n        name: vars\n      - kind: Secret\n        name: sec\n", cm, sec)
	got, _ := k.Apply([]byte("v: ${A}-${B}-${C}-${D}\n"))
	if string(got) != "v: from-cm-b-secret-plain\n" {
		t.Errorf("sources: %q", got)
	}
	k, h = set(t, "    substitute:\n      B: inline\n    substituteFrom:\n      - kind: ConfigMap\n        name: vars\n      - kind: ConfigMap\n        name: elsewhere\n", cm)
	got, _ = k.Apply([]byte("v: ${A}-${B}\nw: ${A}\nx: ${A}\n"))
	lines := strings.Split(string(got), "\n")
	a1 := h.Decode(strings.TrimPrefix(lines[1], "w: "))
	a2 := h.Decode(strings.TrimPrefix(lines[2], "x: "))
	if a1.IsKnown() || !strings.HasSuffix(lines[0], "-inline") || !lint.HasSentinel(lines[1]) {
		t.Errorf("a source outside the tree after vars: %q", got)
	}
	if lint.Compare(a1, a2) != lint.Yes {
		t.Errorf("the same variable is not the same hole: %v %v", a1, a2)
	}
	n := k.Note()
	if n == nil || !strings.Contains(n.What, "1 variable(s) left unknown (A), which ConfigMap elsewhere outside the scanned tree may define") {
		t.Errorf("note = %+v", n)
	}
	// A SOPS-encrypted Secret's values are ciphertext: unknown.
	sops := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: sec\n  namespace: flux-system\nstringData:\n  A: ENC[AES256_GCM,data:x]\nsops:\n  version: 3.8.1\n"
	k, h = set(t, "    substituteFrom:\n      - kind: Secret\n        name: sec\n", sops)
	if got, _ := k.Apply([]byte("v: ${A}\n")); !lint.HasSentinel(string(got)) {
		t.Errorf("SOPS secret: %q", got)
	}
}

// TestBuilds: the directories Flux builds are every Flux Kustomization's
// spec.path, with post-build substitution or not, resolved against the
// repository's root or against any directory above the Kustomization's
// file (a Flux configuration kept below the repository's root); a path
// that resolves nowhere above the file, another directory, and "." (which
// every directory above resolves) do not count.
func TestBuilds(t *testing.T) {
	root := "/repo"
	ks := func(name, path string) string {
		return "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: " + name + "\n  namespace: flux-system\nspec:\n  path: " + path + "\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n"
	}
	files := []File{
		{Rel: "clusters/prod/apps.yaml", Dir: "/repo/clusters/prod", Data: []byte(ks("apps", "./apps/prod"))},
		{Rel: "gitops/flux/clusters/stage/infra.yaml", Dir: "/repo/gitops/flux/clusters/stage", Data: []byte(ks("infra", "./infrastructure/stage") + "---\n" + ks("all", "."))},
	}
	s := Find(files, Options{Bases: func(string) []string { return []string{root} }})
	for dir, want := range map[string]bool{
		"/repo/apps/prod":                                         true,
		"/repo/apps/prod/":                                        true,
		"/repo/gitops/flux/infrastructure/stage":                  true, // below the repository's root
		"/repo/gitops/infrastructure/stage":                       true, // a directory above the file
		"/repo/infrastructure/stage":                              true,
		"/repo/apps/stage":                                        false,
		"/repo/gitops/flux/clusters/stage/x/infrastructure/stage": false, // below the file
		"/elsewhere/apps/prod":                                    false,
		"/repo/gitops/flux":                                       false, // "." only at the root
		"/repo":                                                   true,
	} {
		if got := s.Builds(dir); got != want {
			t.Errorf("Builds(%s) = %v, want %v", dir, got, want)
		}
	}
	if (&Set{}).Builds("/repo/apps/prod") || (*Set)(nil).Builds("/repo") {
		t.Error("an empty set builds a directory")
	}
}

// TestBuildsWithin: below a Flux path that holds no kustomization file,
// Flux generates one listing each directory that holds one, without
// descending further; a kustomization below one of those, or below a
// path with its own kustomization file, is not built by Flux.
func TestBuildsWithin(t *testing.T) {
	files := []File{{Rel: "clusters/sync.yaml", Dir: "/repo/clusters", Data: []byte("apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: stg\nspec:\n  path: ./k8s/stg\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n---\napiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: prod\nspec:\n  path: ./k8s/prod\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n")}}
	s := Find(files, Options{Bases: func(string) []string { return []string{"/repo"} }})
	kust := map[string]bool{"/repo/k8s/prod": true, "/repo/k8s/stg/app": true, "/repo/k8s/stg/tools/lint": true, "/repo/k8s/stg/custom": true, "/repo/k8s/stg/custom/job": true, "/repo/k8s/prod/app": true}
	has := func(d string) bool { return kust[d] }
	for dir, want := range map[string]bool{
		"/repo/k8s/stg/app":        true,  // listed by the generated kustomization
		"/repo/k8s/stg/tools/lint": true,  // found through a directory without one
		"/repo/k8s/stg/custom/job": false, // custom/ holds one: Flux lists custom, not job
		"/repo/k8s/prod/app":       false, // the path holds one of its own
		"/repo/k8s/prod":           true,
		"/repo/other/app":          false,
	} {
		if got := s.BuildsWithin(dir, has); got != want {
			t.Errorf("BuildsWithin(%s) = %v, want %v", dir, got, want)
		}
	}
	if (*Set)(nil).BuildsWithin("/repo/k8s/stg/app", has) {
		t.Error("no set builds a directory")
	}
}

// A Flux Kustomization's targetNamespace places what its path holds;
// a deeper Kustomization without one places nothing, and a
// targetNamespace that is not a namespace name (a ${VAR} substituted
// from above) is not taken.
func TestTargetNamespace(t *testing.T) {
	files := []File{{Rel: "clusters/prod.yaml", Dir: "/r/clusters", Data: []byte(`apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: apps
  namespace: flux-system
spec:
  path: ./apps
  targetNamespace: "shop"
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: platform
  namespace: flux-system
spec:
  path: ./apps/platform
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: tenants
  namespace: flux-system
spec:
  path: ./tenants
  targetNamespace: ${TENANT}
`)}}
	s := Find(files, Options{Bases: func(string) []string { return []string{"/r"} }})
	got, ok := s.TargetNamespace("/r/apps/cart/deploy.yaml")
	if !ok || got.Namespace != "shop" || got.Label != "Flux Kustomization flux-system/apps" ||
		got.Range != (lint.Range{File: "clusters/prod.yaml", Line: 8, Column: 20, EndLine: 8, EndColumn: 26}) {
		t.Errorf("apps: %+v, %v", got, ok)
	}
	for _, abs := range []string{"/r/apps/platform/sa.yaml", "/r/tenants/a/sa.yaml", "/r/other/sa.yaml"} {
		if got, ok := s.TargetNamespace(abs); ok {
			t.Errorf("%s: placed in %+v", abs, got)
		}
	}
}

// A Flux Kustomization's spec.patches are not applied: a skipped note
// at them says so, once.
func TestPatchesNoted(t *testing.T) {
	files := []File{{Rel: "clusters/prod.yaml", Dir: "/r/clusters", Data: []byte(`apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: apps
  namespace: flux-system
spec:
  path: ./apps
  patches:
    - patch: |
        - op: replace
          path: /metadata/annotations/eks.amazonaws.com~1role-arn
          value: arn:aws:iam::111122223333:role/prod-api
      target:
        kind: ServiceAccount
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: infra
  namespace: flux-system
spec:
  path: ./infra
`)}}
	notes := Find(files, Options{Bases: func(string) []string { return []string{"/r"} }}).Notes()
	if len(notes) != 1 || notes[0].Kind != lint.Skipped || notes[0].Range.Line != 8 ||
		notes[0].What != "Flux Kustomization flux-system/apps: its spec.patches (1) are not applied; what it deploys is read as its path holds it" {
		t.Errorf("notes %+v", notes)
	}
}

// A Kustomization of an OCI artifact places nothing of the tree; a path
// below the source's root is also resolved against the directories
// above the Kustomization's file (the synced repository a subdirectory
// of the tree), so the deeper placement wins over a "./" one.
func TestPlacementSources(t *testing.T) {
	files := []File{{Rel: "gitops/clusters/prod.yaml", Dir: "/r/gitops/clusters", Data: []byte(`apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: apps
spec:
  path: apps/prod
  sourceRef:
    kind: GitRepository
    name: flux-system
  targetNamespace: shop
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: everything
spec:
  path: ./
  sourceRef:
    kind: GitRepository
    name: flux-system
  targetNamespace: ops
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: dashboard
spec:
  path: ./other
  sourceRef:
    kind: OCIRepository
    name: dashboard
  targetNamespace: dash
`)}}
	s := Find(files, Options{Bases: func(string) []string { return []string{"/r"} }})
	for abs, want := range map[string]string{
		"/r/gitops/apps/prod/sa.yaml": "shop",
		"/r/gitops/other/sa.yaml":     "ops",
		"/r/other/sa.yaml":            "ops",
	} {
		if got, _ := s.TargetNamespace(abs); got.Namespace != want {
			t.Errorf("%s: placed in %q, want %q", abs, got.Namespace, want)
		}
	}
}

// Two ConfigMaps of one name and namespace with different data (two
// Terraform roots, one per cluster) are not told apart: the variables
// are unknown (holes), not the first one's values or the empty string.
func TestSourcesOfOneNameDiffer(t *testing.T) {
	cm := func(v string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cluster-vars\n  namespace: flux-system\ndata:\n" + v
	}
	k, h := set(t, "    substituteFrom:\n      - kind: ConfigMap\n        name: cluster-vars\n", cm("  ROLE_ARN: arn:aws:iam::111122223333:role/a\n"), cm("  REGION: westeurope\n"))
	out, diags := k.Apply([]byte("role: ${ROLE_ARN}\n"))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if v := h.Decode(strings.TrimSpace(strings.TrimPrefix(string(out), "role:"))); !v.IsUnknown() && !lint.HasSentinel(string(out)) {
		t.Errorf("substituted %q, want a hole", out)
	}
}

// Of two sources of one name that differ, the one written nearest the
// Kustomization (its cluster's directory) is taken.
func TestSourceNearestTheKustomization(t *testing.T) {
	ks := func(cluster string) string {
		return "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\n  namespace: flux-system\nspec:\n  path: ./clusters/" + cluster + "/apps\n  postBuild:\n    substituteFrom:\n      - kind: ConfigMap\n        name: cluster-vars\n"
	}
	cm := func(name string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cluster-vars\n  namespace: flux-system\ndata:\n  CLUSTER: " + name + "\n"
	}
	var files []File
	for _, c := range []string{"dev", "prod"} {
		files = append(files, File{Rel: "clusters/" + c + "/ks.yaml", Dir: "/r/clusters/" + c, Data: []byte(ks(c))}, File{Rel: "clusters/" + c + "/vars.yaml", Dir: "/r/clusters/" + c, Data: []byte(cm(c))})
	}
	s := Find(files, Options{Holes: lint.NewHoles(), Bases: func(string) []string { return []string{"/r"} }})
	for _, c := range []string{"dev", "prod"} {
		out, _ := s.For("/r/clusters/" + c + "/apps/x.yaml").Apply([]byte("name: ${CLUSTER}\n"))
		if string(out) != "name: "+c+"\n" {
			t.Errorf("%s: %q", c, out)
		}
	}
}
