package kube

import (
	"fmt"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/eksaddons"
	"github.com/faultline-dev/faultline/lint"
)

// Crossplane managed resources of the AWS providers: the Upbound provider
// family (*.aws.upbound.io, v1beta1 and v1beta2), its Crossplane v2
// namespaced groups (*.aws.m.upbound.io) and the community provider
// (*.aws.crossplane.io). The same reader serves top-level manifests and
// resources rendered from a Composition (see composition.go), where some
// fields carry patched values that live beside the YAML tree.

// externalName is the annotation holding a managed resource's cloud name.
const externalName = "crossplane.io/external-name"

// family is one Crossplane AWS provider's API group family.
type family struct {
	// suffix follows the service in the group ("aws.upbound.io").
	suffix string
	// namespaced marks Crossplane v2 namespaced managed resources: they
	// have managementPolicies but no deletionPolicy, and references stay in
	// their namespace.
	namespaced bool
	// community is crossplane-contrib/provider-aws.
	community bool
}

var families = []family{
	{suffix: "aws.m.upbound.io", namespaced: true},
	{suffix: "aws.upbound.io"},
	{suffix: "aws.crossplane.io", community: true},
}

// mrFamily reports whether apiVersion is a managed resource of one of the
// AWS provider families, with its service ("eks", "iam", "ec2", …).
func mrFamily(apiVersion string) (service string, fam family, ok bool) {
	g := lint.GroupOf(apiVersion)
	for _, f := range families {
		if s, ok := strings.CutSuffix(g, "."+f.suffix); ok && s != "" && !strings.Contains(s, ".") {
			return s, f, true
		}
	}
	return "", family{}, false
}

// patched is a value a composition patch wrote into a rendered resource: the
// symbolic value (scalars) and where the patch is written.
type patched struct {
	v      lint.Value
	r      lint.Range
	scalar bool
}

// mr reads one managed resource: a document of its own, or a resource
// rendered from a composition (comp set), whose patched nodes are in over.
type mr struct {
	d       *doc
	service string
	fam     family
	fp      *yaml.Node // spec.forProvider
	over    map[*yaml.Node]patched
	comp    *composed
}

func newMR(d *doc, service string, fam family) *mr {
	m := &mr{d: d, service: service, fam: fam}
	_, m.fp = path(d.root, "spec", "forProvider")
	return m
}

// isManagedResource reports whether apiVersion is a managed resource of
// an AWS provider family.
func isManagedResource(apiVersion string) bool {
	_, _, ok := mrFamily(apiVersion)
	return ok
}

// managedResource reads a top-level managed resource document.
func (d *doc) managedResource() []lint.Entity {
	service, fam, _ := mrFamily(d.apiVersion)
	return newMR(d, service, fam).entities()
}

// val is a scalar's value: patched, or as written.
func (m *mr) val(n *yaml.Node) lint.Value {
	if p, ok := m.over[n]; ok {
		if p.scalar {
			return p.v
		}
		return lint.Unknown()
	}
	return m.d.value(n)
}

// text is a scalar's fully known text.
func (m *mr) text(n *yaml.Node) (string, bool) {
	if n == nil {
		return "", false
	}
	return m.val(n).Str()
}

// rng is where a node is written: the patch for patched nodes.
func (m *mr) rng(n *yaml.Node) lint.Range {
	if p, ok := m.over[n]; ok {
		return p.r
	}
	return m.d.rangeOf(n)
}

// written reports whether a node holds something: a patched value (even an
// unknown one) or a non-empty scalar or collection.
func (m *mr) written(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	if _, ok := m.over[n]; ok {
		return true
	}
	if _, ok := scalar(n); ok {
		return true
	}
	r := resolve(n)
	return r != nil && (r.Kind == yaml.MappingNode || r.Kind == yaml.SequenceNode) && len(r.Content) > 0
}

// ref reads a scalar reference; a patched one is set even when unknown.
func (m *mr) ref(n *yaml.Node) lint.Ref {
	if _, ok := m.over[n]; ok {
		return lint.Ref{Value: m.val(n), Range: m.rng(n)}
	}
	return m.d.ref(n)
}

// opaque reports whether a patch replaced n by a scalar value (often an
// unknown one): a structure read below it is not known.
func (m *mr) opaque(n *yaml.Node) bool {
	p, ok := m.over[n]
	return ok && p.scalar
}

// isSeq reports whether n is a sequence.
func (m *mr) isSeq(n *yaml.Node) bool {
	r := resolve(n)
	return r != nil && r.Kind == yaml.SequenceNode
}

