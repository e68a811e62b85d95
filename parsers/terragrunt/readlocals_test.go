package terragrunt

import (
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// TestMissingLocalOfAReadConfiguration: a local that a configuration read
// with read_terragrunt_config does not declare is FL000 at the reference,
// naming every unit Terragrunt refuses by the file it reads, when
// faultline knows all of that file's locals; otherwise a note of the
// unit, never FL000.
func TestMissingLocalOfAReadConfiguration(t *testing.T) {
	l := loadTree(t, "readlocals")
	want := []lint.Diagnostic{
		{
			Range:   lint.Range{File: "live/_envcommon/auth.hcl", Line: 3, Column: 13, EndLine: 3, EndColumn: 54},
			Summary: "Unsupported attribute",
			Detail:  `the file local.account reads with read_terragrunt_config declares no local "full_admin_role_name"; Terragrunt fails to evaluate the locals and refuses the unit: live/account.hcl (its locals are account_name, admin_role_name) for terragrunt unit live/a, terragrunt unit live/b; live/prod/account.hcl (its locals are account_name) for terragrunt unit live/prod/x`,
		},
		{
			Range:   lint.Range{File: "live/d/terragrunt.hcl", Line: 11, Column: 11, EndLine: 11, EndColumn: 34},
			Summary: "Unsupported attribute",
			Detail:  `the file local.acct reads with read_terragrunt_config declares no local "owner"; Terragrunt fails to evaluate the locals and refuses the unit: live/account.hcl (its locals are account_name, admin_role_name) for terragrunt unit live/d`,
		},
	}
	if !slices.Equal(l.res.Diagnostics, want) {
		t.Errorf("diagnostics\n%#v\nwant\n%#v", l.res.Diagnostics, want)
	}
	for _, dir := range []string{"live/a", "live/b", "live/c", "live/d", "live/prod/x"} {
		u := l.unit(t, dir)
		in := u.Inputs(noOutputs)
		if n := notesSaying(append(slices.Clone(u.Notes), in.Notes...), "terragrunt: Unsupported attribute"); len(n) > 0 {
			t.Errorf("%s: generic notes %v besides the diagnostic or the unit's note", dir, n)
		}
	}
	// The file read is known: its other locals read as usual.
	d := l.unit(t, "live/d")
	if v := input(t, d.Inputs(noOutputs), "name").Value; !v.RawEquals(cty.StringVal("sandbox")) {
		t.Errorf("live/d name = %#v", v)
	}
	// region.hcl's local is unknown (get_env without a default): a note
	// naming the unit, and the input is unknown.
	c := l.unit(t, "live/c")
	in := c.Inputs(noOutputs)
	hasNote(t, append(slices.Clone(c.Notes), in.Notes...), "live/c/terragrunt.hcl", 10,
		`terragrunt unit live/c: local.region.locals.zone: live/region.hcl (its locals are region), read with read_terragrunt_config, declares no local "zone", which Terragrunt refuses, but faultline does not know all of its locals' values; the value is unknown`)
	if v := input(t, in, "zone").Value; v.IsKnown() {
		t.Errorf("live/c zone = %#v, want unknown", v)
	}
	// A local reading itself keeps its note.
	e := l.unit(t, "live/e")
	hasNote(t, e.Notes, "live/e/terragrunt.hcl", 7, `terragrunt: Unsupported attribute: This object does not have an attribute named "name".`)
}
