package rules

import (
	"iter"
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// A plan can delete hundreds of thousands of objects, and the rules about
// deletions compare each deleted identity with what still uses it. The
// node sides that survive the change (allNodes), with their roles,
// instance profiles and security groups resolved, are computed once per
// rule and indexed, so a deleted identity is compared only with the nodes
// that may use it: those naming the same literal name or ID, resolving
// to the same entity, or referring to the changed address, plus every
// node whose name or ID has holes (a comparison that may come out Maybe
// and is then reported as unresolved). Every other node compares No and
// adds nothing: the rules walk the candidates in node order and decide on
// each exactly as they would on the whole list. The candidates are
// merged lazily from the index's lists, so a walk that stops early reads
// only what it needs.

// survivors are the node sides of a model that the change keeps.
type survivors struct {
	nodes    []liveNode
	roles    idIndex // the role each node runs as (NodeRole)
	profiles idIndex // the instance profile each node names
	groups   idIndex // the security groups each node attaches or selects
}

// liveNode is one node side with its references resolved.
type liveNode struct {
	lint.NodeIdentity
	// role is NodeRole's answer (hasRole: ok), through profile roleIP.
	role    lint.Identity
	roleIP  *lint.InstanceProfile
	hasRole bool
	// profile is the instance profile written, when it is set and known.
	profile    lint.Identity
	hasProfile bool
	// groups are the security groups attached, by SecurityGroups index
	// (known[i] false for an unknown value).
	groups []lint.Identity
	known  []bool
}

// newSurvivors resolves and indexes allNodes(m).
func newSurvivors(m *lint.Model) *survivors {
	s := &survivors{roles: newIDIndex(), profiles: newIDIndex(), groups: newIDIndex()}
	for i, n := range allNodes(m) {
		v := liveNode{NodeIdentity: n}
		v.role, v.roleIP, v.hasRole = m.NodeRole(n)
		if v.hasRole {
			s.roles.add(i, v.role, v.role.Name)
		}
		scope := n.Entity.Base().Scope
		if n.InstanceProfile.IsSet() && !n.InstanceProfile.Value.IsUnknown() {
			v.profile, v.hasProfile = m.ResolveInstanceProfile(n.InstanceProfile.Value, scope), true
			s.profiles.add(i, v.profile, v.profile.Name)
		}
		v.groups, v.known = make([]lint.Identity, len(n.SecurityGroups)), make([]bool, len(n.SecurityGroups))
		for j, sg := range n.SecurityGroups {
			if sg.Value.IsUnknown() {
				continue
			}
			v.groups[j], v.known[j] = m.ResolveSecurityGroup(sg.Value, scope), true
			s.groups.add(i, v.groups[j], v.groups[j].ID)
		}
		for _, t := range n.Terms {
			// A term with a literal ID selects provably not a group with
			// another literal ID (every field of a term must match); any
			// other term may select any group.
			key := lint.Unknown()
			if t.HasID {
				key = t.ID
			}
			s.groups.addKey(i, key)
		}
		s.nodes = append(s.nodes, v)
	}
	return s
}

// lazySurvivors computes the survivors of m on first use.
func lazySurvivors(m *lint.Model) func() *survivors {
	var s *survivors
	return func() *survivors {
		if s == nil {
			s = newSurvivors(m)
		}
		return s
	}
}

// idIndex finds the items (by index) whose resolved identity may be a
// given one.
type idIndex struct {
	key    keyIndex
	entity map[lint.Entity][]int
	ref    addrIndex // the object of the sole reference written
}

func newIDIndex() idIndex {
	return idIndex{key: newKeyIndex(), entity: map[lint.Entity][]int{}, ref: newAddrIndex()}
}

// add indexes item i, whose identity is id, under key (its name or ID).
func (x *idIndex) add(i int, id lint.Identity, key lint.Value) {
	x.key.add(i, key)
	if id.Entity != nil {
		x.entity[id.Entity] = append(x.entity[id.Entity], i)
	}
	if ref, ok := id.Written.SoleRef(); ok {
		x.ref.add(i, ref.Object)
	}
}

// addKey indexes item i under key only.
func (x *idIndex) addKey(i int, key lint.Value) { x.key.add(i, key) }

// candidates yields, in order and each once, the items (of n) that may be
// del (whose name or ID is key) or refer to the changed object of c:
// every item when key is not a literal. It merges the index's lists
// lazily, so a rule that stops at the first item deciding the question
// (a kept managed node group holding the role) pays for the items it
// reads, not for every node sharing the name.
func (x *idIndex) candidates(n int, del lint.Identity, key lint.Value, c *lint.Change) iter.Seq[int] {
	lists, all := x.key.may(key)
	if all {
		return seq(n)
	}
	if del.Entity != nil {
		lists = append(lists, x.entity[del.Entity])
	}
	if c != nil && c.Before != nil {
		lists = append(lists, x.ref.at(c.Before.Base().Addr, c.Address)...)
	}
	return mergeSorted(lists)
}

// addrIndex finds items by an address they hold, the way sameAddr
// compares addresses.
type addrIndex struct {
	exact map[string][]int
	tail  map[string][]int // by the address without its root directory
}

func newAddrIndex() addrIndex {
	return addrIndex{exact: map[string][]int{}, tail: map[string][]int{}}
}

func (x *addrIndex) add(i int, addr string) {
	if addr == "" {
		return
	}
	x.exact[addr] = append(x.exact[addr], i)
	if a, ok := lint.ParseAddress(addr); ok && a.Root != "" {
		bare := a.Unqualified().String()
		x.tail[bare] = append(x.tail[bare], i)
	}
}

// at returns the lists of items (each ascending; an item may be in
// several) holding an address sameAddr finds the same as qualified or
// bare.
func (x *addrIndex) at(qualified, bare string) [][]int {
	var out [][]int
	if qualified != "" {
		out = append(out, x.exact[qualified])
	}
	if bare != "" {
		out = append(out, x.exact[bare])
		if qualified == "" {
			out = append(out, x.tail[bare])
		}
	}
	return out
}

// keyIndex finds items by a literal key; items whose key has holes or is
// unknown may equal anything and are always found.
type keyIndex struct {
	known map[string][]int
	loose []int
}

func newKeyIndex() keyIndex { return keyIndex{known: map[string][]int{}} }

func (x *keyIndex) add(i int, v lint.Value) {
	if s, ok := v.Str(); ok {
		x.known[s] = append(x.known[s], i)
		return
	}
	x.loose = append(x.loose, i)
}

// may returns the lists of items (each ascending) whose key lint.Compare
// may find equal to v (not No); all is true when v is not a literal (then
// any item may be).
func (x *keyIndex) may(v lint.Value) (lists [][]int, all bool) {
	s, ok := v.Str()
	if !ok {
		return nil, true
	}
	// A literal compares Yes only with the same literal, and No, or
	// Maybe, with a key with holes or unknown.
	return [][]int{x.known[s], x.loose}, false
}

// exact returns the items whose key is the literal v: the only ones
// lint.Compare can find Yes for a literal.
func (x *keyIndex) exact(v lint.Value) []int {
	s, ok := v.Str()
	if !ok {
		return nil
	}
	return x.known[s]
}

// seq yields 0 … n-1.
func seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// seqSlice lists 0 … n-1.
func seqSlice(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// mergeSorted yields the items of ascending lists in order, each once.
func mergeSorted(lists [][]int) iter.Seq[int] {
	return func(yield func(int) bool) {
		heads := make([]int, len(lists))
		last := -1
		for {
			best := -1
			for k, l := range lists {
				if heads[k] < len(l) && (best < 0 || l[heads[k]] < lists[best][heads[best]]) {
					best = k
				}
			}
			if best < 0 {
				return
			}
			i := lists[best][heads[best]]
			heads[best]++
			if i == last {
				continue
			}
			last = i
			if !yield(i) {
				return
			}
		}
	}
}

func sortedUnique(at []int) []int {
	sort.Ints(at)
	out := at[:0]
	for i, j := range at {
		if i == 0 || j != at[i-1] {
			out = append(out, j)
		}
	}
	return out
}
