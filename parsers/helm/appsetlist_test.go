package helm

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// An ApplicationSet of list generators is the Applications its elements
// make, each string filled in as Argo CD fills it (a tag no parameter
// names stays), each node where the template writes it; another
// generator, a templatePatch or a Go template that fails leaves it
// unexpanded.
func TestListApplications(t *testing.T) {
	const set = `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: tenants
spec:
  %s
  generators:
    - list:
        elements:
          - tenant: alpha
            cfg: {tier: gold}
          - tenant: beta
            cfg: {tier: silver}
  template:
    metadata:
      name: '%s'
    spec:
      destination:
        namespace: 'ns-%s'
`
	parse := func(src string) *yaml.Node {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		return doc.Content[0]
	}
	for _, c := range []struct {
		name, opt, nameT, nsT string
		want                  []string // name/namespace of each Application; nil: not expanded
	}{
		{"fasttemplate", "", "{{tenant}}-{{ cfg.tier }}", "{{tenant}}-{{unknown}}", []string{"alpha-gold/ns-alpha-{{unknown}}", "beta-silver/ns-beta-{{unknown}}"}},
		{"go template", "goTemplate: true", "{{ .tenant | upper }}", "{{ .cfg.tier }}", []string{"ALPHA/ns-gold", "BETA/ns-silver"}},
		{"go template failing", "goTemplate: true", "{{ .tenant | nosuchfunc }}", "x", nil},
		{"missing key allowed", "goTemplate: true", "{{ .tenant }}", "{{ .nokey }}", []string{"alpha/ns-<no value>", "beta/ns-<no value>"}},
		{"missing key an error", "goTemplate: true\n  goTemplateOptions: [\"missingkey=error\"]", "{{ .tenant }}", "{{ .nokey }}", nil},
		{"template patch", "templatePatch: 'spec: {}'", "{{tenant}}", "x", nil},
	} {
		apps, ok := listApplications(parse(strings.Replace(strings.Replace(strings.Replace(set, "%s", c.opt, 1), "%s", c.nameT, 1), "%s", c.nsT, 1)))
		if c.want == nil {
			if ok {
				t.Errorf("%s: expanded into %d Applications, want none", c.name, len(apps))
			}
			continue
		}
		if !ok || len(apps) != len(c.want) {
			t.Fatalf("%s: %d Applications, %v; want %d", c.name, len(apps), ok, len(c.want))
		}
		for i, app := range apps {
			got := str(at(app, "metadata", "name")) + "/" + str(at(app, "spec", "destination", "namespace"))
			if got != c.want[i] || str(at(app, "kind")) != "Application" {
				t.Errorf("%s: Application %d is %s (%s), want %s", c.name, i, got, str(at(app, "kind")), c.want[i])
			}
			if n := at(app, "spec", "destination", "namespace"); n.Line != 19 {
				t.Errorf("%s: namespace at line %d, want 19 where the template writes it", c.name, n.Line)
			}
		}
	}
	other := parse(strings.Replace(strings.Replace(strings.Replace(set, "- list:", "- git:", 1), "%s", "", 1), "%s", "x", 2))
	if _, ok := listApplications(other); ok {
		t.Errorf("a git generator expanded")
	}
}
