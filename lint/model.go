package lint

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Range is a span of source text. Lines and columns are 1-based; columns
// count characters (Unicode code points), as hcl does.
type Range struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
}

// IsZero reports whether r points nowhere.
func (r Range) IsZero() bool { return r.File == "" }

// String renders r as file:line:col.
func (r Range) String() string {
	if r.Line == 0 {
		return r.File
	}
	return fmt.Sprintf("%s:%d:%d", r.File, r.Line, r.Column)
}

// Valid returns r with its end never before its start: a range whose end
// lies before its start (or is unset) ends where it starts. A range
// without a line (a whole file) is returned as it is.
func (r Range) Valid() Range {
	if r.Line <= 0 {
		return r
	}
	if r.EndLine < r.Line || r.EndLine == r.Line && r.EndColumn < r.Column {
		r.EndLine, r.EndColumn = r.Line, r.Column
	}
	return r
}

// Less orders ranges by file, line and column.
func (r Range) Less(o Range) bool {
	if r.File != o.File {
		return r.File < o.File
	}
	if r.Line != o.Line {
		return r.Line < o.Line
	}
	return r.Column < o.Column
}

// Scope says where an object lives. An empty field is unknown and is
// compatible with anything; two known, different fields never unify.
type Scope struct {
	Partition string
	Account   string
	Region    string
	Cluster   string
	// OIDCIssuer is the cluster's OIDC issuer without https://
	// ("oidc.eks.us-east-1.amazonaws.com/id/ABC"), from configuration: EKS
	// computes it, so no source states it.
	OIDCIssuer string
	// Credentials names where a Terraform root's AWS provider takes its
	// credentials when its configuration says so and assumes no role: the
	// named profile and the shared files it is read from. Two roots of one
	// tree with the same are applied with one identity, in one account.
	// Compatible ignores it: it says "same" only, never "different".
	Credentials string
}

// Compatible reports whether a and b may describe the same place. Fields
// not in use are ignored (IAM is global: pass region=false).
func (a Scope) Compatible(b Scope, region, cluster bool) bool {
	differ := func(x, y string) bool { return x != "" && y != "" && x != y }
	if differ(a.Partition, b.Partition) || differ(a.Account, b.Account) {
		return false
	}
	if region && differ(a.Region, b.Region) {
		return false
	}
	if cluster && differ(a.Cluster, b.Cluster) {
		return false
	}
	return true
}

// Merge fills a's unknown fields from b.
func (a Scope) Merge(b Scope) Scope {
	pick := func(x, y string) string {
		if x != "" {
			return x
		}
		return y
	}
	return Scope{pick(a.Partition, b.Partition), pick(a.Account, b.Account), pick(a.Region, b.Region), pick(a.Cluster, b.Cluster), pick(a.OIDCIssuer, b.OIDCIssuer), pick(a.Credentials, b.Credentials)}
}

// String renders the known parts of the scope.
func (a Scope) String() string {
	var parts []string
	for _, kv := range [][2]string{{"partition", a.Partition}, {"account", a.Account}, {"region", a.Region}, {"cluster", a.Cluster}, {"oidc_issuer", a.OIDCIssuer}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+"="+kv[1])
		}
	}
	return strings.Join(parts, " ")
}

// Kind is the type of a model entity.
type Kind string

// The entity kinds the model knows.
const (
	KindRole            Kind = "iam-role"
	KindInstanceProfile Kind = "instance-profile"
	KindSecurityGroup   Kind = "security-group"
	KindLaunchTemplate  Kind = "launch-template"
	KindNodeGroup       Kind = "node-group"
	KindNodeClass       Kind = "node-class"
	KindNodePool        Kind = "node-pool"
	KindServiceAccount  Kind = "service-account"
	KindObject          Kind = "kubernetes-object"
	KindRelease         Kind = "helm-release"
	KindPodIdentity     Kind = "pod-identity-association"
	KindWorkload        Kind = "workload"
	KindAccessEntry     Kind = "access-entry"
	KindCluster         Kind = "eks-cluster"
)

// Source is the kind of input an entity was read from.
type Source string

// The sources entities come from.
const (
	SourceTerraform  Source = "terraform"
	SourceKubernetes Source = "kubernetes"
	SourceCrossplane Source = "crossplane"
	SourceHelm       Source = "helm"
	SourceKustomize  Source = "kustomize"
)

// Object is what every entity has: identity, position, scope and how sure
// the model is about it.
type Object struct {
	Kind Kind
	// Addr is unique within the model: a Terraform address qualified by its
	// root module directory ("infra:module.x.aws_iam_role.n[0]"), or
	// "file#doc/Kind/name" for manifests.
	Addr string
	// Label is how messages name the object ("aws_iam_role.nodes",
	// "EC2NodeClass default").
	Label string
	// Name is the object's identity name (role name, profile name, group
	// name, metadata.name).
	Name Value
	// Range is the declaration (block header or manifest kind line).
	Range Range
	// NameRange is where the name is written, or Range.
	NameRange Range
	Source    Source
	Scope     Scope
	// Inferred lists what the model inferred rather than read; empty means
	// known.
	Inferred []string
	// InferredOn says, for an entry of Inferred that comes from modelled
	// module versions stating the object differently, which of its Facts
	// they differ on (none: only in what no fact covers). An entry absent
	// here concerns everything the object states. See InferredFor.
	InferredOn map[string][]Fact
	// Possible lists the possible Terraform instances the object rests on,
	// outermost first: blocks whose count / for_each is unknown before
	// apply, read as instances that exist only if created (each also adds
	// its Text to Inferred). Empty when the object certainly exists as far
	// as the source says. A plan settles them (it says which instances
	// exist); a base comparison does not take them as proof of existence.
	Possible []PossibleInstance
	// Aliases are further keys Lookup finds the object by: a Kubernetes
	// object's KubeKey, so references between manifests resolve.
	Aliases []string
	// Labels are a Kubernetes object's metadata.labels, for selectors.
	Labels map[string]string
	// SampleOf is, for a Kubernetes object read from a chart's directory
	// outside what Helm installs (examples/, ci/, a chart's sample
	// output), that chart's directory: nothing is known to apply it.
	SampleOf string
	// NoPrune is set on a Kubernetes object Argo CD never prunes: its
	// argocd.argoproj.io/sync-options annotation holds Prune=false.
	NoPrune bool
	// Crossplane is set for Crossplane managed resources.
	Crossplane *Crossplane
	// CreateBeforeDestroy is set for a Terraform object whose block's
	// lifecycle sets create_before_destroy: when it is replaced, the new
	// object is created before this one is destroyed.
	CreateBeforeDestroy bool
	// CallSite is, for an object declared inside a registry module's code
	// (module cache or built-in model), the outermost module call in the
	// user's own configuration that leads to it: where the user changes
	// it. Nil for objects of the user's own code.
	CallSite *Location
	// DependsOn are the Addrs of the entities this object explicitly
	// depends on, as its parser resolved them, each once and never the
	// object itself. For Terraform: the targets of its block's depends_on,
	// then those of each module call around it (innermost first), each
	// target in the module instance that writes it and standing for every
	// entity of that resource (all its instances) or module call (all it
	// declares, nested calls included); targets that are no entity are
	// absent. No rule reads it; the graph draws it.
	DependsOn []string
	// LookedUp marks an object a Terraform data source reads back by its
	// name (data "aws_iam_role"): it stands for the object of that name
	// the model declares, when it has exactly one (resolveNamed).
	LookedUp bool
	// Root is the Terraform root module directory (as Addr qualifies it)
	// whose configuration declares the object: its own root for a block
	// of a root's configuration, the root of the helm_release a rendered
	// or inferred chart object comes from, of the resource whose YAML it
	// is. "" when unknown or none (a manifest file, a chart rendered with
	// its defaults, a release found in Argo CD or Flux objects, a plan).
	// Objects of two different known roots are applied by different
	// configurations: nothing says they live in the same cluster.
	Root string
}

