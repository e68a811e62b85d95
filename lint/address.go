package lint

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Address is a Terraform object address as the model writes it, parsed:
// "infra/prod:module.pools[\"a\"].aws_iam_role.this[0]" is the root module
// directory infra/prod, the module call pools with key "a", and the
// managed resource aws_iam_role.this with key 0. A module call's own
// address ("module.eks") has Modules and no Type.
type Address struct {
	// Root is the root module directory qualifying the address, "" when
	// unqualified.
	Root string
	// Modules are the module calls the object lies in, outermost first.
	Modules []ModuleStep
	// Data is set for a data source.
	Data bool
	// Type and Name are the resource's; both empty for a module call.
	Type, Name string
	// Key is the instance key as written, brackets included ("[0]",
	// "[\"a\"]"); "" when there is none.
	Key string
}

// ModuleStep is one module call of an address: its name and its instance
// key as written ("" when none).
type ModuleStep struct {
	Name, Key string
}

// ParseAddress parses a model address of a Terraform object or module
// call. ok is false for anything else: a manifest's address, a reference
// with an attribute path, text that is no traversal.
func ParseAddress(s string) (Address, bool) {
	r := addressMemo.get(s, parseAddress)
	r.a.Modules = slices.Clone(r.a.Modules)
	return r.a, r.ok
}

// parsedAddress is what parseAddress gives for one string.
type parsedAddress struct {
	a  Address
	ok bool
}

// addressMemo holds the addresses parsed in this process: rules ask for
// the same few hundred addresses thousands of times over (every trust
// statement's issuer, every hole's origin), and parsing one is an HCL
// traversal parse.
var addressMemo parseMemo[parsedAddress]

// parseAddress is ParseAddress, parsed each time.
func parseAddress(s string) parsedAddress {
	a, ok := parseAddressOnce(s)
	return parsedAddress{a, ok}
}

func parseAddressOnce(s string) (Address, bool) {
	var a Address
	rest := s
	if i := qualifierEnd(s); i >= 0 {
		a.Root, rest = s[:i], s[i+1:]
	}
	// A possible instance's key "[*]" (count or for_each unknown before
	// apply) is no HCL index: it is read as [0], same length, and written
	// back as it was.
	src, possible := possibleKeys(rest)
	t, diags := hclsyntax.ParseTraversalAbs(src, "", hcl.InitialPos)
	if diags.HasErrors() || len(t) == 0 {
		return Address{}, false
	}
	steps := make([]traversalStep, 0, len(t))
	for _, x := range t {
		st, ok := stepOf(x, rest)
		if !ok {
			return Address{}, false
		}
		if ix, isIndex := x.(hcl.TraverseIndex); isIndex && possible[ix.SrcRange.Start.Byte] {
			st.key = PossibleKey
		}
		steps = append(steps, st)
	}
	a, ok := a.fill(steps)
	// Only the canonical spelling is an address: no spaces, comments (a
	// "#" tail) or other text the traversal parser would pass over.
	if !ok || a.String() != s {
		return Address{}, false
	}
	return a, true
}

// PossibleKey is the instance key of a possible instance, as the model
// writes it.
const PossibleKey = "[*]"

// possibleKeys returns s as the traversal parser can read it, byte for
// byte as long: every "[*]" outside a quoted key read as "[0]" (the
// offsets where they start are returned), and the "${" / "%{" of a key
// the model wrote from a template (a for_each key unknown before apply)
// read as plain text. Keys are always taken from s itself.
func possibleKeys(s string) ([]byte, map[int]bool) {
	b := []byte(s)
	var at map[int]bool
	quoted := false
	for i := 0; i < len(b); i++ {
		switch {
		case quoted && b[i] == '\\':
			i++
		case quoted && (b[i] == '$' || b[i] == '%') && i+1 < len(b) && b[i+1] == '{':
			b[i] = '_'
		case b[i] == '"':
			quoted = !quoted
		case !quoted && strings.HasPrefix(s[i:], PossibleKey):
			if at == nil {
				at = map[int]bool{}
			}
			at[i] = true
			b[i+1] = '0'
		}
	}
	return b, at
}

// qualifierEnd is the index of the colon that ends the root directory
// qualifier — the last colon before any instance key (a Terraform address
// has colons only inside quoted keys; a directory may have some) — or -1.
func qualifierEnd(s string) int {
	if k := strings.IndexAny(s, `["`); k >= 0 {
		s = s[:k]
	}
	return strings.LastIndex(s, ":")
}

// traversalStep is a name or an instance key (as written) of a traversal.
type traversalStep struct {
	name string
	key  string
}

func stepOf(x hcl.Traverser, src string) (traversalStep, bool) {
	switch x := x.(type) {
	case hcl.TraverseRoot:
		return traversalStep{name: x.Name}, true
	case hcl.TraverseAttr:
		return traversalStep{name: x.Name}, true
	case hcl.TraverseIndex:
		r := x.SrcRange
		if r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte >= r.End.Byte {
			return traversalStep{}, false
		}
		return traversalStep{key: src[r.Start.Byte:r.End.Byte]}, true
	}
	return traversalStep{}, false
}

