package terragrunt

import (
	"slices"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// TestFileFunctionsOfAnIncludedFile: Terraform's file functions in an
// included file resolve a relative path against that file's directory,
// Terragrunt's read_terragrunt_config against the including unit's; a
// file read with read_terragrunt_config reads its files beside itself.
func TestFileFunctionsOfAnIncludedFile(t *testing.T) {
	l := loadTree(t, "basedir")
	if got := len(l.res.Units); got != 1 {
		t.Fatalf("%d units, want 1 (live/app)", got)
	}
	u := l.unit(t, "live/app")
	in := u.Inputs(noOutputs)
	for name, want := range map[string]cty.Value{
		// live/settings.yaml, not live/app/settings.yaml.
		"region":       cty.StringVal("eu-north-1"),
		"unit_region":  cty.StringVal("ap-south-1"),
		"has_settings": cty.True,
		"greeting":     cty.StringVal("hello ops\n"),
		"templates":    cty.SetVal([]cty.Value{cty.StringVal("greeting.tftpl")}),
		// read_terragrunt_config("account.hcl") in root.hcl reads the one
		// beside the unit.
		"account": cty.StringVal("account-beside-unit"),
		// file("owner.txt") in live/shared/common.hcl.
		"owner": cty.StringVal("platform-team"),
	} {
		if got := input(t, in, name).Value; !got.RawEquals(want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	if notes := append(slices.Clone(u.Notes), in.Notes...); len(notes) > 0 {
		t.Errorf("notes %v, want none", notes)
	}
	if len(l.res.Diagnostics) > 0 || len(l.res.Notes) > 0 {
		t.Errorf("diagnostics %v, notes %v, want none", l.res.Diagnostics, l.res.Notes)
	}
	want := []string{l.abs("live/app/terragrunt.hcl"), l.abs("live/root.hcl"), l.abs("live/app/account.hcl"), l.abs("live/shared/common.hcl")}
	if !slices.Equal(u.Files, want) {
		t.Errorf("files %v, want %v", u.Files, want)
	}
}

// TestFileFunctionErrorOfAnIncludedFile: a missing file is named as the
// included file's directory would hold it.
func TestFileFunctionErrorOfAnIncludedFile(t *testing.T) {
	l := loadTree(t, "basedir-missing")
	u := l.unit(t, "live/app")
	hasNote(t, u.Notes, "live/root.hcl", 1, `Call to function "file" failed`, "live/absent.yaml")
}