// PossibleInstance is one instance of a Terraform block (resource or
// module call) whose count / for_each is unknown before apply.
type PossibleInstance struct {
	// Root is the root module directory, as Addr qualifies it ("infra").
	Root string
	// Block is the block's address within its module instance, without
	// the block's own instance key ("aws_eks_node_group.workers",
	// "module.pools[\"a\"].aws_iam_role.this", "module.extra").
	Block string
	// Unkeyed is set for the one instance standing for instances whose
	// keys are unknown (written [*]); Key is then empty.
	Unkeyed bool
	// Key is the instance key as Terraform writes it ("[0]", "[\"a\"]").
	Key string
	// Text is the Inferred text this possibility added to the object.
	Text string
}

// Instance is the possible instance's address, as its Block writes it:
// Block and Key, or Block[*] when it is unkeyed.
func (p PossibleInstance) Instance() string {
	if p.Unkeyed {
		return p.Block + "[*]"
	}
	return p.Block + p.Key
}

// Base returns the object itself, so every entity type satisfies Entity.
func (o *Object) Base() *Object { return o }

// Entity is any model entity.
type Entity interface{ Base() *Object }

// Ref is a reference written in one entity to another: the evaluated value
// (a name, an ARN, an ID, or a hole naming a Terraform reference) and where
// it is written.
type Ref struct {
	Value Value
	Range Range
	// Via explains an indirect reference ("launch template
	// aws_launch_template.x"), empty when written directly.
	Via string
	// Passed are the module arguments that carry the value into the module
	// where it is written, outermost last: where a user changes it.
	Passed []Location
}

// IsSet reports whether the reference was written at all.
func (r Ref) IsSet() bool { return !r.Range.IsZero() }

// Role is an IAM role.
type Role struct {
	Object
	ARN Value
	// Trust is the role's trust policy (assume role policy).
	Trust Trust
}

// InstanceProfile is an IAM instance profile and the role it holds.
type InstanceProfile struct {
	Object
	ARN  Value
	Role Ref
}

// SecurityGroup is an EC2 security group with its evaluated tags.
type SecurityGroup struct {
	Object
	// ID is the group ID when known, or a hole naming the resource.
	ID   Value
	Tags map[string]Value
	// TagsIncomplete is set when some tags could not be evaluated (a tag
	// map from an unknown value), so a missing key proves nothing.
	TagsIncomplete bool
	// OpenTagKeys are tag keys known only in part
	// ("kubernetes.io/cluster/" and a name not known): a missing key
	// one of them may be proves nothing (MayBeOneOf).
	OpenTagKeys []Value
	// TagRanges says where each tag is written.
	TagRanges map[string]Range
	// MaybeTags are tags the group may carry or not, as far as the source
	// says (the tags of the cluster whose cluster security group it is: EKS
	// may copy them at creation). A term asking for one of them is
	// undecided, never matched.
	MaybeTags map[string]Value
	// ClusterOf is, for the cluster security group EKS creates with every
	// cluster, the Addr of that cluster; "" for any other group.
	ClusterOf string
}

// LaunchTemplate is an EC2 launch template (or launch configuration).
type LaunchTemplate struct {
	Object
	ID              Value
	InstanceProfile Ref
	SecurityGroups  []Ref
	// InstanceType is instance_type when written (InstanceTypeRange is
	// then set; an empty string counts as not written); a hole when it
	// could not be read.
	InstanceType      Value
	InstanceTypeRange Range
	// NoImage is set when the template certainly names no AMI (image_id
	// not written, null or ""): a managed node group launching it runs
	// the AMI its ami_type, or EKS's default, picks.
	NoImage bool
	// NoInstanceProfile is set when the template certainly gives its
	// instances no instance profile (no iam_instance_profile written,
	// none a dynamic block may make): they have no IAM identity, and an
	// EKS cluster's nodes authenticate with theirs, so a self-managed
	// group launching it makes no nodes of any cluster.
	NoInstanceProfile bool
	// NodeLabels and NodeTaints are what its user data gives the nodes
	// as Bottlerocket settings (settings.kubernetes.node-labels and
	// node-taints), when known; a managed node group's nodes carry them
	// beside its own.
	NodeLabels map[string]string
	NodeTaints []Taint
}

// NodeGroup is an EKS managed node group or a self-managed group
// (autoscaling group with a launch template).
type NodeGroup struct {
	Object
	Managed bool
	Cluster Value
	// Role is the node role (managed: node_role_arn).
	Role Ref
	// InstanceProfile is the profile self-managed nodes launch with.
	InstanceProfile Ref
	// LaunchTemplate references the launch template by id or name.
	LaunchTemplate Ref
	// SecurityGroups are the groups attached to the nodes (through the
	// launch template), never the remote-access source groups.
	SecurityGroups []Ref
	// Capacity is what the group's nodes offer the scheduler.
	Capacity NodeGroupCapacity
}

// NodeGroupCapacity is what a node group's nodes offer: instance types,
// labels, taints and the subnets they launch in. A nil list with its
// Unknown flag clear means "not written" (a managed group then launches
// the EKS default); with the flag set, "could not be read".
type NodeGroupCapacity struct {
	// InstanceTypes are a managed group's instance_types, or a
	// self-managed group's mixed instances policy overrides; nil on a
	// self-managed group (or a managed one with a launch template that
	// sets it) means the launch template's InstanceType.
	InstanceTypes        []string
	InstanceTypesUnknown bool
	InstanceTypesRange   Range
	// Labels are the Kubernetes labels put on the nodes. LabelsUnknown is
	// set when some key may not be read (any further label may be on
	// them); AnyValue are the keys read whose values are not known (a
	// variable with no value): those labels are on the nodes with a value
	// that is not known.
	Labels        map[string]string
	LabelsUnknown bool
	AnyValue      []string
	LabelsRange   Range
	Taints        []Taint
	TaintsUnknown bool
	TaintsRange   Range
	Subnets       []Ref
	// SubnetsUnknown is set when the subnet list could not be read.
	SubnetsUnknown bool
	// Zones are Availability Zones the group is limited to where its
	// configuration names them beside (or instead of) subnets (eksctl
	// availabilityZones, a self-managed group's availability_zones); nil
	// when not written, ZonesUnknown when they could not be read.
	Zones        []string
	ZonesUnknown bool
	ZonesRange   Range
	// AMIType is the managed group's ami_type ("AL2023_ARM_64_STANDARD"),
	// CapacityType ON_DEMAND, SPOT or CAPACITY_BLOCK, when known (EKS's
	// default ON_DEMAND when the source writes none): the value of the
	// eks.amazonaws.com/capacityType label EKS puts on its nodes;
	// CapacityTypeRange is where it is written (zero for the default).
	AMIType, CapacityType string
	CapacityTypeRange     Range
	// OS is the operating system every node of the group runs, as its
	// kubernetes.io/os label says it (OSLinux, OSWindows), when the
	// source decides it: the AMI type or family written (OSOfAMIType), or
	// the Linux one EKS or eksctl picks when none is; "" when not known
	// (an AMI of a launch template's, a value not known).
	OS string
	// OSRange is where what decides OS is written (the group itself when
	// it is a default).
	OSRange Range
	// OSUnlessImage is the operating system of a managed group's nodes
	// when OS is not known only because the group launches a launch
	// template, which may give an AMI of its own: the Linux EKS picks
	// when the template names none (LaunchTemplate.NoImage).
	OSUnlessImage string
	// MaxSize is the scaling maximum when HasMaxSize is set.
	MaxSize    int
	HasMaxSize bool
}

