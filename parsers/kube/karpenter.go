package kube

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// ec2NodeClass reads a Karpenter v1 or v1beta1 EC2NodeClass.
func (d *doc) ec2NodeClass() *lint.NodeClass {
	switch d.apiVersion {
	case "karpenter.k8s.aws/v1":
		d.checkEC2NodeClassRequired()
		d.checkUnknownFields(ec2NodeClassV1Levels)
	case "karpenter.k8s.aws/v1beta1":
		d.checkOneIdentity()
	}
	nc := d.nodeClass()
	nc.Role = d.iamNameAt("spec", "role")
	nc.OS, nc.WindowsBuild = d.amiOS()
	k, v := path(d.root, "spec", "securityGroupSelectorTerms")
	if k != nil {
		nc.SecurityGroupRange = d.rangeOf(k)
		nc.SecurityGroupTerms = d.selectorTerms(v)
	}
	if k, v := path(d.root, "spec", "subnetSelectorTerms"); k != nil {
		nc.SubnetRange = d.rangeOf(k)
		nc.SubnetTerms = d.selectorTerms(v)
	}
	return nc
}

// autoModeNodeClass reads an EKS Auto Mode NodeClass: its node role and
// the selector terms of its security groups and subnets, as an
// EC2NodeClass writes them.
func (d *doc) autoModeNodeClass() *lint.NodeClass {
	nc := d.ec2NodeClass()
	nc.AutoMode = true
	nc.InstanceProfile = lint.Ref{} // Auto Mode NodeClasses have none
	return nc
}

// awsNodeTemplate reads a legacy v1alpha1 AWSNodeTemplate. One that
// names a launch template launches from it: its instance profile and
// security groups are the template's (ownLaunchTemplate).
func (d *doc) awsNodeTemplate() *lint.NodeClass {
	nc := d.nodeClass()
	k, v := path(d.root, "spec", "securityGroupSelector")
	if d.ownLaunchTemplate(nc.Label, "spec", "launchTemplate") {
		k, nc.InstanceProfile = nil, lint.Ref{}
		nc.LaunchTemplate = d.refAt("spec", "launchTemplate")
	}
	if k != nil {
		nc.SecurityGroupRange = d.rangeOf(k)
		nc.SecurityGroupTerms = d.legacySelector(v)
	}
	if k, v := path(d.root, "spec", "subnetSelector"); k != nil {
		nc.SubnetRange = d.rangeOf(k)
		nc.SubnetTerms = d.legacySelector(v)
	}
	return nc
}

// nodeClass builds the fields EC2NodeClass and AWSNodeTemplate share.
func (d *doc) nodeClass() *lint.NodeClass {
	return &lint.NodeClass{
		Object:          d.object(lint.KindNodeClass),
		APIVersion:      d.apiVersion,
		KindName:        d.kind,
		InstanceProfile: d.iamNameAt("spec", "instanceProfile"),
	}
}

// nodePool reads a Karpenter v1 or v1beta1 NodePool: its node class and
// its capacity.
func (d *doc) nodePool() *lint.NodePool {
	np := &lint.NodePool{Object: d.object(lint.KindNodePool), APIVersion: d.apiVersion, KindName: d.kind}
	_, ref := path(d.root, "spec", "template", "spec", "nodeClassRef")
	if np.AutoMode = isAutoModeRef(ref); !np.AutoMode {
		_, name := lookup(ref, "name")
		np.NodeClass = d.ref(name)
	}
	d.poolCapacity(np, nodePoolPaths())
	d.checkConsolidationPolicy()
	d.checkConsolidateAfter()
	d.checkBudgets()
	d.checkNodeClassRef()
	d.checkNodePoolLabelKeys()
	d.checkNodePoolTaints()
	if d.apiVersion == "karpenter.sh/v1" {
		d.checkUnknownFields(nodePoolV1Levels)
	}
	return np
}

// consolidationPolicies are the values each NodePool version's schema
// admits for spec.disruption.consolidationPolicy: v1 renamed
// WhenUnderutilized to WhenEmptyOrUnderutilized.
var consolidationPolicies = map[string][]string{
	"karpenter.sh/v1":      {"WhenEmpty", "WhenEmptyOrUnderutilized"},
	"karpenter.sh/v1beta1": {"WhenEmpty", "WhenUnderutilized"},
}

