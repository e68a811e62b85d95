package lint

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// NodeIdentity is the identity one set of nodes launches with: an EKS node
// group (managed or self-managed) or a Karpenter node class / legacy
// provisioner.
type NodeIdentity struct {
	// Entity is the node group, node class or node pool.
	Entity Entity
	// Karpenter says which side this is.
	Karpenter bool
	// Role is the node role written directly (managed node group
	// node_role_arn, EC2NodeClass spec.role).
	Role Ref
	// InstanceProfile is the profile the nodes launch with (self-managed
	// groups, EC2NodeClass spec.instanceProfile, legacy settings).
	InstanceProfile Ref
	// SecurityGroups are the groups attached (node groups).
	SecurityGroups []Ref
	// Terms are the security group selector terms (Karpenter).
	Terms []SelectorTerm
	// Cluster is the cluster the nodes join, when known.
	Cluster Value
	// Via describes how the identity was reached ("launch template …").
	Via string
	// Inferred is what taking this as Karpenter's node identity rests on
	// that no file states (a karpenter module's node role that no node
	// class in the tree names).
	Inferred []string
}

// Label names the node side for messages.
func (n NodeIdentity) Label() string {
	o := n.Entity.Base()
	if ng, ok := n.Entity.(*NodeGroup); ok {
		if o.Crossplane != nil {
			return "Crossplane " + o.Label
		}
		if ng.Managed {
			return "managed node group " + o.Label
		}
		return "self-managed node group " + o.Label
	}
	if nc, ok := n.Entity.(*NodeClass); ok && nc.KindName == KarpenterSettingsKind {
		return o.Label // "Karpenter chart settings (…)" already says it
	}
	if _, ok := n.Entity.(*ModuleCall); ok {
		return "the karpenter module " + o.Label
	}
	if nc, ok := n.Entity.(*NodeClass); ok && nc.AutoMode {
		return "EKS Auto Mode " + o.Label
	}
	return "Karpenter " + o.Label
}

// LaunchTemplateOf resolves the launch template (or launch configuration)
// a node group launches with: by Terraform reference, ID or name.
func (m *Model) LaunchTemplateOf(ng *NodeGroup) *LaunchTemplate {
	v := ng.LaunchTemplate.Value
	if !ng.LaunchTemplate.IsSet() || v.IsUnknown() {
		return nil
	}
	if ref, ok := v.SoleRef(); ok {
		lt, _ := m.Lookup(ref.Object).(*LaunchTemplate)
		return lt
	}
	var found *LaunchTemplate
	for _, lt := range m.LaunchTemplates {
		if !lt.Scope.Compatible(ng.Scope, true, false) {
			continue
		}
		if Compare(lt.ID, v) == Yes || Compare(lt.Name, v) == Yes {
			if found != nil {
				return nil
			}
			found = lt
		}
	}
	return found
}

// NodeGroupIdentities returns the identity of every node group, following
// launch templates for instance profiles and security groups.
func (m *Model) NodeGroupIdentities() []NodeIdentity {
	out := make([]NodeIdentity, 0, len(m.NodeGroups))
	for _, ng := range m.NodeGroups {
		n := NodeIdentity{Entity: ng, Role: ng.Role, InstanceProfile: ng.InstanceProfile, SecurityGroups: ng.SecurityGroups, Cluster: groupCluster(ng)}
		lt := m.LaunchTemplateOf(ng)
		if ref, ok := m.clusterGroupAttached(ng, lt); ok {
			n.SecurityGroups = append(n.SecurityGroups, ref)
		}
		if lt != nil {
			n.Via = "launch template " + lt.Label
			if !n.InstanceProfile.IsSet() && lt.InstanceProfile.IsSet() {
				n.InstanceProfile = lt.InstanceProfile
				n.InstanceProfile.Via = n.Via
			}
			for _, sg := range lt.SecurityGroups {
				sg.Via = n.Via
				n.SecurityGroups = append(n.SecurityGroups, sg)
			}
		}
		out = append(out, n)
	}
	return out
}

// groupCluster is the cluster a node group's nodes join: the one it names
// (a managed group's cluster_name), else its scope's configured cluster, as
// for node classes (a self-managed group names none; its nodes join the
// cluster of the directory .faultline.hcl scopes).
func groupCluster(ng *NodeGroup) Value {
	if !ng.Cluster.IsKnown() && ng.Scope.Cluster != "" {
		return Known(ng.Scope.Cluster)
	}
	return ng.Cluster
}

