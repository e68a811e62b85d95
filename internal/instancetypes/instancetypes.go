package instancetypes

import (
	"cmp"
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

// ParseName splits an instance type's name as Karpenter does in
// computeRequirements (pkg/providers/instancetype/types.go,
// aws/karpenter-provider-aws): category and generation from its pattern
// `(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.`, family and size from the one dot,
// Flex when the family contains "-flex".
//
// The pattern is matched by schemeParts, not by regexp: every run with a
// node group splits all 1,377 names of the table, and the regexp cost a
// third of building the scheduling catalog. TestSchemePartsIsThePattern
// and FuzzSchemeParts hold schemeParts to the regexp.
func ParseName(name string) Name {
	var n Name
	n.Category, n.Generation = schemeParts(name)
	if family, size, ok := strings.Cut(name, "."); ok && !strings.Contains(size, ".") {
		n.Family, n.Size = family, size
	}
	n.Flex = strings.Contains(n.Family, "-flex")
	return n
}

// schemeParts returns the category and the generation Karpenter's pattern
// `(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.` captures from name, or "" and ""
// when it does not match. The letters and the digits are greedy and
// neither can give back a character that would let the rest match: what
// follows the letters must be "-" or a digit, and what follows the
// generation's digits is only searched for a dot.
func schemeParts(name string) (category, generation string) {
	i := 0
	for i < len(name) && 'a' <= name[i] && name[i] <= 'z' {
		i++
	}
	if i == 0 {
		return "", ""
	}
	g := i
	if g < len(name) && name[g] == '-' { // the optional "-<n>tb" memory part
		d := digitsEnd(name, g+1)
		if d > g+1 && strings.HasPrefix(name[d:], "tb") {
			g = d + 2
		}
	}
	end := digitsEnd(name, g)
	if end == g {
		return "", ""
	}
	// ".*" does not cross a line break.
	rest := name[end:]
	if dot := strings.IndexByte(rest, '.'); dot < 0 || strings.IndexByte(rest[:dot], '\n') >= 0 {
		return "", ""
	}
	return name[:i], name[g:end]
}

// digitsEnd is the index after the run of ASCII digits at name[i:].
func digitsEnd(name string, i int) int {
	for i < len(name) && '0' <= name[i] && name[i] <= '9' {
		i++
	}
	return i
}