// SelectorTerm is one Karpenter security-group (or subnet) selector term.
// Fields in one term are ANDed; terms are ORed.
type SelectorTerm struct {
	ID   Value
	Name Value
	Tags map[string]Value
	// HasID, HasName say whether the field was written.
	HasID, HasName bool
	// KeyText is, for a tag key of Tags holding a value known only at
	// apply (a sentinel), how it shows: the reference it stands for.
	KeyText map[string]string
	// KeysUnknown is set when a tag key holds a placeholder a later step
	// fills (kubernetes.io/cluster/${CLUSTER}): that tag is left out of
	// Tags, and which key the term asks for is not known.
	KeysUnknown bool
	// Range is the whole term; FieldRanges say where each field is written
	// ("id", "name", "tags.<key>"), key and value together.
	Range       Range
	FieldRanges map[string]Range
	// LaunchTemplate names, for a term standing for a group a launch
	// template attaches (a legacy Provisioner's launchTemplate), that
	// template; "" for a term written as a selector.
	LaunchTemplate string
}

// ShownKey is tag key k of the term as it shows in messages.
func (t SelectorTerm) ShownKey(k string) string {
	if s, ok := t.KeyText[k]; ok {
		return s
	}
	return k
}

// FieldRange returns where a field of the term is written, or the term.
func (t SelectorTerm) FieldRange(field string) Range {
	if r, ok := t.FieldRanges[field]; ok {
		return r
	}
	return t.Range
}

// KarpenterSettingsKind is the KindName of the node identity a Karpenter
// chart's legacy settings (settings.aws.defaultInstanceProfile) carry.
const KarpenterSettingsKind = "KarpenterSettings"

// NodeClass is a Karpenter EC2NodeClass (or the legacy AWSNodeTemplate, or
// the chart's legacy settings: KindName KarpenterSettingsKind).
type NodeClass struct {
	Object
	APIVersion string
	KindName   string
	// Role is spec.role: Karpenter creates its own instance profile for it.
	Role Ref
	// InstanceProfile is spec.instanceProfile.
	InstanceProfile Ref
	// SecurityGroupTerms are spec.securityGroupSelectorTerms (or the legacy
	// securityGroupSelector, translated).
	SecurityGroupTerms []SelectorTerm
	// LaunchTemplate names the launch template an AWSNodeTemplate
	// launches from as it is (before Karpenter v0.32): its instance
	// profile and security groups are the nodes'.
	LaunchTemplate     Ref
	SecurityGroupRange Range
	// SubnetTerms are spec.subnetSelectorTerms (or the legacy
	// subnetSelector, translated): where Karpenter launches nodes.
	SubnetTerms []SelectorTerm
	SubnetRange Range
	// OS is the operating system of the AMIs its alias or amiFamily names
	// (OSLinux, OSWindows), "" when not known (Custom, a template);
	// WindowsBuild the node.kubernetes.io/windows-build of a Windows one.
	OS, WindowsBuild string
	// AutoMode is set for an EKS Auto Mode NodeClass
	// (eks.amazonaws.com/v1): the cluster's built-in Karpenter reads it,
	// and only the NodePools of Auto Mode name it. It is no Karpenter
	// identity of the rules that compare node roles and profiles
	// (KarpenterIdentities); its selectors are (AutoModeIdentities).
	AutoMode bool
}

// NodePool is a Karpenter NodePool (or the legacy Provisioner).
type NodePool struct {
	Object
	APIVersion string
	KindName   string
	// NodeClass names the node class it launches with.
	NodeClass Ref
	// AutoMode is set when its nodeClassRef names an EKS Auto Mode
	// NodeClass: the cluster runs Auto Mode, with built-in NodePools.
	AutoMode bool
	// Provisioner-era settings that are node identity themselves.
	InstanceProfile    Ref
	SecurityGroupTerms []SelectorTerm
	// LaunchTemplate names the launch template a Provisioner's inline
	// provider launches from as it is (before Karpenter v0.32): its
	// instance profile and security groups are the nodes'.
	LaunchTemplate Ref
	// Requirements are spec.template.spec.requirements (Provisioner:
	// spec.requirements); RequirementsUnknown is set when they could not
	// be read (a template), so they constrain nothing.
	Requirements        []Requirement
	RequirementsUnknown bool
	RequirementsRange   Range
	// NodeLabels are the template's labels put on every node;
	// NodeLabelsUnknown is set when some could not be read (a missing
	// label then proves nothing).
	NodeLabels        map[string]string
	NodeLabelsUnknown bool
	// NodeLabelsRange is where the template's labels are written.
	NodeLabelsRange Range
	// Taints and StartupTaints of the nodes; TaintsUnknown is set when
	// they could not be read.
	Taints, StartupTaints []Taint
	TaintsUnknown         bool
	// Limits are spec.limits (cpu, memory, GPUs); HasLimits says which
	// were written ("cpu", "memory", "gpu"), LimitsRange where.
	Limits      Resources
	HasLimits   map[string]bool
	LimitsRange Range
}

// ServiceAccount is a Kubernetes service account: a manifest, a rendered
// chart's, a Terraform kubernetes_service_account, an EKS add-on's fixed
// account, or the one a remote chart's release creates (named by the
// chart's convention; Object.Inferred says so).
type ServiceAccount struct {
	Object
	Namespace Value
	// NamespaceRange is where the namespace is decided (the release's
	// namespace line, metadata.namespace), or zero.
	NamespaceRange Range
	// DefaultNamespace is, for an account written in a file as written
	// with no namespace that nothing in the tree places, where kubectl
	// apply creates it ("default", unless the context sets one); empty
	// otherwise. A judgement resting on it is inferred
	// (ServiceAccount.PlacedNamespace).
	DefaultNamespace string
	// RoleARN is the IRSA role (eks.amazonaws.com/role-arn annotation,
	// add-on service_account_role_arn, chart value).
	RoleARN Ref
	// Via says where the account comes from when it is not a manifest
	// ("helm_release.karpenter, chart karpenter").
	Via string
	// Release is the Addr of the release whose chart creates the account
	// (inferred from a chart the model does not render), "" otherwise.
	Release string
	// AddOn names the EKS add-on that creates the account (vpc-cni's
	// kube-system/aws-node), "" otherwise. Such an account says nothing
	// about what else runs in its namespace: the add-on's namespace is
	// not one this tree owns.
	AddOn string
	// NameByConvention: the name is not read from the release's values
	// but taken by default — Helm's fullname convention for a chart
	// faultline neither renders nor knows (Inferred says so), or any
	// default while some of the release's values are not known (they may
	// set it): the chart may run as another name.
	NameByConvention bool
	// NameIsDefault: the name is the one the chart gives the account
	// when its values name none (ebs-csi-controller-sa, keda-operator),
	// not one written anywhere; NameRange is then the release's name.
	NameIsDefault bool
	// RevisionOf names the config ("DeploymentRuntimeConfig aws",
	// "ControllerConfig aws") of a Crossplane package whose account
	// Crossplane names after the package's revision (the config names no
	// account): the name ends in a digest known only once the package is
	// pulled, so no trust can write it out. "" otherwise.
	RevisionOf string
	// NamingField is, with RevisionOf, the field of that config that
	// would name the account ("spec.serviceAccountName").
	NamingField string
}

