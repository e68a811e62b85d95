package terragrunt

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// unit reads one planned unit; ok is false when its configuration cannot
// be read (the reason is a diagnostic or a note of the result).
func (l *loader) unit(p plannedUnit) (terraform.Unit, bool) {
	u := l.newUnitEval(p.dir, filepath.Dir(p.config), p.values)
	defer u.detach() // the unit's Inputs attach it again
	f, c, err := u.config(filepath.Join(p.dir, unitFile), p.dir)
	if err != nil {
		if !errors.Is(err, errUnreadable) {
			l.res.Notes = append(l.res.Notes, lint.Note{Kind: lint.Skipped, What: "terragrunt unit " + l.rel(p.dir) + ": " + err.Error() + "; not read"})
		}
		return terraform.Unit{}, false
	}
	if why, at, skipped := skipped(c); skipped {
		l.res.Notes = append(l.res.Notes, l.note(lint.Skipped, at, "terragrunt unit %s: %s; Terragrunt does not run it, so it is not read", l.rel(p.dir), why))
		var skip terraform.Unit
		u.source(&skip, c)
		switch {
		case skip.Source == "" && (c.tf == nil || !c.tf.unknownNote):
			l.res.SkippedModules = append(l.res.SkippedModules, filepath.Clean(u.phys))
		case filepath.IsAbs(skip.Source):
			l.res.SkippedModules = append(l.res.SkippedModules, u.toPhys(skip.Source))
		}
		return terraform.Unit{}, false
	}
	unit := terraform.Unit{Dir: p.dir, Config: p.config, Range: fileStart(f.body, f.path)}
	u.source(&unit, c)
	unit.Dependencies = dependencyDirs(c)
	for _, g := range c.gens {
		if g.unknown {
			unit.GeneratedUnknown = append(unit.GeneratedUnknown, g.file.Name)
			continue
		}
		unit.Generated = append(unit.Generated, g.file)
	}
	unit.Backend = c.backend
	unit.Passed = u.unitPassed(c)
	if len(c.inputs) > 0 || len(c.deps) > 0 {
		// Evaluated once now, dependency outputs unknown, so the files
		// the inputs read are among Files and their notes among Notes
		// (Inputs adds only what the outputs change).
		u.inputsObject(c, newEnv(cty.DynamicVal))
		var mu sync.Mutex
		unit.Inputs = func(outputs func(dir string) (cty.Value, bool)) terraform.UnitInputs {
			mu.Lock()
			defer mu.Unlock()
			u.attach()
			defer u.detach()
			return u.inputs(f, c, outputs)
		}
	}
	if what, at, hit := u.ce.Exceeded(); hit {
		u.addNote(l.note(lint.Skipped, at, "terragrunt unit %s: evaluation stopped at %s; the rest of its values are unknown", l.rel(p.dir), what))
	}
	unit.Files = slices.Clone(u.files)
	unit.Notes = slices.Clone(u.notes)
	u.notes = nil
	return unit, true
}

// skipped says whether the unit is left out of a plan: its own skip is
// true, or its exclude block excludes it from plan (an unknown one does
// not).
func skipped(c *cfg) (string, hcl.Range, bool) {
	if c.skip != nil && c.skip.on {
		return "skip is true", c.skip.rng, true
	}
	if x := c.exclude; x.excludesPlan() {
		return fmt.Sprintf("its exclude block excludes it from plan (if is true, actions %s)", strings.Join(x.actions, ", ")), x.rng, true
	}
	return "", hcl.Range{}, false
}

