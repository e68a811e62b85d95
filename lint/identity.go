package lint

import (
	"fmt"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"slices"
	"strings"
)

// Identity is a reference resolved as far as the model allows: the entity
// it names when that is provable, else the name and scope it carries.
type Identity struct {
	Kind Kind
	// Entity is the model entity the reference provably names, or nil.
	Entity Entity
	// Name is the identity name (role or profile name, group ID or name).
	Name Value
	// ID is a security group's ID, when the reference is one.
	ID    Value
	Scope Scope
	// Written is the reference as written.
	Written Value
	// Alike are the entities a name names when several do (two roots
	// declaring a role of one name), or a Crossplane selector matches
	// (BySelector): Entity is nil then.
	Alike      []Entity
	BySelector bool
	// Maybe are, when no entity provably is the reference, those whose
	// name may equal it (a name known only in part: a variable without
	// a value).
	Maybe []Entity
}

// Undeclared is the coverage note for a reference to a role no entity
// provably is: what of is bound to, and why that is not known.
func (id Identity) Undeclared(what, of string) string {
	if id.BySelector && len(id.Alike) > 1 {
		var labels []string
		for _, e := range id.Alike[:min(len(id.Alike), 3)] {
			labels = append(labels, e.Base().Label)
		}
		more := ""
		if len(id.Alike) > 3 {
			more = fmt.Sprintf(" and %d more", len(id.Alike)-3)
		}
		return fmt.Sprintf("the %s selector of %s matches %d of this tree (%s%s): which one Crossplane picks is not known", what, of, len(id.Alike), strings.Join(labels, ", "), more)
	}
	if len(id.Alike) > 1 {
		var labels []string
		seen := map[string]bool{}
		for _, e := range id.Alike {
			if l := e.Base().Label; !seen[l] {
				seen[l] = true
				labels = append(labels, l)
			}
		}
		by := strings.Join(labels, ", ")
		if len(labels) == 1 {
			by += " in several roots"
		}
		return fmt.Sprintf("%s %s of %s is declared %d times in this tree (%s): which one it is depends on the account each is applied to", what, id.Written, of, len(id.Alike), by)
	}
	if ref, ok := id.Written.SoleRef(); ok {
		if a, ok := ParseAddress(ref.Object); ok && a.Data && (a.Type == "terraform_remote_state" || a.Type == "tfe_outputs") {
			// Read whole from state this run does not join: any role
			// of the tree, or none of it, may be the one.
			return fmt.Sprintf("%s %s of %s is an output of data.%s.%s, whose state this run does not read: which %s it names is not known", what, id.Written, of, a.Type, a.Name, what)
		}
	}
	// A placeholder is filled outside the tree: no --var decides it,
	// whatever roles of the tree it might come to name.
	if w, ok := id.Written.Str(); ok && (templatetext.Placeholder.MatchString(w) || accountInAngles(id.Written)) {
		return fmt.Sprintf("%s %s of %s holds a placeholder nothing in the tree fills in (a Flux postBuild substitution, envsubst or a templating step elsewhere may): which %s it names is not known", what, id.Written, of, what)
	}
	if len(id.Maybe) > 0 {
		var names []string
		for _, e := range id.Maybe[:min(len(id.Maybe), 3)] {
			b := e.Base()
			if ref, ok := b.Name.SoleRef(); ok && ref.Object == b.Addr {
				// Its own computed name: nothing it is built from.
				names = append(names, fmt.Sprintf("%s (its name not known)", b.Label))
				continue
			}
			names = append(names, fmt.Sprintf("%s (named %s)", b.Label, b.Name))
		}
		more := ""
		if len(id.Maybe) > 3 {
			more = fmt.Sprintf(" and %d more", len(id.Maybe)-3)
		}
		return fmt.Sprintf("%s %s of %s may be %s%s, whose name is not known statically: give the values it is built from (--var, --var-file) to decide", what, id.Written, of, strings.Join(names, ", "), more)
	}
	return fmt.Sprintf("%s %s of %s is declared by nothing faultline reads in this tree (another repository, or a module whose code is not read, may declare it)", what, id.Written, of)
}