// PodIdentityAssociation binds an IAM role to a namespace and service
// account of a cluster (EKS Pod Identity).
type PodIdentityAssociation struct {
	Object
	Cluster        Value
	Namespace      Ref
	ServiceAccount Ref
	RoleARN        Ref
	// AccountField is how the source writes the service account's field
	// (service_account, serviceAccountName, serviceAccount), for hints;
	// "" reads as service_account.
	AccountField string
}

// AccountFieldName is AccountField, service_account when not set.
func (p *PodIdentityAssociation) AccountFieldName() string {
	if p.AccountField == "" {
		return "service_account"
	}
	return p.AccountField
}

// AccessEntry grants an IAM principal access to a cluster: an EKS access
// entry (for nodes, type EC2_LINUX / EC2_WINDOWS), or one mapRoles entry
// of the aws-auth ConfigMap (Type AccessAWSAuth).
type AccessEntry struct {
	Object
	Cluster   Value
	Principal Ref
	Type      string
	// Groups are the Kubernetes groups of an aws-auth mapping.
	Groups []string
	// ConfigMap is the address of the aws-auth ConfigMap (or the module
	// call managing it) an aws-auth mapping belongs to.
	ConfigMap string
}

// AccessAWSAuth is the Type of an access entry read from the mapRoles of
// the aws-auth ConfigMap.
const AccessAWSAuth = "aws-auth"

// AWSAuth reports whether the entry is an aws-auth mapping rather than an
// EKS access entry.
func (a *AccessEntry) AWSAuth() bool { return a.Type == AccessAWSAuth }

// nodeAccessTypes are the access entry types that let a principal's
// nodes join the cluster (EKS puts them in system:nodes): STANDARD does
// not, and EKS refuses system: groups on it.
var nodeAccessTypes = map[string]bool{"EC2_LINUX": true, "EC2_WINDOWS": true, "FARGATE_LINUX": true, "HYBRID_LINUX": true, "EC2": true}

// NodeAccess says whether the entry lets its principal's nodes join the
// cluster: an access entry of a node type (EC2_LINUX, EC2_WINDOWS,
// FARGATE_LINUX, HYBRID_LINUX, EC2), an aws-auth mapping into the group
// system:nodes. Maybe when its type or groups are not known.
func (a *AccessEntry) NodeAccess() Tri {
	if a.AWSAuth() {
		if slices.Contains(a.Groups, "system:nodes") {
			return Yes
		}
		if len(a.Groups) == 0 || slices.ContainsFunc(a.Groups, HasSentinel) {
			return Maybe
		}
		return No
	}
	switch {
	case nodeAccessTypes[a.Type]:
		return Yes
	case a.Type == "STANDARD":
		return No
	}
	return Maybe
}

// The cluster authentication modes of EKS (access_config).
const (
	AuthConfigMap       = "CONFIG_MAP"
	AuthAPIAndConfigMap = "API_AND_CONFIG_MAP"
	AuthAPI             = "API"
)

// Cluster is an EKS cluster, kept for how it authenticates IAM principals.
type Cluster struct {
	Object
	// AuthenticationMode is CONFIG_MAP, API_AND_CONFIG_MAP or API;
	// unknown when the source does not decide it.
	AuthenticationMode Value
	// ModeRange is where the mode is written (or the cluster when it is a
	// default).
	ModeRange Range
	// ModeDefaulted is set when the source writes no authentication mode
	// (an aws_eks_cluster without access_config.authentication_mode):
	// EKS then keeps the mode the cluster has, which is CONFIG_MAP for a
	// cluster created without one unless it was changed elsewhere.
	ModeDefaulted bool
	// ModeAtBase is the authentication mode the cluster had at the base
	// revision (--base), when the cluster was there and its mode known or
	// defaulted; "" otherwise.
	ModeAtBase string
	// ModeAtBaseInferred says why ModeAtBase is inferred rather than read
	// (the base wrote no mode: CONFIG_MAP, EKS's default); "" when read.
	ModeAtBaseInferred string
	// SecurityGroupID is the ID of the cluster security group EKS creates
	// (vpc_config[0].cluster_security_group_id): a hole naming it until
	// apply; unknown when the source cannot name it.
	SecurityGroupID Value
	// Subnets are the cluster's subnets (vpc_config subnet_ids); a single
	// unknown reference when the list could not be read, nil when the
	// source does not say them.
	Subnets []Ref
	// AutoMode is set when EKS Auto Mode is enabled (compute_config,
	// autoModeConfig, computeConfig): its built-in NodePools are capacity
	// no source declares. AutoModeUnknown is set when that cannot be read.
	AutoMode, AutoModeUnknown bool
	// NoBuiltInPools is set when Auto Mode is enabled with its built-in
	// NodePools turned off (node_pools = []): its capacity is the NodePools
	// the sources declare.
	NoBuiltInPools bool
}

// KindOtherCluster is a Kubernetes cluster whose capacity is not read.
const KindOtherCluster Kind = "other-cluster"

// OtherCluster is a Kubernetes cluster the tree declares whose capacity
// faultline does not read: another cloud's (an AKS or GKE cluster), or
// an EKS cluster made by a module call whose code is not read (a
// version faultline does not model). A workload whose cluster is not
// known may run there.
type OtherCluster struct {
	Object
	// What says what the cluster is ("AKS cluster
	// azurerm_kubernetes_cluster.main").
	What string
	// Call is the root-qualified address of the module call whose code is
	// not read that makes it ("" for a resource): its outputs (the
	// cluster's OIDC provider) are not known either.
	Call string
}

// KindClusterLookup is a Terraform data source reading an EKS cluster
// by its name.
const KindClusterLookup Kind = "cluster-lookup"

// KindLooseTag is a tag put on a resource whose ID is not known.
const KindLooseTag Kind = "loose-tag"

// LooseTag is a tag an aws_ec2_tag puts on a resource its own root does
// not declare (an ID read from another stack's state, an element of a
// list not known): the subnet or security group of another root whose ID
// it names, else any of its account and region, may carry it
// (PlaceLooseTags). Like ModuleCalls, it is not an entity other objects
// refer to.
type LooseTag struct {
	Object
	Key, Value Value
	// ResourceID is the resource_id as far as it is known.
	ResourceID Value
	// KeyRange is where its key is written.
	KeyRange Range
}

// ClusterLookup is a data source that reads an EKS cluster by its name
// (data "aws_eks_cluster") no resource of its own root declares: the
// cluster of that name another root of the tree declares, when it is
// applied in the same account and region, is what it reads. Name is
// the name it looks up.
type ClusterLookup struct {
	Object
}