// items lists a sequence's elements.
func items(n *yaml.Node) []*yaml.Node {
	r := resolve(n)
	if r == nil || r.Kind != yaml.SequenceNode {
		return nil
	}
	return r.Content
}

// block returns a nested block written as an object (v1beta2) or as a
// one-element array (v1beta1 and the Terraform-shaped schemas).
func (m *mr) block(n *yaml.Node) *yaml.Node {
	if m.isSeq(n) {
		if is := items(n); len(is) > 0 {
			return is[0]
		}
		return nil
	}
	return n
}

// target is the kind a reference field points at.
type target struct{ service, kind string }

// group is the target's API group in the resource's provider family.
func (m *mr) group(t target) string { return t.service + "." + m.fam.suffix }

// refField reads a reference that may be written as a literal (field), as
// a reference to another managed resource (refKey: {name}) or as a
// selector (selKey: {matchLabels, matchControllerRef}), in Crossplane's
// order: a literal value wins, then the reference, then the selector.
func (m *mr) refField(parent *yaml.Node, field, refKey, selKey string, t target) lint.Ref {
	if _, v := lookup(parent, field); m.written(v) {
		return m.ref(v)
	}
	if _, v := lookup(parent, refKey); v != nil {
		if r := m.nameRef(v, t); r.IsSet() {
			return r
		}
	}
	if k, v := lookup(parent, selKey); v != nil {
		return m.selectorRef(k, v, t)
	}
	return lint.Ref{}
}

// refList reads a list reference: literal values, a list of references
// ({name} each), or one selector.
func (m *mr) refList(parent *yaml.Node, field, refsKey, selKey string, t target) []lint.Ref {
	var out []lint.Ref
	if _, v := lookup(parent, field); m.written(v) {
		if !m.isSeq(v) {
			return []lint.Ref{{Value: lint.Unknown(), Range: m.rng(v)}}
		}
		for _, it := range items(v) {
			if r := m.ref(it); r.IsSet() {
				out = append(out, r)
			}
		}
		return out
	}
	if _, v := lookup(parent, refsKey); m.written(v) {
		if !m.isSeq(v) {
			return []lint.Ref{{Value: lint.Unknown(), Range: m.rng(v)}}
		}
		for _, it := range items(v) {
			if r := m.nameRef(it, t); r.IsSet() {
				out = append(out, r)
			}
		}
		return out
	}
	if k, v := lookup(parent, selKey); v != nil {
		return []lint.Ref{m.selectorRef(k, v, t)}
	}
	return nil
}

// nameRef reads {name: X} (and, for namespaced resources, an optional
// namespace) as a hole naming the referenced object's Kubernetes key.
func (m *mr) nameRef(ref *yaml.Node, t target) lint.Ref {
	if m.opaque(ref) {
		return lint.Ref{Value: lint.Unknown(), Range: m.rng(ref)}
	}
	_, n := lookup(ref, "name")
	if !m.written(n) {
		return lint.Ref{}
	}
	r := lint.Ref{Value: lint.Unknown(), Range: m.rng(n)}
	name, ok := m.text(n)
	if !ok {
		return r
	}
	ns := ""
	if m.fam.namespaced {
		ns = m.namespace()
		if _, nn := lookup(ref, "namespace"); m.written(nn) {
			if ns, ok = m.text(nn); !ok {
				return r
			}
		}
	}
	r.Value = lint.Hole(lint.HoleRef{Object: lint.KubeKey(m.group(t), t.kind, ns, name)})
	return r
}

// selectorRef reads a selector: matchLabels over other managed resources
// of the target kind, or, inside a composition, matchControllerRef: the
// resource of that kind composed beside this one.
func (m *mr) selectorRef(k, sel *yaml.Node, t target) lint.Ref {
	r := lint.Ref{Value: lint.Unknown(), Range: m.rng(k)}
	if m.opaque(sel) {
		return r
	}
	labels := map[string]string{}
	_, ml := lookup(sel, "matchLabels")
	if m.opaque(ml) {
		return r
	}
	for _, e := range entries(ml) {
		s, ok := m.text(e.v)
		if !ok {
			return r // a label value not known statically
		}
		labels[e.key] = s
	}
	_, mc := lookup(sel, "matchControllerRef")
	ctrl, _ := m.text(mc)
	switch {
	case ctrl == "true" && m.comp != nil:
		alias, ok := m.comp.inst.local(m.group(t), t.kind, labels)
		if legacy := (target{"identity", "IAMRole"}); !ok && m.fam.community && t == (target{"iam", "Role"}) {
			// provider-aws before v0.22.0 composed the role as an
			// IAMRole, which a selector for a Role finds (see entity).
			alias, ok = m.comp.inst.local(m.group(legacy), legacy.kind, labels)
		}
		if ok {
			r.Value = lint.Hole(lint.HoleRef{Object: alias})
		}
	case len(labels) > 0:
		ns := ""
		if m.fam.namespaced {
			ns = m.namespace()
		}
		r.Value = lint.Hole(lint.HoleRef{Object: lint.SelectorKey(m.group(t), t.kind, ns, labels)})
	}
	return r
}

