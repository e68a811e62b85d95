package terraform

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// UnitCall is the name of the module call a unit's root makes: a unit's
// addresses read module.terragrunt.… (the module its terraform { source }
// names), its directory qualifying them as a root directory does.
const UnitCall = "terragrunt"

// unitChildren are the local module directories the units call: modules,
// not roots of their own.
func unitChildren(units []Unit, skipped []string) map[string]bool {
	out := map[string]bool{}
	for _, d := range skipped {
		out[filepath.Clean(d)] = true
	}
	for i := range units {
		u := &units[i]
		if src := unitSource(u); modsource.IsLocal(src) {
			out[filepath.Clean(filepath.Join(u.Dir, src))] = true
		}
		out[filepath.Clean(u.Dir)] = true
	}
	return out
}

// evaluateUnitRoot evaluates unit u as a root once its dependencies are
// evaluated: outputs reads what they produced. finish completes the
// root's output with what the unit's configuration says.
func (l *loader) evaluateUnitRoot(u *Unit, in UnitInputs) (e *eval.Evaluator, finish func(*kept.RootOutput)) {
	var values []eval.RootInput
	for _, v := range in.Values {
		values = append(values, eval.RootInput{Name: v.Name, Value: v.Value})
	}
	var notes []lint.Note
	var diags []lint.Diagnostic
	switch {
	case u.Source == "" && l.Module(u.Dir) == nil && !generatesConfig(u.Generated):
		e = l.EmptyRoot(u.Dir)
		if u.SourceRange.Filename == "" {
			// A source written but unknown has the unit's own note.
			notes = append(notes, lint.Note{Kind: lint.Skipped, What: fmt.Sprintf("terragrunt unit %s names no terraform source and holds no Terraform configuration; not evaluated", l.Rel(u.Dir)), Range: l.Rng(u.Range)})
		}
	case u.Source == "":
		// Run in place: the files the unit generates are written into
		// its directory, over those of the same names.
		m, gdiags, generated := l.InPlaceUnitModule(u.Dir, u.Generated, u.GeneratedUnknown)
		if !generated {
			m = nil
		}
		diags = append(diags, gdiags...)
		e = l.EvaluateRoot(u.Dir, m, eval.RootInputs{Files: true, Values: values, Passed: u.Passed})
	default:
		var m *eval.Module
		args := make([]eval.CallArg, len(in.Values))
		for i, v := range in.Values {
			args[i] = eval.CallArg{Name: v.Name, Value: v.Value, Range: v.Range, NameRange: v.NameRange}
		}
		m, diags = l.UnitModule(eval.UnitRoot{Dir: u.Dir, Config: u.Config, Generated: u.Generated, GeneratedUnknown: u.GeneratedUnknown, Call: UnitCall, Source: unitSource(u), Version: u.Version, Range: u.Range, SourceRange: u.SourceRange}, args)
		e = l.EvaluateRoot(u.Dir, m, eval.RootInputs{Values: values, Beneath: unitSourceDir(u), Passed: u.Passed})
	}
	finish = func(out *kept.RootOutput) {
		out.VarDiags = append(out.VarDiags, diags...)
		out.Notes = append(out.Notes, notes...)
		out.Notes = append(append(out.Notes, u.Notes...), in.Notes...)
		out.VarDiags = append(out.VarDiags, u.Diagnostics...)
		out.VarFiles = append(out.VarFiles, u.Files...)
		rel := l.Rel(u.Dir)
		clusters := map[string]string{}
		for _, ent := range out.Entities {
			if o := ent.Base(); isAddressLabel(o.Label) {
				o.Label = unitLabel(rel, o.Label)
			}
			if cl, ok := ent.(*lint.Cluster); ok {
				clusters[cl.Addr] = cl.Label
			}
		}
		// The security group EKS creates is named after its cluster.
		for _, ent := range out.Entities {
			if sg, ok := ent.(*lint.SecurityGroup); ok && sg.ClusterOf != "" {
				if label, ok := clusters[sg.ClusterOf]; ok {
					sg.Label = lint.ClusterSecurityGroupLabel(label)
				}
			}
		}
		var inferred []string
		for _, v := range in.Values {
			if v.Inferred != "" && !slices.Contains(inferred, v.Inferred) {
				inferred = append(inferred, v.Inferred)
			}
		}
		if len(inferred) > 0 {
			sort.Strings(inferred)
			for _, ent := range out.Entities {
				o := ent.Base()
				o.Inferred = append(o.Inferred, inferred...)
			}
		}
	}
	return e, finish
}