// Workload is an object that runs pods (Deployment, StatefulSet,
// DaemonSet, Job, CronJob, Pod) and the service account they run as.
type Workload struct {
	Object
	KindName  string
	Namespace Value
	// DefaultNamespace is where the workload lands when no namespace is
	// written and nothing in the tree places it (a kustomization, a
	// release, an Argo CD or Flux destination): kubectl apply gives it
	// the context's namespace, "default" unless one is set. Empty
	// otherwise. A judgement resting on it is inferred (see
	// DefaultNamespaceText).
	DefaultNamespace string
	// NoReplicas is set when spec.replicas is written as 0 (a
	// Deployment, StatefulSet or ReplicaSet scaled to nothing, a chart's
	// count left at its default 0): no pod runs until something scales
	// it up, so none is judged for scheduling.
	NoReplicas bool
	// ServiceAccount is spec(.template).spec.serviceAccountName; unset
	// means "default".
	ServiceAccount Ref
	// Pod is what the workload's pods ask of a node; nil when the pod spec
	// could not be read.
	Pod *PodScheduling
	// Chart is the name of the Helm chart whose rendered template the
	// workload is (the chart's Chart.yaml name, or its subchart's), ""
	// for a workload not rendered from a chart.
	Chart string
	// Modelled names the release the workload is modelled from when it
	// is neither written nor rendered (the Deployment of a chart not in
	// the tree, built from the chart's defaults and the release's
	// values); "" otherwise.
	Modelled string
}

// DefaultNamespaceText says what a judgement resting on a workload's
// DefaultNamespace assumed.
func DefaultNamespaceText(w *Workload) string {
	return fmt.Sprintf("%s writes no namespace and nothing in the tree places it: assumed to run in %q, where kubectl apply puts it when the context sets no namespace", w.Label, w.DefaultNamespace)
}

// PlacedNamespace is the namespace a workload runs in as far as the tree
// says: the one written (or placed), else its DefaultNamespace
// (inferred set), else unknown.
func (w *Workload) PlacedNamespace() (ns Value, inferred bool) {
	if w.DefaultNamespace == "" || !w.Namespace.IsUnknown() {
		return w.Namespace, false
	}
	return Known(w.DefaultNamespace), true
}

// PlacedNamespace is the namespace a service account is in as far as the
// tree says: the one written (or placed), else its DefaultNamespace, with
// the text of that assumption, else unknown.
func (sa *ServiceAccount) PlacedNamespace() (ns Value, assumed string) {
	if sa.DefaultNamespace == "" || !sa.Namespace.IsUnknown() {
		return sa.Namespace, ""
	}
	return Known(sa.DefaultNamespace), fmt.Sprintf("%s writes no namespace and nothing in the tree places it: assumed to be in %q, where kubectl apply creates it when the context sets no namespace", sa.Label, sa.DefaultNamespace)
}

// KarpenterController reports whether the workload is Karpenter's own
// controller: the Deployment the Karpenter chart renders (known by the
// chart it comes from, never by its name).
func (w *Workload) KarpenterController() bool {
	return w.KindName == "Deployment" && w.Chart == ChartKarpenter
}

// ChartKarpenter is the name of Karpenter's Helm chart.
const ChartKarpenter = "karpenter"

// KubeObject is any other Kubernetes object, kept for later rules.
type KubeObject struct {
	Object
	APIVersion string
	KindName   string
	Namespace  Value
	// Store is set for an External Secrets Operator store of the AWS
	// provider (a SecretStore or ClusterSecretStore of external-secrets.io
	// with spec.provider.aws): how it authenticates.
	Store *SecretStoreAuth
	// Deploys is, for an Argo CD Application or a Flux Kustomization,
	// what it deploys from as written; nil for other kinds.
	Deploys *GitOpsSource
	// External is set on such an object whose content the tree does not
	// hold (GitOpsSource.Elsewhere, or no path of it a directory of the
	// tree): what it deploys, in any namespace, is not read.
	External bool
	// RunsAs is, for a Crossplane DeploymentRuntimeConfig whose deployment
	// template names an account
	// (deploymentTemplate.spec.template.spec.serviceAccountName), that
	// account: the pods of the providers and functions using the config
	// run as it, in Crossplane's namespace, and Crossplane creates none
	// (the user's own). Nil otherwise.
	RunsAs *Value
	// ScaleTarget is, for a KEDA ScaledObject, the kind and name of the
	// workload it scales (spec.scaleTargetRef, kind Deployment when not
	// written), in its namespace; for an Argo Rollouts Rollout with a
	// workloadRef, the workload whose pod template it runs at its own
	// replicas (the Deployment kept at zero); empty for other kinds. Both
	// run pods of a workload written with zero replicas.
	ScaleTargetKind, ScaleTargetName string
}

// GitOpsSource is what a GitOps object deploys from, as written.
type GitOpsSource struct {
	// Paths are the repository paths it applies as manifests (an Argo CD
	// source with no chart and no Helm settings, whose chart would be a
	// release; a Flux Kustomization's spec.path, "." when unset).
	Paths []string
	// Elsewhere is set when it deploys what no path of a repository
	// names: an OCI artifact or a bucket (Flux OCIRepository, Bucket,
	// ExternalArtifact; Argo CD's oci:// sources), or a path a
	// placeholder fills in, or what an Argo CD config management plugin
	// renders.
	Elsewhere bool
}

// The ways an External Secrets store of the AWS provider authenticates
// (SecretStoreAuth.Auth).
const (
	// StoreAuthController: no auth is written, so the controller's own
	// credentials (its pod's IRSA or Pod Identity role) are used.
	StoreAuthController = "controller"
	// StoreAuthJWT: auth.jwt.serviceAccountRef, a token the controller
	// requests for that account, exchanged for the role its
	// eks.amazonaws.com/role-arn annotation names.
	StoreAuthJWT = "jwt"
	// StoreAuthSecret: auth.secretRef, static keys read from a secret.
	StoreAuthSecret = "secretRef"
	// StoreAuthUnknown: how it authenticates is not known before apply.
	StoreAuthUnknown = "unknown"
)

// SecretStoreAuth is how an External Secrets store of the AWS provider
// authenticates (external-secrets.io SecretStore and ClusterSecretStore,
// spec.provider.aws.auth): whose credentials its reads use.
type SecretStoreAuth struct {
	// Auth is one of the StoreAuth constants.
	Auth string
	// AccountNamespace and AccountName are, for jwt auth, the service
	// account whose token the controller requests: a SecretStore's own
	// namespace (the controller ignores the ref's), a ClusterSecretStore's
	// ref namespace, unknown when it writes none (the namespace of each
	// ExternalSecret using the store).
	AccountNamespace, AccountName Value
	// AccountRange is where the service account is named (the ref's name).
	AccountRange Range
}

