package engine

import (
	"testing"

	"github.com/faultline-dev/faultline/internal/engine/unitcache"
)

// irsaChart is a chart a Terraform release installs with the role its
// service account assumes: the annotation maps to where the release sets
// the value, the name to the template's line.
var irsaChart = map[string]string{
	"infra/main.tf": `resource "helm_release" "app" {
  name      = "app"
  chart     = "./charts/app"
  namespace = "prod"
  set {
    name  = "sa.roleArn"
    value = "arn:aws:iam::111122223333:role/app"
  }
}
`,
	"infra/charts/app/Chart.yaml":  "apiVersion: v2\nname: app\nversion: 0.1.0\n",
	"infra/charts/app/values.yaml": "sa:\n  name: app\n  roleArn: \"\"\n",
	"infra/charts/app/templates/sa.yaml": `apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Values.sa.name }}-sa
  annotations:
    eks.amazonaws.com/role-arn: {{ .Values.sa.roleArn }}
`,
	"infra/charts/app/templates/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
}

// A rendering's parse is kept while the template's text, its scope and
// what its position map reads are the same, and made again — its
// positions those of a fresh run — when the release's value moves in
// its file (the rendering itself is kept: the values are the same) or a
// template gains a line that renders nothing; every run's model is a
// fresh run's.
func TestKeptRenderedParses(t *testing.T) {
	root := t.TempDir()
	write(t, root, irsaChart)
	c, opts := cachedRunOf(t, root)
	step := countedSteps(t, opts, c, "parses kept, made, renderings kept", func(u unitcache.Report) [3]int {
		return [3]int{u.RenderedParsesKept, u.RenderedParsesMade, u.ChartsKept}
	})
	step("cold", [3]int{0, 1, 0})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Note\n"})
	step("unrelated file added", [3]int{1, 0, 1})
	write(t, root, map[string]string{"infra/main.tf": "# the application's release\n\n" + irsaChart["infra/main.tf"]})
	step("release's value moved", [3]int{0, 1, 1})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("unrelated file edited", [3]int{1, 0, 1})
	sa := "infra/charts/app/templates/sa.yaml"
	// Trimmed: the rendered text is the same, its lines are not.
	write(t, root, map[string]string{sa: "{{- /* the application's identity */ -}}\n" + irsaChart[sa]})
	step("template line added", [3]int{0, 1, 0})
}