// checkConsolidationPolicy reports a NodePool's consolidation policy its
// version's schema refuses (FL000): the API server rejects the object.
func (d *doc) checkConsolidationPolicy() {
	allowed := consolidationPolicies[d.apiVersion]
	_, n := path(d.root, "spec", "disruption", "consolidationPolicy")
	s, ok := scalar(n)
	if len(allowed) == 0 || !ok || !d.final(s) || slices.Contains(allowed, s) {
		return
	}
	d.invalid(n, "invalid consolidation policy", fmt.Sprintf("%q in %s (%s) is not a consolidation policy its schema admits (%s); the API server rejects the object.", s, d.label(), d.apiVersion, strings.Join(allowed, " or ")))
}

// checkEC2NodeClassRequired records what the API server refuses in a
// karpenter.k8s.aws/v1 EC2NodeClass (its CRD from v1.0.0 through v1.14):
// a spec without amiSelectorTerms (the AMI family alone selected the AMIs
// in v1beta1), or without exactly one of role and instanceProfile.
// Only a spec whose keys are all written out is judged: a key a merge
// key or a template may add is not certainly missing.
func (d *doc) checkEC2NodeClassRequired() {
	k, spec := path(d.root, "spec")
	has, ok := d.writtenKeys(k, spec)
	if !ok {
		return
	}
	// The selector terms of subnets and security groups the schema
	// requires too are not checked here.
	for _, field := range []string{"amiSelectorTerms"} {
		if !has[field] {
			d.invalid(k, "missing required field", fmt.Sprintf("%s (%s) has no spec.%s, which its schema requires (spec.%s: Required value); the API server rejects the object.", d.label(), d.apiVersion, field, field))
		}
	}
	d.checkOneIdentity()
	d.checkAMIFamily(spec)
}

// amiOS is the operating system (and Windows build) of the AMIs an
// EC2NodeClass selects: its alias's family (al2023@latest), else its
// amiFamily; "" when neither is final text or names a family of one
// system (Custom).
func (d *doc) amiOS() (os, build string) {
	_, terms := path(d.root, "spec", "amiSelectorTerms")
	if terms != nil && terms.Kind == yaml.SequenceNode {
		for _, t := range terms.Content {
			_, a := lookup(t, "alias")
			alias, ok := scalar(a)
			name, _, _ := strings.Cut(alias, "@")
			if !ok || !d.final(name) {
				continue
			}
			if os, build, ok := lint.AMIFamilyOS(name); ok {
				return os, build
			}
		}
	}
	_, f := path(d.root, "spec", "amiFamily")
	if family, ok := scalar(f); ok && d.final(family) {
		if os, build, ok := lint.AMIFamilyOS(family); ok {
			return os, build
		}
	}
	return "", ""
}

// aliasFamilies are the AMI families an EC2NodeClass's amiSelectorTerms
// alias names (the part before @), with the amiFamily each allows beside
// Custom.
var aliasFamilies = map[string]string{
	"al2": "AL2", "al2023": "AL2023", "bottlerocket": "Bottlerocket",
	"windows2019": "Windows2019", "windows2022": "Windows2022", "windows2025": "Windows2025",
}

// checkAMIFamily records what the v1 EC2NodeClass schema's rules refuse
// about spec.amiFamily: none beside AMI terms that hold no alias (must
// specify amiFamily if amiSelectorTerms does not contain an alias), or
// one other than Custom and the family an alias names. Only terms whose
// keys are all written out are judged.
func (d *doc) checkAMIFamily(spec *yaml.Node) {
	k, terms := lookup(spec, "amiSelectorTerms")
	if terms == nil || terms.Kind != yaml.SequenceNode || len(terms.Content) == 0 {
		return
	}
	var aliases []*yaml.Node
	for _, t := range terms.Content {
		has, ok := d.writtenKeys(t, t)
		if !ok {
			return
		}
		if has["alias"] {
			_, a := lookup(t, "alias")
			aliases = append(aliases, a)
		}
	}
	fk, fv := lookup(spec, "amiFamily")
	if len(aliases) == 0 {
		if fk == nil || fv == nil || fv.Tag == "!!null" { // a null field is pruned
			d.invalid(k, "missing required field", fmt.Sprintf("%s (%s) has no spec.amiFamily, which its schema requires when no amiSelectorTerms term is an alias (must specify amiFamily if amiSelectorTerms does not contain an alias); the API server rejects the object.", d.label(), d.apiVersion))
		}
		return
	}
	family, ok := scalar(fv)
	if !ok || !d.final(family) || family == "Custom" {
		return
	}
	for _, a := range aliases {
		alias, ok := scalar(a)
		name, _, _ := strings.Cut(alias, "@") // final text holds no @
		if !ok || !d.final(name) {
			continue
		}
		if want, known := aliasFamilies[name]; known && family != want {
			d.invalid(fv, "invalid node class", fmt.Sprintf("%s (%s) has amiFamily %s beside the alias %s, which its schema refuses (beside an alias of the %s family, amiFamily if set must be %s or Custom); the API server rejects the object.", d.label(), d.apiVersion, family, alias, want, want))
			return
		}
	}
}

