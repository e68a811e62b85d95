package kube

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// An eksctl ClusterConfig (eksctl.io/v1alpha5) declares a cluster and the
// identities eksctl creates or binds for it. Field names and defaults are
// eksctl's schema (github.com/eksctl-io/eksctl, pkg/apis/eksctl.io/v1alpha5:
// types.go, iam.go, access_entry.go, identitymapping.go, addon.go,
// defaults.go); what eksctl creates from them is read in its builders
// (pkg/cfn/builder/iam.go, managed_nodegroup.go, karpenter.go;
// pkg/iam/oidc/api.go; pkg/cfn/template/iam_helpers.go;
// pkg/actions/karpenter/create.go), all at v0.230.0, the facts used here
// unchanged since v0.80.0 unless said otherwise.
//
// What eksctl names at apply time (a CloudFormation-generated role or
// instance profile name, the account, the OIDC issuer's ID) is a hole: a
// generated name keeps only the "eksctl-" its stack name starts with, so it
// provably differs from any name that does not start so.

// eksctlAPIVersion is the only ClusterConfig API version eksctl reads.
const eksctlAPIVersion = "eksctl.io/v1alpha5"

// eksctlAudience is the audience eksctl's IRSA trusts require
// (pkg/iam/oidc/api.go defaultAudience).
const eksctlAudience = "sts.amazonaws.com"

// clusterConfig reads one ClusterConfig document into entities.
type clusterConfig struct {
	d *doc
	// base is the cluster the document declares; every entity's address
	// and aliases extend its own.
	base    lint.Object
	cluster lint.Value
	// issuer is the cluster's OIDC issuer without https://.
	issuer lint.Value
	// mode is the cluster's authentication mode as written, or unknown.
	mode lint.Value
	// profileRoles are the roles of the instance profiles eksctl creates,
	// by profile address.
	profileRoles map[string]lint.Ref
	// subnets are the subnets vpc.subnets declares, by name.
	subnets map[string]*lint.Subnet
	// clusterSG is the cluster security group EKS creates for the cluster.
	clusterSG *lint.SecurityGroup
	out       []lint.Entity
}

// clusterConfig reads an eksctl ClusterConfig: metadata.name and
// metadata.region are the scope of everything it declares.
func (d *doc) clusterConfig() []lint.Entity {
	d.scope = eksctlScope(d).Merge(d.scope)
	c := &clusterConfig{d: d, base: d.object(lint.KindCluster), cluster: lint.Unknown(), profileRoles: map[string]lint.Ref{}, subnets: map[string]*lint.Subnet{}}
	if d.name != "" {
		c.cluster = d.decode(d.name)
		c.base.Label = "eksctl ClusterConfig " + d.name
	}
	c.issuer = c.oidcIssuer()
	cl := c.clusterEntity()
	c.mode = cl.AuthenticationMode
	c.out = append(c.out, cl)
	c.clusterSG = c.clusterSecurityGroup(cl)
	c.out = append(c.out, c.clusterSG)
	c.oidcProvider()
	c.vpcSubnets()
	for _, it := range c.list(d.root, "managedNodeGroups") {
		c.nodeGroup(it, true)
	}
	for _, it := range c.list(d.root, "nodeGroups") {
		c.nodeGroup(it, false)
	}
	for _, it := range c.list(d.root, "fargateProfiles") {
		c.fargateProfile(it)
	}
	for _, it := range c.list(d.root, "iam", "serviceAccounts") {
		c.serviceAccount(it)
	}
	for _, it := range c.list(d.root, "iam", "podIdentityAssociations") {
		c.podIdentity(it, "")
	}
	for _, a := range c.list(d.root, "addons") {
		_, n := lookup(a, "name")
		name, _ := scalar(n)
		c.addonAccount(a, n, name)
		for _, it := range c.list(a, "podIdentityAssociations") {
			c.podIdentity(it, name)
		}
	}
	for _, it := range c.list(d.root, "iamIdentityMappings") {
		c.identityMapping(it)
	}
	for _, it := range c.list(d.root, "accessConfig", "accessEntries") {
		c.accessEntry(it)
	}
	c.karpenter()
	return c.out
}