// KarpenterIdentities returns the node identity of every Karpenter node
// class no Karpenter is known not to read (NodeClassUnread), and of
// legacy provisioners that carry identity settings inline.
func (m *Model) KarpenterIdentities() []NodeIdentity {
	var out []NodeIdentity
	for _, nc := range m.NodeClasses {
		if nc.KindName == KarpenterSettingsKind && m.settingsDefaultUnused(nc) || m.NodeClassUnread(nc) || nc.AutoMode {
			continue
		}
		n := NodeIdentity{Entity: nc, Karpenter: true, Role: nc.Role, InstanceProfile: nc.InstanceProfile, Terms: nc.SecurityGroupTerms, Cluster: Known(nc.Scope.Cluster)}
		m.fromLaunchTemplate(&n, nc.LaunchTemplate)
		out = append(out, n)
	}
	for _, np := range m.NodePools {
		n := NodeIdentity{Entity: np, Karpenter: true, InstanceProfile: np.InstanceProfile, Terms: np.SecurityGroupTerms, Cluster: Known(np.Scope.Cluster)}
		m.fromLaunchTemplate(&n, np.LaunchTemplate)
		if n.InstanceProfile.IsSet() || len(n.Terms) > 0 {
			out = append(out, n)
		}
	}
	rootCluster := m.rootClusters()
	for i := range out {
		if out[i].Cluster.IsKnown() {
			if s, _ := out[i].Cluster.Str(); s == "" {
				out[i].Cluster = Unknown()
			}
		}
		if root := out[i].Entity.Base().Root; out[i].Cluster.IsUnknown() && root != "" {
			if cl, ok := rootCluster[root]; ok {
				// Applied by the Terraform root that declares one cluster:
				// its Kubernetes provider is that cluster's.
				out[i].Cluster = cl.Name
			}
		}
	}
	return out
}

// AutoModeIdentities returns the node identity of every EKS Auto Mode
// NodeClass: the security groups its selector terms give the nodes the
// cluster's built-in Karpenter launches.
func (m *Model) AutoModeIdentities() []NodeIdentity {
	var out []NodeIdentity
	for _, nc := range m.NodeClasses {
		if nc.AutoMode {
			out = append(out, NodeIdentity{Entity: nc, Karpenter: true, Role: nc.Role, Terms: nc.SecurityGroupTerms, Cluster: Known(nc.Scope.Cluster)})
		}
	}
	return out
}

// settingsDefaultUnused reports whether no node Karpenter launches gets
// the instance profile of the chart's legacy settings (settings): the
// tree declares AWSNodeTemplates in its scope, each setting its own
// instanceProfile or launch template (which win over the default, as
// Karpenter before v0.32 picks it), and every Provisioner there names one
// of them by providerRef. A Provisioner with an inline provider, or
// naming a template the tree does not declare, may use the default.
func (m *Model) settingsDefaultUnused(settings *NodeClass) bool {
	var templates []*NodeClass
	for _, nc := range m.NodeClasses {
		if nc.KindName != "AWSNodeTemplate" || !nc.Scope.Compatible(settings.Scope, true, true) {
			continue
		}
		if !nc.InstanceProfile.IsSet() && !nc.LaunchTemplate.IsSet() {
			return false
		}
		templates = append(templates, nc)
	}
	if len(templates) == 0 {
		return false
	}
	for _, np := range m.NodePools {
		if np.KindName != "Provisioner" || !np.Scope.Compatible(settings.Scope, true, true) {
			continue
		}
		if !np.NodeClass.IsSet() || !slices.ContainsFunc(templates, func(t *NodeClass) bool { return Compare(t.Name, np.NodeClass.Value) == Yes }) {
			return false
		}
	}
	return true
}

