package lint

// This file holds the capacity model: what workloads ask of a node (requests,
// selectors, tolerations, volumes) and what node pools, node groups and
// Fargate profiles can offer (instance types, labels, taints, zones). Parsers
// fill it; the scheduling rules (FL401–FL404) compare the two.

// The kinds of the capacity model's entities.
const (
	KindFargateProfile Kind = "fargate-profile"
	KindSubnet         Kind = "subnet"
	KindStorageClass   Kind = "storage-class"
	KindVolumeClaim    Kind = "persistent-volume-claim"
	KindVolume         Kind = "persistent-volume"
)

// The operators of a node selector requirement (Kubernetes node affinity
// and Karpenter NodePool requirements).
const (
	OpIn           = "In"
	OpNotIn        = "NotIn"
	OpExists       = "Exists"
	OpDoesNotExist = "DoesNotExist"
	OpGt           = "Gt"
	OpLt           = "Lt"
	// OpGte and OpLte are Karpenter's own (karpenter.sh/v1 NodePools
	// since Karpenter 1.9): at least and at most one integer.
	OpGte = "Gte"
	OpLte = "Lte"
)

// IsBound reports whether an operator bounds an integer label value
// (Gt, Lt, Gte, Lte): its one value is the bound.
func IsBound(op string) bool {
	return op == OpGt || op == OpLt || op == OpGte || op == OpLte
}

// Requirement is one node selector requirement: a Karpenter NodePool
// requirement, a node affinity match expression, or a nodeSelector entry
// (read as In with one value).
type Requirement struct {
	Key string
	// Operator is one of the Op constants.
	Operator string
	Values   []string
	// MinValues is Karpenter's minValues (0 when not written).
	MinValues int
	// Unknown is set when the requirement could not be read completely (a
	// hole or a template placeholder in its key, operator or values): it
	// then constrains nothing.
	Unknown bool
	// Range is where the requirement is written.
	Range Range
}

// Taint is a node taint.
type Taint struct {
	Key, Value string
	// Effect is NoSchedule, PreferNoSchedule or NoExecute.
	Effect string
	// Unknown is set when a part could not be read; such a taint is not
	// judged.
	Unknown bool
	Range   Range
}

// EKSTaintEffect translates a taint effect as the EKS API writes it
// (aws_eks_node_group, Crossplane NodeGroups: NO_SCHEDULE, NO_EXECUTE,
// PREFER_NO_SCHEDULE) into the Kubernetes one; false for anything else.
func EKSTaintEffect(effect string) (string, bool) {
	switch effect {
	case "NO_SCHEDULE":
		return "NoSchedule", true
	case "NO_EXECUTE":
		return "NoExecute", true
	case "PREFER_NO_SCHEDULE":
		return "PreferNoSchedule", true
	}
	return "", false
}

// Toleration is a pod's toleration.
type Toleration struct {
	Key string
	// Operator is Equal (the default) or Exists.
	Operator string
	Value    string
	// Effect is empty for every effect.
	Effect string
	// Bounded is set when tolerationSeconds is written: a NoExecute
	// taint it matches evicts the pod once that time is up.
	Bounded bool
	// Unknown is set when a part could not be read; such a toleration
	// tolerates everything, as far as faultline knows.
	Unknown bool
	Range   Range
}

// Resources are amounts of the resources the scheduler counts. A zero
// amount is "none requested"; Known says which amounts were read.
type Resources struct {
	// MilliCPU is CPU in thousandths of a core.
	MilliCPU int64
	// Memory is in bytes.
	Memory int64
	// GPU counts nvidia.com/gpu devices, AMDGPU amd.com/gpu devices (not
	// AWS Neuron devices, which the instance table does not count): a
	// node offers the devices of its GPUs' maker only.
	GPU, AMDGPU int64
}

// Add returns the sum of r and o.
func (r Resources) Add(o Resources) Resources {
	return Resources{r.MilliCPU + o.MilliCPU, r.Memory + o.Memory, r.GPU + o.GPU, r.AMDGPU + o.AMDGPU}
}

