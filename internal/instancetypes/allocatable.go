package instancetypes

import (
	"math"

	"github.com/faultline-dev/faultline/lint"
)

const mib = 1 << 20

// The defaults of the EKS AMIs and Karpenter.
const (
	// DefaultEvictionMemory is the kubelet's evictionHard memory.available
	// of the EKS AMIs (nodeadm's default kubelet config and AL2
	// bootstrap.sh, awslabs/amazon-eks-ami) and of Karpenter's
	// evictionThreshold (pkg/providers/instancetype/types.go).
	DefaultEvictionMemory = 100 * mib
	// DefaultVMMemoryOverheadPercent is Karpenter's --vm-memory-overhead-percent
	// default (pkg/operator/options/options.go, aws/karpenter-provider-aws).
	DefaultVMMemoryOverheadPercent = 0.075
	// gravitonCMAMiB is the contiguous memory an arm64 (Graviton) instance
	// reserves, which Karpenter subtracts from its capacity (memory() in
	// pkg/providers/instancetype/types.go).
	gravitonCMAMiB = 64
)

// AllocOptions says how a node is configured, as far as its allocatable
// resources go. The zero value is an EKS AMI (AL2 or AL2023) node with the
// defaults, as the kubelet on it computes allocatable from the capacity
// EC2 describes.
type AllocOptions struct {
	// MaxPods is the pod count kube-reserved memory is computed from. 0 is
	// the table's ENI-limited count, which bootstrap.sh (AL2), nodeadm
	// (AL2023) and Karpenter's AL2/AL2023 families use even when the
	// kubelet's maxPods is overridden; set it for a nodeadm
	// maxPodsExpression, a kubeReserved computed from another count
	// (prefix delegation), or Karpenter's Bottlerocket family, whose
	// reservation follows the kubelet's maxPods.
	MaxPods int
	// Karpenter estimates allocatable as Karpenter does before it has seen
	// a node of the type: 64 MiB less memory on arm64 and the VM memory
	// overhead subtracted from the capacity before the reservations.
	Karpenter bool
	// VMMemoryOverheadPercent is Karpenter's VM memory overhead, a
	// fraction (0 is DefaultVMMemoryOverheadPercent); used with Karpenter.
	VMMemoryOverheadPercent float64
	// SystemReserved is the kubelet's systemReserved (none by default on
	// the EKS AMIs).
	SystemReserved lint.Resources
	// EvictionMemory is the evictionHard memory.available in bytes (0 is
	// DefaultEvictionMemory).
	EvictionMemory int64
}

// Allocatable returns what pods can request on a node of the type:
// capacity less kube-reserved, system-reserved and the hard eviction
// threshold, as the EKS AMIs and Karpenter compute them. False when the
// pod count kube-reserved memory depends on is unknown (the table has no
// max pods for the type and opts.MaxPods is 0). A negative amount is 0.
// The GPUs are info.GPUs: the kubelet reserves none of them.
func Allocatable(info Info, opts AllocOptions) (lint.Resources, bool) {
	pods := opts.MaxPods
	if pods <= 0 {
		pods = info.MaxPods
	}
	if pods <= 0 || info.VCPU <= 0 || info.MemoryMiB <= 0 {
		return lint.Resources{}, false
	}
	eviction := opts.EvictionMemory
	if eviction <= 0 {
		eviction = DefaultEvictionMemory
	}
	cpu := int64(info.VCPU)*1000 - KubeReservedMilliCPU(info.VCPU) - opts.SystemReserved.MilliCPU
	mem := capacityMiB(info, opts)*mib - KubeReservedMemory(pods) - eviction - opts.SystemReserved.Memory
	nvidia, amd := info.GPUs()
	return lint.Resources{MilliCPU: max(cpu, 0), Memory: max(mem, 0), GPU: nvidia, AMDGPU: amd}, true
}

// GPUs are the type's GPUs as the device plugin of their maker offers
// them: nvidia.com/gpu for NVIDIA's, amd.com/gpu for AMD's. A type whose
// maker the table does not name counts as either.
func (info Info) GPUs() (nvidia, amd int64) {
	n := int64(info.GPU)
	switch info.GPUManufacturer {
	case "nvidia":
		return n, 0
	case "amd":
		return 0, n
	}
	return n, n
}

// capacityMiB is the memory the node starts from: EC2's figure, or
// Karpenter's estimate (memory() in pkg/providers/instancetype/types.go:
// 64 MiB less on arm64, then ceil(memory * VMMemoryOverheadPercent) less).
func capacityMiB(info Info, opts AllocOptions) int64 {
	m := info.MemoryMiB
	if !opts.Karpenter {
		return m
	}
	if info.Arch == "arm64" {
		m -= gravitonCMAMiB
	}
	pct := opts.VMMemoryOverheadPercent
	if pct <= 0 {
		pct = DefaultVMMemoryOverheadPercent
	}
	return m - int64(math.Ceil(float64(m*mib)*pct/1024/1024))
}

// KubeReservedMilliCPU is the kube-reserved CPU of a node with vcpus cores:
// 6% of the first core, 1% of the second, 0.5% of the third and fourth and
// 0.25% of the rest, each range rounded down to a millicore
// (getCPUMillicoresToReserve in nodeadm/internal/kubelet/config.go and
// get_cpu_millicores_to_reserve in AL2's bootstrap.sh, awslabs/amazon-eks-ami;
// kubeReservedResources in Karpenter's pkg/providers/instancetype/types.go).
func KubeReservedMilliCPU(vcpus int) int64 {
	total := int64(vcpus) * 1000
	bounds := []int64{0, 1000, 2000, 4000, total}
	basisPoints := []int64{600, 100, 50, 25}
	var reserved int64
	for i, bp := range basisPoints {
		start, end := bounds[i], bounds[i+1]
		if total <= start {
			break
		}
		reserved += (min(total, end) - start) * bp / 10000
	}
	return reserved
}

// KubeReservedMemory is the kube-reserved memory in bytes of a node that
// runs maxPods pods: 11 MiB a pod plus 255 MiB
// (getMemoryMebibytesToReserve in nodeadm, get_memory_mebibytes_to_reserve
// in AL2's bootstrap.sh, kubeReservedResources in Karpenter).
func KubeReservedMemory(maxPods int) int64 {
	return (11*int64(maxPods) + 255) * mib
}