// namespace is the resource's namespace.
func (m *mr) namespace() string {
	if m.comp != nil {
		return m.comp.namespace
	}
	return m.d.namespace
}

// entities builds the model entities of the managed resource: its own,
// and for an eks Cluster the cluster security group EKS creates with it.
func (m *mr) entities() []lint.Entity {
	e := m.entity()
	if cl, ok := e.(*lint.Cluster); ok {
		return []lint.Entity{cl, m.clusterSecurityGroup(cl)}
	}
	if m.service+"/"+m.d.kind == "eks/Addon" {
		return append([]lint.Entity{e}, m.addonAccounts(e.Base())...)
	}
	return []lint.Entity{e}
}

// addonAccounts reads an eks Addon as aws_eks_addon is read: for an
// add-on eksaddons knows, the service account it runs as, bound to its
// serviceAccountRoleArn (serviceAccountRoleARN in the community
// provider; a Ref / Selector names an iam Role), and a pod identity
// association per podIdentityAssociation entry (in the add-on's
// namespace; not known for another add-on).
func (m *mr) addonAccounts(o *lint.Object) []lint.Entity {
	_, nameNode := lookup(m.fp, "addonName")
	name, _ := m.text(nameNode)
	at := m.rng(nameNode)
	if at.IsZero() {
		at = o.Range
	}
	acct, known := eksaddons.AccountOf(name)
	roleT := target{"iam", "Role"}
	var out []lint.Entity
	if known {
		sa := &lint.ServiceAccount{Object: *o, Namespace: lint.Known(acct.Namespace), NamespaceRange: at}
		sa.Kind, sa.Addr = lint.KindServiceAccount, o.Addr+"#service-account"
		sa.Name, sa.NameRange = lint.Known(acct.Name), at
		sa.Via, sa.AddOn = o.Label+", add-on "+name, name
		sa.Label = "service account " + acct.Namespace + "/" + acct.Name + " (" + sa.Via + ")"
		sa.Aliases = []string{lint.KubeKey("", "ServiceAccount", acct.Namespace, acct.Name)}
		sa.RoleARN = m.refField(m.fp, "serviceAccountRoleArn", "serviceAccountRoleArnRef", "serviceAccountRoleArnSelector", roleT)
		if !sa.RoleARN.IsSet() {
			sa.RoleARN = m.refField(m.fp, "serviceAccountRoleARN", "serviceAccountRoleARNRef", "serviceAccountRoleARNSelector", roleT)
		}
		out = append(out, sa)
	}
	cluster := m.refField(m.fp, "clusterName", "clusterNameRef", "clusterNameSelector", target{"eks", "Cluster"})
	_, list := lookup(m.fp, "podIdentityAssociation")
	if l := resolve(list); l != nil && l.Kind == yaml.SequenceNode {
		for i, it := range l.Content {
			p := &lint.PodIdentityAssociation{Object: *o, Cluster: cluster.Value, AccountField: "serviceAccount"}
			if !cluster.IsSet() {
				p.Cluster = lint.Unknown()
			}
			p.Kind, p.Addr = lint.KindPodIdentity, fmt.Sprintf("%s#podIdentityAssociation[%d]", o.Addr, i)
			p.Name = lint.Unknown()
			p.Namespace = lint.Ref{Value: lint.Unknown(), Range: at}
			if known {
				p.Namespace.Value = lint.Known(acct.Namespace)
			}
			item := m.block(it)
			_, sa := lookup(item, "serviceAccount")
			p.ServiceAccount = m.ref(sa)
			p.RoleARN = m.refField(item, "roleArn", "roleArnRef", "roleArnSelector", roleT)
			p.Label = o.Label + " podIdentityAssociation"
			if sn, ok := p.ServiceAccount.Value.Str(); ok {
				ns, _ := p.Namespace.Value.Str()
				p.Label = "pod identity association " + ns + "/" + sn + " (" + o.Label + ")"
			}
			out = append(out, p)
		}
	}
	return out
}

