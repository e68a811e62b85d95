package lint

// This file resolves subnet references for the capacity rules: the zones a
// node group's subnets live in, and the subnets a Karpenter
// subnetSelectorTerms list selects.

// ResolveSubnet returns the subnet entity a reference names: a hole naming
// an aws_subnet's id or arn, or a known subnet ID that exactly one subnet
// of the model has. Nil when it names none (or several).
func (m *Model) ResolveSubnet(v Value) *Subnet {
	if v.IsUnknown() {
		return nil
	}
	if ref, ok := v.SoleRef(); ok {
		if ref.Path != "id" && ref.Path != "arn" {
			return nil
		}
		s, _ := m.Lookup(ref.Object).(*Subnet)
		return s
	}
	if _, ok := v.Str(); !ok {
		return nil
	}
	var found *Subnet
	for _, s := range m.Subnets {
		if Compare(s.ID, v) == Yes {
			if found != nil {
				return nil
			}
			found = s
		}
	}
	return found
}

// SubnetZones returns the distinct zones (names or zone IDs, as written)
// of the subnets refs name, in order. known is false when some reference
// does not resolve to a subnet whose zone is known, or when refs is empty
// (nothing says where the nodes launch): the zones are then a lower bound.
func (m *Model) SubnetZones(refs []Ref) (zones []string, known bool) {
	known = len(refs) > 0
	seen := map[string]bool{}
	for _, r := range refs {
		s := m.ResolveSubnet(r.Value)
		if s == nil {
			known = false
			continue
		}
		z, ok := s.Zone.Str()
		if !ok || z == "" {
			known = false
			continue
		}
		if !seen[z] {
			seen[z] = true
			zones = append(zones, z)
		}
	}
	return zones, known
}

// SubnetsMatching returns the subnets of the model that some selector term
// provably selects (by id and tags, "*" matching any tag value, as
// security-group terms match). complete is false when a term cannot be
// decided for some subnet (a hole in a term or an ID, tags that could not
// all be read): other subnets of the model may then be selected too.
// Subnets the model does not hold (made elsewhere) are never counted.
func (m *Model) SubnetsMatching(terms []SelectorTerm) (subnets []*Subnet, complete bool) {
	complete = true
	for _, s := range m.Subnets {
		g := subnetIdentity(s)
		hit, maybe := false, false
		for _, t := range terms {
			switch TermMatch(t, g) {
			case Yes:
				hit = true
			case Maybe:
				maybe = true
			}
		}
		if hit {
			subnets = append(subnets, s)
		} else if maybe {
			complete = false
		}
	}
	return subnets, complete
}

// subnetIdentity presents a subnet to TermMatch, which decides terms
// against an entity's ID, name and tags.
func subnetIdentity(s *Subnet) Identity {
	as := &SecurityGroup{Object: s.Object, ID: s.ID, Tags: s.Tags, TagsIncomplete: s.TagsIncomplete, OpenTagKeys: s.OpenTagKeys, MaybeTags: s.MaybeTags}
	return Identity{Kind: KindSubnet, Entity: as, ID: s.ID, Name: s.Name, Scope: s.Scope}
}

// SubnetsSelectedIn is SubnetsMatching over the subnets whose scope is
// compatible with holder (a node class's account and region).
func (m *Model) SubnetsSelectedIn(terms []SelectorTerm, holder Scope) (subnets []*Subnet, complete bool) {
	complete = true
	for _, s := range m.Subnets {
		if !s.Scope.Compatible(holder, true, false) {
			continue
		}
		switch anyTerm(terms, subnetIdentity(s)) {
		case Yes:
			subnets = append(subnets, s)
		case Maybe:
			complete = false
		}
	}
	return subnets, complete
}

// SecurityGroupsSelectedIn returns the security groups of the model,
// compatible with holder, that some term provably selects; complete is
// false when a term cannot be decided for some group.
func (m *Model) SecurityGroupsSelectedIn(terms []SelectorTerm, holder Scope) (groups []*SecurityGroup, complete bool) {
	complete = true
	for _, sg := range m.SecurityGroups {
		if !sg.Scope.Compatible(holder, true, false) {
			continue
		}
		id := Identity{Kind: KindSecurityGroup, Entity: sg, ID: sg.ID, Name: sg.Name, Scope: sg.Scope}
		switch anyTerm(terms, id) {
		case Yes:
			groups = append(groups, sg)
		case Maybe:
			complete = false
		}
	}
	return groups, complete
}