// eksctlScope is the scope a ClusterConfig states: its cluster name and
// region, when written literally (not a template placeholder or a value
// unknown before apply).
func eksctlScope(d *doc) lint.Scope {
	var s lint.Scope
	if plainText(d.name) {
		s.Cluster = d.name
	}
	_, r := path(d.root, "metadata", "region")
	if v, ok := scalar(r); ok && plainText(v) {
		s.Region = v
	}
	return s
}

// plainText reports whether s is a literal value: not empty, no hole, no
// template placeholder.
func plainText(s string) bool {
	return s != "" && !lint.HasSentinel(s) && !templatePlaceholder.MatchString(s)
}

// list returns the mapping items of the list at keys below n. A value
// written there that is not a list of mappings is reported (eksctl refuses
// the file); a value unknown before apply is a coverage note.
func (c *clusterConfig) list(n *yaml.Node, keys ...string) []*yaml.Node {
	k, v := path(n, keys...)
	s := resolve(v)
	if s == nil || s.Kind == yaml.ScalarNode && s.Tag == "!!null" {
		return nil
	}
	what := strings.Join(keys, ".")
	if s.Kind == yaml.ScalarNode && lint.HasSentinel(s.Value) {
		if c.d.opts.Notes != nil {
			c.d.opts.Notes(lint.Note{Kind: lint.Unresolved, Range: c.d.rangeOf(v),
				What: what + " of " + c.base.Label + " is a value unknown before apply; what it declares is unknown"})
		}
		return nil
	}
	if s.Kind != yaml.SequenceNode {
		c.invalid(k, v, what+" must be a list")
		return nil
	}
	var out []*yaml.Node
	for _, it := range s.Content {
		if m := resolve(it); m != nil && m.Kind == yaml.MappingNode {
			out = append(out, it)
			continue
		}
		c.invalid(nil, it, "each entry of "+what+" must be a mapping")
	}
	return out
}

// invalid reports a ClusterConfig eksctl refuses.
func (c *clusterConfig) invalid(k, v *yaml.Node, detail string) {
	c.d.diags = append(c.d.diags, lint.Diagnostic{
		Range:   c.d.pairRange(k, v),
		Summary: "invalid eksctl ClusterConfig",
		Detail:  detail + " in " + c.base.Label + "; eksctl refuses the file, and this part is not checked.",
	})
}

// object builds the header of an entity the document declares or makes
// eksctl create: part extends the ClusterConfig's address and aliases.
func (c *clusterConfig) object(kind lint.Kind, part, label string, at *yaml.Node) lint.Object {
	o := lint.Object{
		Kind:     kind,
		Addr:     c.base.Addr + "#" + part,
		Label:    label,
		Name:     lint.Unknown(),
		Range:    c.d.rangeOf(at),
		Source:   c.base.Source,
		Scope:    c.base.Scope,
		Inferred: append([]string(nil), c.base.Inferred...),
	}
	o.NameRange = o.Range
	for _, a := range c.base.Aliases {
		o.Aliases = append(o.Aliases, a+"#"+part)
	}
	return o
}

// of names the ClusterConfig in the label of what it declares.
func (c *clusterConfig) of() string { return " (" + c.base.Label + ")" }

// in names the ClusterConfig in the label of what eksctl creates for it.
func (c *clusterConfig) in() string {
	if c.d.name == "" {
		return " in an eksctl ClusterConfig"
	}
	return " in ClusterConfig " + c.d.name
}

