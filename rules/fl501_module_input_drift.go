package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/go-version"
)

// ModuleInputDrift reports a registry module input the module version in
// use does not declare, or whose meaning a major version changed.
var ModuleInputDrift = &lint.Rule{
	ID:       "FL501",
	Name:     "module-input-drift",
	Severity: lint.Warning,
	Summary:  "a module input the module version does not declare, or whose meaning changed between majors",
	Since:    "0.1.0",
	Doc: `A registry module's inputs change between versions: a major renames them,
removes them, or gives an old name a new meaning. A call written for one
version and then upgraded keeps passing the old inputs. An input the version
does not declare makes Terraform reject the call ("Unsupported argument"); an
input whose name survived with a new meaning is accepted and does something
else than the code's author meant.

The karpenter submodule of terraform-aws-modules/eks is the usual example. Up
to v19, ` + "`create_iam_role`" + `, ` + "`iam_role_arn`" + ` and ` + "`iam_role_name`" + ` described the
node role; from v20 ` + "`create_iam_role`" + ` and ` + "`iam_role_*`" + ` describe the Karpenter
controller's role, ` + "`iam_role_arn`" + ` is gone, and the node role is
` + "`create_node_iam_role`" + ` / ` + "`node_iam_role_arn`" + ` / ` + "`node_iam_role_name`" + `. A v19 call that
reused a node group's role (` + "`create_iam_role = false`" + `, ` + "`iam_role_arn = …`" + `),
upgraded to v20, fails on ` + "`iam_role_arn`" + ` and — once that line is dropped —
silently stops creating the controller's role instead of reusing the node
role.

## The chain

1. A module call passes an input written for another version of the module.
2. The version in use does not declare it (Terraform rejects the call), or
   reads it with another meaning.
3. The upgrade is blocked, or the module builds something else than the
   code says: here a controller without its role, nodes with a new role.

The module's variables come from its code: the module cache
(` + "`.terraform/modules`" + `) or faultline's built-in model of the module at the
version the call's constraint allows (assumed, and the finding one severity
lower, when the constraint allows versions that differ — unless none of the
models of the versions it allows declares the input: then every version
refuses it). A call without a
version constraint is compared with the newest modelled version, which is
what ` + "`terraform init`" + ` installs: an input only later releases of that major
declare is not reported; one no modelled version declares is refused by
whichever release is installed (not lowered). A git source pinned to a commit
(` + "`?ref=<hash>`" + `) installs that commit, whose release faultline does not know:
it is read at the newest modelled version its inputs fit, and compared
with that; when none fits, the commit is a release no model describes,
and the call is not modelled (a coverage note) rather than read at a
version it does not fit. A ` + "`version`" + ` argument on a git source or
a local path is FL000: ` + "`terraform init`" + ` refuses it. Calls of local
modules are checked by Terraform itself: an input a local module does not
declare is FL000. Calls whose code was not read are never reported.

An input the version declares with an object type (the eks module's
` + "`eks_managed_node_groups`" + `, ` + "`addons`" + ` and ` + "`access_entries`" + ` from v21, which v20
took as any object) is converted to that type, and the conversion drops
every attribute the type does not declare without an error: an add-on's
` + "`version`" + ` (the type says ` + "`addon_version`" + `), a v20 node group's ` + "`cluster_version`" + `, a
misspelt attribute. Each such attribute is reported where it is written, in
the call or in the local value the call passes, down through maps, lists and
nested objects. Attributes are read as the call writes them: an object a
` + "`for`" + ` expression, a function or a variable builds, or a key known only when
evaluated, is not judged. The types come from the module's code (the module
cache) or from the built-in model, whose object types are the real
module's (those of the eks module's root v21 at its newest modelled
release; no release a model stands for declares an attribute its types
lack).

A Terragrunt unit gives its ` + "`inputs`" + ` as ` + "`TF_VAR_`" + ` environment variables,
which Terraform ignores when the module declares no such variable: the run
succeeds and the input does nothing. So for a unit, an input is reported
only when it is drift — another version of the module declares it, or a
major renamed it — and the finding says the input has no effect; an input
no version declares (a setting a root ` + "`root.hcl`" + ` gives every unit) is not.

## Example

` + "```hcl" + `
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.0"

  cluster_name    = module.eks.cluster_name
  create_iam_role = false                                                     # FL501: the controller role now
  iam_role_arn    = module.eks.eks_managed_node_groups["core"].iam_role_arn  # FL501: not declared in v20
}
` + "```" + `

## How to fix

Rename the input to the one the version declares (the module's UPGRADE guide
lists them): for the karpenter submodule from v20, reuse a node role with
` + "`create_node_iam_role = false`" + ` and ` + "`node_iam_role_arn`" + `, and leave
` + "`create_iam_role`" + ` to the controller's role. Or pin the version the call was
written for.`,
	Check: checkModuleInputDrift,
}

