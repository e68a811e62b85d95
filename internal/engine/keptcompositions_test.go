package engine

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
)

// compTree is a Crossplane definition and composition with claims from
// every source compositions read: a file as written, a kustomization's
// output, a chart rendered with its defaults and YAML embedded in
// Terraform (its role name a hole); and a Terraform root of its own to
// edit.
var compTree = map[string]string{
	"xp/xrd.yaml": `apiVersion: apiextensions.crossplane.io/v1
kind: CompositeResourceDefinition
metadata:
  name: xworkerpools.platform.example.org
spec:
  group: platform.example.org
  names:
    kind: XWorkerPool
    plural: xworkerpools
  claimNames:
    kind: WorkerPool
    plural: workerpools
  versions:
    - name: v1alpha1
      served: true
      referenceable: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                roleName:
                  type: string
                region:
                  type: string
                  default: eu-west-1
`,
	"xp/composition.yaml": `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: workerpool
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XWorkerPool
  resources:
    - name: role
      base:
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
        spec:
          forProvider:
            assumeRolePolicy: |
              {"Version": "2012-10-17", "Statement": []}
      patches:
        - fromFieldPath: spec.region
          toFieldPath: spec.forProvider.region
        - fromFieldPath: spec.roleName
          toFieldPath: metadata.annotations[crossplane.io/external-name]
          transforms:
            - type: string
              string:
                fmt: "%s-nodes"
`,
	"xp/templated.yaml": `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: workerpool-templated
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XWorkerPool
  mode: Pipeline
  pipeline:
    - step: render
      functionRef:
        name: function-go-templating
      input:
        apiVersion: gotemplating.fn.crossplane.io/v1beta1
        kind: GoTemplate
`,
	"claims/claim.yaml":                       claimYAML("prod", "team-a", "prod"),
	"k/kustomization.yaml":                    "namespace: team-k\nresources:\n  - claim.yaml\n",
	"k/claim.yaml":                            claimYAML("kust", "", "kust"),
	"charts/pools/Chart.yaml":                 "apiVersion: v2\nname: pools\nversion: 0.1.0\n",
	"charts/pools/values.yaml":                "roleName: chart\n",
	"charts/pools/templates/claim.yaml":       strings.Replace(claimYAML("chart", "team-c", "{{ .Values.roleName }}"), "workerpool", "workerpool-chart", 1),
	"charts/pools/templates/composition.yaml": strings.NewReplacer("workerpool-tf", "workerpool-chart", "%s-tf", "%s-chart").Replace(tfComposition),
	"tf/main.tf": `resource "aws_iam_role" "a" {
  name               = "a"
  assume_role_policy = "{}"
}

resource "aws_iam_role" "b" {
  name               = "b"
  assume_role_policy = "{}"
}

resource "kubectl_manifest" "composition" {
  yaml_body = <<-YAML
` + indent(tfComposition, "    ") + `  YAML
}

resource "kubectl_manifest" "claim" {
  yaml_body = <<-YAML
` + indent(strings.Replace(claimYAML("tf", "team-t", "${aws_iam_role.a.arn}"), "workerpool", "workerpool-tf", 1), "    ") + `  YAML
}
`,
	"other/main.tf": `resource "aws_iam_role" "other" {
  name               = "other"
  assume_role_policy = "{}"
}
`,
}

// tfComposition is a composition of the same type Terraform applies.
const tfComposition = `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: workerpool-tf
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XWorkerPool
  resources:
    - name: role
      base:
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
        spec:
          forProvider:
            assumeRolePolicy: "{}"
      patches:
        - fromFieldPath: spec.roleName
          toFieldPath: metadata.annotations[crossplane.io/external-name]
          transforms:
            - type: string
              string:
                fmt: "%s-tf"
`

// claimYAML is a WorkerPool claim of the composition.
func claimYAML(name, namespace, roleName string) string {
	ns := ""
	if namespace != "" {
		ns = "  namespace: " + namespace + "\n"
	}
	return "apiVersion: platform.example.org/v1alpha1\nkind: WorkerPool\nmetadata:\n  name: " + name + "\n" + ns +
		"spec:\n  compositionRef:\n    name: workerpool\n  roleName: " + roleName + "\n"
}