// source fills the unit's module source from its terraform block.
func (u *unitEval) source(unit *terraform.Unit, c *cfg) {
	t := c.tf
	if t == nil {
		if u.dir != u.phys {
			unit.Source = u.phys // a stack's unit: the files copied from its source
		}
		return
	}
	unit.Range, unit.SourceRange = t.blockRange, t.srcRange
	switch {
	case !t.set:
		if u.dir != u.phys {
			unit.Source = u.phys
		}
		return
	case t.unknownNote:
		why := ""
		if t.why != "" {
			why = " (" + t.why + ")"
		}
		u.addNote(u.l.note(lint.Unresolved, t.srcRange, "terragrunt unit %s: the terraform source is unknown%s; the module it calls is not read", u.l.rel(u.dir), why))
		unit.Source, unit.Range = "", t.srcRange
		return
	}
	src, version, err := moduleSource(t.source, u.dir)
	if err != nil {
		u.addNote(u.l.note(lint.Skipped, t.srcRange, "terragrunt: %v; the module is not read", err))
		return
	}
	unit.Source, unit.Version = src, version
	if filepath.IsAbs(src) && (filepath.Clean(src) == filepath.Clean(u.dir) || filepath.Clean(src) == filepath.Clean(u.phys)) {
		// The unit's own directory ("..//live/app" from live/app):
		// Terragrunt runs the files there, as with no source.
		unit.Source, unit.Version = "", ""
		if u.dir != u.phys {
			unit.Source = u.phys
		}
		return
	}
	if !filepath.IsAbs(src) {
		if version != "" {
			src += " " + version
		}
		u.l.producers[u.dir] = fmt.Sprintf("; its module, %s, is not in the tree: faultline reads such a module from a built-in model or a module cache, which may lack outputs it has, or not at all", src)
		return
	}
	switch phys := u.toPhys(src); {
	case !u.l.isDir(phys):
		u.l.producers[u.dir] = fmt.Sprintf("; its module directory %s is not in the scanned tree", u.l.rel(src))
		u.addNote(u.l.note(lint.Skipped, t.srcRange, "terragrunt unit %s: the module directory %s is not in the scanned tree", u.l.rel(u.dir), u.l.rel(src)))
	case !u.l.holdsModule(phys) && !u.l.holdsModule(u.phys):
		what := ""
		if u.l.exists(filepath.Join(phys, unitFile)) {
			what = ", only a terragrunt.hcl (a unit's configuration, which Terragrunt does not read as a module)"
		}
		u.addNote(u.l.note(lint.Skipped, t.srcRange, "terragrunt unit %s: the module directory %s holds no Terraform files%s; the module the unit runs is empty", u.l.rel(u.dir), u.l.rel(src), what))
	}
}

// dependencyDirs are the directories of the dependency blocks, then the
// dependencies paths, each once.
func dependencyDirs(c *cfg) []string {
	var out []string
	add := func(d string) {
		if d != "" && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	for _, d := range c.deps {
		add(d.dir)
	}
	for _, p := range c.paths {
		add(p.dir)
	}
	return out
}

// noteCycles notes each cycle among the units' dependencies once, at the
// unit where it is first met.
func (l *loader) noteCycles() {
	byDir := map[string]*terraform.Unit{}
	for i := range l.res.Units {
		byDir[l.res.Units[i].Dir] = &l.res.Units[i]
	}
	state := map[string]int{} // 1 visiting, 2 done
	var stack []string
	var visit func(d string)
	visit = func(d string) {
		state[d] = 1
		stack = append(stack, d)
		for _, next := range byDir[d].Dependencies {
			if byDir[next] == nil {
				continue
			}
			switch state[next] {
			case 0:
				visit(next)
			case 1:
				l.noteCycle(byDir[next], stack[slices.Index(stack, next):])
			}
		}
		stack = stack[:len(stack)-1]
		state[d] = 2
	}
	for i := range l.res.Units {
		if d := l.res.Units[i].Dir; state[d] == 0 {
			visit(d)
		}
	}
}

// noteCycle records a dependency cycle at the unit u where it closes.
func (l *loader) noteCycle(u *terraform.Unit, cycle []string) {
	var names []string
	for _, d := range append(slices.Clone(cycle), cycle[0]) {
		names = append(names, l.rel(d))
	}
	r := u.Range
	if r.Filename == "" {
		r = hcl.Range{Filename: u.Config, Start: hcl.InitialPos, End: hcl.InitialPos}
	}
	l.res.Notes = append(l.res.Notes, l.note(lint.Skipped, r, "terragrunt: the units depend on each other in a cycle (%s); their dependency outputs are unknown", strings.Join(names, " → ")))
}
