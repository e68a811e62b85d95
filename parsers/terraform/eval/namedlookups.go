package eval

import (
	"slices"

	"github.com/zclconf/go-cty/cty"
)

// lookedUpByName are the data sources that look an object up by its
// name, each of the same type as the managed resource that declares it:
// one that finds an object the root itself declares (in any module)
// reads that object.
var lookedUpByName = map[string]bool{
	"aws_eks_cluster":          true,
	"aws_iam_role":             true,
	"aws_iam_instance_profile": true,
	"aws_security_group":       true,
}

// namedKey is a managed resource type and a name.
type namedKey struct{ typ, name string }

// knownName is name's text when it is a known string.
func knownName(name cty.Value) (string, bool) {
	if name == cty.NilVal || !name.IsKnown() || name.IsNull() || name.Type() != cty.String {
		return "", false
	}
	return name.AsString(), true
}

// noteNamed records the name of a managed instance at addr whose type a
// data source looks up by name (lookUp).
func (e *Evaluator) noteNamed(typ string, v cty.Value, addr string) {
	n, ok := knownName(GetAttr(v, "name"))
	if !ok || !lookedUpByName[typ] {
		return
	}
	if e.named == nil {
		e.named = map[namedKey][]string{}
	}
	if k := (namedKey{typ, n}); !slices.Contains(e.named[k], addr) {
		e.named[k] = append(e.named[k], addr)
	}
}

// lookUp is the address a data source instance at addr of type typ,
// looked up by name, reads: the one managed instance of the root of that
// type and name evaluated already (in any module), so what it reads after
// apply (a cluster's issuer and security group, a role's ARN and trust,
// a profile's role) is that instance's; else addr. A name two instances
// have finds none; a name no instance has yet is noted, and the root is
// evaluated once more if one comes later (foundLate).
func (e *Evaluator) lookUp(typ string, name cty.Value, addr string) string {
	n, ok := knownName(name)
	if !ok || !lookedUpByName[typ] {
		return addr
	}
	k := namedKey{typ, n}
	switch found := e.named[k]; len(found) {
	case 1:
		if e.lookedUp == nil {
			e.lookedUp = map[string]string{}
		}
		e.lookedUp[addr] = found[0]
		return found[0]
	case 0:
		if e.late == nil {
			e.late = map[namedKey]bool{}
		}
		e.late[k] = true
	}
	return addr
}

// lookupKey is a data source looking an object up by name in one module
// instance through one provider configuration (as written: "" is the
// default one).
type lookupKey struct{ mod, typ, provider, name string }

// sameLookup is the data source instance of this module instance that
// looked up, before the one at addr, the object addr looks up: of the
// same type, through the same provider configuration, by the same known
// name (its text, holes included: two lookups of var.cluster_name). What
// addr reads after apply (a cluster's issuer) is then what that one
// reads, and it is no object of its own (LookedUp). Else addr. Lookups
// in other module instances may go through other providers (another
// account, another region), and are not matched.
func (mi *ModInst) sameLookup(r *Resource, name cty.Value, addr string) string {
	n, ok := knownName(name)
	if !ok || !lookedUpByName[r.Type] {
		return addr
	}
	e := mi.Evaluator
	k := lookupKey{mod: mi.Addr(""), typ: r.Type, provider: r.provider, name: n}
	first, ok := e.firstLookups[k]
	switch {
	case !ok:
		if e.firstLookups == nil {
			e.firstLookups = map[lookupKey]string{}
		}
		e.firstLookups[k] = addr
		return addr
	case first == addr:
		return addr
	}
	if e.lookedUp == nil {
		e.lookedUp = map[string]string{}
	}
	e.lookedUp[addr] = first
	return first
}

// LookedUp is the managed instance the data source instance at addr
// reads, when it looks up by name one the root declares (lookUp), or the
// data source instance that looked the same object up first
// (sameLookup): the data source is then no object of its own.
func (e *Evaluator) LookedUp(addr string) (string, bool) {
	a, ok := e.lookedUp[addr]
	return a, ok
}

// foundLate readies the root for a second evaluation when a data source
// looked an object up by a name before the one managed instance of that
// name was evaluated (a child module's lookup is evaluated before the
// root's cluster when the call does not read it): the second pass finds
// what the first noted. Only the root does this, once.
func (mi *ModInst) foundLate() bool {
	e := mi.Evaluator
	if mi.Call != nil || len(e.late) == 0 {
		return false
	}
	late := false
	for k := range e.late {
		late = late || len(e.named[k]) == 1
	}
	e.late = nil
	if !late {
		return false
	}
	mi.reset()
	e.lookedUp, e.firstLookups = nil, nil
	e.Session.SecondPasses.Add(1)
	return true
}
