package rules_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestFindingPositions pins where a finding points inside a line, which
// the fixtures' wants (rule, file, line) do not.
func TestFindingPositions(t *testing.T) {
	for _, c := range []struct {
		name, fixture string
		rule          *lint.Rule
		line, column  int
		at            string
	}{
		// A Terragrunt unit's input is reported at its name, as a module
		// call's argument is, not at its value.
		{"terragrunt input", "FL501/positive_terragrunt_input_from_older_major", rules.ModuleInputDrift, 16, 3, "the input's name"},
		// A value written in yamlencode({ … }) is reported at its key, as
		// a key of a values file is, not at its value.
		{"yamlencode key", "FL502/positive_yamlencode_values_key", rules.ChartValueDrift, 14, 9, "the key"},
		// So is one written in jsonencode({ … }), whose text is one line.
		{"jsonencode key", "FL502/positive_jsonencode_values_key", rules.ChartValueDrift, 14, 9, "the key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := lintDir(t, filepath.Join("testdata", filepath.FromSlash(c.fixture)), c.rule)
			if len(res.Findings) == 0 {
				t.Fatal("no finding")
			}
			if r := res.Findings[0].Range; r.Line != c.line || r.Column != c.column {
				t.Errorf("at %s, want line %d, column %d (%s)", r, c.line, c.column, c.at)
			}
		})
	}
}

// A node group written in one of merge()'s arguments (behind a local or
// in place) is pointed at where its key is written, not at the module
// call.
func TestRelatedPositionsOfMergedNodeGroups(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL103", "positive_node_groups_merged_from_maps"), rules.SharedSecurityGroup)
	if len(res.Findings) != 1 {
		t.Fatalf("findings %d, want 1", len(res.Findings))
	}
	want := map[string]int{`["analytics"]`: 26, `["platform"]`: 5}
	for _, rel := range res.Findings[0].Related {
		for key, line := range want {
			if strings.Contains(rel.Message, "managed node group module.eks.module.eks_managed_node_group"+key) {
				if rel.Range.Line != line {
					t.Errorf("%s at line %d, want %d", key, rel.Range.Line, line)
				}
				delete(want, key)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no related location for %v", want)
	}
}

// A node group whose key the user writes as a template, its value known
// ("${var.env}-general"), is placed at its entry, not at the call.
func TestRelatedPositionOfTemplateKeyedNodeGroup(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL401", "positive_node_group_keyed_by_a_template"), rules.UnschedulableRequests)
	if len(res.Findings) != 1 {
		t.Fatalf("findings %d, want 1", len(res.Findings))
	}
	found := false
	for _, rel := range res.Findings[0].Related {
		if strings.Contains(rel.Message, `eks_managed_node_group["stage-general"]`) {
			found = true
			if rel.Range.Line != 15 {
				t.Errorf("node group at line %d, want 15 (its entry)", rel.Range.Line)
			}
		}
	}
	if !found {
		t.Errorf("no related location for the node group: %+v", res.Findings[0].Related)
	}
}

// FL502 on a chart whose manifests lie at its root, with no templates/
// directory: the hint says to move them, not to delete the value they read.
func TestUntemplatedChartHint(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL502", "positive_chart_manifests_at_its_root"), rules.ChartValueDrift)
	if len(res.Findings) != 1 {
		t.Fatalf("findings %d, want 1", len(res.Findings))
	}
	f := res.Findings[0]
	if !strings.HasPrefix(f.Hint, "move chart bootstrap 0.2.0's manifests into templates/") || !strings.Contains(strings.Join(f.Chain, "\n"), "ingress-app.yaml, which reads values, lies at its root") {
		t.Errorf("hint %q, chain %q", f.Hint, f.Chain)
	}
}