func checkModuleInputDrift(p *lint.Pass) {
	// An input written once for several calls (a Terragrunt file every
	// unit includes, a module several roots call) is one finding: each
	// later call's is keyed as the first's, so it adds its call site to
	// it (lint.Dedupe) rather than standing apart or being left out.
	first := map[string]string{}
	for _, c := range p.Model.ModuleCalls {
		if !c.Complete {
			continue
		}
		d := newCallDrift(c)
		for _, in := range c.Inputs {
			key := in.Range.String() + "|" + in.Name
			d.keyAddr = c.Addr
			if a, ok := first[key]; ok {
				d.keyAddr = a
			} else {
				first[key] = c.Addr
			}
			d.check(p, in)
		}
	}
}

// callDrift is one call, read at the version its code stands for.
type callDrift struct {
	c *lint.ModuleCall
	// keyAddr is the call address the findings are keyed by: the first
	// call that passes the same input as written.
	keyAddr string
	v       *version.Version
	// v is the lowest version the call may use; change the major change
	// every version it may use comes after, if any.
	change *majorChange
}

func newCallDrift(c *lint.ModuleCall) *callDrift {
	d := &callDrift{c: c}
	if v, err := version.NewVersion(c.Lowest); err == nil {
		d.v = v
	}
	for i := range majorChanges {
		ch := &majorChanges[i]
		since, err := version.NewVersion(ch.Since)
		if err == nil && d.v != nil && c.Module == ch.Module && !d.v.LessThan(since) {
			d.change = ch
		}
	}
	return d
}

// check reports one input.
func (d *callDrift) check(p *lint.Pass, in lint.ModuleInput) {
	mv, ok := d.c.Variables[in.Name]
	switch {
	case !ok:
		d.reportUndeclared(p, in, "", false)
	case mv.Declared == lint.No:
		d.reportUndeclared(p, in, strings.Join(mv.Versions, " or "), false)
	case mv.Declared == lint.Maybe && d.c.Assumed != "":
		d.reportUndeclared(p, in, strings.Join(mv.Versions, " or "), true)
	case mv.Declared == lint.Maybe:
		p.Unresolved(fmt.Sprintf("%s: whether the module version declares input %s is unknown (only versions %s do)", d.c.Label, in.Name, strings.Join(mv.Versions, " or ")), in.Range)
	default:
		d.checkMoved(p, in)
	}
	for _, dr := range in.Dropped {
		d.reportDropped(p, in, dr)
	}
}

// reportDropped reports an attribute of an input that the variable's
// object type does not declare: Terraform drops it without a word.
func (d *callDrift) reportDropped(p *lint.Pass, in lint.ModuleInput, dr lint.DroppedAttribute) {
	c := d.c
	at := d.versionTextFor(in.Name)
	hint := fmt.Sprintf("remove %s, or set the attribute the type declares for what it means (the variable %s in the module's variables.tf)", dr.Name, in.Name)
	if len(dr.Declared) <= 8 {
		hint = fmt.Sprintf("remove %s, or set the attribute the type declares for what it means (%s)", dr.Name, strings.Join(dr.Declared, ", "))
	}
	if to, ok := renamedAttribute(dr); ok {
		hint = fmt.Sprintf("rename %s to %s, the attribute the type declares for it", dr.Name, to)
	}
	p.Report(lint.Finding{
		Range:   dr.Range,
		Message: fmt.Sprintf("%s passes %s, an attribute the type of input %s at %s does not declare: Terraform converts the input to its type and drops the attribute without an error", c.Label, dr.Path, in.Name, at),
		Related: []lint.Location{d.callSiteFor(in.Name)},
		Chain: []string{
			fmt.Sprintf("%s sets %s", c.Label, dr.Path),
			fmt.Sprintf("%s at %s types %s as an object without attribute %s", c.Source, at, strings.TrimSuffix(dr.Path, "."+dr.Name), dr.Name),
			"validate, plan and apply succeed, and the module never sees the setting: what it was meant to set keeps the module's default",
		},
		Hint:     hint,
		Inferred: d.inferredFor(in.Name, false),
		Key:      "call=" + d.keyAddr + "|dropped=" + dr.Path,
		Roots:    rootsOf(c),
	})
}