// entity builds the model entity for the managed resource.
func (m *mr) entity() lint.Entity {
	switch m.service + "/" + m.d.kind {
	case "iam/Role":
		return &lint.Role{Object: m.object(lint.KindRole), ARN: lint.Unknown(), Trust: m.trust()}
	case "identity/IAMRole":
		if !m.fam.community {
			break
		}
		// provider-aws's role until v0.22.0, which renamed it
		// iam.aws.crossplane.io Role with the same parameters: a
		// reference to a Role of that name (nodeRoleRef, roleRef) finds it.
		o := m.object(lint.KindRole)
		if m.d.name != "" {
			o.Aliases = append(o.Aliases, lint.KubeKey(m.group(target{"iam", "Role"}), "Role", m.d.namespace, m.d.name))
		}
		return &lint.Role{Object: o, ARN: lint.Unknown(), Trust: m.trust()}
	case "iam/InstanceProfile":
		return m.instanceProfile()
	case "ec2/SecurityGroup":
		return m.securityGroup()
	case "ec2/LaunchTemplate":
		return m.launchTemplate()
	case "eks/NodeGroup":
		return m.nodeGroup()
	case "eks/FargateProfile":
		return m.fargateProfile()
	case "ec2/Subnet":
		return m.subnet()
	case "eks/PodIdentityAssociation":
		return m.podIdentity()
	case "eks/Cluster":
		return m.cluster()
	case "eks/AccessEntry":
		return m.accessEntry()
	case "iam/OpenIDConnectProvider":
		return m.oidcProvider()
	}
	return &lint.KubeObject{
		Object:     m.object(lint.KindObject),
		APIVersion: m.d.apiVersion,
		KindName:   m.d.kind,
		Namespace:  m.namespaceValue(),
	}
}

func (m *mr) namespaceValue() lint.Value {
	if ns := m.namespace(); ns != "" {
		return m.d.decode(ns)
	}
	return lint.Unknown()
}

// object builds the entity header: the cloud name is the external-name
// annotation, else metadata.name (Crossplane's default external name); the
// region comes from forProvider.region when written.
func (m *mr) object(k lint.Kind) lint.Object {
	var o lint.Object
	if m.comp != nil {
		o = m.comp.object(k)
	} else {
		o = m.d.object(k)
	}
	o.Source = lint.SourceCrossplane
	o.Crossplane = m.crossplane()
	if _, v := path(m.d.root, "metadata", "annotations", externalName); m.written(v) {
		o.Name, o.NameRange = m.val(v), m.rng(v)
	}
	if _, v := lookup(m.fp, "region"); v != nil {
		if region, ok := m.text(v); ok {
			o.Scope.Region = region
		}
	}
	return o
}

// externalName returns the external-name annotation's known text.
func (m *mr) externalName() (string, bool) {
	_, v := path(m.d.root, "metadata", "annotations", externalName)
	return m.text(v)
}

// crossplane reads the lifecycle settings.
func (m *mr) crossplane() *lint.Crossplane {
	c := &lint.Crossplane{APIVersion: m.d.apiVersion, Kind: m.d.kind, Name: m.d.name}
	if m.comp != nil {
		c.Name = m.comp.name
		c.Composition = m.comp.inst.comp.name
	}
	if !m.fam.namespaced {
		c.DeletionPolicy = "Delete"
		if _, v := path(m.d.root, "spec", "deletionPolicy"); v != nil {
			if s, ok := m.text(v); ok {
				c.DeletionPolicy = s
			}
		}
	}
	if _, v := path(m.d.root, "spec", "managementPolicies"); m.isSeq(v) {
		c.ManagementPolicies = []string{}
		for _, it := range items(v) {
			if s, ok := m.text(it); ok {
				c.ManagementPolicies = append(c.ManagementPolicies, s)
			}
		}
	}
	return c
}