// unitOrder orders units so that every unit comes after the units it
// depends on (path order otherwise); a dependency in a cycle, or on a
// directory that is no unit, is dropped with a note.
func unitOrder(units []Unit, rel func(string) string) (order []int, deps [][]int, notes []lint.Note) {
	idx := map[string]int{}
	for i := range units {
		idx[filepath.Clean(units[i].Dir)] = i
	}
	byPath := make([]int, len(units))
	for i := range byPath {
		byPath[i] = i
	}
	sort.SliceStable(byPath, func(a, b int) bool { return units[byPath[a]].Dir < units[byPath[b]].Dir })
	deps = make([][]int, len(units))
	state := make([]int, len(units)) // 0 new, 1 on the stack, 2 done
	var visit func(i int)
	visit = func(i int) {
		state[i] = 1
		for _, d := range units[i].Dependencies {
			j, ok := idx[filepath.Clean(d)]
			if !ok {
				continue // not a unit: its outputs are unknown (the unit's own note)
			}
			switch state[j] {
			case 1:
				notes = append(notes, lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("terragrunt unit %s: its dependency on %s is part of a cycle; that dependency's outputs are unknown", rel(units[i].Dir), rel(units[j].Dir)), Range: lint.Range{File: rel(units[i].Config), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}})
				continue
			case 0:
				visit(j)
			}
			deps[i] = append(deps[i], j)
		}
		state[i] = 2
		order = append(order, i)
	}
	for _, i := range byPath {
		if state[i] == 0 {
			visit(i)
		}
	}
	return order, deps, notes
}

// unitLabel is how messages name an address of the unit at dir: the
// unit for its module call ("unit live/prod/eks"), the unit's directory
// before what lies in it ("[live/prod/eks] module.node_group.aws_iam_role.this"),
// as Terragrunt prefixes a unit's output; addresses keep module.terragrunt.
func unitLabel(dir, local string) string {
	if local == "module."+UnitCall {
		return "unit " + dir
	}
	if rest, ok := strings.CutPrefix(local, "module."+UnitCall+"."); ok {
		local = rest
	}
	return "[" + dir + "] " + local
}

// isAddressLabel reports whether a label is a Terraform address (entities
// of a root are labelled by their address within it).
func isAddressLabel(label string) bool {
	_, ok := lint.ParseAddress(label)
	return ok
}

// unitSource is u's source as a module call in u's directory writes it: a
// local path relative to the directory.
// unitSourceDir is, for a unit whose source is a local module, the
// module's directory: Terragrunt copies it into the working directory
// under the unit's own files (RootInputs.Beneath).
func unitSourceDir(u *Unit) []string {
	src := unitSource(u)
	if !modsource.IsLocal(src) {
		return nil
	}
	dir, sub, _ := strings.Cut(src, "//")
	return []string{filepath.Clean(filepath.Join(u.Dir, dir, sub))}
}

func unitSource(u *Unit) string {
	if !filepath.IsAbs(u.Source) {
		return u.Source
	}
	rel, err := filepath.Rel(u.Dir, u.Source)
	if err != nil {
		return u.Source
	}
	rel = filepath.ToSlash(rel)
	if rel == "." || strings.HasPrefix(rel, "../") || rel == ".." {
		return rel
	}
	return "./" + rel
}

// generatesConfig reports whether a unit's generate blocks write a
// Terraform configuration file.
func generatesConfig(gen []eval.GeneratedFile) bool {
	return slices.ContainsFunc(gen, func(g eval.GeneratedFile) bool { return eval.IsConfigFile(g.Name) })
}
