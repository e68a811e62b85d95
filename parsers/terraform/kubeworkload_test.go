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

// The provider's storage resources are read as the objects it creates: a
// StorageClass (storage_provisioner is provisioner, the one
// allowed_topologies block a list of one term), a PersistentVolumeClaim
// (namespace "default" when not set) and a PersistentVolume (its
// required node affinity's terms, its claim_ref's namespace "default"
// when not set).
func TestStorageResourcesEmbedded(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"storage.tf": `resource "kubernetes_storage_class_v1" "c" {
  metadata {
    name = "gp3-c"
  }
  storage_provisioner = "ebs.csi.aws.com"
  volume_binding_mode = "WaitForFirstConsumer"
  allowed_topologies {
    match_label_expressions {
      key    = "topology.kubernetes.io/zone"
      values = ["us-east-1c"]
    }
  }
}

resource "kubernetes_persistent_volume_claim_v1" "data" {
  metadata {
    name = "data"
  }
  spec {
    access_modes       = ["ReadWriteOnce"]
    storage_class_name = "gp3-c"
    resources {
      requests = { storage = "5Gi" }
    }
  }
}

resource "kubernetes_persistent_volume_v1" "old" {
  metadata {
    name = "old-data"
  }
  spec {
    capacity     = { storage = "5Gi" }
    access_modes = ["ReadWriteOnce"]
    node_affinity {
      required {
        node_selector_term {
          match_expressions {
            key      = "topology.kubernetes.io/zone"
            operator = "In"
            values   = ["us-east-1a"]
          }
        }
      }
    }
    claim_ref {
      name = "data"
    }
    persistent_volume_source {
      csi {
        driver        = "ebs.csi.aws.com"
        volume_handle = "vol-0abc"
      }
    }
  }
}
`,
	})
	res, _ := loadReleases(dir)
	got := map[string]string{}
	for _, em := range res.Embedded {
		var head struct{ Kind string }
		if err := yaml.Unmarshal(em.Content, &head); err != nil {
			t.Fatalf("%v in\n%s", err, em.Content)
		}
		got[head.Kind] = string(em.Content)
	}
	var sc struct {
		APIVersion        string `yaml:"apiVersion"`
		Provisioner       string
		VolumeBindingMode string `yaml:"volumeBindingMode"`
		AllowedTopologies []struct {
			MatchLabelExpressions []struct {
				Key    string
				Values []string
			} `yaml:"matchLabelExpressions"`
		} `yaml:"allowedTopologies"`
	}
	if err := yaml.Unmarshal([]byte(got["StorageClass"]), &sc); err != nil {
		t.Fatal(err)
	}
	if sc.APIVersion != "storage.k8s.io/v1" || sc.Provisioner != "ebs.csi.aws.com" || sc.VolumeBindingMode != "WaitForFirstConsumer" ||
		len(sc.AllowedTopologies) != 1 || len(sc.AllowedTopologies[0].MatchLabelExpressions) != 1 || sc.AllowedTopologies[0].MatchLabelExpressions[0].Values[0] != "us-east-1c" {
		t.Errorf("storage class %+v\n%s", sc, got["StorageClass"])
	}
	var pvc struct {
		Metadata struct{ Namespace string }
		Spec     struct {
			StorageClassName string `yaml:"storageClassName"`
		}
	}
	if err := yaml.Unmarshal([]byte(got["PersistentVolumeClaim"]), &pvc); err != nil {
		t.Fatal(err)
	}
	if pvc.Metadata.Namespace != "default" || pvc.Spec.StorageClassName != "gp3-c" {
		t.Errorf("claim %+v\n%s", pvc, got["PersistentVolumeClaim"])
	}
	var pv struct {
		Spec struct {
			NodeAffinity struct {
				Required struct {
					NodeSelectorTerms []struct {
						MatchExpressions []struct {
							Key, Operator string
							Values        []string
						} `yaml:"matchExpressions"`
					} `yaml:"nodeSelectorTerms"`
				}
			} `yaml:"nodeAffinity"`
			ClaimRef struct{ Name, Namespace string } `yaml:"claimRef"`
		}
	}
	if err := yaml.Unmarshal([]byte(got["PersistentVolume"]), &pv); err != nil {
		t.Fatal(err)
	}
	terms := pv.Spec.NodeAffinity.Required.NodeSelectorTerms
	if len(terms) != 1 || len(terms[0].MatchExpressions) != 1 || terms[0].MatchExpressions[0].Values[0] != "us-east-1a" ||
		pv.Spec.ClaimRef.Name != "data" || pv.Spec.ClaimRef.Namespace != "default" {
		t.Errorf("volume %+v\n%s", pv, got["PersistentVolume"])
	}
}

// An index by a key known only at apply (count.index of an instance
// that may exist) is an unknown element, as Terraform has it, not an
// error: the template it feeds is rendered with a hole there, whether
// the element is read through (var.pools[count.index].name) or whole
// (var.names[count.index]).
func TestIndexByHoleKeepsTemplate(t *testing.T) {
	for name, expr := range map[string]string{
		"read through": "var.pools[count.index].name",
		"whole":        "var.names[count.index]",
	} {
		res := loadTree(t, map[string]string{
			"main.tf": `variable "pools" {
  type = list(object({ name = string }))
}
variable "names" {
  type = list(string)
}
resource "kubectl_manifest" "nc" {
  count = length(var.pools)
  yaml_body = templatefile("${path.module}/nc.yaml", {
    NAME = ` + expr + `
  })
}
`,
			"nc.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: \"${NAME}\"\nspec:\n  role: nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
		})
		if len(res.Embedded) != 1 {
			t.Errorf("%s: %d documents embedded, want the node class (notes %v)", name, len(res.Embedded), res.Notes)
		}
	}
}
