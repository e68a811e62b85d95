package eval_test

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/extract"
)

// TestShareDeclared wants the module calls of kept outputs to share one
// map of declared variables where the maps are equal, and only there: a
// variable declared by other versions, or not at all, keeps its own.
func TestShareDeclared(t *testing.T) {
	vars := func(versions []string, declared lint.Tri) map[string]lint.ModuleVariable {
		return map[string]lint.ModuleVariable{"name": {Declared: lint.Yes}, "size": {Versions: versions, Declared: declared}}
	}
	calls := []*lint.ModuleCall{
		{Variables: vars(nil, lint.Yes)},
		{Variables: vars(nil, lint.Yes), ReadAt: vars([]string{">= 1.0"}, lint.Maybe)},
		{Variables: vars([]string{">= 1.0"}, lint.Maybe)},
		{Variables: vars(nil, lint.No), ReadAt: map[string]lint.ModuleVariable{}},
	}
	want := make([]*lint.ModuleCall, len(calls))
	s := eval.NewSession(eval.Options{Root: t.TempDir()}, extract.Extractor{})
	for i, c := range calls {
		copied := *c
		want[i] = &copied
		s.ShareDeclared(&kept.RootOutput{Entities: []lint.Entity{c}})
	}
	same := func(a, b map[string]lint.ModuleVariable) bool {
		return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
	}
	for i, c := range calls {
		if !reflect.DeepEqual(c.Variables, want[i].Variables) || !reflect.DeepEqual(c.ReadAt, want[i].ReadAt) {
			t.Errorf("call %d: its variables changed", i)
		}
	}
	if !same(calls[0].Variables, calls[1].Variables) || !same(calls[1].ReadAt, calls[2].Variables) {
		t.Error("equal maps are not shared")
	}
	if same(calls[0].Variables, calls[2].Variables) || same(calls[0].Variables, calls[3].Variables) || calls[3].ReadAt == nil {
		t.Error("maps that differ are shared, or an empty map became nil")
	}
}