// fill reads module.NAME[KEY] steps, then [data.]TYPE.NAME[KEY].
func (a Address) fill(steps []traversalStep) (Address, bool) {
	i := 0
	for i+1 < len(steps) && steps[i].name == "module" && steps[i+1].name != "" {
		m := ModuleStep{Name: steps[i+1].name}
		i += 2
		if i < len(steps) && steps[i].key != "" {
			m.Key = steps[i].key
			i++
		}
		a.Modules = append(a.Modules, m)
	}
	if i == len(steps) {
		return a, len(a.Modules) > 0
	}
	if steps[i].name == "data" {
		a.Data = true
		i++
	}
	if i+1 >= len(steps) || steps[i].name == "" || steps[i+1].name == "" {
		return Address{}, false
	}
	a.Type, a.Name = steps[i].name, steps[i+1].name
	i += 2
	if i < len(steps) && steps[i].key != "" {
		a.Key = steps[i].key
		i++
	}
	return a, i == len(steps)
}

// IsModuleCall reports whether the address is a module call's own.
func (a Address) IsModuleCall() bool { return a.Type == "" && len(a.Modules) > 0 }

// Within reports whether the address lies inside the module call c (c's
// calls are a prefix of a's; a step of c without a key stands for every
// instance of that call). Both must be in the same root, or c unqualified.
func (a Address) Within(c Address) bool {
	if !c.IsModuleCall() || len(a.Modules) < len(c.Modules) || c.Root != "" && c.Root != a.Root {
		return false
	}
	if len(a.Modules) == len(c.Modules) && a.IsModuleCall() {
		return false // the call itself
	}
	for i, m := range c.Modules {
		if a.Modules[i].Name != m.Name || m.Key != "" && a.Modules[i].Key != m.Key {
			return false
		}
	}
	return true
}

// String writes the address back as the model writes it.
func (a Address) String() string {
	var b strings.Builder
	if a.Root != "" {
		b.WriteString(a.Root)
		b.WriteByte(':')
	}
	for i, m := range a.Modules {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString("module.")
		b.WriteString(m.Name)
		b.WriteString(m.Key)
	}
	if a.Type == "" {
		return b.String()
	}
	if len(a.Modules) > 0 {
		b.WriteByte('.')
	}
	if a.Data {
		b.WriteString("data.")
	}
	b.WriteString(a.Type)
	b.WriteByte('.')
	b.WriteString(a.Name)
	b.WriteString(a.Key)
	return b.String()
}

// Unkeyed is the address without its own instance key (module keys kept).
func (a Address) Unkeyed() Address {
	a.Key = ""
	return a
}

// Unqualified is the address without its root directory.
func (a Address) Unqualified() Address {
	a.Root = ""
	return a
}

// Attrs are the attribute names of the path the reference reads, in
// order, instance keys left out ("identity", "oidc", "issuer" of
// "identity[0].oidc[0].issuer"); nil when the path is empty or no
// traversal.
func (h HoleRef) Attrs() []string {
	if h.Path == "" {
		return nil
	}
	return slices.Clone(attrsMemo.get(h.Path, pathAttrs))
}

// attrsMemo holds the attribute names of the reference paths read in this
// process (HoleRef.Attrs).
var attrsMemo parseMemo[[]string]

// pathAttrs is HoleRef.Attrs of a reference with the path, parsed.
func pathAttrs(path string) []string {
	t, diags := hclsyntax.ParseTraversalAbs([]byte(path), "", hcl.InitialPos)
	if diags.HasErrors() {
		return nil
	}
	var names []string
	for _, x := range t {
		switch x := x.(type) {
		case hcl.TraverseRoot:
			names = append(names, x.Name)
		case hcl.TraverseAttr:
			names = append(names, x.Name)
		}
	}
	return names
}

// Attr is the first of Attrs; ok is false when there is none.
func (h HoleRef) Attr() (string, bool) {
	if names := h.Attrs(); len(names) > 0 {
		return names[0], true
	}
	return "", false
}

// parseMemo remembers what a pure parse gave for each string, up to
// maxMemoized strings (past them a parse is not kept: a tree of 50
// repositories must not grow the memo without bound). It is safe for
// concurrent use.
type parseMemo[T any] struct {
	m sync.Map // string → T
	n atomic.Int64
}

// maxMemoized bounds each parseMemo.
const maxMemoized = 1 << 14

// get is parse(s), computed once while the memo has room. What it returns
// is shared: callers copy what they may change.
func (p *parseMemo[T]) get(s string, parse func(string) T) T {
	if v, ok := p.m.Load(s); ok {
		return v.(T)
	}
	v := parse(s)
	if p.n.Load() < maxMemoized {
		if _, loaded := p.m.LoadOrStore(s, v); !loaded {
			p.n.Add(1)
		}
	}
	return v
}
