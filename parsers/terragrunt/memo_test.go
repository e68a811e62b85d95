package terragrunt

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/zclconf/go-cty/cty"
)

// TestSharedReadsEvaluatedOnce: a file read_terragrunt_config reads is
// evaluated once for the units that read it when nothing in it depends
// on the unit, and each unit still gets what a fresh evaluation gives it:
// the values, the files read (a file it reads in turn too), the notes.
func TestSharedReadsEvaluatedOnce(t *testing.T) {
	l := loadTree(t, "memo")
	for _, f := range []string{"shared/plain.hcl", "shared/nested.hcl", "shared/here.hcl"} {
		if n := l.ld.memo.evaluated[l.abs(f)]; n != 1 {
			t.Errorf("%s evaluated %d times, want once", f, n)
		}
	}
	for _, dir := range []string{"units/a", "units/b"} {
		u := l.unit(t, dir)
		in := u.Inputs(noOutputs)
		for name, want := range map[string]cty.Value{
			"region": cty.StringVal("eu-west-1"),
			"zone":   cty.StringVal("eu-west-1a"),
			// Terragrunt parses the file read with its own path
			// (ParsingContext.WithConfigPath): get_terragrunt_dir() is
			// the file's directory, the same for every unit.
			"here": cty.StringVal(l.abs("shared")),
		} {
			if v := input(t, in, name).Value; !v.RawEquals(want) {
				t.Errorf("%s: %s = %#v, want %#v", dir, name, v, want)
			}
		}
		for _, f := range []string{"shared/plain.hcl", "shared/nested.hcl"} {
			if !slices.Contains(u.Files, l.abs(f)) {
				t.Errorf("%s: files %v lack %s", dir, u.Files, f)
			}
		}
		hasNote(t, u.Notes, "shared/plain.hcl", 6, "not a number")
	}
}

// TestUnitDependentReadsNotShared: a file whose evaluation depends on the
// unit reading it is evaluated for each unit: get_original_terragrunt_dir()
// (the unit's directory), get_env without a default (a fresh unknown,
// which equals no other), a stack unit's values.
func TestUnitDependentReadsNotShared(t *testing.T) {
	l := loadTree(t, "memo")
	for f, want := range map[string]int{"shared/original.hcl": 2, "shared/env.hcl": 2, "shared/values.hcl": 2} {
		if n := l.ld.memo.evaluated[l.abs(f)]; n != want {
			t.Errorf("%s evaluated %d times, want %d", f, n, want)
		}
	}
	a, b := l.unit(t, "units/a").Inputs(noOutputs), l.unit(t, "units/b").Inputs(noOutputs)
	for dir, in := range map[string]map[string]cty.Value{"units/a": inputValues(a), "units/b": inputValues(b)} {
		if v := in["original"]; !v.RawEquals(cty.StringVal(l.abs(dir))) {
			t.Errorf("%s: original = %#v, want its own directory", dir, v)
		}
	}
	ta, tb := inputValues(a)["token"], inputValues(b)["token"]
	if ta.RawEquals(tb) {
		t.Errorf("both units' get_env() give %#v: one fresh unknown each, want two", ta)
	}
	for _, name := range []string{"one", "two"} {
		in := inputValues(l.unit(t, filepath.Join("stack", stackDir, name)).Inputs(noOutputs))
		if v := in["name"]; !v.RawEquals(cty.StringVal(name)) {
			t.Errorf("stack unit %s: name = %#v, want its own value", name, v)
		}
		if v := in["region"]; !v.RawEquals(cty.StringVal("eu-west-1")) {
			t.Errorf("stack unit %s: region = %#v", name, v)
		}
	}
	// plain.hcl, read by the stack's units too, is still evaluated once.
	if n := l.ld.memo.evaluated[l.abs("shared/plain.hcl")]; n != 1 {
		t.Errorf("shared/plain.hcl evaluated %d times, want once", n)
	}
}

// inputValues are a unit's inputs by name.
func inputValues(in terraform.UnitInputs) map[string]cty.Value {
	out := map[string]cty.Value{}
	for _, v := range in.Values {
		out[v.Name] = v.Value
	}
	return out
}