// Model holds every entity read from the sources.
type Model struct {
	Roles            []*Role
	InstanceProfiles []*InstanceProfile
	SecurityGroups   []*SecurityGroup
	LaunchTemplates  []*LaunchTemplate
	NodeGroups       []*NodeGroup
	NodeClasses      []*NodeClass
	NodePools        []*NodePool
	ServiceAccounts  []*ServiceAccount
	Objects          []*KubeObject
	Releases         []*Release
	PodIdentities    []*PodIdentityAssociation
	Workloads        []*Workload
	AccessEntries    []*AccessEntry
	Clusters         []*Cluster
	FargateProfiles  []*FargateProfile
	Subnets          []*Subnet
	StorageClasses   []*StorageClass
	VolumeClaims     []*VolumeClaim
	Volumes          []*Volume
	// Changes are the deletions, replacements and forgets of the change
	// under review (plan or base revision).
	Changes []*Change
	// ModuleCalls are the registry module calls of the user's own
	// configuration whose code was read, with the inputs they pass. They
	// are not entities other objects refer to: Entities leaves them out.
	ModuleCalls []*ModuleCall
	// DuplicateKeys are the keys a YAML file as written (a chart's
	// values.yaml, a manifest) writes twice where its consumer keeps the
	// last value. Like ModuleCalls, they are not entities.
	DuplicateKeys []*DuplicateKey
	// OtherClusters are the Kubernetes clusters the tree declares whose
	// capacity faultline does not read (OtherCluster). Like ModuleCalls,
	// they are not entities other objects refer to.
	OtherClusters []*OtherCluster
	// ClusterLookups are the data sources reading an EKS cluster by name
	// that their own root does not declare (ClusterLookup). Like
	// ModuleCalls, they are not entities.
	ClusterLookups []*ClusterLookup
	// LooseTags are the tags put on resources whose IDs are not known
	// (LooseTag).
	LooseTags []*LooseTag
	// OIDCProviders are the IAM OIDC identity providers the sources
	// declare, with the issuer each is for: what tells whether a trust
	// naming one is an IRSA trust, and what a trust's provider is (see
	// TrustNames). Entities holds those the tree creates, not the data
	// sources.
	OIDCProviders []*OIDCProvider
	// CapacityComplete is the user's word (.faultline.hcl capacity
	// { complete = true }) that the NodePools, node groups and Fargate
	// profiles the tree declares are the whole capacity of its clusters,
	// though it declares no EKS cluster (a GitOps repository): the
	// scheduling rules judge its workloads.
	CapacityComplete bool
	// InstantiatedElsewhere are the Terraform roots (their directories,
	// as ranges name files) that a module call of the tree also
	// instantiates from a source faultline does not read — a git source
	// naming the same directory of the repository (…platform.git//
	// modules/eks?ref=v1) —, with that call's source: read as a root, the
	// directory gives its variables' defaults, not what the call gives.
	InstantiatedElsewhere map[string]Range
	// Unapplied are the Terraform resources that would make Kubernetes
	// objects of which the configuration read makes no instance.
	Unapplied []Unapplied
	// Unbuilt are the kustomizations of the tree that do not build
	// (FL000): nothing of theirs is applied, and what they would apply
	// once mended (in any namespace) is not provably absent.
	Unbuilt []UnbuiltKustomization
	// UnreadCalls are the module calls of the tree whose code faultline
	// does not read (a remote source neither cached nor modelled), by
	// the object a hole of one of their outputs names ("infra/prod:
	// module.cluster"), each described as "module.cluster (<source>
	// <version>)".
	UnreadCalls map[string]string
	// PoolModuleCalls are the module calls of the tree whose code is not
	// read of a module known to apply Karpenter NodePools
	// (aws-ia/eks-data-addons' karpenter resources): the NodePools of
	// their root's cluster are not all declared.
	PoolModuleCalls []ModuleCallRef
	// StandardAccounts are the service accounts the charts faultline
	// knows run as when installed the standard way (the release named
	// after the chart, the default values), each with its chart's name:
	// an account of that name in a namespace may belong to such a chart
	// installed by other means (the helm CLI, eksctl).
	StandardAccounts map[string]string

	byAddr map[string]Entity
	// byName indexes entities with a fully known name by kind and name;
	// unnamed lists those whose name has holes.
	byName  map[Kind]map[string][]Entity
	unnamed map[Kind][]Entity
	// changes indexes Changes by address (see ChangesAt).
	changes *changeIndex
	// callSites are the CallSites of entities, by the file they are
	// declared in (see CallSitesFor).
	callSites map[string]*Location
	// memo holds what Memo computed, until the model changes.
	memoMu sync.Mutex
	memo   map[string]any
	// nodeClusters holds the declared cluster each node set joins
	// (nodeCluster), by its entity.
	nodeClusters sync.Map
}

// Memo returns what build computes for key, computing it once until the
// model changes: for analyses several rules share (the scheduling fit).
func (m *Model) Memo(key string, build func() any) any {
	m.memoMu.Lock()
	defer m.memoMu.Unlock()
	if v, ok := m.memo[key]; ok {
		return v
	}
	v := build()
	if m.memo == nil {
		m.memo = map[string]any{}
	}
	m.memo[key] = v
	return v
}

// Add puts entities into the model.
func (m *Model) Add(es ...Entity) {
	for _, e := range es {
		switch x := e.(type) {
		case *Role:
			m.Roles = append(m.Roles, x)
		case *InstanceProfile:
			m.InstanceProfiles = append(m.InstanceProfiles, x)
		case *SecurityGroup:
			m.SecurityGroups = append(m.SecurityGroups, x)
		case *LaunchTemplate:
			m.LaunchTemplates = append(m.LaunchTemplates, x)
		case *NodeGroup:
			m.NodeGroups = append(m.NodeGroups, x)
		case *NodeClass:
			m.NodeClasses = append(m.NodeClasses, x)
		case *NodePool:
			m.NodePools = append(m.NodePools, x)
		case *ServiceAccount:
			m.ServiceAccounts = append(m.ServiceAccounts, x)
		case *KubeObject:
			m.Objects = append(m.Objects, x)
		case *Release:
			m.Releases = append(m.Releases, x)
		case *PodIdentityAssociation:
			m.PodIdentities = append(m.PodIdentities, x)
		case *Workload:
			m.Workloads = append(m.Workloads, x)
		case *AccessEntry:
			m.AccessEntries = append(m.AccessEntries, x)
		case *Cluster:
			m.Clusters = append(m.Clusters, x)
		case *FargateProfile:
			m.FargateProfiles = append(m.FargateProfiles, x)
		case *Subnet:
			m.Subnets = append(m.Subnets, x)
		case *StorageClass:
			m.StorageClasses = append(m.StorageClasses, x)
		case *VolumeClaim:
			m.VolumeClaims = append(m.VolumeClaims, x)
		case *Volume:
			m.Volumes = append(m.Volumes, x)
		case *ModuleCall:
			m.ModuleCalls = append(m.ModuleCalls, x)
			continue
		case *DuplicateKey:
			m.DuplicateKeys = append(m.DuplicateKeys, x)
			continue
		case *OtherCluster:
			m.OtherClusters = append(m.OtherClusters, x)
			continue
		case *ClusterLookup:
			m.ClusterLookups = append(m.ClusterLookups, x)
			continue
		case *LooseTag:
			m.LooseTags = append(m.LooseTags, x)
			continue
		case *OIDCProvider:
			m.OIDCProviders = append(m.OIDCProviders, x)
		default:
			panic(fmt.Sprintf("lint: unknown entity type %T", e))
		}
		m.byAddr, m.byName, m.unnamed = nil, nil, nil
		m.memoMu.Lock()
		m.memo = nil
		m.memoMu.Unlock()
		m.nodeClusters.Clear()
	}
}

