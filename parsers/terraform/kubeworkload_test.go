package terraform

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// A kubernetes provider workload is read as the object the provider
// creates: its blocks under their Kubernetes names (container blocks are
// spec.template.spec.containers, toleration blocks tolerations), the
// namespace "default" when the metadata names none, a 1.x requests block
// read as the map, and each line placed where it is written.
func TestWorkloadResourceEmbedded(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"app.tf": `variable "extra_tolerations" {
  type = list(map(string))
}

resource "kubernetes_deployment_v1" "web" {
  metadata {
    name = "web"
  }
  spec {
    template {
      metadata {
        labels = { app = "web" }
      }
      spec {
        service_account_name = "web"
        node_selector = {
          role = "frontend"
        }
        toleration {
          key    = "role"
          value  = "frontend"
          effect = "NoSchedule"
        }
        container {
          name  = "web"
          image = "nginx"
          resources {
            requests {
              memory = "1Gi"
            }
          }
        }
      }
    }
  }
}

resource "kubernetes_cron_job_v1" "sweep" {
  metadata {
    name      = "sweep"
    namespace = "ops"
  }
  spec {
    schedule = "0 3 * * *"
    job_template {
      metadata {}
      spec {
        template {
          metadata {}
          spec {
            dynamic "toleration" {
              for_each = var.extra_tolerations
              content {
                key = toleration.value.key
              }
            }
            container {
              name  = "sweep"
              image = "busybox"
            }
          }
        }
      }
    }
  }
}

resource "kubernetes_replication_controller_v1" "old" {
  metadata {
    name = "old"
  }
}
`,
	})
	res, _ := loadReleases(dir)
	byKind := map[string]int{}
	for i, em := range res.Embedded {
		var head struct{ Kind string }
		if err := yaml.Unmarshal(em.Content, &head); err != nil {
			t.Fatalf("%v in\n%s", err, em.Content)
		}
		byKind[head.Kind] = i
	}
	if len(res.Embedded) != 2 {
		t.Fatalf("embedded = %d pieces of YAML, want the Deployment and the CronJob (not the ReplicationController)", len(res.Embedded))
	}
	web := res.Embedded[byKind["Deployment"]]
	var dep struct {
		APIVersion string `yaml:"apiVersion"`
		Metadata   struct{ Name, Namespace string }
		Spec       struct {
			Template struct {
				Metadata struct{ Labels map[string]string }
				Spec     struct {
					ServiceAccountName string            `yaml:"serviceAccountName"`
					NodeSelector       map[string]string `yaml:"nodeSelector"`
					Tolerations        []map[string]string
					Containers         []struct {
						Name      string
						Resources struct{ Requests map[string]string }
					}
				}
			}
		}
	}
	if err := yaml.Unmarshal(web.Content, &dep); err != nil {
		t.Fatalf("%v in\n%s", err, web.Content)
	}
	ps := dep.Spec.Template.Spec
	if dep.APIVersion != "apps/v1" || dep.Metadata.Name != "web" || dep.Metadata.Namespace != "default" ||
		dep.Spec.Template.Metadata.Labels["app"] != "web" || ps.ServiceAccountName != "web" || ps.NodeSelector["role"] != "frontend" {
		t.Errorf("deployment: %+v\n%s", dep, web.Content)
	}
	if len(ps.Tolerations) != 1 || ps.Tolerations[0]["key"] != "role" || ps.Tolerations[0]["effect"] != "NoSchedule" {
		t.Errorf("tolerations: %+v", ps.Tolerations)
	}
	if len(ps.Containers) != 1 || ps.Containers[0].Resources.Requests["memory"] != "1Gi" {
		t.Errorf("containers: %+v", ps.Containers)
	}
	lines := strings.Split(string(web.Content), "\n")
	at := func(text string) lint.Range {
		t.Helper()
		for i, l := range lines {
			if strings.TrimSpace(l) == text {
				return web.Map(lint.Range{File: "x", Line: i + 1, Column: 1, EndLine: i + 1, EndColumn: 2}, "")
			}
		}
		t.Fatalf("no line %q in\n%s", text, web.Content)
		return lint.Range{}
	}
	for _, c := range []struct {
		text string
		line int
	}{
		{"namespace: default", 6}, // the metadata block: the provider's default
		{"serviceAccountName: web", 15},
		{"role: frontend", 17}, // the map's entry, not the argument
		{"effect: NoSchedule", 22},
		{"memory: 1Gi", 29}, // the 1.x block's argument
	} {
		if r := at(c.text); r.File != "app.tf" || r.Line != c.line {
			t.Errorf("%q placed at %s:%d, want app.tf:%d", c.text, r.File, r.Line, c.line)
		}
	}
	// Tolerations made by a dynamic block over a value not known are a
	// hole, never an empty list: the pods' placement is then not judged.
	sweep := res.Embedded[byKind["CronJob"]]
	var cj struct {
		APIVersion string `yaml:"apiVersion"`
		Spec       struct {
			Schedule    string
			JobTemplate struct {
				Spec struct {
					Template struct {
						Spec struct {
							Tolerations any
							Containers  []map[string]any
						}
					}
				}
			} `yaml:"jobTemplate"`
		}
	}
	if err := yaml.Unmarshal(sweep.Content, &cj); err != nil {
		t.Fatalf("%v in\n%s", err, sweep.Content)
	}
	tol, ok := cj.Spec.JobTemplate.Spec.Template.Spec.Tolerations.(string)
	if cj.APIVersion != "batch/v1" || cj.Spec.Schedule != "0 3 * * *" || !ok || !lint.HasSentinel(tol) || len(cj.Spec.JobTemplate.Spec.Template.Spec.Containers) != 1 {
		t.Errorf("cron job: %+v\n%s", cj, sweep.Content)
	}
	var noted bool
	for _, n := range res.Notes {
		noted = noted || strings.Contains(n.What, "kubernetes_replication_controller_v1.old: a ReplicationController is not read")
	}
	if !noted {
		t.Errorf("no note for the ReplicationController: %+v", res.Notes)
	}
}
