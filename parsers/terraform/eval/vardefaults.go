package eval

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// defaultDiags are the defaults of the module's variables that their
// type constraint refuses, as Terraform reports them when it loads the
// configuration (configs.decodeVariableBlock: "Invalid default value for
// variable" at the default, after the constraint's optional attribute
// defaults are applied to a default that is not null). A default that is
// not a constant, or a type that is not read, is not judged here.
func (m *Module) defaultDiags() hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, v := range m.variables {
		if !v.hasDef || v.typ == nil {
			continue
		}
		tc := v.typeConstraint()
		if tc.ty == cty.DynamicPseudoType {
			continue
		}
		val, diags := v.def.Value(nil)
		if diags.HasErrors() || !val.IsWhollyKnown() {
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
