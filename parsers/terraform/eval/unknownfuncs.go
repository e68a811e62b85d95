package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// builtinFunctions are the names of every function Terraform (0.12 to
// 1.14, internal/lang/functions.go) or OpenTofu (base64gunzip,
// cidrcontains, urldecode) has had in configuration, including those
// since removed (list, map) and defaults, behind an experiment in 0.15 to
// 1.2: a call of any other name without a namespace is "Call to unknown
// function" to both, whatever their version. type is not one: the
// console has it, configuration does not. Provider-defined and namespaced functions (provider::…::…,
// terraform::…, tofu::…) are not checked.
var builtinFunctions = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`abs abspath alltrue anytrue base64decode base64encode base64gunzip
		base64gzip base64sha256 base64sha512 basename bcrypt can ceil chomp chunklist cidrcontains cidrhost
		cidrnetmask cidrsubnet cidrsubnets coalesce coalescelist compact concat contains csvdecode defaults dirname
		distinct element endswith ephemeralasnull file filebase64 filebase64sha256 filebase64sha512
		fileexists filemd5 fileset filesha1 filesha256 filesha512 flatten floor format formatdate
		formatlist indent index issensitive join jsondecode jsonencode keys length list log lookup lower
		map matchkeys max md5 merge min nonsensitive one parseint pathexpand plantimestamp pow range regex
		regexall replace reverse rsadecrypt sensitive setintersection setproduct setsubtract setunion sha1
		sha256 sha512 signum slice sort split startswith strcontains strrev substr sum templatefile
		templatestring textdecodebase64 textencodebase64 timeadd timecmp timestamp title tobool tolist
		tomap tonumber toset tostring transpose trim trimprefix trimspace trimsuffix try upper
		urldecode urlencode uuid uuidv5 values yamldecode yamlencode zipmap`) {
		builtinFunctions[n] = true
	}
}

// removedFunctions are the functions Terraform 0.12 deprecated and 0.15
// removed (internal/lang/funcs: ListFunc, MapFunc), by the literal
// syntax their error names: the names stay in the table (no "unknown
// function"), but every call fails its type check, "Error in function
// call", whatever the arguments.
var removedFunctions = map[string]string{"list": "tolist([ ... ])", "map": "tomap({ ... })"}

// unknownFunctions records Terraform's error for each call, in f, of a
// function neither Terraform nor OpenTofu has (a Terragrunt function a
// generate block wrote literally, a misspelt name), where terraform
// validate evaluates it whatever the values: not inside try() or can()
// (which catch the error, a deliberate fail-fast), a branch of a
// conditional, the body of a for expression or a dynamic block (which
// validate may never evaluate), nor a variable's type constraint
// (object(…) and optional(…) are no calls), nor what an override file
// replaces. Kept apart from the module's
// parse diagnostics, which decide whether its cached copy is evaluated:
// reported for the tree's own modules only (load.go).
func (m *Module) unknownFunctions(f *hcl.File, override bool) {
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return // JSON syntax: calls sit inside strings
	}
	for _, a := range attrsWritten(body) {
		m.unknownCalls(a.Expr, "")
	}
	for _, b := range body.Blocks {
		if b.Type == "locals" {
			for _, a := range attrsWritten(b.Body) {
				m.unknownIn(override, "locals."+a.Name, func(key string) { m.unknownCalls(a.Expr, key) })
			}
			continue
		}
		key := b.Type + "." + strings.Join(b.Labels, ".")
		m.unknownIn(override, key, func(key string) { m.unknownInBody(b.Body, b.Type, key) })
	}
}

// unknownIn checks what a top-level declaration (key: its block type and
// labels, a local's name) holds: an override file's declaration replaces
// what the base files write there, which Terraform then never evaluates;
// its own calls are always evaluated.
func (m *Module) unknownIn(override bool, key string, check func(key string)) {
	if !override {
		check(key)
		return
	}
	if m.overridden == nil {
		m.overridden = map[string]bool{}
	}
	m.overridden[key] = true
	check("")
}

// reportedCalls are the calls of unknown functions Terraform evaluates:
// those of declarations no override file replaces; the removed functions
// not when the module's required_version allows only Terraform before
// 0.15, which still has them.
func (m *Module) reportedCalls() hcl.Diagnostics {
	var out hcl.Diagnostics
	before015 := m.requiresBefore(removedIn)
	for i, d := range m.callDiags {
		if m.overridden[m.callKeys[i]] || before015 && d.Summary == removedSummary {
			continue
		}
		out = append(out, d)
	}
	return out
}

// loadFailed reports whether Terraform fails to load the module's
// configuration: an error of its own files, or a type written in quotes
// its required_version does not excuse (quotedTypeDiags). Terraform then
// checks nothing further in it.
func (m *Module) loadFailed() bool {
	return m.diags.HasErrors() || len(m.quotedTypeDiags()) > 0
}

