package instancetypesgen

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// merge builds the table: every type of the autoscaler's list, then the
// types only Karpenter's reference lists (when it gives vCPU, memory and a
// known architecture); GPU manufacturer, name and memory from Karpenter's
// reference; max pods from instance-info.jsonl, else eni-max-pods.txt, else
// 0 (unknown). The mac families' architecture is left unknown.
// Disagreements are reported on log, the first source kept.
func merge(in inputs, log io.Writer) []fact {
	all := map[string]fact{}
	for name, f := range in.autoscaler {
		if strings.HasPrefix(name, "mac") {
			// The autoscaler's generator maps every EC2 architecture
			// it does not know (arm64_mac among them) to amd64, so its
			// value for the mac families is not a fact.
			f.Arch = ""
		}
		all[name] = f
	}
	for name, d := range in.doc {
		f, ok := all[name]
		if !ok {
			if d.VCPU <= 0 || d.MemoryMiB <= 0 || (d.Arch != "amd64" && d.Arch != "arm64") {
				continue
			}
			f = fact{Name: name, VCPU: d.VCPU, MemoryMiB: d.MemoryMiB, Arch: d.Arch, GPU: d.GPU}
		}
		reportDiff(log, name, f, d)
		f.GPUManufacturer, f.GPUName, f.GPUMemoryMiB = d.GPUManufacturer, d.GPUName, d.GPUMemoryMiB
		all[name] = f
	}
	out := make([]fact, 0, len(all))
	for name, f := range all {
		f.MaxPods = maxPods(in, name, log)
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b fact) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func reportDiff(log io.Writer, name string, f, d fact) {
	if d.VCPU != 0 && d.VCPU != f.VCPU || d.MemoryMiB != 0 && d.MemoryMiB != f.MemoryMiB ||
		d.Arch != "" && d.Arch != f.Arch || d.GPU != 0 && d.GPU != f.GPU {
		fmt.Fprintf(log, "instancetypes: %s: autoscaler %d vCPU %d MiB %s %d GPU, karpenter %d vCPU %d MiB %s %d GPU (kept the autoscaler's)\n",
			name, f.VCPU, f.MemoryMiB, f.Arch, f.GPU, d.VCPU, d.MemoryMiB, d.Arch, d.GPU)
	}
}

func maxPods(in inputs, name string, log io.Writer) int {
	info, okInfo := in.info[name]
	txt, okTxt := in.eniMaxPods[name]
	if okInfo && okTxt && info != txt {
		fmt.Fprintf(log, "instancetypes: %s: instance-info gives %d max pods, eni-max-pods.txt %d (kept instance-info's)\n", name, info, txt)
	}
	switch {
	case okInfo:
		return info
	case okTxt:
		return txt
	}
	return 0
}
