package instancetypes

import "strconv"

// The label keys a node carries, as Kubernetes and Karpenter
// (pkg/apis/v1/labels.go, aws/karpenter-provider-aws) spell them.
const (
	LabelInstanceType       = "node.kubernetes.io/instance-type"
	LabelArch               = "kubernetes.io/arch"
	LabelOS                 = "kubernetes.io/os"
	LabelInstanceFamily     = "karpenter.k8s.aws/instance-family"
	LabelInstanceCategory   = "karpenter.k8s.aws/instance-category"
	LabelInstanceGeneration = "karpenter.k8s.aws/instance-generation"
	LabelInstanceSize       = "karpenter.k8s.aws/instance-size"
	LabelInstanceFlex       = "karpenter.k8s.aws/instance-capability-flex"
	LabelInstanceCPU        = "karpenter.k8s.aws/instance-cpu"
	LabelInstanceMemory     = "karpenter.k8s.aws/instance-memory"
	LabelGPUCount           = "karpenter.k8s.aws/instance-gpu-count"
	LabelGPUManufacturer    = "karpenter.k8s.aws/instance-gpu-manufacturer"
	LabelGPUName            = "karpenter.k8s.aws/instance-gpu-name"
	LabelGPUMemory          = "karpenter.k8s.aws/instance-gpu-memory"
)

// Labels returns the labels derived from the instance type that a Linux
// node of it carries and scheduling can select on. The karpenter.k8s.aws
// labels are those Karpenter sets; a part the name does not yield, or a
// GPU fact the table lacks, is left out rather than guessed.
func Labels(info Info) map[string]string {
	l := map[string]string{}
	EachLabel(info, func(key, value string) { l[key] = value })
	return l
}

// LabelKeys are the keys Labels may return, in the order EachLabel
// gives them. Callers must not change it.
var LabelKeys = []string{
	LabelInstanceType, LabelOS, LabelInstanceFlex, LabelArch, LabelInstanceFamily, LabelInstanceSize,
	LabelInstanceCategory, LabelInstanceGeneration, LabelInstanceCPU, LabelInstanceMemory,
	LabelGPUCount, LabelGPUManufacturer, LabelGPUName, LabelGPUMemory,
}

// EachLabel calls f with each label of Labels(info), each key once, in
// the order of LabelKeys, without making the map.
func EachLabel(info Info, f func(key, value string)) {
	n := ParseName(info.Name)
	set := func(key, value string) {
		if value != "" {
			f(key, value)
		}
	}
	f(LabelInstanceType, info.Name)
	f(LabelOS, "linux")
	f(LabelInstanceFlex, strconv.FormatBool(n.Flex))
	set(LabelArch, info.Arch)
	set(LabelInstanceFamily, n.Family)
	set(LabelInstanceSize, n.Size)
	set(LabelInstanceCategory, n.Category)
	set(LabelInstanceGeneration, n.Generation)
	if info.VCPU > 0 {
		f(LabelInstanceCPU, strconv.Itoa(info.VCPU))
	}
	if info.MemoryMiB > 0 {
		f(LabelInstanceMemory, strconv.FormatInt(info.MemoryMiB, 10))
	}
	if info.GPU > 0 {
		f(LabelGPUCount, strconv.Itoa(info.GPU))
		set(LabelGPUManufacturer, info.GPUManufacturer)
		set(LabelGPUName, info.GPUName)
		if info.GPUMemoryMiB > 0 {
			f(LabelGPUMemory, strconv.FormatInt(info.GPUMemoryMiB, 10))
		}
	}
}