// composedRoles lists the model's roles by name, region, account,
// position and what was inferred.
func composedRoles(l *Loaded) string {
	var out []string
	for _, r := range l.Input.Model.Roles {
		out = append(out, fmt.Sprintf("%s/%s/%s@%s%q", r.Name, r.Scope.Region, r.Scope.Account, r.Range, r.Inferred))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// A run after an edit that leaves every file the compositions stage
// reads as it was takes the stage's kept result, entity for entity a
// fresh run's; an edit of anything it reads — the composition, the
// definition, a claim as written, built by kustomize, rendered from a
// chart or embedded in Terraform (the reference its hole stands for),
// a position its maps answer, the scope configuration gives — renders
// it again.
func TestKeptCompositionsRenderOnlyWhenTheirInputsChange(t *testing.T) {
	root, tree := t.TempDir(), maps.Clone(compTree)
	write(t, root, tree)
	cacheDir := t.TempDir()
	store, err := cache.Open(cacheDir, cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c, opts := &Cache{Store: store, Build: "test"}, Options{Paths: []string{root}, Cwd: root}
	roles := ""
	// step runs the cached run after an edit: kept says whether the
	// stage must be kept; an edit it must render again for changes the
	// composed roles, or the step proves nothing.
	step := func(what string, kept bool) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		u := l.Cache.Units
		if kept && (u.CompsKept != 1 || u.CompsRendered != 0) || !kept && (u.CompsKept != 0 || u.CompsRendered != 1) {
			t.Errorf("%s: compositions %d kept, %d rendered; want kept %v", what, u.CompsKept, u.CompsRendered, kept)
		}
		sameAsFresh(t, what, opts, l, got)
		now := composedRoles(l)
		if !kept && now == roles {
			t.Errorf("%s: the composed roles did not change (%s): the step proves nothing", what, now)
		}
		roles = now
	}
	edit := func(file, from, to string) {
		t.Helper()
		data := tree[file]
		tree[file] = strings.Replace(data, from, to, 1)
		if tree[file] == data {
			t.Fatalf("%s: %q not found", file, from)
		}
		write(t, root, map[string]string{file: tree[file]})
	}
	// unrelated edits another root: the stage is kept.
	unrelated := func(after string) {
		t.Helper()
		edit("other/main.tf", "}\n", "}\n\n")
		step("another root edited after "+after, true)
	}

	step("cold", false)
	if !strings.Contains(roles, "prod-nodes/eu-west-1") || !strings.Contains(roles, "kust-nodes") || !strings.Contains(roles, "chart-chart") || !strings.Contains(roles, "${aws_iam_role.a.arn}-tf") {
		t.Fatalf("composed roles %s; want one per claim: the test proves nothing", roles)
	}
	if l, err := Load(opts); err != nil || !slices.ContainsFunc(l.Input.Notes, func(n lint.Note) bool { return strings.Contains(n.What, "does not run composition functions") }) {
		t.Fatalf("no note of the templated composition's step (%v): the test proves nothing", err)
	}
	unrelated("the cold run")
	edit("xp/composition.yaml", `fmt: "%s-nodes"`, `fmt: "%s-workers"`)
	step("composition edited", false)
	unrelated("the composition edit")
	edit("xp/xrd.yaml", "default: eu-west-1", "default: eu-west-2")
	step("definition edited", false)
	edit("claims/claim.yaml", "roleName: prod", "roleName: prod2")
	step("claim edited", false)
	edit("k/claim.yaml", "roleName: kust", "roleName: kust2")
	step("kustomize-built claim edited", false)
	edit("charts/pools/values.yaml", "roleName: chart", "roleName: chart2")
	step("chart-rendered claim edited", false)
	unrelated("the chart edit")
	// The chart renders the same text for a release: what it composes is
	// no longer inferred from its defaults.
	tree["tf/release.tf"] = `resource "helm_release" "pools" {
  name      = "pools"
  namespace = "team-c"
  chart     = "../charts/pools"
}
`
	write(t, root, map[string]string{"tf/release.tf": tree["tf/release.tf"]})
	step("a release installs the chart", false)
	unrelated("the release")
	edit("tf/main.tf", "${aws_iam_role.a.arn}", "${aws_iam_role.b.arn}")
	step("the reference of an embedded claim's hole edited", false)
	unrelated("the reference edit")
	// The embedded composition's text stays; its position map's answers
	// move.
	edit("tf/main.tf", `resource "kubectl_manifest" "composition"`, "\n\n"+`resource "kubectl_manifest" "composition"`)
	step("embedded composition moved", false)
	unrelated("the move")
	write(t, root, map[string]string{".faultline.hcl": "scope \"xp\" {\n  account = \"111111111111\"\n}\n"})
	cfg, err := lint.LoadConfig(filepath.Join(root, ".faultline.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	opts.Config = cfg
	step("a scope configured for the composition", false)
	unrelated("the scope")
	delete(tree, "xp/composition.yaml")
	if err := os.Rename(filepath.Join(root, "xp/composition.yaml"), filepath.Join(root, "xp/pool.yaml")); err != nil {
		t.Fatal(err)
	}
	step("the composition's file renamed", false)
	unrelated("the rename")
	// Every entry garbled: a miss, rendered again, kept again.
	err = filepath.WalkDir(cacheDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			err = os.WriteFile(p, []byte("garbage"), 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	edit("other/main.tf", "}\n", "}\n\n")
	l, got := recomputed(t, "entries garbled", opts, c)
	if u := l.Cache.Units; u.CompsKept != 0 || u.CompsRendered != 1 {
		t.Errorf("entries garbled: compositions %d kept, %d rendered; want rendered", u.CompsKept, u.CompsRendered)
	}
	sameAsFresh(t, "entries garbled", opts, l, got)
	unrelated("the garbled entries were replaced")
}