// oidcProvider reads iam OpenIDConnectProvider (Upbound and community
// providers alike): the issuer is forProvider.url, the name its host and
// path; the external name, when written, is the provider's ARN.
func (m *mr) oidcProvider() *lint.OIDCProvider {
	o := m.object(lint.KindOIDCProvider)
	p := &lint.OIDCProvider{Object: o, URL: lint.Unknown(), ARN: lint.Unknown()}
	if _, v := path(m.d.root, "metadata", "annotations", externalName); m.written(v) {
		p.ARN = m.val(v)
	}
	o.Name = lint.Unknown()
	if _, v := lookup(m.fp, "url"); m.written(v) {
		p.URL = m.val(v)
		p.Name, p.NameRange = lint.ParseIssuer(p.URL).Bare, m.rng(v)
	} else {
		p.Name, p.NameRange = lint.Unknown(), o.Range
	}
	p.ClientIDs = m.clientIDs()
	return p
}

// clientIDs reads an OpenIDConnectProvider's client ID list
// (forProvider.clientIdList; the community provider's clientIDList): nil
// when it is not written or not known (patched whole by a composition).
func (m *mr) clientIDs() []lint.Value {
	for _, field := range []string{"clientIdList", "clientIDList"} {
		_, v := lookup(m.fp, field)
		if !m.written(v) {
			continue
		}
		if _, patched := m.over[v]; patched {
			return nil
		}
		list := resolve(v)
		if list == nil || list.Kind != yaml.SequenceNode {
			return nil
		}
		out := []lint.Value{}
		for _, it := range list.Content {
			out = append(out, m.val(it))
		}
		return out
	}
	return nil
}

// instanceProfile reads iam InstanceProfile: the role it holds.
func (m *mr) instanceProfile() *lint.InstanceProfile {
	ip := &lint.InstanceProfile{Object: m.object(lint.KindInstanceProfile), ARN: lint.Unknown()}
	ip.Role = m.refField(m.fp, "role", "roleRef", "roleSelector", target{"iam", "Role"})
	return ip
}

// securityGroup reads ec2 SecurityGroup. Its name is forProvider.name
// (Upbound) or groupName (community); the external name of a security
// group is its ID, so it names the group only when it is not an sg- ID.
func (m *mr) securityGroup() *lint.SecurityGroup {
	o := m.object(lint.KindSecurityGroup)
	nameField := "name"
	if m.fam.community {
		nameField = "groupName"
	}
	ext, extKnown := m.externalName()
	isID := extKnown && strings.HasPrefix(ext, "sg-")
	if _, v := lookup(m.fp, nameField); m.written(v) {
		o.Name, o.NameRange = m.val(v), m.rng(v)
	} else if !m.hasExternalName() || isID {
		o.Name, o.NameRange = lint.Unknown(), o.Range
	}
	sg := &lint.SecurityGroup{Object: o, ID: lint.Hole(lint.HoleRef{Object: o.Addr, Path: "status.atProvider.id"})}
	if isID {
		sg.ID = lint.Known(ext)
	}
	_, tags := lookup(m.fp, "tags")
	sg.Tags, sg.TagRanges, sg.TagsIncomplete = m.tags(tags)
	return sg
}

func (m *mr) hasExternalName() bool {
	_, v := path(m.d.root, "metadata", "annotations", externalName)
	return m.written(v)
}

// tags reads a tag map (Upbound) or a list of {key, value} (community).
// The Upbound providers add crossplane-kind, crossplane-name and
// crossplane-providerconfig to every resource's tags.
func (m *mr) tags(n *yaml.Node) (map[string]lint.Value, map[string]lint.Range, bool) {
	tags := map[string]lint.Value{}
	ranges := map[string]lint.Range{}
	incomplete := false
	pair := func(k, v *yaml.Node) lint.Range {
		r, vr := m.rng(k), m.rng(v)
		if m.opaque(v) || r.File != vr.File || vr.Line < r.Line {
			return vr
		}
		r.EndLine, r.EndColumn = vr.EndLine, vr.EndColumn
		return r
	}
	switch {
	case n == nil:
	case m.isSeq(n):
		for _, it := range items(n) {
			kk, kv := lookup(it, "key")
			_, vv := lookup(it, "value")
			key, ok := m.text(kv)
			if !ok {
				incomplete = true
				continue
			}
			tags[key] = m.val(vv)
			if vv != nil {
				ranges[key] = pair(kk, vv)
			} else {
				ranges[key] = m.rng(it)
			}
		}
	default:
		r := resolve(n)
		if m.opaque(n) || r == nil || r.Kind != yaml.MappingNode {
			incomplete = m.written(n)
			break
		}
		for _, e := range entries(n) {
			tags[e.key] = m.val(e.v)
			ranges[e.key] = pair(e.k, e.v)
		}
	}
	if !m.fam.community {
		kind := strings.ToLower(m.d.kind) + "." + lint.GroupOf(m.d.apiVersion)
		name := lint.Unknown()
		if m.comp == nil && m.d.name != "" {
			name = m.d.decode(m.d.name)
		} else if m.comp != nil && m.comp.name != "" {
			name = lint.Known(m.comp.name)
		}
		pc := lint.Known("default")
		if _, v := path(m.d.root, "spec", "providerConfigRef", "name"); m.written(v) {
			pc = m.val(v)
		}
		for k, v := range map[string]lint.Value{"crossplane-kind": lint.Known(kind), "crossplane-name": name, "crossplane-providerconfig": pc} {
			if _, ok := tags[k]; !ok {
				tags[k] = v
			}
		}
	}
	if len(ranges) == 0 {
		ranges = nil
	}
	return tags, ranges, incomplete
}

