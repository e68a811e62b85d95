package eval

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Terraform refuses a reference to a variable, local value, module call or
// resource the module does not declare, wherever the expression is: inside
// try() or can(), either branch of a conditional, the body of a for
// expression (terraform validate: "Reference to undeclared input
// variable", "… local value", "… module", "… resource"; checked with
// Terraform 1.11). It resolves references before it evaluates, so nothing
// catches the error. The content of a dynamic block is the exception: it
// is checked only for the blocks the for_each makes, so it is left out
// here, as is what Terraform reads as an address rather than an
// expression (moved, removed, import's to, lifecycle's ignore_changes, a
// provider reference) and the terraform block.

// fileBody is one native-syntax file of a module, kept for the checks of
// the tree's own code that run once the module is whole (summarize).
type fileBody struct {
	body     *hclsyntax.Body
	override bool
}

// refKind is what a reference names.
type refKind int

const (
	refVariable refKind = iota
	refLocal
	refModule
	refData
	refManaged
)

// declRef is one reference of the module's code to something it must
// declare: its kind, type (resources) and name, where it is written, and
// the top-level declaration it is in (unknownFunctions' keys; "" in an
// override file, whose code is always evaluated).
type declRef struct {
	kind      refKind
	typ, name string
	rng       hcl.Range
	key       string
	// output is, for a module call's output read as module.NAME.OUTPUT
	// (module.NAME[KEY].OUTPUT: indexed), the output and where it is
	// read.
	output    string
	outputRng hcl.Range
	indexed   bool
	// provider is, for a reference in a provider block, the configuration
	// the block is ("aws", "aws.west"): Terraform evaluates it only when
	// something uses that configuration (ProviderUsed).
	provider string
}

// notResourceRoots are the first names of references that are not
// resources: the other namespaces of Terraform's references.
var notResourceRoots = map[string]bool{
	"var": true, "local": true, "module": true, "data": true, "ephemeral": true,
	"count": true, "each": true, "self": true, "path": true, "terraform": true,
	"action": true,
}

// undeclaredRefs are Terraform's errors for the references of the module's
// own code to a variable, local value, module call or resource it does not
// declare. loose are those to a variable of a module that declares none,
// or to a local value of one that declares none: code written to sit
// beside declarations kept elsewhere, when the module is not called. A
// module with a file it did not read or that did not parse cleanly may
// declare what it misses there, and gives none.
func (m *Module) undeclaredRefs() (refs, loose hcl.Diagnostics, outputs []OutputRef, inProviders, looseInProviders map[string]hcl.Diagnostics) {
	if len(m.refused) > 0 || m.loadFailed() {
		return nil, nil, nil, nil, nil
	}
	scoped := map[string]bool{}
	var written []declRef
	for _, fb := range m.bodies {
		written = m.refsInFile(fb, written, scoped)
	}
	declared := m.declaredNames()
	for _, r := range written {
		if m.overridden[r.key] && r.key != "" {
			continue
		}
		if r.output != "" && declared["module."+r.name] {
			outputs = append(outputs, OutputRef{Call: r.name, Output: r.output, Indexed: r.indexed, Range: r.outputRng})
		}
		var summary, detail string
		switch r.kind {
		case refVariable:
			if _, ok := m.variables[r.name]; ok {
				continue
			}
			summary = "Reference to undeclared input variable"
			detail = fmt.Sprintf("An input variable with the name %q has not been declared. This variable can be declared with a variable %q {} block.", r.name, r.name)
		case refLocal:
			if _, ok := m.locals[r.name]; ok {
				continue
			}
			summary = "Reference to undeclared local value"
			detail = fmt.Sprintf("A local value with the name %q has not been declared.", r.name)
		case refModule:
			if declared["module."+r.name] {
				continue
			}
			summary = "Reference to undeclared module"
			detail = fmt.Sprintf("No module call named %q is declared in this module.", r.name)
		case refData:
			if declared["data."+r.typ+"."+r.name] || scoped[r.typ+"."+r.name] {
				continue
			}
			summary = "Reference to undeclared resource"
			detail = fmt.Sprintf("A data resource %q %q has not been declared in this module.", r.typ, r.name)
		case refManaged:
			if declared[r.typ+"."+r.name] {
				continue
			}
			summary = "Reference to undeclared resource"
			detail = fmt.Sprintf("A managed resource %q %q has not been declared in this module.", r.typ, r.name)
		}
		d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: r.rng.Ptr()}
		isLoose := r.kind == refVariable && len(m.variables) == 0 || r.kind == refLocal && len(m.locals) == 0
		switch {
		case isLoose && r.provider != "":
			// Reported only when the configuration is used, as any
			// reference of a provider block.
			if looseInProviders == nil {
				looseInProviders = map[string]hcl.Diagnostics{}
			}
			looseInProviders[r.provider] = append(looseInProviders[r.provider], d)
		case isLoose:
			loose = append(loose, d)
		case r.provider != "":
			if inProviders == nil {
				inProviders = map[string]hcl.Diagnostics{}
			}
			inProviders[r.provider] = append(inProviders[r.provider], d)
		default:
			refs = append(refs, d)
		}
	}
	for k, ds := range inProviders {
		inProviders[k] = sortedDiags(ds)
	}
	for k, ds := range looseInProviders {
		looseInProviders[k] = sortedDiags(ds)
	}
	refs = append(append(refs, m.repetitionRefs()...), m.movedStillDeclared()...)
	return sortedDiags(refs), sortedDiags(loose), outputs, inProviders, looseInProviders
}