// fromLaunchTemplate gives a legacy Karpenter identity that launches from
// the launch template lt names (by name or reference) the template's
// instance profile and security groups, each group an id term at lt,
// when the tree declares exactly one template of that name.
func (m *Model) fromLaunchTemplate(n *NodeIdentity, lt Ref) {
	if !lt.IsSet() || lt.Value.IsUnknown() {
		return
	}
	var found *LaunchTemplate
	if ref, ok := lt.Value.SoleRef(); ok {
		if e, ok := m.Lookup(ref.Object).(*LaunchTemplate); ok {
			found = e
		}
	}
	if found == nil {
		for _, t := range m.LaunchTemplates {
			if Compare(t.Name, lt.Value) != Yes {
				continue
			}
			if found != nil {
				return // two of that name
			}
			found = t
		}
	}
	if found == nil {
		return
	}
	// Where the Karpenter object names the template is where its nodes
	// get the profile: findings about it point there (the template's
	// own line is the self-managed group's, when one shares it).
	n.InstanceProfile = found.InstanceProfile
	if n.InstanceProfile.IsSet() {
		n.InstanceProfile.Range = lt.Range
	}
	n.Terms = nil
	for _, sg := range found.SecurityGroups {
		n.Terms = append(n.Terms, SelectorTerm{ID: sg.Value, HasID: true, Range: lt.Range, FieldRanges: map[string]Range{"id": lt.Range}, LaunchTemplate: found.Label})
	}
}

// rootClusters are the clusters of the Terraform roots that declare
// exactly one, by root.
func (m *Model) rootClusters() map[string]*Cluster {
	count := map[string]int{}
	out := map[string]*Cluster{}
	for _, cl := range m.Clusters {
		if cl.Root == "" {
			continue
		}
		count[cl.Root]++
		out[cl.Root] = cl
	}
	for r, n := range count {
		if n != 1 {
			delete(out, r)
		}
	}
	return out
}

// NodeRole resolves the role a node identity's nodes run as: the role
// written directly, or the role of its instance profile. profile is the
// profile it went through, if any.
func (m *Model) NodeRole(n NodeIdentity) (role Identity, profile *InstanceProfile, ok bool) {
	scope, root := n.Entity.Base().Scope, n.Entity.Base().Root
	if n.Role.IsSet() {
		return ofRoot(m.ResolveRole(n.Role.Value, scope), root), nil, true
	}
	if n.InstanceProfile.IsSet() {
		p := ofRoot(m.ResolveInstanceProfile(n.InstanceProfile.Value, scope), root)
		if r, ip, ok := m.RoleOfProfile(p); ok {
			return r, ip, true
		}
	}
	return Identity{}, nil, false
}

// ofRoot settles a name several roots declare an object of (id.Alike)
// for a node set of root: the one of them its own root declares, as one
// root's resources name its own objects (another root's of the name is
// another account's); id unchanged otherwise.
func ofRoot(id Identity, root string) Identity {
	if id.Entity != nil || len(id.Alike) < 2 || root == "" {
		return id
	}
	var own Entity
	for _, e := range id.Alike {
		if e.Base().Root != root {
			continue
		}
		if own != nil {
			return id
		}
		own = e
	}
	if own == nil {
		return id
	}
	id.Entity, id.Alike = own, nil
	id.Scope = own.Base().Scope.Merge(id.Scope)
	return id
}

// SameClusterName reports whether two node sets may join the same
// cluster by its name alone: false only when both names are known and
// differ. Node sets of two models (a base revision's and the head's) are
// compared so.
func SameClusterName(a, b NodeIdentity) bool {
	return Compare(a.Cluster, b.Cluster) != No
}

// SameCluster reports whether two node sets of the model may join the
// same cluster: false when both clusters' names are known and differ, or
// when each joins a cluster the tree declares and those are two — one
// name declared by two roots is two clusters (an EKS cluster's name is
// unique in its account's region: roots that each create it manage
// clusters in different accounts or regions), and a node set's root
// decides which of them it joins.
func (m *Model) SameCluster(a, b NodeIdentity) bool {
	if !SameClusterName(a, b) {
		return false
	}
	ca, cb := m.nodeCluster(a), m.nodeCluster(b)
	return ca == nil || cb == nil || ca == cb
}

// nodeCluster is the declared cluster a node set joins, nil when it is
// not one known (its root's, when several of its name are declared).
func (m *Model) nodeCluster(n NodeIdentity) *Cluster {
	if n.Entity == nil {
		return nil
	}
	if c, ok := m.nodeClusters.Load(n.Entity); ok {
		return c.(*Cluster)
	}
	var c *Cluster
	switch root := m.nodeRoot(n); {
	case !n.Cluster.IsUnknown():
		c = m.ClusterNamed(n.Cluster, n.Entity.Base().Scope, root)
	case n.Entity.Base().Root == "" && root != "":
		// A manifest no root applies, naming no cluster, whose node
		// role one root declares: that root's cluster, when it declares
		// one.
		c = m.soleClusterOf(root, n.Entity.Base().Scope)
	}
	m.nodeClusters.Store(n.Entity, c)
	return c
}

