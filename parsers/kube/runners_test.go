package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestRunnerDeploymentContainers reads a summerwind RunnerDeployment's
// runner spec as the pod the controller makes of it: the runner
// container and, by default, the docker sidecar.
func TestRunnerDeploymentContainers(t *testing.T) {
	for _, c := range []struct {
		name, extra string
		want        []string
		unknown     bool
	}{
		{"default sidecar", "", []string{"runner", "docker"}, false},
		{"docker off", "      dockerEnabled: false\n", []string{"runner"}, false},
		{"docker inside", "      dockerdWithinRunnerContainer: true\n", []string{"runner"}, false},
		{"flag not a boolean", "      dockerEnabled: ${DOCKER}\n", []string{"runner", "docker"}, true},
	} {
		src := "apiVersion: actions.summerwind.dev/v1alpha1\nkind: RunnerDeployment\nmetadata:\n  name: r\n  namespace: ci\nspec:\n  template:\n    spec:\n      repository: o/r\n" + c.extra +
			"      resources:\n        requests:\n          cpu: 500m\n"
		ents, diags := Parse("r.yaml", []byte(src), Options{})
		if len(diags) > 0 {
			t.Fatalf("%s: %v", c.name, diags)
		}
		var w *lint.Workload
		for _, e := range ents {
			if x, ok := e.(*lint.Workload); ok {
				w = x
			}
		}
		if w == nil || w.Pod == nil {
			t.Fatalf("%s: no workload read", c.name)
		}
		var names []string
		unknown := false
		for _, ct := range w.Pod.Containers {
			names = append(names, ct.Name)
			unknown = unknown || ct.Unknown
		}
		if len(names) != len(c.want) || names[0] != c.want[0] || len(names) > 1 && names[1] != c.want[1] || unknown != c.unknown {
			t.Errorf("%s: containers %v (unknown %v), want %v (unknown %v)", c.name, names, unknown, c.want, c.unknown)
		}
	}
}
