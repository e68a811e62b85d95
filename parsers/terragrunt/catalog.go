package terragrunt

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A catalog is a local directory a catalog block lists among its urls:
// the templates `terragrunt catalog` and `terragrunt scaffold` copy, and
// stacks take their unit sources from. Its terragrunt.stack.hcl and
// terragrunt.hcl files are not stacks and units of their own: they look
// for account.hcl, region.hcl or root.hcl above where they are copied to,
// not above the catalog (Terragrunt would fail to read them there). A
// catalog unit a stack outside the catalog uses is read as that stack's
// unit, with its values.
type catalog struct {
	dir string
	// at is the urls attribute that lists it, in the file declaring it.
	at hcl.Range
	// stacks and units are how many of each it holds that are not read.
	stacks, units int
}

// catalogs are the catalogs found, each directory once.
type catalogs []*catalog

// of is the catalog holding path, nil when none does.
func (cs catalogs) of(path string) *catalog {
	for _, c := range cs {
		if treefs.Within(c.dir, path) {
			return c
		}
	}
	return nil
}

// scan reads the include blocks of the units (in their directory) and of
// the stacks' units (in the directory each is generated into). The files
// they include are shared configuration, not units; the catalogs are those
// the units or the files they include declare.
func (l *loader) scan(units []string, stackUnits []plannedUnit) (map[string]bool, catalogs) {
	included := map[string]bool{}
	var cs catalogs
	declared := map[string]bool{}
	look := func(u *unitEval, f *fileCfg) {
		if declared[f.path] {
			return
		}
		declared[f.path] = true
		for _, c := range u.catalogs(f) {
			if cs.of(c.dir) == nil {
				cs = append(cs, c)
			}
		}
	}
	read := func(p plannedUnit) {
		body, err := l.parse(p.config)
		if err != nil {
			return
		}
		u := l.newUnitEval(p.dir, filepath.Dir(p.config), p.values)
		f := &fileCfg{path: p.config, body: body, sc: &scope{config: filepath.Join(p.dir, unitFile), original: p.dir, base: filepath.Dir(p.config)}}
		look(u, f)
		incs, _ := u.includes(f)
		for _, inc := range incs {
			phys := u.toPhys(inc.path)
			if phys == p.config {
				continue
			}
			b, err := l.parse(phys)
			if err == nil && l.unitConfigs[phys] && hasInclude(b) {
				// Terragrunt refuses the unit including it (nested
				// includes); the one included is a unit of its own.
				continue
			}
			included[phys] = true
			if err == nil {
				sc := *f.sc
				sc.base, sc.funcs = filepath.Dir(phys), nil
				look(u, &fileCfg{path: phys, body: b, sc: &sc})
			}
		}
		u.detach()
	}
	for _, p := range units {
		read(plannedUnit{config: p, dir: filepath.Dir(p), values: cty.NilVal})
	}
	for _, p := range stackUnits {
		read(p)
	}
	return included, cs
}

// catalogs are the local directories f's catalog block lists: urls
// relative to f's directory, as Terragrunt's CatalogConfig.normalize
// (pkg/config/catalog.go) makes them. A directory holding f itself (a
// catalog of the whole tree) is none: f's own units are not templates.
// urls that cannot be known without the locals are not read.
func (u *unitEval) catalogs(f *fileCfg) []*catalog {
	var out []*catalog
	for _, b := range f.body.Blocks {
		if b.Type != "catalog" {
			continue
		}
		a, ok := b.Body.Attributes["urls"]
		if !ok {
			continue
		}
		v, diags := u.ce.Value(a.Expr, u.evalCtx(f.sc, nil))
		if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() || !(v.Type().IsTupleType() || v.Type().IsListType()) {
			continue
		}
		for it := v.ElementIterator(); it.Next(); {
			_, x := it.Element()
			s, ok := knownString(x)
			if !ok || isRemote(s) {
				continue
			}
			if !filepath.IsAbs(s) {
				s = filepath.Join(filepath.Dir(f.path), s)
			}
			s = filepath.Clean(s)
			if !u.l.isDir(s) || treefs.Within(s, f.path) {
				continue
			}
			out = append(out, &catalog{dir: s, at: a.Expr.Range()})
		}
	}
	return out
}

// noteCatalogs notes, once per catalog holding any, the stacks and units
// not read because they are templates.
func (l *loader) noteCatalogs(cs catalogs) {
	for _, c := range cs {
		var what []string
		if c.stacks > 0 {
			what = append(what, count(c.stacks, "stack"))
		}
		if c.units > 0 {
			what = append(what, count(c.units, "unit"))
		}
		if len(what) == 0 {
			continue
		}
		l.res.Notes = append(l.res.Notes, l.note(lint.Skipped, c.at, "terragrunt: %s is a catalog (the catalog block here lists it): its %s, templates copied where they are used, are not read on their own; a catalog unit a stack outside it uses is read as that stack's unit", l.rel(c.dir), strings.Join(what, " and ")))
	}
}

// count is "n thing(s)".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// hasInclude reports whether body has an include block.
func hasInclude(body *hclsyntax.Body) bool {
	return slices.ContainsFunc(body.Blocks, func(b *hclsyntax.Block) bool { return b.Type == "include" })
}
