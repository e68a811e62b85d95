package terragrunt

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// TestCatalogHoldsTemplates: the stacks and units of a directory a catalog
// block lists are not read where they lie; a catalog unit a live stack
// uses is read as that stack's unit, with its values.
func TestCatalogHoldsTemplates(t *testing.T) {
	l := loadTree(t, "catalog")
	var dirs []string
	for _, u := range l.res.Units {
		r, _ := filepath.Rel(l.root, u.Dir)
		dirs = append(dirs, filepath.ToSlash(r))
	}
	if want := []string{"live/dev/app/.terragrunt-stack/web", "live/dev/plain"}; !slices.Equal(dirs, want) {
		t.Fatalf("units %v, want %v", dirs, want)
	}
	web := l.unit(t, "live/dev/app/.terragrunt-stack/web")
	in := web.Inputs(noOutputs)
	for name, want := range map[string]cty.Value{"name": cty.StringVal("shop"), "env": cty.StringVal("dev")} {
		if got := input(t, in, name).Value; !got.RawEquals(want) {
			t.Errorf("web %s = %#v, want %#v", name, got, want)
		}
	}
	for _, u := range l.res.Units {
		if len(u.Notes) > 0 {
			t.Errorf("%s: notes %v", u.Dir, u.Notes)
		}
	}
	if len(l.res.Diagnostics) > 0 {
		t.Errorf("diagnostics %v", l.res.Diagnostics)
	}
	if len(l.res.Notes) != 2 {
		t.Fatalf("notes %v, want one per catalog", l.res.Notes)
	}
	hasNote(t, l.res.Notes, "live/root.hcl", 4, "terragrunt: catalog is a catalog (the catalog block here lists it): its 1 stack and 2 units, templates copied where they are used, are not read on their own; a catalog unit a stack outside it uses is read as that stack's unit")
	hasNote(t, l.res.Notes, "live/root.hcl", 4, "terragrunt: templates is a catalog (the catalog block here lists it): its 1 unit, templates copied where they are used, are not read on their own")
}