// soleClusterOf is the one cluster root declares (of a scope compatible
// with holder), nil when it declares none or several.
func (m *Model) soleClusterOf(root string, holder Scope) *Cluster {
	var found *Cluster
	for _, cl := range m.Clusters {
		if cl.Root != root || !cl.Scope.Compatible(holder, true, false) {
			continue
		}
		if found != nil {
			return nil
		}
		found = cl
	}
	return found
}

// nodeRoot is the Terraform root a node set belongs to: its own, or for
// one no root applies (a manifest file), the root that declares the role
// or instance profile its nodes run as, else the nearest root declaring a
// cluster whose directory holds the manifest (a cluster's manifests kept
// beside its Terraform); "" when none says.
// NodeRoot is the Terraform root whose cluster the node set n joins: its
// own, else the root declaring its node role, else the nearest root
// declaring a cluster (enclosingClusterRoot); "" when none.
func (m *Model) NodeRoot(n NodeIdentity) string { return m.nodeRoot(n) }

func (m *Model) nodeRoot(n NodeIdentity) string {
	o := n.Entity.Base()
	if o.Root != "" {
		return o.Root
	}
	if id, ip, ok := m.NodeRole(n); ok {
		if ip != nil && !ip.LookedUp && ip.Root != "" {
			return ip.Root
		}
		if id.Entity != nil && !id.Entity.Base().LookedUp && id.Entity.Base().Root != "" {
			return id.Entity.Base().Root
		}
	}
	return m.enclosingClusterRoot(o.Range.File)
}