// Entities returns every entity in a stable order.
func (m *Model) Entities() []Entity {
	var out []Entity
	for _, x := range m.Roles {
		out = append(out, x)
	}
	for _, x := range m.InstanceProfiles {
		out = append(out, x)
	}
	for _, x := range m.SecurityGroups {
		out = append(out, x)
	}
	for _, x := range m.LaunchTemplates {
		out = append(out, x)
	}
	for _, x := range m.NodeGroups {
		out = append(out, x)
	}
	for _, x := range m.NodeClasses {
		out = append(out, x)
	}
	for _, x := range m.NodePools {
		out = append(out, x)
	}
	for _, x := range m.ServiceAccounts {
		out = append(out, x)
	}
	for _, x := range m.Objects {
		out = append(out, x)
	}
	for _, x := range m.Releases {
		out = append(out, x)
	}
	for _, x := range m.PodIdentities {
		out = append(out, x)
	}
	for _, x := range m.Workloads {
		out = append(out, x)
	}
	for _, x := range m.AccessEntries {
		out = append(out, x)
	}
	for _, x := range m.Clusters {
		out = append(out, x)
	}
	for _, x := range m.FargateProfiles {
		out = append(out, x)
	}
	for _, x := range m.Subnets {
		out = append(out, x)
	}
	for _, x := range m.StorageClasses {
		out = append(out, x)
	}
	for _, x := range m.VolumeClaims {
		out = append(out, x)
	}
	for _, x := range m.Volumes {
		out = append(out, x)
	}
	for _, x := range m.OIDCProviders {
		if !x.Data {
			out = append(out, x)
		}
	}
	return out
}

// Sort orders every list by address so rule output never depends on the
// order parsers finished in.
func (m *Model) Sort() {
	sortBy(m.Roles)
	sortBy(m.InstanceProfiles)
	sortBy(m.SecurityGroups)
	sortBy(m.LaunchTemplates)
	sortBy(m.NodeGroups)
	sortBy(m.NodeClasses)
	sortBy(m.NodePools)
	sortBy(m.ServiceAccounts)
	sortBy(m.Objects)
	sortBy(m.Releases)
	sortBy(m.PodIdentities)
	sortBy(m.Workloads)
	sortBy(m.AccessEntries)
	sortBy(m.Clusters)
	sortBy(m.FargateProfiles)
	sortBy(m.Subnets)
	sortBy(m.StorageClasses)
	sortBy(m.VolumeClaims)
	sortBy(m.Volumes)
	sortBy(m.ModuleCalls)
	sortBy(m.DuplicateKeys)
	sortBy(m.OtherClusters)
	sortBy(m.ClusterLookups)
	sortBy(m.OIDCProviders)
	m.byAddr, m.byName, m.unnamed, m.changes = nil, nil, nil, nil
	m.memoMu.Lock()
	m.memo = nil
	m.memoMu.Unlock()
	m.nodeClusters.Clear()
}

func sortBy[T Entity](xs []T) {
	sort.SliceStable(xs, func(i, j int) bool { return xs[i].Base().Addr < xs[j].Base().Addr })
}

// prepare builds the indexes the model's lookups build lazily (by
// address and name, call sites, changes by address), so that rules may
// read the model at once.
func (m *Model) prepare() {
	m.index()
	if len(m.Changes) > 0 {
		m.changeIndex()
	}
}

// filesOfSeveralRoots are the files where entities of two or more
// Terraform roots are declared: a module those roots call, whose
// findings say which root's instance they are about.
func (m *Model) filesOfSeveralRoots() map[string]bool {
	first := map[string]string{}
	shared := map[string]bool{}
	for _, e := range m.Entities() {
		b := e.Base()
		f := b.Range.File
		if b.Root == "" || f == "" || shared[f] {
			continue
		}
		if r, ok := first[f]; !ok {
			first[f] = b.Root
		} else if r != b.Root {
			shared[f] = true
		}
	}
	return shared
}

// ModuleCallRef is a module call of a Terraform root: the root's
// directory as ranges name it, and the call's description
// ("module.data_addons (aws-ia/eks-data-addons/aws 1.37.1)").
type ModuleCallRef struct {
	Root, Label string
}

// Lookup returns the entity with the given address or alias, or the one
// entity a label selector ("k8ssel:…", see SelectorKey) selects.
func (m *Model) Lookup(addr string) Entity {
	m.index()
	if e, ok := m.byAddr[addr]; ok {
		return e
	}
	if strings.HasPrefix(addr, selectorPrefix) {
		return m.lookupSelector(addr)
	}
	return nil
}

// index builds the address and name indexes once.
func (m *Model) index() {
	if m.byAddr != nil {
		return
	}
	m.byAddr = make(map[string]Entity)
	m.callSites = map[string]*Location{}
	m.byName = map[Kind]map[string][]Entity{}
	m.unnamed = map[Kind][]Entity{}
	ambiguous := map[string]bool{}
	for _, e := range m.Entities() {
		o := e.Base()
		m.byAddr[o.Addr] = e
		if o.CallSite != nil {
			m.callSites[o.Range.File] = o.CallSite
		}
		for _, a := range o.Aliases {
			if _, dup := m.byAddr[a]; dup {
				ambiguous[a] = true
			}
			m.byAddr[a] = e
		}
		if n, ok := o.Name.Str(); ok {
			if m.byName[o.Kind] == nil {
				m.byName[o.Kind] = map[string][]Entity{}
			}
			m.byName[o.Kind][n] = append(m.byName[o.Kind][n], e)
		} else if !o.Name.IsUnknown() {
			m.unnamed[o.Kind] = append(m.unnamed[o.Kind], e)
		}
	}
	// An alias two objects claim names neither for sure.
	for a := range ambiguous {
		delete(m.byAddr, a)
	}
}

// candidates returns the entities of a kind whose name can be provably
// equal to v: those with the same known name, or (for v with holes) those
// whose name has holes too.
func (m *Model) candidates(kind Kind, v Value) []Entity {
	m.index()
	if n, ok := v.Str(); ok {
		return m.byName[kind][n]
	}
	if v.IsUnknown() {
		return nil
	}
	return m.unnamed[kind]
}

// changeIndex finds changes by address, built once for a list of
// changes (n and first tell whether Changes is still that list).
type changeIndex struct {
	n     int
	first **Change
	// qualified: by the Before object's address; bare: by Address;
	// bareOnly: by Address, for changes whose Before has no address.
	qualified, bare, bareOnly map[string][]int
}

// ChangesAt returns the changes, in order, that are about the object at
// addr: addr is the change's qualified address (its Before object's
// Addr), or its bare Terraform address (Address), or, for a change whose
// Before object has no address, a qualified form of it (anything, then
// ":", then the bare address). An empty addr matches nothing.
func (m *Model) ChangesAt(addr string) []*Change {
	if addr == "" || len(m.Changes) == 0 {
		return nil
	}
	x := m.changeIndex()
	var at []int
	at = append(at, x.qualified[addr]...)
	at = append(at, x.bare[addr]...)
	for i := 0; i < len(addr); i++ {
		if addr[i] == ':' {
			at = append(at, x.bareOnly[addr[i+1:]]...)
		}
	}
	if len(at) == 0 {
		return nil
	}
	sort.Ints(at)
	out := make([]*Change, 0, len(at))
	for i, j := range at {
		if i == 0 || j != at[i-1] {
			out = append(out, m.Changes[j])
		}
	}
	return out
}

