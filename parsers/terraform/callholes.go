package terraform

import (
	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// presetCalls gives every module call without count / for_each outputs
// that are holes naming them, before anything is evaluated. Terraform
// orders a module's outputs and variables one by one, so two calls that
// read each other's outputs (a KMS key module granting the cluster
// module's role, the cluster module encrypting volumes with the key) are
// no cycle to it; here modules are evaluated whole, and the call evaluated
// first reads the other's outputs as these holes instead of failing on an
// absent module and losing its whole argument. Evaluating a call replaces
// them.
func (mi *modInst) presetCalls() {
	for _, c := range mi.m.calls {
		if c.count != nil || c.forEach != nil {
			continue
		}
		path := mi.label("module." + c.name)
		leaf := func(p string) cty.Value {
			return mi.e.h.val(lint.HoleRef{Object: mi.e.rootRel + ":" + path, Path: p})
		}
		mi.modules[c.name] = mi.fillNeeded(cty.EmptyObjectVal, "module."+c.name, false, leaf)
	}
}