// enclosingClusterRoot is the nearest root declaring a cluster whose
// directory holds file (slash-separated, as ranges write it); else the
// one such root that shares more leading directories with file than any
// other, and at least one (lesson-a/k8s/x.yaml beside lesson-a/terraform,
// while lesson-b/terraform declares a cluster of the same name); "".
func (m *Model) enclosingClusterRoot(file string) string {
	if file == "" {
		return ""
	}
	roots := map[string]bool{}
	for _, cl := range m.Clusters {
		if cl.Root != "" {
			roots[cl.Root] = true
		}
	}
	for dir := path.Dir(file); ; dir = path.Dir(dir) {
		if roots[dir] {
			return dir
		}
		if dir == "." || dir == "/" {
			break
		}
	}
	best, bestN, tie := "", 0, false
	for r := range roots {
		switch n := sharedDirs(path.Dir(file), r); {
		case n > bestN:
			best, bestN, tie = r, n, false
		case n == bestN && n > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// sharedDirs counts the leading directories two slash-separated paths
// have in common.
func sharedDirs(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] && as[n] != "." && as[n] != "" {
		n++
	}
	return n
}

// KarpenterModule is the eks module's Karpenter submodule (from v18.31.0).
const KarpenterModule = "terraform-aws-modules/eks/aws//modules/karpenter"

// karpenterNodeRoleInputs are the input pairs by which a karpenter
// submodule call is given the role of the nodes Karpenter launches instead
// of creating one, newest first: create_node_iam_role / node_iam_role_arn
// from v20.0.0, create_iam_role / iam_role_arn in v18.31.0 to v19 (in v20+
// create_iam_role is the controller's role and iam_role_arn is not
// declared). With the flag false the module's code (modules/karpenter/
// main.tf at those tags) grants the controller iam:PassRole on the given
// ARN, makes the node access entry (v20+) and the instance profile for it,
// and outputs it as the node role. Which pair a call uses is decided by
// the variables its code declares.
var karpenterNodeRoleInputs = [][2]string{
	{"create_node_iam_role", "node_iam_role_arn"},
	{"create_iam_role", "iam_role_arn"},
}

// KarpenterModuleIdentities returns a Karpenter node identity for every
// karpenter submodule call that is given its node role (the flag input
// written false, the ARN input set) rather than creating one: the nodes
// Karpenter launches for it run as that role. The node classes that would
// state it are often applied from elsewhere, so the identity is inferred;
// a call whose role a node class of the tree names (the same identity, the
// same cluster) gives none — that node class is the evidence.
func (m *Model) KarpenterModuleIdentities() []NodeIdentity {
	var classIDs []NodeIdentity
	var classes []Identity
	var resolved []bool
	var out []NodeIdentity
	for _, c := range m.ModuleCalls {
		if c.Module != KarpenterModule {
			continue
		}
		if in, ok := c.Input("create"); ok && isFalse(in.Value) {
			continue
		}
		n, flag, ok := karpenterGivenRole(c)
		if !ok {
			continue
		}
		if classIDs == nil {
			classIDs = m.KarpenterIdentities()
			classes = make([]Identity, len(classIDs))
			resolved = make([]bool, len(classIDs))
			for i, k := range classIDs {
				classes[i], _, resolved[i] = m.NodeRole(k)
			}
		}
		role := m.ResolveRole(n.Role.Value, c.Scope)
		named, maybe := false, ""
		for i, k := range classIDs {
			if !resolved[i] || !m.SameCluster(k, n) {
				continue
			}
			switch SameIdentity(classes[i], role) {
			case Yes:
				named = true
			case Maybe:
				if maybe == "" {
					maybe = fmt.Sprintf("%s names role %s, which may be it", k.Label(), classes[i].Written)
				}
			}
		}
		if named {
			continue
		}
		why := "no EC2NodeClass in the tree names it"
		if maybe != "" {
			why = "no EC2NodeClass in the tree is known to name it (" + maybe + ")"
		}
		n.Inferred = append([]string{fmt.Sprintf("the karpenter module %s is given node role %s (%s = false); %s", c.Label, role.Describe(), flag, why)}, n.Inferred...)
		out = append(out, n)
	}
	return out
}

// karpenterGivenRole is the node identity of a karpenter submodule call
// given its node role, if it is, and the flag input that says so.
func karpenterGivenRole(c *ModuleCall) (NodeIdentity, string, bool) {
	for _, pair := range karpenterNodeRoleInputs {
		flag, arn := pair[0], pair[1]
		v, declared := c.ReadVariables()[arn]
		if !declared || v.Declared == No {
			continue
		}
		f, ok := c.Input(flag)
		if !ok || !isFalse(f.Value) {
			return NodeIdentity{}, "", false
		}
		a, ok := c.Input(arn)
		if !ok || a.Value.IsUnknown() {
			return NodeIdentity{}, "", false // not set, or not evaluated
		}
		n := NodeIdentity{Entity: c, Karpenter: true, Role: Ref{Value: a.Value, Range: a.Range}, Cluster: Unknown()}
		if cl, ok := c.Input("cluster_name"); ok {
			if s, ok := cl.Value.Str(); !ok || s != "" {
				n.Cluster = cl.Value
			}
		}
		if v.Declared == Maybe {
			n.Inferred = []string{fmt.Sprintf("only some versions %s allows declare %s", c.Label, arn)}
		}
		if c.ReadAt != nil {
			n.Inferred = append(n.Inferred, fmt.Sprintf("%s has no version constraint and passes inputs only older versions declare: it is read as one of those, where %s names the node role", c.Label, arn))
		}
		return n, flag, true
	}
	return NodeIdentity{}, "", false
}

// isFalse reports whether a module input is the literal false.
func isFalse(v Value) bool {
	s, ok := v.Str()
	return ok && s == "false"
}

// clusterGroupAttached returns the cluster security group EKS attaches to
// a managed node group whose launch template sets no security groups (no
// launch template, or one without vpc_security_group_ids and network
// interface groups): EKS then gives its nodes the cluster security group.
// A launch template written but not resolved says nothing.
func (m *Model) clusterGroupAttached(ng *NodeGroup, lt *LaunchTemplate) (Ref, bool) {
	if !ng.Managed || len(ng.SecurityGroups) > 0 {
		return Ref{}, false
	}
	via := "EKS attaches the cluster security group to a managed node group without a launch template"
	if ng.LaunchTemplate.IsSet() {
		if lt == nil || len(lt.SecurityGroups) > 0 {
			return Ref{}, false
		}
		via = "EKS attaches the cluster security group: launch template " + lt.Label + " sets no security groups"
	}
	cl := m.ClusterNamed(ng.Cluster, ng.Scope, ng.Root)
	if cl == nil {
		return Ref{}, false
	}
	sg := m.ClusterSecurityGroup(cl)
	if sg == nil {
		return Ref{}, false
	}
	return Ref{Value: sg.ID, Range: ng.Range, Via: via}, true
}