// renamedAttribute is the one attribute the object's type declares that
// the dropped one was likely meant as: its singular or plural
// (conditions → condition), else the one with the same last word
// (version → addon_version), if there is exactly one.
func renamedAttribute(dr lint.DroppedAttribute) (string, bool) {
	for _, n := range dr.Declared {
		if n+"s" == dr.Name || dr.Name+"s" == n {
			return n, true
		}
	}
	last := func(s string) string { return s[strings.LastIndex(s, "_")+1:] }
	var found []string
	for _, n := range dr.Declared {
		if n != dr.Name && last(n) == last(dr.Name) {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// declares reports whether every version the call may use declares name.
func (d *callDrift) declares(name string) bool {
	mv, ok := d.c.Variables[name]
	return ok && mv.Declared == lint.Yes
}

// move is the table's entry for an input of this call, if any.
func (d *callDrift) move(name string) (inputMove, bool) {
	if d.change == nil {
		return inputMove{}, false
	}
	for _, m := range d.change.Moves {
		if m.Input == name {
			return m, true
		}
	}
	return inputMove{}, false
}

// writtenForOlder reports whether the call shows it was written for the
// major before the change: it passes an input the change moved away that
// this version no longer declares, and none of the inputs the change
// renamed them to.
func (d *callDrift) writtenForOlder() bool {
	if d.change == nil {
		return false
	}
	old := false
	for _, m := range d.change.Moves {
		if _, ok := d.c.Input(m.Renamed); ok {
			return false
		}
		if _, ok := d.c.Input(m.Input); ok && !d.declares(m.Input) {
			old = true
		}
	}
	return old
}

func (d *callDrift) versionText() string { return d.versionTextFor("") }

// versionTextFor is versionText for a finding on input (""
// none): an input no version the constraint allows declares is judged
// at all of them, not at the model assumed.
func (d *callDrift) versionTextFor(input string) string {
	c := d.c
	switch {
	case c.NoneDeclare[input] && c.Constraint == "":
		return "every version (each of its built-in models; no version constraint is written)"
	case c.NoneDeclare[input]:
		return "every version " + c.Constraint + " allows (each of its built-in models)"
	case c.Resolution == "cached" && c.Version != "":
		return "version " + c.Version + " (installed in the module cache)"
	case c.Resolution == "cached":
		return "the version in the module cache"
	case c.Version != "":
		return "version " + c.Version
	case c.Assumed != "":
		return "its built-in model " + modelVersion(c.Model) + " (assumed: " + c.Assumed + ")"
	case c.Constraint != "":
		return "versions " + c.Constraint + " (built-in model " + modelVersion(c.Model) + ")"
	}
	return "its built-in model " + modelVersion(c.Model)
}

func (d *callDrift) callSite() lint.Location { return d.callSiteFor("") }

// callSiteFor is callSite for a finding on input (versionTextFor).
func (d *callDrift) callSiteFor(input string) lint.Location {
	return lint.Location{Range: d.c.Range, Message: d.c.Label + " calls " + d.c.Source + " at " + d.versionTextFor(input)}
}

// inferred is what a finding rests on that is assumed: the model's
// version, and (some) that only some allowed versions lack the input.
func (d *callDrift) inferred(some bool) []string { return d.inferredFor("", some) }

// inferredFor is inferred for a finding on input: an input no allowed
// version declares does not rest on the version assumed.
func (d *callDrift) inferredFor(input string, some bool) []string {
	var out []string
	if d.c.Assumed != "" && !d.c.NoneDeclare[input] {
		out = append(out, d.c.Label+" read as "+d.c.Model+" ("+d.c.Assumed+")")
	}
	if some {
		out = append(out, "only some of the versions "+d.c.Label+" may use declare the input")
	}
	return out
}

// reportUndeclared reports an input the version does not declare; only
// names the versions that do, when the code says.
func (d *callDrift) reportUndeclared(p *lint.Pass, in lint.ModuleInput, only string, some bool) {
	c := d.c
	m, moved := d.move(in.Name)
	if c.Ignored != "" && only == "" && c.Elsewhere[in.Name] == "" && !moved {
		// An input no version of the module declares, given by a tool
		// whose undeclared inputs Terraform ignores: a setting shared by
		// many units (Terragrunt's root inputs), not drift.
		return
	}
	msg := fmt.Sprintf("%s passes input %s, which %s at %s does not declare: Terraform rejects the call (Unsupported argument)", c.Label, in.Name, c.Source, d.versionTextFor(in.Name))
	if some {
		msg = fmt.Sprintf("%s passes input %s, which not every version of %s it may use declares: Terraform rejects the call at the others (Unsupported argument)", c.Label, in.Name, c.Source)
	}
	outcome := "validate, plan and apply fail with \"Unsupported argument\" until the input is removed or renamed (terraform init does not check the inputs a call passes)"
	if c.Ignored != "" {
		msg = fmt.Sprintf("%s passes input %s, which %s at %s does not declare: %s, and Terraform ignores those a module does not declare, so the input has no effect", c.Label, in.Name, c.Source, d.versionTextFor(in.Name), c.Ignored)
		if some {
			msg = fmt.Sprintf("%s passes input %s, which not every version of %s it may use declares: %s, and at the others Terraform ignores it, so it has no effect", c.Label, in.Name, c.Source, c.Ignored)
		}
		outcome = "plan and apply succeed, but the module never sees the input: what it was meant to set keeps the module's default"
	}
	hint := "remove the input, or pin a version of the module that declares it"
	switch {
	case only != "":
		msg += "; only versions " + only + " declare it"
	case c.Elsewhere[in.Name] != "":
		msg += "; of the versions faultline models, " + c.Elsewhere[in.Name] + " declare it"
	}
	if moved {
		msg += fmt.Sprintf("; before v%s it was %s, now input %s", d.change.Since, m.Then, m.Renamed)
		hint = fmt.Sprintf("rename %s to %s (%s)", in.Name, m.Renamed, d.change.Cite)
	}
	p.Report(lint.Finding{
		Range:   in.Range,
		Message: msg,
		Related: []lint.Location{d.callSiteFor(in.Name)},
		Chain: []string{
			fmt.Sprintf("%s passes %s", c.Label, in.Name),
			fmt.Sprintf("%s at %s declares no variable %s", c.Source, d.versionTextFor(in.Name), in.Name),
			outcome,
		},
		Hint:     hint,
		Inferred: d.inferredFor(in.Name, some),
		Key:      "call=" + d.keyAddr + "|input=" + in.Name,
		Roots:    rootsOf(c),
	})
}

// checkMoved reports an input the version declares with the meaning a
// major gave it, when the call was evidently written for the major before.
func (d *callDrift) checkMoved(p *lint.Pass, in lint.ModuleInput) {
	m, ok := d.move(in.Name)
	if !ok || m.Now == "" || !d.writtenForOlder() {
		return
	}
	c := d.c
	what := in.Name
	if s, known := in.Value.Str(); known {
		what += " = " + s
	}
	p.Report(lint.Finding{
		Range:   in.Range,
		Message: fmt.Sprintf("%s sets %s, which from v%s of %s is %s, not %s (that is %s now)", c.Label, what, d.change.Since, c.Source, m.Now, m.Then, m.Renamed),
		Related: []lint.Location{d.callSite()},
		Chain: []string{
			fmt.Sprintf("%s is written for the major before v%s: it passes inputs that version renamed away", c.Label, d.change.Since),
			fmt.Sprintf("at %s, %s is %s", d.versionText(), in.Name, m.Now),
			fmt.Sprintf("the module applies %s to that, and %s, which the code meant, keeps the module's default", in.Name, m.Then),
		},
		Hint:     fmt.Sprintf("set %s for %s, and %s only for what it means now (%s)", m.Renamed, m.Then, in.Name, d.change.Cite),
		Inferred: d.inferred(false),
		Key:      "call=" + d.keyAddr + "|moved=" + in.Name,
		Roots:    rootsOf(c),
	})
}

// modelVersion is the versions part of a model's name: what follows the
// module's key, which holds no space ("v20.8.0 and later v20.x" of
// "…//modules/karpenter v20.8.0 and later v20.x").
func modelVersion(model string) string {
	if _, versions, ok := strings.Cut(model, " "); ok {
		return versions
	}
	return model
}