// Describe names the identity for messages.
func (id Identity) Describe() string {
	if id.Entity != nil {
		o := id.Entity.Base()
		if o.FromPlan() {
			return o.Label // plan values are never echoed
		}
		if n, ok := o.Name.Str(); ok && n != "" {
			return n
		}
		return o.Label
	}
	if sel, ok := id.Selector(); ok {
		return "the one selected by " + sel
	}
	if !id.Name.IsUnknown() {
		return id.Name.String()
	}
	if !id.ID.IsUnknown() {
		return id.ID.String()
	}
	return id.Written.String()
}

// Selector is, for a Crossplane selector several entities match, the
// labels it selects by ("team=batch").
func (id Identity) Selector() (string, bool) {
	if !id.BySelector {
		return "", false
	}
	ref, ok := id.Written.SoleRef()
	if !ok {
		return "", false
	}
	return SelectorText(ref.Object)
}

// ARN is an Amazon Resource Name parsed from a symbolic value.
type ARN struct {
	Partition, Service, Region, Account string
	// Resource is everything after the fifth colon ("role/path/name").
	Resource Value
}

// accountInAngles reports whether v is an ARN whose account is written
// as a blank in angle brackets (`<AWS Account ID>`, `<account-id>`),
// which no account is: a placeholder in prose.
func accountInAngles(v Value) bool {
	w, ok := v.Str()
	f := strings.SplitN(w, ":", 6)
	return ok && len(f) == 6 && f[0] == "arn" && len(f[4]) > 2 && strings.HasPrefix(f[4], "<") && strings.HasSuffix(f[4], ">")
}

// ParseARN reads an ARN from v when v provably starts with "arn:". Fields
// that contain a hole are left empty (unknown).
func ParseARN(v Value) (ARN, bool) {
	if !strings.HasPrefix(v.Prefix(), "arn:") {
		return ARN{}, false
	}
	var fields [5]string
	var known [5]bool
	for i := range known {
		known[i] = true
	}
	field := 0
	var rest []Segment
	for si, s := range v.Segments() {
		if field >= 5 {
			rest = append(rest, v.Segments()[si:]...)
			break
		}
		if s.Ref != nil {
			known[field] = false
			continue
		}
		text := s.Text
		for field < 5 {
			j := strings.IndexByte(text, ':')
			if j < 0 {
				fields[field] += text
				text = ""
				break
			}
			fields[field] += text[:j]
			text = text[j+1:]
			field++
		}
		if field >= 5 {
			rest = append(rest, Segment{Text: text})
			rest = append(rest, v.Segments()[si+1:]...)
			break
		}
	}
	if field < 5 {
		return ARN{}, false
	}
	get := func(i int) string {
		if known[i] {
			return fields[i]
		}
		return ""
	}
	account := get(4)
	if !accountID(account) {
		// A placeholder a pipeline fills in (ACCOUNT_ID, <account-id>):
		// not known.
		account = ""
	}
	return ARN{Partition: get(1), Service: get(2), Region: get(3), Account: account, Resource: FromSegments(rest)}, true
}

