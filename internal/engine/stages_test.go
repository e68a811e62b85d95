package engine

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/procs"
	"github.com/faultline-dev/faultline/lint"
)

// TestStagesMeasureWhatEachRead runs a tree with every kind of source and
// checks that each stage is reported once, in pipeline order, with what
// it handled (the manifests stage reads the chart's Chart.yaml and
// values.yaml too, for ignore comments; the chart parses them).
func TestStagesMeasureWhatEachRead(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf":                "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n}\n",
		"infra/other/main.tf":          "resource \"aws_iam_role\" \"other\" {\n  name = \"other\"\n}\n",
		"k8s/a.yaml":                   strings.Replace(nodeClass, "%s", "a", 1),
		"k8s/b.yaml":                   strings.Replace(nodeClass, "%s", "b", 1),
		"kust/base/kustomization.yaml": "resources:\n  - cm.yaml\n",
		"kust/base/cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
		"kust/prod/kustomization.yaml": "resources:\n  - ../base\nnamePrefix: prod-\n",
		"charts/web/Chart.yaml":        "apiVersion: v2\nname: web\nversion: 0.1.0\n",
		"charts/web/values.yaml":       "name: web\n",
		"charts/web/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name  string
		count int
	}{
		{"discover", -1}, {"terraform", 2}, {"embedded", 0}, {"kustomize", 1},
		{"manifests", 4}, {"helm", 1}, {"compositions", -1}, {"join", l.Input.Files},
	}
	if len(l.Stages) != len(want) {
		t.Fatalf("stages: %+v, want %d", l.Stages, len(want))
	}
	for i, w := range want {
		s := l.Stages[i]
		if s.Name != w.name || (w.count >= 0 && s.Count != w.count) {
			t.Errorf("stage %d = %s (%d %s), want %s (%d)", i, s.Name, s.Count, s.Unit, w.name, w.count)
		}
		if s.Wall <= 0 || s.Unit == "" {
			t.Errorf("stage %s not measured: %+v", s.Name, s)
		}
	}
	if l.Stages[0].Count < 6 {
		t.Errorf("discover found %d inputs, want the Terraform directories, YAML files and kustomizations", l.Stages[0].Count)
	}
}

// TestRunAddsTheRulesStage checks that Run measures the rules after the
// load's stages.
func TestRunAddsTheRulesStage(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"k8s/a.yaml": strings.Replace(nodeClass, "%s", "a", 1)})
	l, res, err := Run(Options{Paths: []string{root}, Cwd: root}, nil, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := l.Stages[len(l.Stages)-1]
	if last.Name != "rules" || last.Count != len(res.Findings) {
		t.Errorf("last stage %+v, want rules with %d findings", last, len(res.Findings))
	}
}

// TestMeasureCountsCPU: a stage that keeps a core busy reports the CPU
// time it used (where the system says), and never more cores than the
// machine has (with a margin for the clocks' granularity).
func TestMeasureCountsCPU(t *testing.T) {
	if _, ok := procs.CPU(); !ok {
		t.Skip("this system does not report process CPU time")
	}
	list := Measure(nil, "spin", "loops", func() int {
		n := 0
		for start := time.Now(); time.Since(start) < 30*time.Millisecond; n++ {
		}
		return n
	})
	s := list[0]
	if s.CPU <= 0 {
		t.Fatalf("a busy stage reports no CPU: %+v", s)
	}
	if cores := s.CPU.Seconds() / s.Wall.Seconds(); cores > float64(runtime.NumCPU())+0.5 {
		t.Errorf("the stage kept %.1f cores busy, the machine has %d", cores, runtime.NumCPU())
	}
}