// repetitionRefs are Terraform's errors for count.* and each.* where the
// block sets no count or for_each (terraform validate, checked with
// Terraform 1.11): "Reference to "count" in non-counted context", and
// "Reference to "each" in context without for_each" (each.value in a
// counted block has an error of its own). Locals and outputs have
// neither. A provider block is left out (OpenTofu gives it for_each), as
// are dynamic blocks' content, what Terraform reads as an address, and
// the declarations an override file replaces (it may add the argument).
func (m *Module) repetitionRefs() hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, fb := range m.bodies {
		if fb.override {
			continue
		}
		for _, b := range fb.body.Blocks {
			key := b.Type + "." + strings.Join(b.Labels, ".")
			if m.overridden[key] {
				continue
			}
			var counted, each bool
			switch b.Type {
			case "resource", "data", "ephemeral", "module":
				_, counted = b.Body.Attributes["count"]
				_, each = b.Body.Attributes["for_each"]
			case "import":
				_, each = b.Body.Attributes["for_each"]
			case "locals", "output":
			default:
				continue
			}
			out = repetitionIn(b.Body, counted, each, out)
		}
	}
	return out
}

// repetitionIn appends the errors of count.* and each.* in body (not in
// its count and for_each arguments themselves, nor dynamic blocks).
func repetitionIn(body *hclsyntax.Body, counted, each bool, out hcl.Diagnostics) hcl.Diagnostics {
	for _, a := range attrsWritten(body) {
		if addressArguments[a.Name] || a.Name == "count" || a.Name == "for_each" {
			continue
		}
		for _, t := range a.Expr.Variables() {
			var summary, detail string
			switch {
			case t.RootName() == "count" && !counted:
				summary = `Reference to "count" in non-counted context`
				detail = `The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.`
			case t.RootName() == "each" && !each && counted && isAttr(t, "value"):
				summary = "each.value cannot be used in this context"
				detail = `A reference to "each.value" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its "for_each" expression. Remove this reference to each.value in your configuration to work around this error.`
			case t.RootName() == "each" && !each:
				summary = `Reference to "each" in context without for_each`
				detail = `The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.`
			default:
				continue
			}
			out = append(out, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: t.SourceRange().Ptr()})
		}
	}
	for _, b := range body.Blocks {
		if b.Type != "dynamic" {
			out = repetitionIn(b.Body, counted, each, out)
		}
	}
	return out
}

// isAttr reports whether t's second step is the attribute name.
func isAttr(t hcl.Traversal, name string) bool {
	if len(t) < 2 {
		return false
	}
	a, ok := t[1].(hcl.TraverseAttr)
	return ok && a.Name == name
}

// OutputRef is a read of a module call's output (kept.OutputRef).
type OutputRef = kept.OutputRef

// LocalCall is a call of a local module (kept.LocalCall).
type LocalCall = kept.LocalCall