// checkOneIdentity records an EC2NodeClass (v1, and v1beta1 from v0.32)
// whose spec gives both or neither of role and instanceProfile: its
// schema's rule admits exactly one. Only a spec whose keys are all
// written out is judged.
func (d *doc) checkOneIdentity() {
	k, spec := path(d.root, "spec")
	has, ok := d.writtenKeys(k, spec)
	if !ok {
		return
	}
	// A null value is pruned by the API server before validation (the
	// fields are not nullable): written so, the field is absent.
	for _, field := range []string{"role", "instanceProfile"} {
		if _, v := lookup(spec, field); has[field] && v != nil && v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			has[field] = false
		}
	}
	if has["role"] == has["instanceProfile"] {
		d.invalid(k, "invalid node class", fmt.Sprintf("%s (%s) must specify exactly one of role and instanceProfile (its schema's rule); the API server rejects the object.", d.label(), d.apiVersion))
	}
}

// checkConsolidateAfter records a karpenter.sh/v1beta1 NodePool's
// disruption block its schema's rules refuse: consolidateAfter (other
// than Never) with consolidationPolicy WhenUnderutilized, or
// WhenEmpty without consolidateAfter. Only a block whose keys are all
// written out is judged.
func (d *doc) checkConsolidateAfter() {
	if d.apiVersion != "karpenter.sh/v1beta1" {
		return
	}
	k, disruption := path(d.root, "spec", "disruption")
	has, ok := d.writtenKeys(k, disruption)
	if !ok {
		return
	}
	_, pn := lookup(disruption, "consolidationPolicy")
	policy, ok := scalar(pn)
	if !ok || !d.final(policy) {
		return
	}
	_, an := lookup(disruption, "consolidateAfter")
	after, _ := scalar(an)
	switch {
	case policy == "WhenUnderutilized" && has["consolidateAfter"] && after != "Never" && d.final(after):
		d.invalid(an, "invalid disruption", fmt.Sprintf("%s (%s) sets consolidateAfter with consolidationPolicy WhenUnderutilized, which its schema refuses (consolidateAfter cannot be combined with consolidationPolicy=WhenUnderutilized); the API server rejects the object.", d.label(), d.apiVersion))
	case policy == "WhenEmpty" && !has["consolidateAfter"]:
		d.invalid(pn, "invalid disruption", fmt.Sprintf("%s (%s) has consolidationPolicy WhenEmpty without consolidateAfter, which its schema requires with it (consolidateAfter must be specified with consolidationPolicy=WhenEmpty); the API server rejects the object.", d.label(), d.apiVersion))
	}
}

// checkBudgets records a NodePool disruption budget with a schedule but
// no duration, or a duration but no schedule: the schema of v1beta1 and
// v1 refuses both ('schedule' must be set with 'duration'). Only budgets
// whose keys are all written out are judged.
func (d *doc) checkBudgets() {
	_, budgets := path(d.root, "spec", "disruption", "budgets")
	if budgets == nil || budgets.Kind != yaml.SequenceNode {
		return
	}
	for _, b := range budgets.Content {
		has, ok := d.writtenKeys(b, b)
		if !ok || has["schedule"] == has["duration"] {
			continue
		}
		given, missing := "schedule", "duration"
		if has["duration"] {
			given, missing = "duration", "schedule"
		}
		d.invalid(b, "invalid disruption budget", fmt.Sprintf("a disruption budget of %s (%s) has a %s but no %s, which its schema refuses ('schedule' must be set with 'duration'); the API server rejects the object.", d.label(), d.apiVersion, given, missing))
	}
}

