package eval

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// defaultDiags are the defaults of the module's variables Terraform
// refuses when it loads the configuration (configs.decodeVariableBlock):
// one that is not a constant, with what evaluating it without a context
// says ("Variables not allowed" at a reference, "Function calls not
// allowed" at a call), and one its type constraint refuses ("Invalid
// default value for variable" at the default, after the constraint's
// optional attribute defaults are applied to a default that is not
// null). A type that is not read is not judged.
func (m *Module) defaultDiags() hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, v := range m.variables {
		if !v.hasDef {
			continue
		}
		val, diags := v.def.Value(nil)
		if diags.HasErrors() {
			for _, d := range diags {
				if d.Severity == hcl.DiagError {
					out = append(out, d)
				}
			}
			continue
		}
		if v.typ == nil {
			continue
		}
		tc := v.typeConstraint()
		if tc.ty == cty.DynamicPseudoType || !val.IsWhollyKnown() {
			continue
		}
		if tc.defaults != nil && !val.IsNull() {
			val = tc.defaults.Apply(val)
		}
		if _, err := convert.Convert(val, tc.ty); err != nil {
			out = append(out, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid default value for variable",
				Detail:   fmt.Sprintf("This default value is not compatible with the variable's type constraint: %s.", err),
				Subject:  v.def.Range().Ptr(),
			})
		}
	}
	slices.SortFunc(out, func(a, b *hcl.Diagnostic) int {
		if a.Subject.Filename != b.Subject.Filename {
			if a.Subject.Filename < b.Subject.Filename {
				return -1
			}
			return 1
		}
		return a.Subject.Start.Byte - b.Subject.Start.Byte
	})
	return out
}