// clusterEntity is the cluster with its authentication mode. Unwritten,
// the mode depends on the eksctl version that created the cluster
// (CONFIG_MAP before v0.167.0, API_AND_CONFIG_MAP from it, CONFIG_MAP on
// Outposts; defaults.go getDefaultAuthenticationMode): unknown, both read
// aws-auth.
func (c *clusterConfig) clusterEntity() *lint.Cluster {
	cl := &lint.Cluster{Object: c.base, AuthenticationMode: lint.Unknown(), ModeRange: c.base.Range}
	if r := c.d.refAt("accessConfig", "authenticationMode"); r.IsSet() {
		cl.AuthenticationMode, cl.ModeRange = r.Value, r.Range
	}
	cl.AutoMode, cl.AutoModeUnknown = c.d.enabledAt("autoModeConfig", "enabled")
	cl.SecurityGroupID = lint.Hole(lint.HoleRef{Object: c.base.Addr, Path: eksctlClusterSGAttr})
	return cl
}

// eksctlClusterSGAttr is the attribute of the EKS cluster eksctl's cluster
// stack exports as the cluster security group (pkg/cfn/builder/cluster.go:
// ControlPlane.ClusterSecurityGroupId, output ClusterDefaultSecurityGroup).
const eksctlClusterSGAttr = "ControlPlane.ClusterSecurityGroupId"

// clusterSecurityGroup is the security group EKS creates with the cluster.
// The tags the cluster is created with may reach it: metadata.tags (the
// ControlPlane's Tags, makeCFNTags) and the tags eksctl puts on its stacks
// (pkg/cfn/manager/api.go: alpha.eksctl.io/cluster-name,
// eksctl.cluster.k8s.io/v1alpha1/cluster-name, alpha.eksctl.io/eksctl-version).
func (c *clusterConfig) clusterSecurityGroup(cl *lint.Cluster) *lint.SecurityGroup {
	sg := lint.NewClusterSecurityGroup(cl, eksctlClusterSGAttr, "ControlPlane.ClusterSecurityGroupName")
	sg.Addr = c.base.Addr + "#cluster-security-group"
	_, tags := path(c.d.root, "metadata", "tags")
	sg.AddMaybeTags(c.d.tagMap(tags))
	sg.AddMaybeTags(map[string]lint.Value{
		"alpha.eksctl.io/cluster-name":                c.cluster,
		"eksctl.cluster.k8s.io/v1alpha1/cluster-name": c.cluster,
		"alpha.eksctl.io/eksctl-version":              anyText(),
	})
	return sg
}

// oidcIssuer is the cluster's OIDC issuer: the configured one, else
// oidc.eks.<region>.… with the rest known only after apply.
func (c *clusterConfig) oidcIssuer() lint.Value {
	if s := c.d.scope.OIDCIssuer; s != "" {
		return lint.Known(s)
	}
	rest := lint.Hole(lint.HoleRef{Object: c.base.Addr, Path: "identity.oidc.issuer"})
	if r := c.d.scope.Region; r != "" {
		return lint.Concat(lint.Known("oidc.eks."+r+"."), rest)
	}
	return lint.Concat(lint.Known("oidc.eks."), rest)
}

// oidcProvider is the IAM OIDC provider eksctl creates for the cluster's
// issuer when iam.withOIDC is true (pkg/iam/oidc/api.go CreateProvider),
// retained: eksctl deletes it only when it deletes the cluster
// (pkg/cfn/manager/delete_tasks.go
// NewTasksToDeleteOIDCProviderWithIAMServiceAccounts, called from the
// cluster deletion in pkg/actions/cluster, v0.230.0). A switch that
// cannot be read (a template placeholder) may be on, so the provider is
// kept, inferred.
func (c *clusterConfig) oidcProvider() {
	on, unknown := c.d.enabledAt("iam", "withOIDC")
	if !on && !unknown {
		return
	}
	_, n := path(c.d.root, "iam", "withOIDC")
	o := c.object(lint.KindOIDCProvider, "iam/withOIDC", "the OIDC provider eksctl creates for "+c.base.Label+" (iam.withOIDC)", n)
	o.Name = c.issuer
	if unknown {
		o.Inferred = append(o.Inferred, "iam.withOIDC of "+c.base.Label+" is taken to be true: its value is not known")
	}
	c.out = append(c.out, &lint.OIDCProvider{Object: o, URL: lint.Concat(lint.Known("https://"), c.issuer), ARN: lint.Unknown(), Retained: true})
}

