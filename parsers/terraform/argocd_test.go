package terraform

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// An argocd_application is read as the Application the Argo CD provider
// creates: its blocks under their Argo CD names (two source blocks are
// spec.sources, parameter blocks helm.parameters), each line placed at
// the argument that writes it and a values heredoc line by line.
func TestArgoCDApplicationEmbedded(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"apps.tf": `resource "argocd_application" "dns" {
  metadata {
    name      = "external-dns"
    namespace = "argocd"
  }
  spec {
    project = "platform"
    source {
      repo_url        = "https://kubernetes-sigs.github.io/external-dns/"
      chart           = "external-dns"
      target_revision = "1.14.5"
      helm {
        release_name = "dns"
        value_files  = ["$values/dns/values.yaml"]
        values       = <<-EOT
          serviceAccount:
            name: edns
        EOT
        parameter {
          name  = "provider.name"
          value = "aws"
        }
      }
    }
    source {
      repo_url        = "https://git.example.com/acme/values.git"
      target_revision = "main"
      ref             = "values"
    }
    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "dns"
    }
  }
}
`,
	})
	res, _ := loadReleases(dir)
	if len(res.Embedded) != 1 {
		t.Fatalf("embedded = %d pieces of YAML, want the one Application", len(res.Embedded))
	}
	em := res.Embedded[0]
	if !strings.HasSuffix(em.Addr, "argocd_application.dns") || em.File != "apps.tf" || !em.KeepsLines() {
		t.Errorf("embedded %s in %s (keeps lines %v)", em.Addr, em.File, em.KeepsLines())
	}
	var app struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string
		Metadata   struct{ Name, Namespace string }
		Spec       struct {
			Project     string
			Destination struct{ Server, Namespace string }
			Source      map[string]any
			Sources     []struct {
				RepoURL        string `yaml:"repoURL"`
				Chart, Ref     string
				TargetRevision string `yaml:"targetRevision"`
				Helm           struct {
					ReleaseName string   `yaml:"releaseName"`
					ValueFiles  []string `yaml:"valueFiles"`
					Values      string
					Parameters  []struct{ Name, Value string }
				}
			}
		}
	}
	if err := yaml.Unmarshal(em.Content, &app); err != nil {
		t.Fatalf("%v in\n%s", err, em.Content)
	}
	if app.APIVersion != "argoproj.io/v1alpha1" || app.Kind != "Application" || app.Metadata.Name != "external-dns" || app.Metadata.Namespace != "argocd" || app.Spec.Project != "platform" {
		t.Errorf("head: %+v", app)
	}
	if app.Spec.Destination.Namespace != "dns" || app.Spec.Source != nil || len(app.Spec.Sources) != 2 {
		t.Fatalf("spec: %+v", app.Spec)
	}
	chart, ref := app.Spec.Sources[0], app.Spec.Sources[1]
	if chart.Chart != "external-dns" || chart.TargetRevision != "1.14.5" || chart.Helm.ReleaseName != "dns" ||
		len(chart.Helm.ValueFiles) != 1 || chart.Helm.ValueFiles[0] != "$values/dns/values.yaml" ||
		chart.Helm.Values != "serviceAccount:\n  name: edns\n" || len(chart.Helm.Parameters) != 1 || chart.Helm.Parameters[0].Name != "provider.name" {
		t.Errorf("chart source: %+v", chart)
	}
	if ref.Ref != "values" || ref.RepoURL != "https://git.example.com/acme/values.git" {
		t.Errorf("ref source: %+v", ref)
	}
	// Where each line of the YAML is placed.
	lines := strings.Split(string(em.Content), "\n")
	at := func(text string, col int) lint.Range {
		t.Helper()
		for i, l := range lines {
			if strings.TrimSpace(l) == text {
				return em.Map(lint.Range{File: "x", Line: i + 1, Column: col, EndLine: i + 1, EndColumn: col + 1}, "")
			}
		}
		t.Fatalf("no line %q in\n%s", text, em.Content)
		return lint.Range{}
	}
	for _, c := range []struct {
		text string
		line int
	}{
		{"namespace: dns", 32},
		{"releaseName: dns", 13},
		{"name: edns", 17},
		{"value: aws", 21},
		{"ref: values", 28},
		{"chart: external-dns", 10},
	} {
		if r := at(c.text, 5); r.File != "apps.tf" || r.Line != c.line {
			t.Errorf("%q placed at %s:%d, want apps.tf:%d", c.text, r.File, r.Line, c.line)
		}
	}
	// A values line from its first character: the key as the heredoc
	// writes it; a parameter's line at its first argument.
	if r := at("name: edns", 5); r.Column != 13 {
		t.Errorf("name: edns placed at column %d, want 13 (where the heredoc writes the key)", r.Column)
	}
	if r := at("- name: provider.name", 5); r.Line != 20 || r.Column != 11 {
		t.Errorf("parameter placed at %d:%d, want 20:11 (its name argument)", r.Line, r.Column)
	}
}