// launchTemplate reads ec2 LaunchTemplate: the instance profile and the
// security groups its instances launch with. Its external name is its ID.
func (m *mr) launchTemplate() *lint.LaunchTemplate {
	o := m.object(lint.KindLaunchTemplate)
	data, nameField := m.fp, "name"
	sgField, sgRefs, sgSel := "vpcSecurityGroupIds", "vpcSecurityGroupIdRefs", "vpcSecurityGroupIdSelector"
	nicField := "securityGroups"
	if m.fam.community {
		_, data = lookup(m.fp, "launchTemplateData")
		nameField, sgField, nicField = "launchTemplateName", "securityGroupIDs", "groups"
	}
	ext, extKnown := m.externalName()
	isID := extKnown && strings.HasPrefix(ext, "lt-")
	if _, v := lookup(m.fp, nameField); m.written(v) {
		o.Name, o.NameRange = m.val(v), m.rng(v)
	} else if !m.hasExternalName() || isID {
		o.Name, o.NameRange = lint.Unknown(), o.Range
	}
	lt := &lint.LaunchTemplate{Object: o, ID: lint.Hole(lint.HoleRef{Object: o.Addr, Path: "status.atProvider.id"})}
	if isID {
		lt.ID = lint.Known(ext)
	}
	sgT := target{"ec2", "SecurityGroup"}
	if m.fam.community {
		lt.SecurityGroups = m.refList(data, sgField, "", "", sgT)
		if len(lt.SecurityGroups) == 0 {
			lt.SecurityGroups = m.refList(data, "securityGroupIds", "", "", sgT)
		}
	} else {
		lt.SecurityGroups = m.refList(data, sgField, sgRefs, sgSel, sgT)
	}
	_, nics := lookup(data, "networkInterfaces")
	for _, nic := range items(nics) {
		lt.SecurityGroups = append(lt.SecurityGroups, m.refList(nic, nicField, "securityGroupRefs", "securityGroupSelector", sgT)...)
	}
	_, ipn := lookup(data, "iamInstanceProfile")
	ip := m.block(ipn)
	ipT := target{"iam", "InstanceProfile"}
	lt.InstanceProfile = m.refField(ip, "name", "nameRef", "nameSelector", ipT)
	if !lt.InstanceProfile.IsSet() {
		lt.InstanceProfile = m.refField(ip, "arn", "arnRef", "arnSelector", ipT)
	}
	return lt
}

// nodeGroup reads eks NodeGroup: a managed node group, its cluster, node
// role and launch template (an array in v1beta1, an object in v1beta2 and
// in the community provider), and its capacity (crossplane_capacity.go).
func (m *mr) nodeGroup() *lint.NodeGroup {
	ng := &lint.NodeGroup{Object: m.object(lint.KindNodeGroup), Managed: true}
	cluster := m.refField(m.fp, "clusterName", "clusterNameRef", "clusterNameSelector", target{"eks", "Cluster"})
	ng.Cluster = cluster.Value
	if !cluster.IsSet() {
		ng.Cluster = lint.Unknown()
	}
	roleField := "nodeRoleArn"
	if m.fam.community {
		roleField = "nodeRole"
	}
	ng.Role = m.refField(m.fp, roleField, roleField+"Ref", roleField+"Selector", target{"iam", "Role"})
	_, ltn := lookup(m.fp, "launchTemplate")
	lt := m.block(ltn)
	ltT := target{"ec2", "LaunchTemplate"}
	ng.LaunchTemplate = m.refField(lt, "id", "idRef", "idSelector", ltT)
	if !ng.LaunchTemplate.IsSet() {
		ng.LaunchTemplate = m.refField(lt, "name", "nameRef", "nameSelector", ltT)
	}
	ng.Capacity = m.nodeGroupCapacity()
	return ng
}

