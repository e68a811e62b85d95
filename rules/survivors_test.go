package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// The indexes of survivors.go may return more candidates than match,
// never fewer: every item a rule's comparison finds Yes or Maybe for
// (the ones it reports or notes) must be among the candidates. These
// tests compare each index with the comparison itself over a pool of
// literal, partial, unknown and reference values.

const acct = "111122223333"

func hole(obj, path string) lint.Value { return lint.Hole(lint.HoleRef{Object: obj, Path: path}) }

func partial(prefix string, ref lint.HoleRef) lint.Value {
	return lint.FromSegments([]lint.Segment{{Text: prefix}, {Ref: &ref}})
}

// valuePool is what names, ARNs and IDs look like in a model.
func valuePool(kind, arnType string) []lint.Value {
	return []lint.Value{
		lint.Known(kind + "-a"),
		lint.Known(kind + "-b"),
		lint.Known("arn:aws:iam::" + acct + ":" + arnType + "/" + kind + "-a"),
		lint.Known("arn:aws:iam::999999999999:" + arnType + "/" + kind + "-a"),
		partial(kind+"-", lint.HoleRef{Object: "infra:var.suffix"}),
		partial("arn:aws:iam::", lint.HoleRef{Object: "infra:data.aws_caller_identity.this", Path: "account_id"}),
		lint.Unknown(),
		hole("infra:aws_iam_"+kind+".a", "name"),
		hole("infra:aws_iam_"+kind+".gone", "arn"),
		hole("infra:module.m.aws_iam_"+kind+".this[0]", "name"),
		lint.Known("sg-0000000000000000a"),
		hole("infra:aws_security_group.a", "id"),
		hole("infra:aws_security_group.gone", "id"),
	}
}

// poolModel has a role, a profile and a group "-a" (resolvable by name,
// ARN, ID or reference), and one node side per pool value in each
// position: a managed and a self-managed node group, a node class.
func poolModel() *lint.Model {
	m := &lint.Model{}
	obj := func(kind lint.Kind, addr, name string) lint.Object {
		return lint.Object{Kind: kind, Addr: addr, Label: addr, Name: lint.Known(name), Source: lint.SourceTerraform}
	}
	ref := func(v lint.Value) lint.Ref { return lint.Ref{Value: v, Range: lint.Range{File: "f", Line: 1}} }
	m.Add(
		&lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.a", "role-a"), ARN: lint.Known("arn:aws:iam::" + acct + ":role/role-a")},
		&lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, "infra:aws_iam_instance_profile.a", "instance_profile-a"), Role: ref(lint.Known("role-a"))},
		&lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, "infra:aws_security_group.a", "sg-a"), ID: lint.Known("sg-0000000000000000a")},
	)
	roles, profiles := valuePool("role", "role"), valuePool("instance_profile", "instance-profile")
	for i, v := range roles {
		m.Add(&lint.NodeGroup{Object: obj(lint.KindNodeGroup, fmt.Sprintf("infra:aws_eks_node_group.g%d", i), "g"), Managed: i%2 == 0, Role: ref(v),
			SecurityGroups: []lint.Ref{ref(roles[(i+3)%len(roles)]), ref(v)}})
	}
	for i, v := range profiles {
		// A term by ID, or (every third) by name, with an ID field left
		// over that must not count.
		terms := []lint.SelectorTerm{{ID: roles[i%len(roles)], HasID: i%3 != 0, Name: lint.Known("sg-x"), HasName: i%3 == 0}}
		if i%2 == 0 {
			terms = append(terms, lint.SelectorTerm{Tags: map[string]lint.Value{"team": lint.Known("t")}})
		}
		m.Add(&lint.NodeClass{Object: lint.Object{Kind: lint.KindNodeClass, Addr: fmt.Sprintf("k8s#%d", i), Label: "class", Source: lint.SourceKubernetes},
			InstanceProfile: ref(v), SecurityGroupTerms: terms})
	}
	m.Sort()
	return m
}

// poolChanges deletes an object of kind for each pool value, at
// addresses that the pool's references name or not, with and without a
// qualified address.
func poolChanges(kind lint.Kind, values []lint.Value, build func(lint.Object, lint.Value) lint.Entity) []*lint.Change {
	var out []*lint.Change
	for i, v := range values {
		for _, addr := range [][2]string{{"infra:aws_iam_x.gone", "aws_iam_x.gone"}, {"", "aws_iam_role.gone"}, {"", "aws_security_group.gone"}, {"infra:aws_iam_role.a", "aws_iam_role.a"}, {"", "module.m.aws_iam_role.this[0]"}} {
			o := lint.Object{Kind: kind, Addr: addr[0], Label: fmt.Sprint(i), Name: v}
			out = append(out, &lint.Change{Action: lint.ActionDelete, Address: addr[1], Before: build(o, v)})
		}
	}
	return out
}

