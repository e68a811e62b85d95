package scheduling

import (
	"sync"

	"github.com/faultline-dev/faultline/internal/instancetypes"
	"github.com/faultline-dev/faultline/lint"
)

// The node labels an instance type decides, as Karpenter and EKS put them
// on a node.
const (
	LabelInstanceType = "node.kubernetes.io/instance-type"
	LabelArch         = "kubernetes.io/arch"
	LabelOS           = "kubernetes.io/os"
	labelWindowsBuild = "node.kubernetes.io/windows-build"
	LabelZone         = "topology.kubernetes.io/zone"
	LabelNodePool     = "karpenter.sh/nodepool"
	LabelCapacityType = "karpenter.sh/capacity-type"
	LabelNodeGroup    = "eks.amazonaws.com/nodegroup"
	LabelEKSCapacity  = "eks.amazonaws.com/capacityType"
)

// instance is one instance type with what scheduling needs of it.
type instance struct {
	name   string
	arch   string
	labels instanceLabels
	// capacity is what the instance has; karpenter and eks what a node
	// of it can allocate to pods under Karpenter's and the EKS AMI's
	// arithmetic.
	capacity, karpenter, eks lint.Resources
	// allocKnown is false when the table lacks what allocatable needs
	// (the pod count): such a type fits any request.
	allocKnown bool
	maxPods    int
}

var (
	catalogOnce sync.Once
	catalogAll  []*instance
	catalogBy   map[string]*instance
	// derived are the label keys an instance type decides.
	derived map[string]bool
	// values are the values the table has for each key of
	// instancetypes.LabelKeys (by slot), each worked out at the first
	// tableHas of its key: most runs never ask, and those that do ask of
	// one or two keys.
	valuesOnce [len(instanceLabels{}.vals)]sync.Once
	values     [len(instanceLabels{}.vals)]map[string]bool
)

// labelSlot is the slot of each key of instancetypes.LabelKeys in an
// instanceLabels.
var labelSlot = func() map[string]int {
	m := make(map[string]int, len(instancetypes.LabelKeys))
	for i, k := range instancetypes.LabelKeys {
		m[k] = i
	}
	return m
}()

// instanceLabels are the labels an instance type decides
// (instancetypes.Labels), a slot per key of instancetypes.LabelKeys: a
// map per instance type cost most of building the catalog, once per run
// on every tree with node groups or node pools.
type instanceLabels struct {
	vals [16]string
	has  uint16
	// unknown are the keys of a GPU fact the table lacks for a type with
	// GPUs (p3's maker and name): Karpenter labels its nodes with them,
	// whatever they are.
	unknown uint16
}

// gpuFacts are the label keys of the GPU facts Karpenter labels a GPU
// type's nodes with, which the table may lack for a type.
var gpuFacts = []string{instancetypes.LabelGPUManufacturer, instancetypes.LabelGPUName, instancetypes.LabelGPUMemory}

// labelsOf is instancetypes.Labels(info) as instanceLabels.
func labelsOf(info instancetypes.Info) instanceLabels {
	var l instanceLabels
	instancetypes.EachLabel(info, func(key, value string) {
		if i, ok := labelSlot[key]; ok { // every key is (TestInstanceLabelsAreTheTablesLabels)
			l.vals[i], l.has = value, l.has|1<<i
		}
	})
	if info.GPU > 0 {
		for _, key := range gpuFacts {
			if i := labelSlot[key]; l.has&(1<<i) == 0 {
				l.unknown |= 1 << i
			}
		}
	}
	return l
}

// lacksFact reports whether the label key is a GPU fact the table lacks
// for the instance type (instanceLabels.unknown): its nodes carry it with
// a value not known.
func (l *instanceLabels) lacksFact(key string) bool {
	i, ok := labelSlot[key]
	return ok && l.unknown&(1<<i) != 0
}

// get is the value of the label key, and whether the instance type has
// it (a map's v, ok).
func (l *instanceLabels) get(key string) (string, bool) {
	i, ok := labelSlot[key]
	if !ok || l.has&(1<<i) == 0 {
		return "", false
	}
	return l.vals[i], true
}

// value is the value of the label key, "" when the instance type has
// none (a map's index).
func (l *instanceLabels) value(key string) string {
	v, _ := l.get(key)
	return v
}

// each calls f with each label, in the order of instancetypes.LabelKeys.
func (l *instanceLabels) each(f func(key, value string)) {
	for i, k := range instancetypes.LabelKeys {
		if l.has&(1<<i) != 0 {
			f(k, l.vals[i])
		}
	}
}

// catalog returns every instance type of the generated table.
func catalog() ([]*instance, map[string]*instance) {
	catalogOnce.Do(func() {
		infos := instancetypes.All()
		// One array for every instance: 1,377 allocations were a
		// quarter of building the catalog.
		store := make([]instance, len(infos))
		catalogAll = make([]*instance, len(infos))
		catalogBy = make(map[string]*instance, len(infos))
		var has uint16
		for i, info := range infos {
			in := &store[i]
			*in = instance{
				name:     info.Name,
				arch:     info.Arch,
				labels:   labelsOf(info),
				capacity: capacityOf(info),
				maxPods:  info.MaxPods,
			}
			var ok1, ok2 bool
			in.karpenter, ok1 = instancetypes.Allocatable(info, instancetypes.AllocOptions{Karpenter: true})
			in.eks, ok2 = instancetypes.Allocatable(info, instancetypes.AllocOptions{})
			in.allocKnown = ok1 && ok2
			has |= in.labels.has
			catalogAll[i] = in
			catalogBy[in.name] = in
		}
		derived = map[string]bool{}
		for i, k := range instancetypes.LabelKeys {
			if has&(1<<i) != 0 && k != LabelOS {
				derived[k] = true
			}
		}
	})
	return catalogAll, catalogBy
}

// instanceDerived reports whether the instance type decides a label key.
func instanceDerived(key string) bool {
	catalog()
	return derived[key]
}

// tableHas reports whether some instance type of the table has the value
// for the label key.
func tableHas(key, value string) bool {
	all, by := catalog()
	if key == LabelInstanceType {
		return by[value] != nil
	}
	slot, ok := labelSlot[key]
	if !ok {
		return false
	}
	valuesOnce[slot].Do(func() {
		values[slot] = map[string]bool{}
		for _, in := range all {
			if in.labels.has&(1<<slot) != 0 {
				values[slot][in.labels.vals[slot]] = true
			}
		}
	})
	return values[slot][value]
}

// capacityOf is an instance type's whole capacity: its vCPUs, memory and
// GPUs (by maker).
func capacityOf(info instancetypes.Info) lint.Resources {
	nvidia, amd := info.GPUs()
	return lint.Resources{MilliCPU: int64(info.VCPU) * 1000, Memory: info.MemoryMiB << 20, GPU: nvidia, AMDGPU: amd}
}