// checkNodePoolTaints records a taint of a v1beta1 or v1 NodePool (in
// taints or startupTaints) its schema refuses: an effect outside the
// enum NoSchedule, PreferNoSchedule, NoExecute, a value that is not a
// string (an unquoted true or 1), or no key or effect (both required).
// The v1alpha5 Provisioner's schema had no enum, so it is not judged.
func (d *doc) checkNodePoolTaints() {
	if d.apiVersion != "karpenter.sh/v1" && d.apiVersion != "karpenter.sh/v1beta1" {
		return
	}
	for _, field := range []string{"taints", "startupTaints"} {
		_, list := path(d.root, "spec", "template", "spec", field)
		if list == nil || list.Kind != yaml.SequenceNode {
			continue
		}
		for _, it := range list.Content {
			d.checkNodePoolTaint(field, it)
		}
	}
}

// checkNodePoolTaint judges one taint of checkNodePoolTaints, written in
// the list field.
func (d *doc) checkNodePoolTaint(field string, it *yaml.Node) {
	where := fmt.Sprintf("a taint in spec.template.spec.%s of %s (%s)", field, d.label(), d.apiVersion)
	if has, ok := d.writtenKeys(it, it); ok {
		for _, req := range []string{"key", "effect"} {
			if !has[req] {
				d.invalid(it, "missing required field", fmt.Sprintf("%s has no %s, which its schema requires (Required value); the API server rejects the object.", where, req))
			}
		}
	}
	_, ev := lookup(it, "effect")
	if effect, ok := scalar(ev); ok && d.final(effect) && !isEffect(effect) {
		d.invalid(ev, "invalid taint effect", fmt.Sprintf("%s has effect %q, which its schema refuses (NoSchedule, PreferNoSchedule or NoExecute); the API server rejects the object.", where, effect))
	}
	_, vv := lookup(it, "value")
	if v := resolve(vv); v != nil && v.Kind == yaml.ScalarNode && len(d.opts.Inferred) == 0 && slices.Contains([]string{"!!bool", "!!int", "!!float"}, v.Tag) {
		d.invalid(vv, "invalid taint value", fmt.Sprintf("%s has the value %s, written as a %s where its schema wants a string (quote it: \"%s\"); the API server rejects the object.", where, v.Value, strings.TrimPrefix(v.Tag, "!!"), v.Value))
	}
}

// writtenKeys are the keys of the mapping m (at key k), when every one is
// final text (doc.final): ok is false for no mapping, a merge key (<<) or
// a key holding a placeholder, and in a rendering with defaults (a key the
// release's values add may be missing).
func (d *doc) writtenKeys(k, m *yaml.Node) (keys map[string]bool, ok bool) {
	if k == nil || m == nil || m.Kind != yaml.MappingNode {
		return nil, false
	}
	keys = map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i]
		if !d.final(key.Value) {
			return nil, false
		}
		keys[key.Value] = true
	}
	return keys, true
}

// checkNodeClassRef records a karpenter.sh/v1 NodePool whose
// spec.template.spec.nodeClassRef lacks a field its schema requires
// (group, kind, name).
func (d *doc) checkNodeClassRef() {
	k, ref := path(d.root, "spec", "template", "spec", "nodeClassRef")
	has, ok := d.writtenKeys(k, ref)
	if d.apiVersion != "karpenter.sh/v1" || !ok {
		return
	}
	for _, field := range []string{"group", "kind", "name"} {
		if !has[field] {
			d.invalid(k, "missing required field", fmt.Sprintf("%s (%s) has no spec.template.spec.nodeClassRef.%s, which its schema requires (Required value); the API server rejects the object.", d.label(), d.apiVersion, field))
		}
	}
}

// isAutoModeRef reports whether a nodeClassRef names an EKS Auto Mode
// NodeClass (group eks.amazonaws.com, or apiVersion eks.amazonaws.com/… in
// v1beta1), which is not a Karpenter EC2NodeClass.
func isAutoModeRef(ref *yaml.Node) bool {
	_, k := lookup(ref, "kind")
	if kind, _ := scalar(k); kind != "NodeClass" {
		return false
	}
	_, g := lookup(ref, "group")
	group, _ := scalar(g)
	if group == "" {
		_, av := lookup(ref, "apiVersion")
		apiVersion, _ := scalar(av)
		group, _, _ = strings.Cut(apiVersion, "/")
	}
	return group == "eks.amazonaws.com"
}