// coverage counts, over a test, the comparisons that were not No and
// the nodes left out: both must happen for the test to mean anything.
type coverage struct{ hits, pruned int }

func (cv *coverage) check(t *testing.T, what, label string, cands []int, n int, hit func(i int) bool) {
	t.Helper()
	for i := range n {
		in := slices.Contains(cands, i)
		if hit(i) {
			cv.hits++
			if !in {
				t.Errorf("%s: %s: item %d compares Yes or Maybe but is not a candidate", what, label, i)
			}
		} else if !in {
			cv.pruned++
		}
	}
	if !slices.IsSorted(cands) {
		t.Errorf("%s: candidates not in order: %v", what, cands)
	}
	if len(slices.Compact(slices.Clone(cands))) != len(cands) {
		t.Errorf("%s: candidates repeated: %v", what, cands)
	}
}

func TestMergeSorted(t *testing.T) {
	lists := [][]int{{1, 4, 4, 9}, nil, {0, 4, 7}, {1, 2, 9, 12}}
	if got, want := slices.Collect(mergeSorted(lists)), []int{0, 1, 2, 4, 7, 9, 12}; !slices.Equal(got, want) {
		t.Errorf("merged %v, want %v", got, want)
	}
	// A walk that stops early reads no further.
	var got []int
	for i := range mergeSorted(lists) {
		got = append(got, i)
		if i == 2 {
			break
		}
	}
	if want := []int{0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("stopped walk %v, want %v", got, want)
	}
	if got := slices.Collect(mergeSorted(nil)); len(got) != 0 {
		t.Errorf("no lists: %v", got)
	}
}

func label(c *lint.Change) string {
	return fmt.Sprintf("change %s (%s, name %s)", c.Address, c.Before.Base().Addr, c.Before.Base().Name)
}

func (cv *coverage) done(t *testing.T, what string) {
	t.Helper()
	if cv.hits == 0 || cv.pruned == 0 {
		t.Errorf("%s: %d comparisons not No, %d nodes left out: the pool tests nothing", what, cv.hits, cv.pruned)
	}
}

func TestRoleCandidatesCover(t *testing.T) {
	m := poolModel()
	s := newSurvivors(m)
	changes := poolChanges(lint.KindRole, valuePool("role", "role"), func(o lint.Object, v lint.Value) lint.Entity { return &lint.Role{Object: o} })
	var uses, groups coverage
	defer uses.done(t, "roleUses")
	defer groups.done(t, "node group role")
	for _, c := range changes {
		b := c.Before.(*lint.Role)
		del := lint.Identity{Kind: lint.KindRole, Entity: b, Name: b.Name, Scope: b.Scope}
		uses.check(t, "roleUses", label(c), slices.Collect(s.roles.candidates(len(s.nodes), del, del.Name, c)), len(s.nodes), func(i int) bool {
			return s.nodes[i].hasRole && matchDeleted(s.nodes[i].role, del, c) != lint.No
		})
		// FL301 and FL302 compare with the deleted node group's role,
		// resolved in the model.
		role := m.ResolveRole(b.Name, lint.Scope{})
		groups.check(t, "node group role", label(c), slices.Collect(s.roles.candidates(len(s.nodes), role, role.Name, c)), len(s.nodes), func(i int) bool {
			r := s.nodes[i].role
			return s.nodes[i].hasRole && (refersTo(r.Written, c) || lint.SameIdentity(r, role) != lint.No)
		})
	}
}

func TestProfileCandidatesCover(t *testing.T) {
	s := newSurvivors(poolModel())
	changes := poolChanges(lint.KindInstanceProfile, valuePool("instance_profile", "instance-profile"), func(o lint.Object, v lint.Value) lint.Entity { return &lint.InstanceProfile{Object: o} })
	var cv coverage
	defer cv.done(t, "profileUses")
	for _, c := range changes {
		b := c.Before.(*lint.InstanceProfile)
		del := lint.Identity{Kind: lint.KindInstanceProfile, Entity: b, Name: b.Name, Scope: b.Scope}
		cv.check(t, "profileUses", label(c), slices.Collect(s.profiles.candidates(len(s.nodes), del, del.Name, c)), len(s.nodes), func(i int) bool {
			return s.nodes[i].hasProfile && matchDeleted(s.nodes[i].profile, del, c) != lint.No
		})
	}
}