// anyTerm decides whether some term (terms are ORed) selects g.
func anyTerm(terms []SelectorTerm, g Identity) Tri {
	out := No
	for _, t := range terms {
		switch TermMatch(t, g) {
		case Yes:
			return Yes
		case Maybe:
			out = Maybe
		}
	}
	return out
}

// PlaceLooseTags places every loose tag (LooseTag: one an aws_ec2_tag
// puts on a resource its root does not declare). A tag whose resource ID
// is that of a subnet or security group of the model (of another root,
// read through remote state) is that resource's own tag. Any other is
// added to the tags each subnet and security group of a compatible
// account and region may carry: a term asking for its key then matches
// them maybe, never surely not. A key known only in part is a key any of
// them may carry. Call it once, when every entity is in.
func (m *Model) PlaceLooseTags() {
	for _, t := range m.LooseTags {
		if m.placeOwnTag(t) {
			continue
		}
		key, known := t.Key.Str()
		for _, s := range m.Subnets {
			if !s.Scope.Compatible(t.Scope, true, false) {
				continue
			}
			if !known {
				s.OpenTagKeys = append(s.OpenTagKeys, t.Key)
				continue
			}
			if _, own := s.Tags[key]; own {
				continue
			}
			if s.MaybeTags == nil {
				s.MaybeTags = map[string]Value{}
			}
			s.MaybeTags[key] = eitherValue(s.MaybeTags, key, t.Value)
		}
		for _, sg := range m.SecurityGroups {
			if !sg.Scope.Compatible(t.Scope, true, false) {
				continue
			}
			if !known {
				sg.OpenTagKeys = append(sg.OpenTagKeys, t.Key)
				continue
			}
			sg.AddMaybeTags(map[string]Value{key: eitherValue(sg.MaybeTags, key, t.Value)})
		}
	}
}

// placeOwnTag adds loose tag t to the one subnet or security group of a
// compatible account and region whose ID its resource ID surely is; false
// when there is not exactly one.
func (m *Model) placeOwnTag(t *LooseTag) bool {
	if t.ResourceID.IsUnknown() {
		return false
	}
	var subnets []*Subnet
	var groups []*SecurityGroup
	for _, s := range m.Subnets {
		if s.Scope.Compatible(t.Scope, true, false) && Compare(s.ID, t.ResourceID) == Yes {
			subnets = append(subnets, s)
		}
	}
	for _, sg := range m.SecurityGroups {
		if sg.Scope.Compatible(t.Scope, true, false) && Compare(sg.ID, t.ResourceID) == Yes {
			groups = append(groups, sg)
		}
	}
	if len(subnets)+len(groups) != 1 {
		return false
	}
	key, known := t.Key.Str()
	switch {
	case len(subnets) == 1 && !known:
		subnets[0].OpenTagKeys = append(subnets[0].OpenTagKeys, t.Key)
	case len(subnets) == 1:
		if subnets[0].Tags == nil {
			subnets[0].Tags = map[string]Value{}
		}
		subnets[0].Tags[key] = t.Value
	case !known:
		groups[0].OpenTagKeys = append(groups[0].OpenTagKeys, t.Key)
	default:
		sg := groups[0]
		if sg.Tags == nil {
			sg.Tags = map[string]Value{}
		}
		if sg.TagRanges == nil {
			sg.TagRanges = map[string]Range{}
		}
		sg.Tags[key], sg.TagRanges[key] = t.Value, t.KeyRange
	}
	return true
}

// eitherValue is the value a tag key may have when tags holds one for
// it already and v is another: v when they agree or tags holds none, not
// known when they differ.
func eitherValue(tags map[string]Value, key string, v Value) Value {
	if have, ok := tags[key]; ok && Compare(have, v) != Yes {
		return Unknown()
	}
	return v
}
