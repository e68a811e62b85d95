package plan

import (
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
)

// Instances is what a plan says exists after it, block by block: the
// instance keys of every resource and module call in its planned values,
// and the blocks its configuration declares. With it, a possible instance
// of the source (a block whose count / for_each is unknown before apply,
// lint.PossibleInstance) is settled: the plan names the instances that
// exist, and a block it declares with no instance has none.
type Instances struct {
	// declared are the configuration addresses the plan's configuration
	// declares ("module.a.aws_x.y", "module.a"), deferred those with a
	// deferred change inside.
	declared, deferred map[string]bool
	// keys are the instance keys by block address ("module.a[0].aws_x.y"
	// → "[0]", "[1]"; "" for a block without count / for_each).
	keys     map[string][]string
	complete bool
}

// Instances indexes the plan's instances and configuration.
func (p *Plan) Instances() *Instances {
	x := &Instances{declared: map[string]bool{}, deferred: map[string]bool{}, keys: map[string][]string{}}
	if p == nil || p.raw == nil {
		return x
	}
	x.complete = p.raw.Complete == nil || *p.raw.Complete
	if p.raw.Config != nil {
		x.declare(p.raw.Config.RootModule, "", 0)
	}
	for _, d := range p.raw.DeferredChanges {
		if d == nil || d.ResourceChange == nil {
			continue
		}
		if ps, ok := parts(d.ResourceChange.Address); ok {
			for _, c := range configPrefixes(ps) {
				x.deferred[c] = true
			}
		}
	}
	if p.raw.PlannedValues != nil {
		x.record(p.raw.PlannedValues.RootModule, 0)
	}
	return x
}

func (x *Instances) declare(m *tfjson.ConfigModule, prefix string, depth int) {
	if m == nil || depth > maxModuleDepth {
		return
	}
	for _, r := range m.Resources {
		if r != nil {
			x.declared[prefix+r.Address] = true
		}
	}
	for name, c := range m.ModuleCalls {
		x.declared[prefix+"module."+name] = true
		if c != nil {
			x.declare(c.Module, prefix+"module."+name+".", depth+1)
		}
	}
}

func (x *Instances) record(m *tfjson.StateModule, depth int) {
	if m == nil || depth > maxModuleDepth {
		return
	}
	for _, r := range m.Resources {
		if r == nil {
			continue
		}
		ps, ok := parts(r.Address)
		if !ok {
			continue
		}
		prefix := ""
		for i, p := range ps {
			x.add(prefix+p.name, p.key, i == len(ps)-1 || p.module)
			prefix += p.name + p.key + "."
		}
	}
	for _, c := range m.ChildModules {
		x.record(c, depth+1)
	}
}

func (x *Instances) add(block, key string, instance bool) {
	if !instance {
		return
	}
	for _, k := range x.keys[block] {
		if k == key {
			return
		}
	}
	x.keys[block] = append(x.keys[block], key)
}

// Settles reports whether the plan says which instances a block has (its
// address within its module instance, "module.a[0].aws_x.y"): the plan's
// configuration declares it, it is a managed resource or a module call
// (a data source read only at apply is not in the planned values), and
// the plan is complete for it (not targeted, nothing deferred inside it).
func (x *Instances) Settles(block string) bool {
	ps, ok := parts(block)
	if !ok || !x.complete || strings.HasPrefix(ps[len(ps)-1].name, "data.") {
		return false // a data source may be read only at apply: not in planned values
	}
	c := configAddress(ps)
	return x.declared[c] && !x.deferred[c]
}

// Keys lists the instance keys the plan gives a block, in plan order
// ("[0]", "[\"a\"]"; "" for a block without count / for_each).
func (x *Instances) Keys(block string) []string { return x.keys[block] }

// part is one step of an address: a name ("aws_x.y", "module.a",
// "data.aws_x.y") and its instance key ("[0]", "[\"k\"]", or "").
type part struct {
	name, key string
	module    bool
}

// parts splits an address into its module steps and the resource, each
// with its instance key; keys may hold dots and brackets inside quotes.
func parts(addr string) ([]part, bool) {
	segs, ok := segments(addr)
	if !ok {
		return nil, false
	}
	var out []part
	for len(segs) > 0 {
		switch {
		case segs[0].name == "module" && segs[0].key == "" && len(segs) >= 2:
			out = append(out, part{name: "module." + segs[1].name, key: segs[1].key, module: true})
			segs = segs[2:]
		case segs[0].name == "data" && segs[0].key == "" && len(segs) == 3:
			out = append(out, part{name: "data." + segs[1].name + "." + segs[2].name, key: segs[2].key})
			segs = nil
		case len(segs) == 2 && segs[0].key == "":
			out = append(out, part{name: segs[0].name + "." + segs[1].name, key: segs[1].key})
			segs = nil
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// segments splits an address at the dots outside brackets; each segment
// keeps the bracketed key that follows its name.
func segments(addr string) ([]part, bool) {
	var out []part
	for addr != "" {
		i := strings.IndexAny(addr, ".[")
		if i < 0 {
			if !identifier(addr) {
				return nil, false
			}
			out = append(out, part{name: addr})
			return out, true
		}
		seg := part{name: addr[:i]}
		addr = addr[i:]
		if addr[0] == '[' {
			n := keyLen(addr)
			if n < 0 {
				return nil, false
			}
			seg.key, addr = addr[:n], addr[n:]
		}
		if !identifier(seg.name) {
			return nil, false
		}
		out = append(out, seg)
		if addr == "" {
			return out, true
		}
		if addr[0] != '.' || len(addr) == 1 {
			return nil, false
		}
		addr = addr[1:]
	}
	return out, true
}

// keyLen is the length of the bracketed key at the start of s (quotes and
// escapes respected), or -1.
func keyLen(s string) int {
	quoted := false
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ']':
			return i + 1
		}
	}
	return -1
}

// configAddress is the address without instance keys: what the
// configuration declares.
func configAddress(ps []part) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.name
	}
	return strings.Join(names, ".")
}

// configPrefixes are the configuration addresses of every module call on
// the way to the address, and of the address itself.
func configPrefixes(ps []part) []string {
	out := make([]string, len(ps))
	for i := range ps {
		out[i] = configAddress(ps[:i+1])
	}
	return out
}

// ConfigAddress is an address without its instance keys ("module.a[0].
// aws_x.y[\"k\"]" → "module.a.aws_x.y"), or "" when it is not an address.
func ConfigAddress(addr string) string {
	ps, ok := parts(addr)
	if !ok {
		return ""
	}
	return configAddress(ps)
}

// ConfigPrefixes are the configuration addresses of every module call on
// the way to an address and of the address itself ("module.a[0].aws_x.y"
// → "module.a", "module.a.aws_x.y"); none when it is not an address.
func ConfigPrefixes(addr string) []string {
	ps, ok := parts(addr)
	if !ok {
		return nil
	}
	return configPrefixes(ps)
}

// identifier reports whether s is a Terraform name (letters, digits, _ and
// -, not empty).
func identifier(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