// accountID reports whether s may be the account field of an ARN: empty
// (S3, global resources), "aws" (AWS managed policies), or an account ID,
// which is exactly 12 digits.
func accountID(s string) bool {
	if s == "" || s == "aws" {
		return true
	}
	if len(s) != 12 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// resolveNamed resolves a role or instance profile reference.
func resolveNamed(m *Model, kind Kind, arnType string, v Value, holder Scope) Identity {
	id := Identity{Kind: kind, Written: v, Name: v, Scope: holder}
	if v.IsUnknown() {
		return id
	}
	if ref, ok := v.SoleRef(); ok {
		if e := m.Lookup(ref.Object); e != nil && e.Base().Kind == kind {
			o := e.Base()
			id.Entity, id.Name, id.Scope = e, o.Name, o.Scope.Merge(holder)
			if d := m.declaredAs(e); d != nil {
				id.Entity, id.Scope = d, d.Base().Scope.Merge(id.Scope)
			}
			return id
		}
		// A Crossplane selector several objects match: any of them.
		if strings.HasPrefix(ref.Object, selectorPrefix) {
			var alike []Entity
			for _, e := range m.selectorMatches(ref.Object) {
				if e.Base().Kind == kind {
					alike = append(alike, e)
				}
			}
			if len(alike) > 1 {
				id.Alike, id.BySelector = alike, true
				return id
			}
		}
		// A name that is one value the model knows only by its source
		// (var.cluster_name with no value): the entity named by that
		// same value, if one is (its name is the same reference).
		if ref.Anonymous {
			return id
		}
	}
	if arn, ok := ParseARN(v); ok {
		id.Scope = Scope{Partition: arn.Partition, Account: arn.Account}.Merge(holder)
		if name, ok := arn.Resource.TrimPrefixKnown(arnType + "/"); ok {
			if n, ok := name.AfterLast("/"); ok {
				name = n
			}
			id.Name = name
		} else {
			id.Name = Unknown()
		}
		// The name read from the object itself (role/${aws_iam_role.x.name},
		// a name_prefix making it at apply): that object.
		if ref, ok := id.Name.SoleRef(); ok {
			if attrs := ref.Attrs(); len(attrs) == 1 && attrs[0] == "name" {
				if e := m.Lookup(ref.Object); e != nil && e.Base().Kind == kind && e.Base().Scope.Compatible(id.Scope, false, false) {
					o := e.Base()
					id.Entity, id.Name, id.Scope = e, o.Name, o.Scope.Merge(id.Scope)
					return id
				}
			}
		}
	}
	// A literal (or partly literal) name: find the one entity it provably is.
	// An output of a module call is something that module's code
	// declares, or passes through: never an entity of another module.
	within := outputOfCall(v)
	var found, maybe []Entity
	for _, e := range m.candidates(kind, id.Name) {
		o := e.Base()
		if !o.Scope.Compatible(id.Scope, false, false) || within != "" && !strings.HasPrefix(o.Addr, within) {
			continue
		}
		switch Compare(o.Name, id.Name) {
		case Yes:
			found = append(found, e)
		case Maybe:
			maybe = append(maybe, e)
		}
	}
	if declared := slices.DeleteFunc(slices.Clone(found), func(e Entity) bool { return e.Base().LookedUp }); len(declared) > 0 {
		found = declared // a read-back stands for what declares it
	}
	switch {
	case len(found) == 1:
		id.Entity = found[0]
		id.Scope = found[0].Base().Scope.Merge(id.Scope)
	case len(found) > 1:
		id.Alike = found // ambiguous: keep the name only
	default:
		if _, known := id.Name.Str(); known {
			// A literal name: the entities whose names are known only in
			// part may be it.
			for _, e := range m.unnamed[kind] {
				if o := e.Base(); o.Scope.Compatible(id.Scope, false, false) && (within == "" || strings.HasPrefix(o.Addr, within)) && Compare(o.Name, id.Name) == Maybe {
					maybe = append(maybe, e)
				}
			}
		}
		id.Maybe = maybe
	}
	return id
}

// outputOfCall is, for a value that is exactly an output of a module call
// (module.csi_role.role_arn), the address prefix of what that call's
// code declares ("infra:module.csi_role."); "" otherwise.
func outputOfCall(v Value) string {
	ref, ok := v.SoleRef()
	if !ok {
		return ""
	}
	if a, ok := ParseAddress(ref.Object); !ok || !a.IsModuleCall() {
		return ""
	}
	return ref.Object + "."
}

// declaredAs is the one entity the model declares that e, an object a
// data source reads back by name (Object.LookedUp), stands for: the same
// kind, a provably equal name, a compatible scope. Nil when e is no
// read-back, or none or several match.
func (m *Model) declaredAs(e Entity) Entity {
	o := e.Base()
	if !o.LookedUp {
		return nil
	}
	if _, ok := o.Name.Str(); !ok {
		return nil
	}
	var found Entity
	for _, c := range m.candidates(o.Kind, o.Name) {
		co := c.Base()
		if co.LookedUp || !co.Scope.Compatible(o.Scope, false, false) || Compare(co.Name, o.Name) != Yes {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// ResolveRole resolves a reference to an IAM role (name, ARN or Terraform
// reference) written by an object in scope holder.
func (m *Model) ResolveRole(v Value, holder Scope) Identity {
	return resolveNamed(m, KindRole, "role", v, holder)
}

// ResolveInstanceProfile resolves a reference to an instance profile.
func (m *Model) ResolveInstanceProfile(v Value, holder Scope) Identity {
	return resolveNamed(m, KindInstanceProfile, "instance-profile", v, holder)
}

// RoleOfProfile resolves the role an instance profile holds, when the
// profile is a model entity.
func (m *Model) RoleOfProfile(p Identity) (Identity, *InstanceProfile, bool) {
	ip, ok := p.Entity.(*InstanceProfile)
	if !ok || !ip.Role.IsSet() {
		return Identity{}, nil, false
	}
	return m.ResolveRole(ip.Role.Value, ip.Scope), ip, true
}

// SameIdentity decides whether two resolved references name the same
// object: Yes when they resolve to one entity or carry provably equal names
// in compatible scopes, No when names or scopes provably differ.
func SameIdentity(a, b Identity) Tri {
	if a.Kind != b.Kind {
		return No
	}
	if a.Entity != nil && a.Entity == b.Entity {
		return Yes
	}
	if distinctDeclared(a.Entity, b.Entity) || generatedApart(a.Entity, b.Entity) {
		return No
	}
	region := a.Kind == KindSecurityGroup
	if !a.Scope.Compatible(b.Scope, region, false) {
		return No
	}
	if a.Kind == KindSecurityGroup {
		if t := Compare(a.ID, b.ID); t != Maybe {
			return t
		}
		return Maybe
	}
	if a.Name.IsUnknown() || b.Name.IsUnknown() {
		return Maybe
	}
	return Compare(a.Name, b.Name)
}

// distinctDeclared reports whether a and b are two IAM objects (roles,
// instance profiles) one Terraform root creates: two resources (or
// instances) of a root never create the same IAM object, whose name is
// unique in its account (the second would fail with EntityAlreadyExists),
// whatever their names are known to be. Objects read back by data
// sources, from a plan, or of two roots may be one.
func distinctDeclared(a, b Entity) bool {
	if a == nil || b == nil || a == b {
		return false
	}
	x, y := a.Base(), b.Base()
	iam := x.Kind == KindRole || x.Kind == KindInstanceProfile
	// The same address in two models (a base revision and the head) is
	// one resource.
	return iam && x.Addr != y.Addr && x.Kind == y.Kind && x.Source == SourceTerraform && y.Source == SourceTerraform &&
		!x.LookedUp && !y.LookedUp && !x.FromPlan() && !y.FromPlan() && x.Root != "" && x.Root == y.Root
}

// generatedApart reports whether a and b are two IAM objects Terraform
// creates, one of them named at apply from a name_prefix (its name ends
// in a suffix Terraform makes unique): never the same object, whatever
// roots declare them.
func generatedApart(a, b Entity) bool {
	if a == nil || b == nil || a == b {
		return false
	}
	x, y := a.Base(), b.Base()
	if x.Kind != y.Kind || x.Kind != KindRole && x.Kind != KindInstanceProfile {
		return false
	}
	for _, o := range []*Object{x, y} {
		if o.Source != SourceTerraform || o.LookedUp || o.FromPlan() {
			return false
		}
	}
	return x.Addr != y.Addr && (generatedName(x) || generatedName(y))
}

// generatedName reports whether an object's name is made at apply from a
// prefix: it holds the anonymous hole its extraction puts for the suffix.
func generatedName(o *Object) bool {
	for _, seg := range o.Name.Segments() {
		if r := seg.Ref; r != nil && r.Anonymous && r.Path == "name" && (r.Object == o.Addr || strings.HasSuffix(o.Addr, ":"+r.Object)) {
			return true
		}
	}
	return false
}

// ResolveSecurityGroup resolves a security group reference (an ID, or a
// Terraform reference to a group).
func (m *Model) ResolveSecurityGroup(v Value, holder Scope) Identity {
	id := Identity{Kind: KindSecurityGroup, Written: v, ID: v, Name: Unknown(), Scope: holder}
	if v.IsUnknown() {
		return id
	}
	if ref, ok := v.SoleRef(); ok {
		if e, ok := m.Lookup(ref.Object).(*SecurityGroup); ok {
			id.Entity, id.ID, id.Name, id.Scope = e, e.ID, e.Name, e.Scope.Merge(holder)
			return id
		}
		// A group that is an attribute of another object: the cluster
		// security group (aws_eks_cluster.x.vpc_config[0].cluster_security_group_id).
		if cl, ok := m.Lookup(ref.Object).(*Cluster); ok {
			if e := m.ClusterSecurityGroup(cl); e != nil && Compare(e.ID, v) == Yes {
				id.Entity, id.ID, id.Name, id.Scope = e, e.ID, e.Name, e.Scope.Merge(holder)
			}
		}
		return id
	}
	var found *SecurityGroup
	for _, sg := range m.SecurityGroups {
		if sg.Scope.Compatible(holder, true, false) && Compare(sg.ID, v) == Yes {
			if found != nil {
				return id
			}
			found = sg
		}
	}
	if found != nil {
		id.Entity, id.Name, id.Scope = found, found.Name, found.Scope.Merge(holder)
	}
	return id
}

// SelectedByID is the security group of the model, in a scope compatible
// with scope, whose ID provably equals the ID term t names; nil when t
// has no ID or no group's is provably it. AWS gives every group its own
// ID, so a term that selects this group by ID selects no other, whatever
// the others' IDs (unknown before apply) compare as.
func (m *Model) SelectedByID(t SelectorTerm, scope Scope) *SecurityGroup {
	if !t.HasID {
		return nil
	}
	for _, sg := range m.SecurityGroups {
		if sg.Scope.Compatible(scope, true, false) && Compare(t.ID, sg.ID) == Yes {
			return sg
		}
	}
	return nil
}

// TermMatch decides whether a Karpenter selector term selects the security
// group g. Every field of the term must match.
func TermMatch(t SelectorTerm, g Identity) Tri {
	result := Yes
	and := func(x Tri) {
		if x == No || result == No {
			result = No
			return
		}
		if x == Maybe {
			result = Maybe
		}
	}
	sg, _ := g.Entity.(*SecurityGroup)
	if t.HasID {
		and(Compare(t.ID, g.ID))
	}
	if t.HasName {
		if sg != nil {
			and(GlobMatch(t.Name, sg.Name))
		} else {
			and(Maybe)
		}
	}
	for k, want := range t.Tags {
		if sg == nil {
			and(Maybe)
			continue
		}
		have, ok := sg.Tags[k]
		if !ok {
			if mv, maybe := sg.MaybeTags[k]; maybe && GlobMatch(want, mv) != No {
				and(Maybe)
			} else if sg.TagsIncomplete || MayBeOneOf(k, sg.OpenTagKeys) {
				and(Maybe)
			} else {
				and(No)
			}
			continue
		}
		and(GlobMatch(want, have))
	}
	if t.KeysUnknown {
		and(Maybe)
	}
	if !t.HasID && !t.HasName && len(t.Tags) == 0 && !t.KeysUnknown {
		return No // an empty term selects nothing
	}
	return result
}

// ClusterSecurityGroup returns the cluster security group EKS creates for
// cl, nil when the model holds none for it.
func (m *Model) ClusterSecurityGroup(cl *Cluster) *SecurityGroup {
	for _, sg := range m.SecurityGroups {
		if sg.ClusterOf == cl.Addr {
			return sg
		}
	}
	return nil
}

// ClusterNamed returns the EKS cluster of the model that v names (a
// reference to a cluster's own attribute, or its name), written in root,
// nil when none or several may be meant. A cluster whose name certainly
// is v is the one meant even when others' names may be v too: a cluster's
// name is unique where it lives, so one of those, if it is named so, is
// that cluster (two roots copying one configuration, each naming its
// cluster by its own variable). Of several named v, the one root declares
// is meant (environments in their own accounts, each root making a
// cluster of the same name, manage their own).
func (m *Model) ClusterNamed(v Value, holder Scope, root string) *Cluster {
	if v.IsUnknown() {
		return nil
	}
	if ref, ok := v.SoleRef(); ok {
		if cl, ok := m.Lookup(ref.Object).(*Cluster); ok {
			return cl
		}
	}
	var named []*Cluster
	maybe := false
	for _, cl := range m.Clusters {
		if !cl.Scope.Compatible(holder, true, false) {
			continue
		}
		switch Compare(cl.Name, v) {
		case Yes:
			named = append(named, cl)
		case Maybe:
			maybe = true
		}
	}
	switch {
	case len(named) == 1:
		return named[0]
	case len(named) > 1:
		var own *Cluster
		for _, cl := range named {
			if root != "" && cl.Root == root {
				if own != nil {
					return nil
				}
				own = cl
			}
		}
		return own
	case maybe:
		return nil
	}
	return nil
}
