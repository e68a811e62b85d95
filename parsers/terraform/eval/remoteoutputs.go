package eval

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// remoteOutputsRead are the names of the outputs module m's code reads
// from its remote-state data source typ.name (data.terraform_remote_state.
// eks.outputs.cluster_name, with or without an instance key), sorted;
// false when it reads the outputs object whole (passed to a function,
// indexed by a value), so that any output may be read.
func (m *Module) remoteOutputsRead(typ, name string) ([]string, bool) {
	attrs := remoteStateTypes[typ]
	if len(attrs) == 0 {
		return nil, false
	}
	var out []string
	for _, p := range m.needed()["data."+typ+"."+name] {
		if len(p) > 0 {
			if _, key := p[0].(hcl.TraverseIndex); key {
				p = p[1:] // an instance's key
			}
		}
		attr, ok := outputName(p)
		if !ok || !slices.Contains(attrs, attr) {
			if ok {
				continue // another attribute (backend, config)
			}
			return nil, false
		}
		o, ok := outputName(p[1:])
		if !ok {
			return nil, false
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return out, true
}