// localCalls are the module's calls of local modules by name.
func (m *Module) localCalls() map[string]LocalCall {
	var out map[string]LocalCall
	for _, c := range m.calls {
		if !modsource.IsLocal(c.Source) {
			continue
		}
		if out == nil {
			out = map[string]LocalCall{}
		}
		out[c.name] = LocalCall{Dir: filepath.Clean(filepath.Join(m.Dir, c.Source)), Repeated: c.count != nil || c.forEach != nil}
	}
	return out
}

// outputNames are the outputs the module declares, when it is whole (every
// file read and parsed cleanly); nil otherwise.
func (m *Module) outputNames() []string {
	if len(m.refused) > 0 || m.loadFailed() {
		return nil
	}
	names := make([]string, 0, len(m.outputBlocks))
	for n := range m.outputBlocks {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// UnsupportedOutputs are Terraform's errors for reads, by the module that
// info summarises, of an output a local module it calls does not declare
// ("Unsupported attribute" at the output's name): child gives the summary
// of a called directory (nil when not parsed). A read by instance of a
// call without count or for_each, or of a whole call with them, is
// another error, left to Terraform; a child that is not whole, or in
// skip (a Terragrunt unit's source, which its generate blocks may give
// outputs), is not judged.
func UnsupportedOutputs(info *modInfo, child func(dir string) *modInfo, skip map[string]bool) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, r := range info.OutputRefs {
		c, ok := info.LocalCalls[r.Call]
		if !ok || c.Repeated != r.Indexed || skip[c.Dir] {
			continue
		}
		ci := child(c.Dir)
		if ci == nil || !ci.Exists || !ci.Whole || slices.Contains(ci.Outputs, r.Output) {
			continue
		}
		out = append(out, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Unsupported attribute",
			Detail: fmt.Sprintf("This object does not have an attribute named %q.", r.Output), Subject: r.Range.Ptr()})
	}
	return out
}

// sortedDiags are ds in the order of their files and places.
func sortedDiags(ds hcl.Diagnostics) hcl.Diagnostics {
	slices.SortStableFunc(ds, func(a, b *hcl.Diagnostic) int {
		return cmp.Or(strings.Compare(a.Subject.Filename, b.Subject.Filename), cmp.Compare(a.Subject.Start.Byte, b.Subject.Start.Byte))
	})
	return ds
}

// declaredNames are the module calls ("module.NAME") and resources
// ("TYPE.NAME", "data.TYPE.NAME") the module declares.
func (m *Module) declaredNames() map[string]bool {
	out := make(map[string]bool, len(m.calls)+len(m.Resources))
	for _, c := range m.calls {
		out["module."+c.name] = true
	}
	for _, r := range m.Resources {
		if r.Data {
			out["data."+r.Type+"."+r.Name] = true
		} else {
			out[r.Type+"."+r.Name] = true
		}
	}
	return out
}

// refsInFile appends the references of one file's top-level blocks, and
// records in scoped the data sources its check blocks declare (which
// their own assertions read).
func (m *Module) refsInFile(fb fileBody, refs []declRef, scoped map[string]bool) []declRef {
	for _, b := range fb.body.Blocks {
		key := b.Type + "." + strings.Join(b.Labels, ".")
		if fb.override {
			key = ""
		}
		switch b.Type {
		case "locals":
			for _, a := range attrsWritten(b.Body) {
				k := "locals." + a.Name
				if fb.override {
					k = ""
				}
				refs = refsIn(a.Expr, k, refs)
			}
		case "variable":
			for _, v := range b.Body.Blocks {
				if v.Type == "validation" {
					refs = refsInBody(v.Body, key, refs)
				}
			}
		case "check":
			for _, d := range b.Body.Blocks {
				if d.Type == "data" && len(d.Labels) == 2 {
					scoped[d.Labels[0]+"."+d.Labels[1]] = true
				}
			}
			refs = refsInBody(b.Body, key, refs)
		case "provider":
			n := len(refs)
			refs = refsInBody(b.Body, key, refs)
			config := providerConfigOf(b)
			for i := n; i < len(refs); i++ {
				refs[i].provider = config
			}
		case "resource", "data", "ephemeral", "module", "output", "import", "action":
			refs = refsInBody(b.Body, key, refs)
		}
	}
	return refs
}

