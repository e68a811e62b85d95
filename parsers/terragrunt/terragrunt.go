// Package terragrunt reads Terragrunt configuration (terragrunt.hcl units,
// the files they include or read, terragrunt.stack.hcl stacks) into
// terraform.Unit values: a module source, the inputs it is called with,
// the files generated into it, its backend and the units it depends on.
// Nothing is run: functions that would run a command, call AWS or read the
// environment give unknown values.
package terragrunt

import (
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/zclconf/go-cty/cty"
)

// Options configure Load.
type Options struct {
	// Root is the scan root (absolute); get_repo_root() is the tree's
	// repository top level, else Root.
	Root string
	// Tree confines every read; nil reads anything (parser tests only).
	Tree *treefs.Tree
	// Rel turns an absolute path into the path findings show.
	Rel func(abs string) string
	// Holes is the run's sentinel codec; unknown strings are its holes.
	Holes *lint.Holes
	// WallStops, when set, counts the units (and stacks) whose
	// evaluation the wall-clock backstop stopped, each once (the run's;
	// see runbudget.WallStops).
	WallStops *runbudget.WallStops
	// Deadline is the wall-clock backstop of each unit's evaluation
	// (zero: the default, 60 s; tests lower it).
	Deadline time.Duration
}

// Result is what Load read.
type Result struct {
	// Units are the units found, sorted by Dir.
	Units []terraform.Unit
	// Notes are coverage notes not tied to one unit (stacks, cycles).
	Notes []lint.Note
	// Diagnostics are the files that could not be read or parsed (FL000),
	// each once.
	Diagnostics []lint.Diagnostic
	// Files are every file read, sorted.
	Files []string
	// SkippedModules are the module directories of the units left out
	// because Terragrunt skips them (skip, exclude): the local directory
	// their source names, or their own directory when they name none:
	// modules of units, not roots of their own, whether or not a unit of
	// Units calls them too (absolute, cleaned, sorted, each once).
	SkippedModules []string
}

// File names Terragrunt gives meaning to.
const (
	unitFile  = "terragrunt.hcl"
	stackFile = "terragrunt.stack.hcl"
	stackDir  = ".terragrunt-stack"
)

// Load reads the Terragrunt configuration files among files (absolute
// paths of terragrunt.hcl and terragrunt.stack.hcl files discovered in the
// tree) into units. A terragrunt.hcl another one includes is a shared
// configuration, not a unit; a terragrunt.hcl a stack names as a unit
// source is read as the unit the stack generates; the stacks and units in
// a catalog the configuration declares are templates, not read on their
// own.
func Load(files []string, opts Options) Result { return load(files, opts).res }

// load is Load, returning the loader (tests read its counters).
func load(files []string, opts Options) *loader {
	l := newLoader(opts)
	var units, stacks []string
	for _, f := range files {
		switch filepath.Base(f) {
		case unitFile:
			units = append(units, filepath.Clean(f))
		case stackFile:
			stacks = append(stacks, filepath.Clean(f))
		}
	}
	sort.Strings(units)
	sort.Strings(stacks)
	l.unitConfigs = map[string]bool{}
	for _, u := range units {
		l.unitConfigs[u] = true
	}
	type stackRead struct {
		units []plannedUnit
		notes []lint.Note
	}
	reads := make([]stackRead, len(stacks))
	var stackUnits []plannedUnit
	templates := map[string]bool{}
	for i, s := range stacks {
		reads[i].units, reads[i].notes = l.readStack(s)
		for _, p := range reads[i].units {
			stackUnits = append(stackUnits, p)
			templates[p.config] = true
		}
	}
	included, catalogs := l.scan(units, stackUnits)
	var planned []plannedUnit
	for i, s := range stacks {
		if c := catalogs.of(s); c != nil {
			c.stacks++
			continue
		}
		planned = append(planned, reads[i].units...)
		l.res.Notes = append(l.res.Notes, reads[i].notes...)
	}
	for _, u := range units {
		if c := catalogs.of(u); c != nil {
			c.units++
			continue
		}
		if included[u] || templates[u] {
			continue
		}
		planned = append(planned, plannedUnit{config: u, dir: filepath.Dir(u)})
	}
	l.noteCatalogs(catalogs)
	for _, p := range planned {
		if u, ok := l.unit(p); ok {
			l.res.Units = append(l.res.Units, u)
		}
	}
	sort.Slice(l.res.Units, func(i, j int) bool { return l.res.Units[i].Dir < l.res.Units[j].Dir })
	sort.Strings(l.res.SkippedModules)
	l.res.SkippedModules = slices.Compact(l.res.SkippedModules)
	l.noteCycles()
	for f := range l.read {
		l.res.Files = append(l.res.Files, f)
	}
	sort.Strings(l.res.Files)
	l.done = true
	return l
}

// plannedUnit is a unit to read: its configuration file (as it lies in
// the tree) and the directory it is the unit of (for a stack's unit, the
// directory the stack generates it into).
type plannedUnit struct {
	config, dir string
	// values are the stack's values for the unit (cty.NilVal outside a
	// stack).
	values cty.Value
	// path is the stack unit's path as written ("" outside a stack).
	path string
}