// anyText is a part of a value eksctl or AWS decides at apply time (the
// partition, the account, a generated suffix): it equals nothing.
func anyText() lint.Value { return lint.Hole(lint.HoleRef{Anonymous: true}) }

// iamARN builds arn:<partition>:iam::<account>:<resource>.
func iamARN(resource lint.Value) lint.Value {
	return lint.Concat(lint.Known("arn:"), anyText(), lint.Known(":iam::"), anyText(), lint.Known(":"), resource)
}

// keptStackPrefix is how much of a stack's name a name CloudFormation
// generates surely keeps: it writes <stack>-<logical ID>-<random>, at most
// 64 characters, shortening the stack name first; with a logical ID of
// eksctl's (NodeInstanceRole, NodeInstanceProfile, Role1: at most 19) and a
// 13-character random part, 30 characters of the stack name survive.
const keptStackPrefix = 24

// generatedName is a name CloudFormation generates for a resource of the
// eksctl stack "eksctl-<cluster>-<stack>" (nodegroup-<name>,
// addon-iamserviceaccount-<ns>-<name>, podidentityrole-<ns>-<name>): only
// the stack name's start is known, up to its first part that is not
// literal (a hole or a template placeholder).
func (c *clusterConfig) generatedName(stack ...lint.Value) lint.Value {
	parts := append([]lint.Value{lint.Known("eksctl-"), c.cluster, lint.Known("-")}, stack...)
	prefix := lint.Concat(parts...).Prefix()
	if prefix == "" {
		prefix = "eksctl-"
	}
	if i := templatePlaceholder.FindStringIndex(prefix); i != nil {
		prefix = prefix[:i[0]]
	}
	if r := []rune(prefix); len(r) > keptStackPrefix {
		prefix = string(r[:keptStackPrefix])
	}
	return lint.Concat(lint.Known(prefix), anyText())
}

// refTo is a reference to an entity of the model, written at rng.
func refTo(o lint.Object, attr string, rng lint.Range) lint.Ref {
	return lint.Ref{Value: lint.Hole(lint.HoleRef{Object: o.Addr, Path: attr}), Range: rng}
}

// createdRole is a role eksctl creates: named name, or generated in stack
// (see generatedName) when name is unset; at is where it is declared.
func (c *clusterConfig) createdRole(part string, stack []lint.Value, label string, at *yaml.Node, name lint.Ref, trust lint.Trust) *lint.Role {
	o := c.object(lint.KindRole, part, label, at)
	o.Name = c.generatedName(stack...)
	if name.IsSet() {
		o.Name, o.NameRange = name.Value, name.Range
	}
	r := &lint.Role{Object: o, ARN: iamARN(lint.Concat(lint.Known("role/"), o.Name)), Trust: trust}
	c.out = append(c.out, r)
	return r
}

// boolAt reads a boolean scalar; ok is false when it is not written or not
// a boolean.
func boolAt(n *yaml.Node) (val, ok bool) {
	s := resolve(n)
	if s == nil || s.Kind != yaml.ScalarNode {
		return false, false
	}
	var b bool
	if err := s.Decode(&b); err != nil {
		return false, false
	}
	return b, true
}

// itemName reads the name key of a list item and a part of an address for
// it: the list and the name, or the item's line when it has none.
func (c *clusterConfig) itemName(it *yaml.Node, key, list string) (lint.Ref, string) {
	_, n := lookup(it, key)
	if s, ok := scalar(n); ok {
		return c.d.ref(n), list + "/" + s
	}
	return lint.Ref{}, list + "/line" + strconv.Itoa(it.Line)
}
