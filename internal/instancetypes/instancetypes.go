package instancetypes

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// Info is what the table knows of one EC2 instance type. A zero field is
// unknown (GPU 0 is "no GPU" as the sources list it).
type Info struct {
	// Name is the instance type, "m5.large".
	Name string
	// VCPU is the default number of vCPUs.
	VCPU int
	// MemoryMiB is the memory in MiB, as EC2 describes it.
	MemoryMiB int64
	// Arch is the Kubernetes architecture: "amd64" or "arm64".
	Arch string
	// GPU is the number of GPUs EC2 lists for the type (NVIDIA, AMD, and
	// dl1's Habana Gaudi); Inferentia and Trainium Neuron devices are not
	// counted.
	GPU int
	// GPUManufacturer and GPUName are Karpenter's instance-gpu-manufacturer
	// and instance-gpu-name label values ("nvidia", "t4"), when known.
	GPUManufacturer, GPUName string
	// GPUMemoryMiB is the memory of the GPUs in MiB, when known.
	GPUMemoryMiB int64
	// MaxPods is the ENI-limited pod count the EKS AMIs give the type
	// (0: unknown).
	MaxPods int
}

// Lookup returns the facts of the named instance type; false when the
// table does not list it.
func Lookup(name string) (Info, bool) {
	i, ok := slices.BinarySearchFunc(table[:], name, func(in Info, n string) int { return cmp.Compare(in.Name, n) })
	if !ok {
		return Info{}, false
	}
	return table[i], true
}

// All returns every instance type of the table, sorted by name; the slice
// is the caller's.
func All() []Info {
	return slices.Clone(table[:])
}

// Name is an instance type's name split as Karpenter derives its
// well-known labels. An empty part is one Karpenter does not set.
type Name struct {
	// Family is the part before the dot: "m5d", "m7i-flex", "u-6tb1".
	Family string
	// Size is the part after the dot: "large", "metal", "48xlarge".
	Size string
	// Category is the letters the name starts with: "m", "inf", "u".
	Category string
	// Generation is the first run of digits after the category (and
	// after a "-<n>tb" memory part, "u-6tb1" is generation 1).
	Generation string
	// Flex is set for a "-flex" family ("m7i-flex").
	Flex bool
}

// instanceTypeScheme is Karpenter's pattern for the category and the
// generation (pkg/providers/instancetype/types.go, aws/karpenter-provider-aws).
var instanceTypeScheme = regexp.MustCompile(`(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.`)

// ParseName splits an instance type's name as Karpenter does in
// computeRequirements: category and generation from instanceTypeScheme,
// family and size from the one dot, Flex when the family contains "-flex".
func ParseName(name string) Name {
	var n Name
	if m := instanceTypeScheme.FindStringSubmatch(name); len(m) == 4 {
		n.Category, n.Generation = m[1], m[3]
	}
	if parts := strings.Split(name, "."); len(parts) == 2 {
		n.Family, n.Size = parts[0], parts[1]
	}
	n.Flex = strings.Contains(n.Family, "-flex")
	return n
}
