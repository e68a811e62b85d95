package eval

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// An entity marked by modelled versions records the facts they differ on;
// facts from several alternatives add up, and a marking about every fact
// (nil) wins over partial ones, in either order.
func TestMarkInferredFacts(t *testing.T) {
	const why = "module.x modelled as m v2 (the constraint allows versions that model differently)"
	o := &lint.Object{}
	markInferredFacts(o, why, map[lint.Fact]bool{})
	markInferredFacts(o, why, map[lint.Fact]bool{lint.FactTrustAudience: true})
	if !reflect.DeepEqual(o.Inferred, []string{why}) || !reflect.DeepEqual(o.InferredOn[why], []lint.Fact{lint.FactTrustAudience}) {
		t.Errorf("partial: %v %v", o.Inferred, o.InferredOn)
	}
	markInferredFacts(o, why, nil)
	if _, ok := o.InferredOn[why]; ok || len(o.Inferred) != 1 {
		t.Errorf("every fact: %v %v", o.Inferred, o.InferredOn)
	}
	markInferredFacts(o, why, map[lint.Fact]bool{lint.FactIdentity: true})
	if _, ok := o.InferredOn[why]; ok {
		t.Errorf("a partial marking after a whole one narrowed it: %v", o.InferredOn)
	}
	if got := factsDiffer(map[lint.Fact]string{lint.FactIdentity: "a", lint.FactTrustSubjects: "s"}, map[lint.Fact]string{lint.FactIdentity: "a", lint.FactTrustSubjects: "t"}); !reflect.DeepEqual(got, map[lint.Fact]bool{lint.FactTrustSubjects: true}) {
		t.Errorf("factsDiffer = %v", got)
	}
	if got := factsDiffer(map[lint.Fact]string{lint.FactIdentity: "a"}, nil); got != nil {
		t.Errorf("an entity missing from one version differs on every fact, got %v", got)
	}
}
