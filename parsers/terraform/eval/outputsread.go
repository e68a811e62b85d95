package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// An instance of a built-in stand-in evaluates only the outputs its
// caller reads: the terraform-aws-modules stand-ins declare tens of
// outputs (vpc more than a hundred), a call reads a few, and an output
// produces nothing but its value (no entity, note or template; the
// stand-ins read no files). The caller's module reads them by name
// (module.x.name, module.x["k"].name); a read of the whole call
// (module.x, module.x[0] with no count, a for expression over it) needs
// every output. The instances of the user's own modules, and the root,
// evaluate every output.

// outputsRead is what a module reads of one module call's outputs: every
// output (all), or those named.
type outputsRead struct {
	all   bool
	names map[string]bool
}

// has reports whether output name is read.
func (r outputsRead) has(name string) bool { return r.all || r.names[name] }

// outputsRead is what m reads of the outputs of its call c, worked out
// once per parsed module from the paths its expressions read (needed).
func (m *Module) outputsRead(c *Call) outputsRead {
	m.once.outputs.Do(func() {
		out := make(map[string]outputsRead, len(m.calls))
		needed := m.needed()
		for _, call := range m.calls {
			out[call.name] = readOutputs(needed["module."+call.name], call.count != nil || call.forEach != nil)
		}
		m.cache.outputs = out
	})
	if r, ok := m.cache.outputs[c.name]; ok {
		return r
	}
	return outputsRead{all: true}
}

// readOutputs names the outputs the paths read after module.NAME; with
// instance keys the first step is the instance's key.
func readOutputs(paths []hcl.Traversal, hasKeys bool) outputsRead {
	r := outputsRead{names: map[string]bool{}}
	for _, p := range paths {
		if hasKeys {
			if len(p) == 0 {
				return outputsRead{all: true}
			}
			p = p[1:]
		}
		name, ok := outputName(p)
		if !ok {
			return outputsRead{all: true}
		}
		r.names[name] = true
	}
	return r
}

// outputName is the output the first step of p names; false when p reads
// the whole object or steps into it by something other than a name.
func outputName(p hcl.Traversal) (string, bool) {
	if len(p) == 0 {
		return "", false
	}
	switch s := p[0].(type) {
	case hcl.TraverseAttr:
		return s.Name, true
	case hcl.TraverseIndex:
		if s.Key.IsKnown() && !s.Key.IsNull() && s.Key.Type() == cty.String {
			return s.Key.AsString(), true
		}
	}
	return "", false
}

// outputUnread reports whether this instance leaves output name
// unevaluated: an instance of a stand-in whose caller does not read it.
func (mi *ModInst) outputUnread(name string) bool {
	if mi.Model == nil || mi.Call == nil || mi.Parent == nil || mi.Evaluator.Session.AllOutputs {
		return false
	}
	if mi.Parent.Module.outputsRead(mi.Call).has(name) {
		return false
	}
	mi.Evaluator.Session.Unread.Add(1)
	return true
}