func TestGroupCandidatesCover(t *testing.T) {
	s := newSurvivors(poolModel())
	changes := poolChanges(lint.KindSecurityGroup, valuePool("role", "role"), func(o lint.Object, v lint.Value) lint.Entity {
		o.Name = lint.Known("sg-x")
		return &lint.SecurityGroup{Object: o, ID: v}
	})
	var cv coverage
	defer cv.done(t, "groupUses")
	for _, c := range changes {
		b := c.Before.(*lint.SecurityGroup)
		del := lint.Identity{Kind: lint.KindSecurityGroup, Entity: b, Name: b.Name, ID: b.ID, Scope: b.Scope}
		cv.check(t, "groupUses", label(c), slices.Collect(s.groups.candidates(len(s.nodes), del, del.ID, c)), len(s.nodes), func(i int) bool {
			v := s.nodes[i]
			for j := range v.groups {
				if v.known[j] && matchDeleted(v.groups[j], del, c) != lint.No {
					return true
				}
			}
			for _, term := range v.Terms {
				if lint.TermMatch(term, del) != lint.No {
					return true
				}
			}
			return false
		})
	}
}

// TestChangesAtIsSameAddr: the model's change index finds exactly the
// changes sameAddr finds.
func TestChangesAtIsSameAddr(t *testing.T) {
	m := &lint.Model{}
	addrs := []string{"", "aws_iam_role.a", "infra:aws_iam_role.a", "other:aws_iam_role.a", "a:b:aws_iam_role.a", "plan:aws_iam_role.a", "aws_iam_role.b", "infra:aws_iam_role.b"}
	for _, q := range addrs {
		for _, bare := range addrs {
			var before lint.Entity = &lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: q}}
			if q == "plan:aws_iam_role.a" {
				before = nil // a change without a Before object
			}
			m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: bare, Before: before})
		}
	}
	for _, addr := range addrs {
		var want []*lint.Change
		for _, c := range m.Changes {
			q := ""
			if c.Before != nil {
				q = c.Before.Base().Addr
			}
			if sameAddr(addr, q, c.Address) {
				want = append(want, c)
			}
		}
		if got := m.ChangesAt(addr); !slices.Equal(got, want) {
			t.Errorf("ChangesAt(%q): %d changes, sameAddr finds %d", addr, len(got), len(want))
		}
	}
	// A new list of changes is indexed anew.
	m.Changes = nil
	m.AddChange(&lint.Change{Address: "aws_iam_role.z"})
	if got := m.ChangesAt("aws_iam_role.z"); len(got) != 1 {
		t.Errorf("after replacing Changes: %d changes at aws_iam_role.z, want 1", len(got))
	}
}

// TestAccessCandidatesCover: FL305's index finds every access entry with
// the same principal.
func TestAccessCandidatesCover(t *testing.T) {
	m := &lint.Model{}
	m.Add(&lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: "infra:aws_iam_role.a", Name: lint.Known("role-a")}})
	pool := valuePool("role", "role")
	for i, v := range pool {
		m.Add(&lint.AccessEntry{Object: lint.Object{Kind: lint.KindAccessEntry, Addr: fmt.Sprintf("infra:aws_eks_access_entry.e%d", i)}, Principal: lint.Ref{Value: v}, Cluster: lint.Known("prod")})
	}
	m.Sort()
	x := &accessIndex{m: m}
	var cv coverage
	defer cv.done(t, "access entries")
	for _, v := range pool {
		b := &lint.AccessEntry{Principal: lint.Ref{Value: v}}
		rb := m.ResolveRole(v, b.Scope)
		cands := x.samePrincipalCandidates(b, rb)
		cv.check(t, "access entries", "principal "+v.String(), cands, len(m.AccessEntries), func(i int) bool {
			return samePrincipal(x.entryRoles[i], m.AccessEntries[i], b, rb)
		})
	}
}

func TestMergeRelated(t *testing.T) {
	a := lint.Range{File: "a.tf", Line: 1}
	b := lint.Range{File: "plan.json"}
	got := mergeRelated([]lint.Location{
		{Range: b, Message: "managed node group x uses it"},
		{Range: a, Message: "declared here"},
		{Range: b, Message: "managed node group y uses it"},
		{Range: b, Message: "managed node group x uses it"},
		{Range: b},
		{Range: a, Message: "declared here"},
	})
	want := []lint.Location{
		{Range: b, Message: "managed node group x uses it; managed node group y uses it"},
		{Range: a, Message: "declared here"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("merged %+v, want %+v", got, want)
	}
}