// trust parses a Role's trust policy: forProvider.assumeRolePolicy (Upbound)
// or assumeRolePolicyDocument (community provider), a JSON string. A policy
// that is not written, unknown or not valid JSON stays Known: false; one
// that is not valid JSON is also a diagnostic at its line (not for
// resources rendered from compositions, whose text is not the user's).
func (m *mr) trust() lint.Trust {
	if m.fp == nil || m.opaque(m.fp) {
		return lint.Trust{}
	}
	fields := []string{"assumeRolePolicy", "assumeRolePolicyDocument"}
	if m.fam.community {
		fields[0], fields[1] = fields[1], fields[0]
	}
	var n *yaml.Node
	for _, f := range fields {
		if _, n = path(m.fp, f); n != nil {
			break
		}
	}
	if n == nil {
		return lint.Trust{}
	}
	rng := m.rng(n)
	tr := lint.Trust{Range: rng}
	var text string
	if _, ok := m.over[n]; ok {
		s, ok := sentinelText(m.d.opts.Holes, m.val(n))
		if !ok {
			return tr
		}
		text = s
	} else {
		s, ok := scalar(n)
		if !ok {
			return tr
		}
		text = s
	}
	if lint.HasSentinel(text) && strings.TrimSpace(lint.LiteralPrefix(text)) == "" {
		return tr // the whole policy is an unknown value
	}
	t, err := lint.ParseTrustPolicy(text, m.d.opts.Holes, rng)
	if err != nil {
		// A variable a substitution step fills in (Flux postBuild,
		// envsubst) makes the policy unknown here, not invalid. A
		// Composition's base no patch writes is the user's own text,
		// sent to IAM as written.
		_, patched := m.over[n]
		if m.comp != nil && templatetext.HasString(text) {
			// A base holding a template's placeholders ({{ .spec.x }}):
			// text a step of the pipeline is meant to fill, not text
			// broken as written.
			patched = true
		}
		if !patched && !substitutionVar.MatchString(text) {
			m.d.diags = append(m.d.diags, lint.Diagnostic{
				Range:   m.trustErrorRange(n, rng, err),
				Summary: "invalid trust policy",
				Detail:  "the trust policy of " + m.writtenLabel() + " is not valid JSON (" + err.Error() + "); its trust is not checked.",
			})
			tr.Invalid = true
		}
		return tr
	}
	return t
}

// substitutionVar matches a variable Flux's post-build substitution or
// envsubst replaces: ${NAME}, ${NAME:=default}, ${NAME:-default}, $NAME
// spelled with braces only. An expression (${jsonencode({…})}, HCL left
// in a generated example) is none: nothing fills it in.
var substitutionVar = regexp.MustCompile(`\$\{[_A-Za-z][_A-Za-z0-9]*(:?[-=][^}]*)?\}`)

// sentinelText is v as text with each hole its sentinel (what a policy
// parser reads holes from); false when v is wholly unknown, or holds
// holes and no codec is there to write them.
func sentinelText(h *lint.Holes, v lint.Value) (string, bool) {
	if s, ok := v.Str(); ok {
		return s, true
	}
	if v.IsUnknown() || h == nil {
		return "", false
	}
	var b strings.Builder
	for _, seg := range v.Segments() {
		switch {
		case seg.Ref == nil:
			b.WriteString(seg.Text)
		case seg.Ref.Anonymous:
			b.WriteString(h.Anonymous())
		default:
			b.WriteString(h.Sentinel(*seg.Ref))
		}
	}
	return b.String(), true
}

// trustErrorRange points at the line of a trust policy error: inside a
// literal block the text keeps its lines; elsewhere the whole value.
func (m *mr) trustErrorRange(n *yaml.Node, whole lint.Range, err error) lint.Range {
	te, ok := err.(*lint.TrustError)
	s := resolve(n)
	if !ok || s == nil || s.Style&yaml.LiteralStyle == 0 {
		return whole
	}
	line := s.Line + te.Line
	r := lint.Range{File: m.d.file, Line: line, Column: 1, EndLine: line, EndColumn: 1}
	if m.d.opts.MapRange != nil {
		r = m.d.opts.MapRange(r, "")
	}
	return r
}

// writtenLabel names the resource in a diagnostic about its own text: its
// kind and name, or for a composed resource its base in the Composition.
func (m *mr) writtenLabel() string {
	if m.comp != nil {
		return m.comp.written
	}
	return m.d.kind + " " + m.d.name
}