// provisioner reads a legacy v1alpha5 Provisioner: its providerRef, or the
// deprecated inline provider's instance profile and security groups, and
// its capacity.
func (d *doc) provisioner() *lint.NodePool {
	np := &lint.NodePool{Object: d.object(lint.KindNodePool), APIVersion: d.apiVersion, KindName: d.kind}
	np.NodeClass = d.refAt("spec", "providerRef", "name")
	if d.ownLaunchTemplate(np.Label, "spec", "provider", "launchTemplate") {
		np.LaunchTemplate = d.refAt("spec", "provider", "launchTemplate")
		d.poolCapacity(np, provisionerPaths())
		return np
	}
	np.InstanceProfile = d.iamNameAt("spec", "provider", "instanceProfile")
	_, v := path(d.root, "spec", "provider", "securityGroupSelector")
	np.SecurityGroupTerms = d.legacySelector(v)
	d.poolCapacity(np, provisionerPaths())
	return np
}

// ownLaunchTemplate reports whether the legacy Karpenter object names a
// launch template at the path: Karpenter before v0.32 then launches from
// the template as it is ("If Launch Template is directly specified then
// just use it"), with its instance profile and security groups; the
// object's instanceProfile and securityGroupSelector are not used (a
// note says so; lint reads the template's when the tree declares it).
func (d *doc) ownLaunchTemplate(label string, at ...string) bool {
	k, v := path(d.root, at...)
	if k == nil {
		return false
	}
	if s, ok := scalar(v); ok && s == "" {
		return false
	}
	if d.opts.Notes != nil {
		d.opts.Notes(lint.Note{Kind: lint.Skipped, Range: d.rangeOf(k), What: label + " launches from a launch template of its own: its own instanceProfile and securityGroupSelector are not used; its nodes have the template's instance profile and security groups, checked only where the tree declares the template"})
	}
	return true
}

// selectorTerms reads a list of selector terms ({id, name, tags}). A field
// written with an empty value is kept as unknown.
func (d *doc) selectorTerms(list *yaml.Node) []lint.SelectorTerm {
	list = resolve(list)
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil
	}
	var terms []lint.SelectorTerm
	for _, item := range list.Content {
		m := resolve(item)
		if m == nil || m.Kind != yaml.MappingNode {
			continue
		}
		t := lint.SelectorTerm{Range: d.rangeOf(item), FieldRanges: map[string]lint.Range{}}
		if k, v := lookup(m, "id"); v != nil {
			t.HasID, t.ID = true, d.selectorValue(v, false)
			t.FieldRanges["id"] = d.pairRange(k, v)
		}
		if k, v := lookup(m, "name"); v != nil {
			t.HasName, t.Name = true, d.selectorValue(v, false)
			t.FieldRanges["name"] = d.pairRange(k, v)
		}
		_, tags := lookup(m, "tags")
		t.Tags, t.KeysUnknown = d.selectorTags(tags)
		for k := range t.Tags {
			if lint.HasSentinel(k) {
				if t.KeyText == nil {
					t.KeyText = map[string]string{}
				}
				t.KeyText[k] = d.shown(k)
			}
		}
		for _, e := range entries(tags) {
			t.FieldRanges["tags."+e.key] = d.pairRange(e.k, e.v)
		}
		terms = append(terms, t)
	}
	return terms
}

// tagMap reads a tag map; "*" stays a literal wildcard for lint to match.
func (d *doc) tagMap(n *yaml.Node) map[string]lint.Value {
	var tags map[string]lint.Value
	for _, e := range entries(n) {
		if tags == nil {
			tags = map[string]lint.Value{}
		}
		tags[e.key] = d.selectorValue(e.v, true)
	}
	return tags
}

// selectorTags reads a selector term's tags: keysUnknown is set, and the
// tag left out, for a key that holds a placeholder in a file as written
// (kubernetes.io/cluster/${CLUSTER}, kubernetes.io/cluster/CLUSTER_NAME).
func (d *doc) selectorTags(n *yaml.Node) (tags map[string]lint.Value, keysUnknown bool) {
	for _, e := range entries(n) {
		if d.placeholderKey(e.key) {
			keysUnknown = true
			continue
		}
		if tags == nil {
			tags = map[string]lint.Value{}
		}
		tags[e.key] = d.selectorValue(e.v, true)
	}
	return tags, keysUnknown
}

// placeholderKey reports whether a tag key of a selector, in a file as
// written, holds a placeholder a later step fills (see selectorValue).
func (d *doc) placeholderKey(key string) bool {
	asWritten := d.opts.Source == "" || d.opts.Source == lint.SourceKubernetes || d.opts.Source == lint.SourceKustomize
	return asWritten && !lint.HasSentinel(key) && (hasPlaceholder(key) || substitutionToken.MatchString(key))
}