// quotedTypeDiags are the variable types written in quotes, errors of the
// configuration's loading, unless the module's required_version allows
// only Terraform before 0.15, which only warns of them.
func (m *Module) quotedTypeDiags() hcl.Diagnostics {
	if m.requiresBefore(removedIn) {
		return nil
	}
	return m.quotedTypes
}

// removedIn is the Terraform release that removed removedFunctions.
var removedIn = version.Must(version.NewVersion("0.15.0"))

// removedSummary is the summary of a removed function's call.
const removedSummary = "Error in function call"

// requiresBefore reports whether the module's required_version
// constraints allow only Terraform releases before v (none written, or
// one that does not read: false).
func (m *Module) requiresBefore(v *version.Version) bool {
	if len(m.requiredVersions) == 0 {
		return false
	}
	r := modsource.AnyVersion
	for _, c := range m.requiredVersions {
		cr, ok := modsource.ParseConstraint(c)
		if !ok {
			return false
		}
		r = r.Intersect(cr)
	}
	later := modsource.VersionRange{Lo: modsource.VersionBound{Version: v, Inclusive: true}}
	return !r.Empty() && r.Intersect(later).Empty()
}

// attrsWritten are a body's attributes in the order they are written.
func attrsWritten(body *hclsyntax.Body) []*hclsyntax.Attribute {
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].SrcRange.Start.Byte < attrs[j].SrcRange.Start.Byte })
	return attrs
}

// unknownInBody is unknownFunctions for a body of a block of type typ,
// in the top-level declaration key.
func (m *Module) unknownInBody(body *hclsyntax.Body, typ, key string) {
	for _, a := range attrsWritten(body) {
		if typ == "variable" && a.Name == "type" {
			continue
		}
		m.unknownCalls(a.Expr, key)
	}
	for _, b := range body.Blocks {
		if b.Type != "dynamic" {
			m.unknownInBody(b.Body, b.Type, key)
		}
	}
}

// unknownCalls records the calls in expr of functions Terraform does not
// have, outside what may not be evaluated (unknownFunctions).
func (m *Module) unknownCalls(expr hclsyntax.Expression, key string) {
	within := GuardedIn(expr)
	_ = hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		fc, ok := n.(*hclsyntax.FunctionCallExpr)
		if !ok || strings.Contains(fc.Name, "::") || within(fc.Range()) {
			return nil
		}
		if literal, removed := removedFunctions[fc.Name]; removed {
			// Still in the table, but its type check always fails.
			m.callKeys = append(m.callKeys, key)
			m.callDiags = append(m.callDiags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  removedSummary,
				Detail:   fmt.Sprintf("Call to function %q failed: the %q function was deprecated in Terraform v0.12 and is no longer available; use %s syntax to write a literal %s.", fc.Name, fc.Name, literal, fc.Name),
				Subject:  hcl.RangeBetween(fc.NameRange, fc.OpenParenRange).Ptr(),
			})
			return nil
		}
		if builtinFunctions[fc.Name] {
			return nil
		}
		m.callKeys = append(m.callKeys, key)
		m.callDiags = append(m.callDiags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Call to unknown function",
			Detail:   fmt.Sprintf("There is no function named %q.", fc.Name),
			Subject:  fc.NameRange.Ptr(),
		})
		return nil
	})
}

// GuardedIn returns whether a range of expr lies where Terraform (or any
// HCL evaluation: Terragrunt's) may not evaluate it, or catches what its
// evaluation fails on: inside try() or can(), a conditional's branch (hcl
// reports the diagnostics of the branch taken only), a for expression's
// key, value or condition.
func GuardedIn(expr hclsyntax.Expression) func(hcl.Range) bool {
	var guarded []hcl.Range
	_ = hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		switch x := n.(type) {
		case *hclsyntax.FunctionCallExpr:
			if x.Name == "try" || x.Name == "can" {
				guarded = append(guarded, x.Range())
			}
		case *hclsyntax.ConditionalExpr:
			guarded = append(guarded, x.TrueResult.Range(), x.FalseResult.Range())
		case *hclsyntax.ForExpr:
			for _, e := range []hclsyntax.Expression{x.KeyExpr, x.ValExpr, x.CondExpr} {
				if e != nil {
					guarded = append(guarded, e.Range())
				}
			}
		}
		return nil
	})
	return func(r hcl.Range) bool {
		for _, g := range guarded {
			if g.Filename == r.Filename && g.Start.Byte <= r.Start.Byte && r.End.Byte <= g.End.Byte {
				return true
			}
		}
		return false
	}
}