// Max returns the larger of each amount.
func (r Resources) Max(o Resources) Resources {
	return Resources{max(r.MilliCPU, o.MilliCPU), max(r.Memory, o.Memory), max(r.GPU, o.GPU), max(r.AMDGPU, o.AMDGPU)}
}

// IsZero reports whether nothing is requested.
func (r Resources) IsZero() bool { return r == Resources{} }

// ContainerRequests are one container's requests and where they are
// written.
type ContainerRequests struct {
	Name string
	// Init is set for an init container (not a restartable sidecar).
	Init     bool
	Requests Resources
	// Extended are the extended resources the container requests (or
	// limits: the request defaults to the limit), by name
	// ("nvidia.com/gpu", "aws.amazon.com/neuron"), sorted.
	Extended []string
	// Unknown is set when a request is written but could not be read (a
	// template, a hole): the pod's total is then unknown.
	Unknown bool
	// Range is the resources.requests key (or the container when requests
	// are not written); CPURange and MemoryRange the single amounts.
	Range, CPURange, MemoryRange, GPURange Range
}

// ClaimRef is a pod volume backed by a PersistentVolumeClaim.
type ClaimRef struct {
	// Claim is the claim name (persistentVolumeClaim.claimName).
	Claim Value
	Range Range
}

// ClaimTemplate is a StatefulSet volumeClaimTemplate, or a generic
// ephemeral volume's claim template.
type ClaimTemplate struct {
	Name string
	// StorageClass is spec.storageClassName; unset means the cluster's
	// default class.
	StorageClass Ref
	Range        Range
}

// SpreadConstraint is a topology spread constraint that blocks
// scheduling (whenUnsatisfiable: DoNotSchedule).
type SpreadConstraint struct {
	TopologyKey string
	MaxSkew     int
	Range       Range
}

// PodScheduling is what a workload's pods ask of a node: requests,
// placement constraints and volumes. Nil on a workload means its pod spec
// could not be read.
type PodScheduling struct {
	// Containers lists every container and init container with its requests.
	Containers []ContainerRequests
	// Overhead is spec.overhead; OverheadUnknown is set when it is written
	// but could not be read (Requests then reports unknown).
	Overhead        Resources
	OverheadUnknown bool
	// NodeSelector is spec.nodeSelector, one In requirement per entry.
	NodeSelector []Requirement
	// Affinity is the required node affinity: terms are ORed, the
	// requirements of a term ANDed. Empty means none.
	Affinity [][]Requirement
	// AffinityRange is the nodeSelectorTerms key.
	AffinityRange Range
	Tolerations   []Toleration
	// TolerationsRange is the tolerations key, or zero.
	TolerationsRange Range
	Spread           []SpreadConstraint
	Claims           []ClaimRef
	ClaimTemplates   []ClaimTemplate
	// PodLabels are the pod template's labels (Fargate profiles select by
	// them).
	PodLabels map[string]string
	// PodLabelsUnknown is set when some pod label could not be read (a
	// hole, an empty value): a missing label then proves nothing.
	PodLabelsUnknown bool
	// Unknown is set when a scheduling field is written but could not be
	// read (a template, an alias to a hole): the pod's placement is then
	// not judged.
	Unknown bool
	// Range is the pod spec (spec.template.spec key).
	Range Range
}

// Requests are the pod's effective requests as the scheduler computes them:
// the sum of the regular containers (and restartable sidecars) or the
// largest init container, whichever is larger, plus the overhead. The flag
// is false when some request could not be read.
func (p *PodScheduling) Requests() (Resources, bool) {
	if p.OverheadUnknown {
		return Resources{}, false
	}
	var sum, init Resources
	for _, c := range p.Containers {
		if c.Unknown {
			return Resources{}, false
		}
		if c.Init {
			init = init.Max(c.Requests)
		} else {
			sum = sum.Add(c.Requests)
		}
	}
	return sum.Max(init).Add(p.Overhead), true
}

