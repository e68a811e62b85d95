package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/parsers/plan"
)

// TestPlanSettlesPossibleSubnets: subnets whose count the source cannot
// know (count = length(var.azs)) are settled by the plan like every other
// entity: the possible aws_subnet.private[*] becomes the planned [0] and
// [1], proven, and is not kept beside them.
func TestPlanSettlesPossibleSubnets(t *testing.T) {
	dir, err := filepath.Abs("testdata/plan_possible_subnets")
	must(t, err)
	f, err := os.Open(filepath.Join(dir, "plan.json"))
	must(t, err)
	p, err := plan.Parse(f)
	f.Close()
	must(t, err)
	l, err := Load(Options{Paths: []string{dir}, Cwd: dir, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	m := l.Input.Model
	m.Sort()
	var source []string
	for _, s := range m.Subnets {
		if s.FromPlan() {
			continue
		}
		if len(s.Possible) != 0 || len(s.Inferred) != 0 {
			t.Errorf("%s still possible: %+v %q", s.Label, s.Possible, s.Inferred)
		}
		source = append(source, s.Label)
	}
	if want := []string{"aws_subnet.private[0]", "aws_subnet.private[1]"}; !slices.Equal(source, want) {
		t.Errorf("source subnets %q, want %q", source, want)
	}
}