// selectorValue reads a selector term's value. In a file as written (or
// a kustomization of such files), text holding a template placeholder
// some later step fills (${cluster_name} of a template Terraform renders,
// {{ }}) is not known statically: a tag value can hold none of the
// characters of one (AWS allows letters, digits, spaces and
// _ . : / = + - @), so for a tag any of them marks one. What a chart or
// Terraform rendered is what is applied: a literal ${X} there (an
// escaped $${X}) is literal.
func (d *doc) selectorValue(n *yaml.Node, tag bool) lint.Value {
	asWritten := d.opts.Source == "" || d.opts.Source == lint.SourceKubernetes || d.opts.Source == lint.SourceKustomize
	if s, ok := scalar(n); ok && asWritten && !lint.HasSentinel(s) && (templatePlaceholder.MatchString(s) || tag && (hasPlaceholder(s) || substitutionToken.MatchString(s))) {
		return lint.Unknown()
	}
	return d.value(n)
}

// substitutionToken is, in a tag value, an upper-case name of words
// joined by underscores standing alone or between other characters than
// letters and digits (EKS_CLUSTER_NAME, YOUR_CLUSTER_NAME-prod): the
// token a deploy script replaces with sed in a file kept as a template.
// The tags selectors ask for are a cluster's name or a team's, which are
// not written so.
var substitutionToken = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:$|[^A-Za-z0-9_])`)

// legacySelector translates a v1alpha1 securityGroupSelector map into
// terms. Legacy Karpenter sent every key as one ANDed EC2 filter set, so
// with `aws-ids: "sg-1,sg-2"` each ID becomes a term of its own that also
// carries the other keys as tags; without aws-ids the tags form one term.
func (d *doc) legacySelector(n *yaml.Node) []lint.SelectorTerm {
	m := resolve(n)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var ids *yaml.Node
	var tags map[string]lint.Value
	keysUnknown := false
	fields := map[string]lint.Range{}
	for _, e := range entries(m) {
		if e.key == "aws-ids" {
			ids = e.v
			continue
		}
		fields["tags."+e.key] = d.pairRange(e.k, e.v)
		if d.placeholderKey(e.key) {
			keysUnknown = true
			continue
		}
		if tags == nil {
			tags = map[string]lint.Value{}
		}
		tags[e.key] = d.selectorValue(e.v, true)
	}
	if ids == nil {
		if tags == nil && !keysUnknown {
			return nil
		}
		return []lint.SelectorTerm{{Tags: tags, KeysUnknown: keysUnknown, Range: d.rangeOf(n), FieldRanges: fields}}
	}
	terms := d.idTerms(ids)
	for i := range terms {
		terms[i].KeysUnknown = keysUnknown
		terms[i].Tags = maps.Clone(tags)
		terms[i].FieldRanges = maps.Clone(fields)
		terms[i].FieldRanges["id"] = terms[i].Range
	}
	return terms
}

// idTerms splits a comma-separated aws-ids value into one ID term per ID,
// each ranging over its ID when the scalar is written on one line.
func (d *doc) idTerms(n *yaml.Node) []lint.SelectorTerm {
	whole := d.rangeOf(n)
	// Written but empty or unreadable: one term whose ID is unknown.
	unknown := []lint.SelectorTerm{{HasID: true, ID: lint.Unknown(), Range: whole}}
	s, ok := scalar(n)
	if !ok {
		return unknown
	}
	var terms []lint.SelectorTerm
	offset := 0
	for part := range strings.SplitSeq(s, ",") {
		id := strings.TrimSpace(part)
		at := offset + strings.Index(part, id)
		offset += len(part) + 1
		if id == "" {
			continue
		}
		terms = append(terms, lint.SelectorTerm{HasID: true, ID: lint.Known(id), Range: subRange(whole, n, s, at, id)})
	}
	if len(terms) == 0 {
		return unknown
	}
	return terms
}

// subRange narrows a scalar's range to the substring sub at byte offset at
// of its value, when the scalar is a single line; otherwise it returns the
// scalar's whole range.
func subRange(whole lint.Range, n *yaml.Node, s string, at int, sub string) lint.Range {
	if n.Kind != yaml.ScalarNode || strings.Contains(s, "\n") || n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return whole
	}
	r := whole
	r.Column += utf8.RuneCountInString(s[:at])
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		r.Column++
	}
	r.EndLine, r.EndColumn = r.Line, r.Column+utf8.RuneCountInString(sub)
	return r
}