// addressArguments are the arguments Terraform reads as addresses or
// provider references, not expressions.
var addressArguments = map[string]bool{"provider": true, "providers": true, "to": true, "ignore_changes": true}

// refsInBody appends the references in a block's body, its nested blocks
// but dynamic ones included.
func refsInBody(body *hclsyntax.Body, key string, refs []declRef) []declRef {
	for _, a := range attrsWritten(body) {
		if addressArguments[a.Name] {
			continue
		}
		n := len(refs)
		refs = refsIn(a.Expr, key, refs)
		if a.Name == "depends_on" {
			// Terraform checks a depends_on entry's module call, not the
			// output it names (module.x.ready waits for module.x).
			for i := n; i < len(refs); i++ {
				refs[i].output = ""
			}
		}
	}
	for _, b := range body.Blocks {
		if b.Type != "dynamic" {
			refs = refsInBody(b.Body, key, refs)
		}
	}
	return refs
}

// refsIn appends the references expr makes to variables, local values,
// module calls and resources. The names a for expression binds are not
// references (Variables leaves them out).
func refsIn(expr hclsyntax.Expression, key string, refs []declRef) []declRef {
	var guarded func(hcl.Range) bool
	for _, t := range expr.Variables() {
		r, ok := declRefOf(t)
		if !ok {
			continue
		}
		r.key = key
		if r.output != "" {
			// A missing output fails as the value is evaluated: try()
			// catches it, and a branch or a for body may never be.
			if guarded == nil {
				guarded = GuardedIn(expr)
			}
			if guarded(t.SourceRange()) {
				r.output = ""
			}
		}
		refs = append(refs, r)
	}
	return refs
}

// declRefOf reads a traversal as a reference to something declared, with
// the range Terraform reports: the namespace and the name (and type).
func declRefOf(t hcl.Traversal) (declRef, bool) {
	name := func(i int) (string, bool) {
		if i >= len(t) {
			return "", false
		}
		a, ok := t[i].(hcl.TraverseAttr)
		return a.Name, ok
	}
	span := func(i int) hcl.Range { return hcl.RangeBetween(t[0].SourceRange(), t[i].SourceRange()) }
	root := t.RootName()
	var r declRef
	switch root {
	case "var", "local", "module":
		n, ok := name(1)
		if !ok {
			return r, false
		}
		r.kind = map[string]refKind{"var": refVariable, "local": refLocal, "module": refModule}[root]
		r.name, r.rng = n, span(1)
		if root != "module" {
			break
		}
		out := 2
		if len(t) > 2 {
			if _, ok := t[2].(hcl.TraverseIndex); ok {
				r.indexed, out = true, 3
			}
		}
		if o, ok := name(out); ok {
			r.output, r.outputRng = o, t[out].SourceRange()
		}
	case "data":
		typ, ok1 := name(1)
		n, ok2 := name(2)
		if !ok1 || !ok2 {
			return r, false
		}
		r.kind, r.typ, r.name, r.rng = refData, typ, n, span(2)
	default:
		n, ok := name(1)
		if !ok || notResourceRoots[root] {
			return r, false
		}
		r.kind, r.typ, r.name, r.rng = refManaged, root, n, span(1)
	}
	return r, true
}

// explicitResourceRefs rewrites each reference written resource.TYPE.NAME,
// the explicit form Terraform reads as TYPE.NAME (addrs.ParseRef), into
// TYPE.NAME, so every reader of references (evaluation, dependencies, the
// checks above) sees one form. Files without the word are not walked.
func explicitResourceRefs(f *hcl.File) {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok || !bytes.Contains(f.Bytes, []byte("resource.")) {
		return
	}
	_ = hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
		st, ok := n.(*hclsyntax.ScopeTraversalExpr)
		if !ok || len(st.Traversal) < 3 || st.Traversal.RootName() != "resource" {
			return nil
		}
		typ, ok := st.Traversal[1].(hcl.TraverseAttr)
		if !ok {
			return nil
		}
		st.Traversal = append(hcl.Traversal{hcl.TraverseRoot{Name: typ.Name, SrcRange: typ.SrcRange}}, st.Traversal[2:]...)
		return nil
	})
}