// FargateSelector is one selector of a Fargate profile: a namespace and,
// optionally, labels every selected pod carries.
type FargateSelector struct {
	Namespace Value
	Labels    map[string]Value
	Range     Range
}

// FargateProfile is an EKS Fargate profile.
type FargateProfile struct {
	Object
	Cluster   Value
	Selectors []FargateSelector
	// SelectorsUnknown is set when some selectors could not be read (a
	// dynamic block over an unknown collection): the profile may then
	// select any pod.
	SelectorsUnknown bool
	Subnets          []Ref
}

// Subnet is an EC2 subnet and the Availability Zone it lives in.
type Subnet struct {
	Object
	ID Value
	// Zone is the zone name ("eu-west-1a") or zone ID ("euw1-az1") when
	// written.
	Zone Value
	Tags map[string]Value
	// TagsIncomplete is set when some tags could not be evaluated.
	TagsIncomplete bool
	// OpenTagKeys are tag keys known only in part (see
	// SecurityGroup.OpenTagKeys).
	OpenTagKeys []Value
	// MaybeTags are tags it may carry or not (see
	// SecurityGroup.MaybeTags): those a LooseTag may put on it.
	MaybeTags map[string]Value
}

// StorageClass is a Kubernetes StorageClass.
type StorageClass struct {
	Object
	Provisioner string
	// BindingMode is volumeBindingMode; Immediate when not written.
	BindingMode string
	// Zones are the zones allowedTopologies allows (empty: every zone);
	// ZonesUnknown is set when they could not be read.
	Zones        []string
	ZonesUnknown bool
	ZonesRange   Range
	// Default is set for the cluster's default class
	// (storageclass.kubernetes.io/is-default-class: "true").
	Default bool
}

// VolumeClaim is a PersistentVolumeClaim.
type VolumeClaim struct {
	Object
	Namespace Value
	// StorageClass is spec.storageClassName; unset means the default class.
	StorageClass Ref
	// Volume is spec.volumeName, when bound to a named volume.
	Volume Ref
}

// Volume is a PersistentVolume and the zones its node affinity pins.
type Volume struct {
	Object
	// Zones are the zones of the required node affinity on
	// topology.kubernetes.io/zone, failure-domain.beta.kubernetes.io/zone
	// or topology.ebs.csi.aws.com/zone; empty: not pinned.
	Zones      []string
	ZonesRange Range
	// Claim is the spec.claimRef, namespace/name, when written.
	ClaimNamespace, ClaimName string
	StorageClass              string
}

// NodeClassOf returns the one node class a NodePool's nodeClassRef names
// in a compatible scope; nil when it names none, none matches, or several
// do.
func (m *Model) NodeClassOf(np *NodePool) *NodeClass {
	if !np.NodeClass.IsSet() {
		return nil
	}
	var found *NodeClass
	for _, nc := range m.NodeClasses {
		if nc.AutoMode != np.AutoMode {
			continue // an Auto Mode NodeClass is named by Auto Mode's NodePools only
		}
		if nc.Scope.Compatible(np.Scope, true, true) && Compare(nc.Name, np.NodeClass.Value) == Yes {
			if found != nil {
				return nil
			}
			found = nc
		}
	}
	return found
}

// StorageClassFor returns the one storage class a claim names in a scope
// compatible with holder, or the one default class when it names none; nil
// otherwise (a name that cannot be read, no match, several).
func (m *Model) StorageClassFor(class Ref, holder Scope) *StorageClass {
	var found *StorageClass
	for _, sc := range m.StorageClasses {
		if !sc.Scope.Compatible(holder, true, true) {
			continue
		}
		if class.IsSet() && Compare(sc.Name, class.Value) == Yes || !class.IsSet() && sc.Default {
			if found != nil {
				return nil
			}
			found = sc
		}
	}
	return found
}