// changeIndex returns the index of Changes, rebuilt when Changes is
// another list than the one indexed.
func (m *Model) changeIndex() *changeIndex {
	if x := m.changes; x != nil && x.n == len(m.Changes) && x.first == &m.Changes[0] {
		return x
	}
	x := &changeIndex{n: len(m.Changes), first: &m.Changes[0],
		qualified: map[string][]int{}, bare: map[string][]int{}, bareOnly: map[string][]int{}}
	for i, c := range m.Changes {
		q := ""
		if c.Before != nil {
			q = c.Before.Base().Addr
		}
		if q != "" {
			x.qualified[q] = append(x.qualified[q], i)
		}
		if c.SourceAddr != "" && c.SourceAddr != q {
			x.qualified[c.SourceAddr] = append(x.qualified[c.SourceAddr], i)
		}
		if c.Address != "" {
			x.bare[c.Address] = append(x.bare[c.Address], i)
			if q == "" {
				x.bareOnly[c.Address] = append(x.bareOnly[c.Address], i)
			}
		}
	}
	m.changes = x
	return x
}

// FromPlan reports whether the entity was read from a plan's values
// (address "plan:…"): its names and ARNs are never put into messages.
func (o *Object) FromPlan() bool { return strings.HasPrefix(o.Addr, "plan:") }

// IsAWSAuthConfigMap reports whether a ConfigMap's name and namespace are
// those of the aws-auth ConfigMap: kube-system, or a namespace not written
// (known false) or empty.
func IsAWSAuthConfigMap(name, namespace string, known bool) bool {
	return name == "aws-auth" && (!known || namespace == "" || namespace == "kube-system")
}

// IsAWSAuth reports whether the object is the aws-auth ConfigMap.
func (o *KubeObject) IsAWSAuth() bool {
	name, _ := o.Name.Str()
	ns, known := o.Namespace.Str()
	return o.KindName == "ConfigMap" && IsAWSAuthConfigMap(name, ns, known)
}

// NewAWSAuthMapping builds the access entry of one mapRoles entry of an
// aws-auth ConfigMap cm (its address, label, scope and source are kept):
// arn is the entry's rolearn, written at rng.
func NewAWSAuthMapping(cm Object, arn Value, groups []string, rng Range, cluster Value) *AccessEntry {
	o := Object{
		Kind:      KindAccessEntry,
		Addr:      cm.Addr + "#mapRoles/" + arn.String(),
		Label:     "mapRoles entry " + arn.String() + " of " + cm.Label,
		Name:      arn,
		Range:     rng,
		NameRange: rng,
		Source:    cm.Source,
		Scope:     cm.Scope,
		Inferred:  append([]string(nil), cm.Inferred...),
	}
	for _, a := range cm.Aliases {
		o.Aliases = append(o.Aliases, a+"#mapRoles/"+arn.String())
	}
	return &AccessEntry{Object: o, Cluster: cluster, Principal: Ref{Value: arn, Range: rng}, Type: AccessAWSAuth, Groups: groups, ConfigMap: cm.Addr}
}

// CallSitesFor returns the module calls in the user's own configuration
// that lead to the code the locations point into (registry code read from
// a module cache or a built-in model), each once, leaving out those the
// locations already include: a finding inside a registry module's code
// also points where the user changes it.
func (m *Model) CallSitesFor(locs []Location) []Location {
	m.index()
	byFile := m.callSites
	has := func(r Range) bool {
		for _, l := range locs {
			if l.Range.File == r.File && l.Range.Line == r.Line {
				return true
			}
		}
		return false
	}
	var out []Location
	for _, l := range locs {
		cs, ok := byFile[l.Range.File]
		if !ok || has(cs.Range) {
			continue
		}
		locs = append(locs, *cs)
		out = append(out, *cs)
	}
	return out
}

// UnbuiltKustomization is a kustomization of the tree that does not build:
// its directory (as ranges name files) and the scope of what it would
// apply.
type UnbuiltKustomization struct {
	Dir   string
	Scope Scope
	// NodePools are the files it names (directly, or in a directory it
	// names) that hold Karpenter NodePools: capacity its build would
	// apply, left out while it does not build.
	NodePools []string
}

// Unapplied is a Terraform resource of a root module that would make
// Kubernetes objects (a helm_release, a kubernetes_service_account, a
// manifest) of which the configuration read makes no instance, its count
// or for_each reading a variable (a flag whose default is off): another
// environment's values may make them, so what they would hold is not
// provably absent.
type Unapplied struct {
	// Addr is its address in its root ("module.addons.helm_release.ca"),
	// Root its root module's directory, Range where it is declared.
	Addr, Root string
	Range      Range
	// Namespace is the namespace it would make its objects in, when its
	// arguments say so statically; unknown otherwise.
	Namespace Value
	// ChartDir is, for a helm_release of a chart of the tree (a local
	// path known statically), the chart's directory or archive: a chart
	// that release installs when switched on is installed, not one
	// nothing installs. "" otherwise.
	ChartDir string
	// ChartOnly is set for a resource recorded for its ChartDir alone:
	// a module's (its call decides), or one no variable switches off.
	// It says nothing of what the configuration may make elsewhere.
	ChartOnly bool
}

// The values of the kubernetes.io/os label of EKS nodes.
const (
	OSLinux   = "linux"
	OSWindows = "windows"
)

// OSOfAMIType is the operating system of the nodes of a managed node
// group with EKS AMI type t: OSWindows for the WINDOWS_ types, OSLinux
// for Amazon Linux and Bottlerocket; "" for CUSTOM (a launch template's
// AMI) and any type not known.
func OSOfAMIType(t string) string {
	switch family, _, _ := strings.Cut(t, "_"); family {
	case "WINDOWS":
		return OSWindows
	case "AL2", "AL2023", "BOTTLEROCKET":
		return OSLinux
	}
	return ""
}

// WindowsBuildOfAMIType is the node.kubernetes.io/windows-build label the
// kubelet puts on the nodes of a managed node group with EKS AMI type t:
// Windows Server 2019's build for the _2019_ types, 2022's for _2022_;
// "" for any other type (Linux nodes carry no such label).
// AMIFamilyOS is the operating system and Windows build of the nodes of
// a Karpenter AMI family, as amiFamily writes it (AL2023, Windows2022) or
// an alias names it (al2023, windows2022); ok is false for Custom and
// what is none of them.
func AMIFamilyOS(family string) (os, build string, ok bool) {
	switch strings.ToLower(family) {
	case "al2", "al2023", "bottlerocket", "ubuntu":
		return OSLinux, "", true
	case "windows2019":
		return OSWindows, "10.0.17763", true
	case "windows2022":
		return OSWindows, "10.0.20348", true
	case "windows2025":
		return OSWindows, "10.0.26100", true
	}
	return "", "", false
}

func WindowsBuildOfAMIType(t string) string {
	if OSOfAMIType(t) != OSWindows {
		return ""
	}
	for _, part := range strings.Split(t, "_") {
		switch part {
		case "2019":
			return "10.0.17763"
		case "2022":
			return "10.0.20348"
		}
	}
	return ""
}