// podIdentity reads eks PodIdentityAssociation: the cluster, the
// namespace and service account in it, and the role (roleArn, or roleARN
// in the community provider; a roleArnRef / selector names an iam Role).
func (m *mr) podIdentity() *lint.PodIdentityAssociation {
	p := &lint.PodIdentityAssociation{Object: m.object(lint.KindPodIdentity), AccountField: "serviceAccount"}
	cluster := m.refField(m.fp, "clusterName", "clusterNameRef", "clusterNameSelector", target{"eks", "Cluster"})
	p.Cluster = cluster.Value
	if !cluster.IsSet() {
		p.Cluster = lint.Unknown()
	}
	_, ns := lookup(m.fp, "namespace")
	p.Namespace = m.ref(ns)
	_, sa := lookup(m.fp, "serviceAccount")
	p.ServiceAccount = m.ref(sa)
	roleT := target{"iam", "Role"}
	p.RoleARN = m.refField(m.fp, "roleArn", "roleArnRef", "roleArnSelector", roleT)
	if !p.RoleARN.IsSet() {
		p.RoleARN = m.refField(m.fp, "roleARN", "roleARNRef", "roleARNSelector", roleT)
	}
	return p
}

// cluster reads an eks Cluster: its name and forProvider.accessConfig
// authenticationMode (a list in v1beta1, an object in v1beta2).
func (m *mr) cluster() *lint.Cluster {
	c := &lint.Cluster{Object: m.object(lint.KindCluster), AuthenticationMode: lint.Unknown()}
	c.ModeRange = c.Range
	_, ac := lookup(m.fp, "accessConfig")
	if _, mode := lookup(m.block(ac), "authenticationMode"); mode != nil {
		if r := m.ref(mode); r.IsSet() {
			c.AuthenticationMode, c.ModeRange = r.Value, r.Range
		}
	}
	if _, cc := lookup(m.fp, "computeConfig"); cc != nil {
		_, en := lookup(m.block(cc), "enabled")
		c.AutoMode, c.AutoModeUnknown = m.d.enabled(en)
	}
	c.SecurityGroupID = lint.Hole(lint.HoleRef{Object: c.Addr, Path: m.clusterSGAttr()})
	return c
}

// clusterSGAttr is where a Cluster's status reports the cluster security
// group EKS created: status.atProvider.vpcConfig[0].clusterSecurityGroupId
// (Upbound, vpcConfig a list in v1beta1 and an object in v1beta2: the same
// group), status.atProvider.resourcesVpcConfig.clusterSecurityGroupId
// (community provider). Unknown before the cluster exists.
func (m *mr) clusterSGAttr() string {
	if m.fam.community {
		return "status.atProvider.resourcesVpcConfig.clusterSecurityGroupId"
	}
	return "status.atProvider.vpcConfig[0].clusterSecurityGroupId"
}

// clusterSecurityGroup is the security group EKS creates with the
// cluster; the tags the cluster is created with (forProvider.tags and the
// provider's crossplane-* tags) may reach it.
func (m *mr) clusterSecurityGroup(cl *lint.Cluster) *lint.SecurityGroup {
	sg := lint.NewClusterSecurityGroup(cl, m.clusterSGAttr(), "status.atProvider.clusterSecurityGroupName")
	_, tags := lookup(m.fp, "tags")
	maybe, _, incomplete := m.tags(tags)
	sg.AddMaybeTags(maybe)
	sg.TagsIncomplete = sg.TagsIncomplete || incomplete
	return sg
}

// accessEntry reads an eks AccessEntry: the cluster (clusterName, or a
// reference to a Cluster), the principal (principalArn, or a reference to
// an iam Role) and the type.
func (m *mr) accessEntry() *lint.AccessEntry {
	ae := &lint.AccessEntry{Object: m.object(lint.KindAccessEntry), Type: "STANDARD"}
	cluster := m.refField(m.fp, "clusterName", "clusterNameRef", "clusterNameSelector", target{"eks", "Cluster"})
	ae.Cluster = cluster.Value
	if !cluster.IsSet() {
		ae.Cluster = lint.Unknown()
	}
	ae.Principal = m.refField(m.fp, "principalArn", "principalArnFromRoleRef", "principalArnFromRoleSelector", target{"iam", "Role"})
	if _, t := lookup(m.fp, "type"); t != nil {
		if s, ok := m.text(t); ok && s != "" {
			ae.Type = s
		}
	}
	return ae
}
