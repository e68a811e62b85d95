package instancetypes

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const testMiB = 1 << 20

func mustLookup(t *testing.T, name string) Info {
	t.Helper()
	info, ok := Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q): not in the table", name)
	}
	return info
}

func TestLookupFacts(t *testing.T) {
	for _, want := range []Info{
		{Name: "m5.large", VCPU: 2, MemoryMiB: 8192, Arch: "amd64", MaxPods: 29},
		{Name: "c5.4xlarge", VCPU: 16, MemoryMiB: 32768, Arch: "amd64", MaxPods: 234},
		{Name: "m6g.xlarge", VCPU: 4, MemoryMiB: 16384, Arch: "arm64", MaxPods: 58},
		{Name: "p3.2xlarge", VCPU: 8, MemoryMiB: 62464, Arch: "amd64", GPU: 1, MaxPods: 58},
		{Name: "t3.medium", VCPU: 2, MemoryMiB: 4096, Arch: "amd64", MaxPods: 17},
		{Name: "g4dn.xlarge", VCPU: 4, MemoryMiB: 16384, Arch: "amd64", GPU: 1,
			GPUManufacturer: "nvidia", GPUName: "t4", GPUMemoryMiB: 16384, MaxPods: 29},
	} {
		if got := mustLookup(t, want.Name); got != want {
			t.Errorf("Lookup(%q) = %+v, want %+v", want.Name, got, want)
		}
	}
	for _, name := range []string{"", "m5", "m5.huge", "M5.LARGE", "zz9.large"} {
		if info, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %+v, want not found", name, info)
		}
	}
}

func TestAllSortedAndCopied(t *testing.T) {
	all := All()
	if len(all) < 1000 {
		t.Fatalf("All() has %d types, want the whole table", len(all))
	}
	if !slices.IsSortedFunc(all, func(a, b Info) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("All() is not sorted by name")
	}
	for i := 1; i < len(all); i++ {
		if all[i].Name == all[i-1].Name {
			t.Errorf("%s listed twice", all[i].Name)
		}
	}
	name := all[0].Name
	all[0].VCPU = -1
	if mustLookup(t, name).VCPU == -1 {
		t.Error("changing All()'s slice changed the table")
	}
}

func TestTableIsComplete(t *testing.T) {
	for _, info := range All() {
		if info.VCPU <= 0 || info.MemoryMiB <= 0 {
			t.Errorf("%s: vCPU %d, memory %d MiB", info.Name, info.VCPU, info.MemoryMiB)
		}
		if info.Arch != "amd64" && info.Arch != "arm64" && !(info.Arch == "" && strings.HasPrefix(info.Name, "mac")) {
			t.Errorf("%s: architecture %q", info.Name, info.Arch)
		}
		n := ParseName(info.Name)
		if n.Family == "" || n.Size == "" {
			t.Errorf("ParseName(%q) = %+v: no family or size", info.Name, n)
		}
		// Karpenter's pattern wants digits right after the category:
		// "mac-m4" has none, so Karpenter sets neither label.
		noGeneration := strings.HasPrefix(info.Name, "mac-m")
		if (n.Category == "" || n.Generation == "") != noGeneration {
			t.Errorf("ParseName(%q) = %+v: category or generation", info.Name, n)
		}
	}
}

func TestParseName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Name
	}{
		{"m5d.large", Name{Family: "m5d", Size: "large", Category: "m", Generation: "5"}},
		{"m7i-flex.2xlarge", Name{Family: "m7i-flex", Size: "2xlarge", Category: "m", Generation: "7", Flex: true}},
		{"c6gn.16xlarge", Name{Family: "c6gn", Size: "16xlarge", Category: "c", Generation: "6"}},
		{"u-6tb1.metal", Name{Family: "u-6tb1", Size: "metal", Category: "u", Generation: "1"}},
		{"u7i-12tb.224xlarge", Name{Family: "u7i-12tb", Size: "224xlarge", Category: "u", Generation: "7"}},
		{"mac2.metal", Name{Family: "mac2", Size: "metal", Category: "mac", Generation: "2"}},
		{"mac2-m2pro.metal", Name{Family: "mac2-m2pro", Size: "metal", Category: "mac", Generation: "2"}},
		{"mac-m4pro.metal", Name{Family: "mac-m4pro", Size: "metal"}},
		{"inf2.48xlarge", Name{Family: "inf2", Size: "48xlarge", Category: "inf", Generation: "2"}},
		{"trn1n.32xlarge", Name{Family: "trn1n", Size: "32xlarge", Category: "trn", Generation: "1"}},
		{"c8gb.metal-48xl", Name{Family: "c8gb", Size: "metal-48xl", Category: "c", Generation: "8"}},
		// Not instance type names: what cannot be derived stays empty.
		{"m5", Name{}},
		{"large", Name{}},
		{"m5.large.x", Name{Category: "m", Generation: "5"}},
		{"", Name{}},
	} {
		if got := ParseName(tc.name); got != tc.want {
			t.Errorf("ParseName(%q) = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestLabels(t *testing.T) {
	got := Labels(mustLookup(t, "g4dn.xlarge"))
	want := map[string]string{
		"node.kubernetes.io/instance-type":            "g4dn.xlarge",
		"kubernetes.io/arch":                          "amd64",
		"kubernetes.io/os":                            "linux",
		"karpenter.k8s.aws/instance-family":           "g4dn",
		"karpenter.k8s.aws/instance-category":         "g",
		"karpenter.k8s.aws/instance-generation":       "4",
		"karpenter.k8s.aws/instance-size":             "xlarge",
		"karpenter.k8s.aws/instance-capability-flex":  "false",
		"karpenter.k8s.aws/instance-cpu":              "4",
		"karpenter.k8s.aws/instance-memory":           "16384",
		"karpenter.k8s.aws/instance-gpu-count":        "1",
		"karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
		"karpenter.k8s.aws/instance-gpu-name":         "t4",
		"karpenter.k8s.aws/instance-gpu-memory":       "16384",
	}
	if !mapsEqual(got, want) {
		t.Errorf("Labels(g4dn.xlarge) = %v, want %v", got, want)
	}
	m6g := Labels(mustLookup(t, "m6g.xlarge"))
	if m6g["kubernetes.io/arch"] != "arm64" {
		t.Errorf("m6g.xlarge arch label %q, want arm64", m6g["kubernetes.io/arch"])
	}
	for _, k := range []string{LabelGPUCount, LabelGPUManufacturer, LabelGPUName, LabelGPUMemory} {
		if v, ok := m6g[k]; ok {
			t.Errorf("m6g.xlarge has %s=%q, want no GPU label", k, v)
		}
	}
	if p3 := Labels(mustLookup(t, "p3.2xlarge")); p3[LabelGPUCount] != "1" || p3[LabelGPUName] != "" {
		t.Errorf("p3.2xlarge GPU labels %v: want a count and no name the table lacks", p3)
	}
	flex := Labels(Info{Name: "m7i-flex.large", VCPU: 2, MemoryMiB: 8192, Arch: "amd64"})
	if flex[LabelInstanceFlex] != "true" || flex[LabelInstanceFamily] != "m7i-flex" {
		t.Errorf("m7i-flex.large labels %v", flex)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestKubeReservedMilliCPU checks the ranges by hand: 6% of the first
// core, 1% of the second, 0.5% of cores 3-4, 0.25% of the rest.
func TestKubeReservedMilliCPU(t *testing.T) {
	for vcpus, want := range map[int]int64{
		1:  60,
		2:  60 + 10,
		3:  60 + 10 + 5,
		4:  60 + 10 + 10,
		8:  60 + 10 + 10 + 10,          // 4 more cores: 4000m * 0.25%
		16: 60 + 10 + 10 + 30,          // 12000m * 0.25%
		96: 60 + 10 + 10 + 92*1000/400, // 92000m * 0.25% = 230
	} {
		if got := KubeReservedMilliCPU(vcpus); got != want {
			t.Errorf("KubeReservedMilliCPU(%d) = %d, want %d", vcpus, got, want)
		}
	}
}

// TestAllocatable checks numbers derived by hand from the formulas; the
// Karpenter column equals the allocatable Karpenter's reference
// (website/content/en/docs/reference/instance-types.md, AL2023) lists for
// the types it still describes.
func TestAllocatable(t *testing.T) {
	for _, tc := range []struct {
		name string
		// cpu in millicores; memory in MiB: the AMI's and Karpenter's.
		cpu, ami, karpenter int64
		// gpu and amd are the devices offered as nvidia.com/gpu and
		// amd.com/gpu.
		gpu, amd int64
	}{
		// 8192 - (11*29+255=574) - 100; Karpenter: 8192 - ceil(614.4) - 674.
		{"m5.large", 2000 - 70, 7518, 6903, 0, 0},
		// 32768 - (11*234+255=2829) - 100; Karpenter: 32768 - ceil(2457.6) - 2929.
		{"c5.4xlarge", 16000 - 110, 29839, 27381, 0, 0},
		// 16384 - (11*58+255=893) - 100; Karpenter: (16384-64) - ceil(1224) - 993.
		{"m6g.xlarge", 4000 - 80, 15391, 14103, 0, 0},
		// 62464 - 893 - 100; Karpenter: 62464 - ceil(4684.8) - 993. The
		// table names no maker for its GPU: either device plugin's.
		{"p3.2xlarge", 8000 - 90, 61471, 56786, 1, 1},
		// 16384 - (11*8+255=343) - 100; Karpenter: 16384 - ceil(1228.8) - 443. AMD's.
		{"g4ad.xlarge", 4000 - 80, 15941, 14712, 0, 1},
		// 16384 - 893 - 100; Karpenter: 16384 - ceil(1228.8) - 993. NVIDIA's.
		{"g5.xlarge", 4000 - 80, 15391, 14162, 1, 0},
		// 4096 - (11*17+255=442) - 100; Karpenter: 4096 - ceil(307.2) - 542.
		{"t3.medium", 2000 - 70, 3554, 3246, 0, 0},
	} {
		info := mustLookup(t, tc.name)
		for _, mode := range []struct {
			opts AllocOptions
			mem  int64
		}{{AllocOptions{}, tc.ami}, {AllocOptions{Karpenter: true}, tc.karpenter}} {
			got, ok := Allocatable(info, mode.opts)
			want := lint.Resources{MilliCPU: tc.cpu, Memory: mode.mem * testMiB, GPU: tc.gpu, AMDGPU: tc.amd}
			if !ok || got != want {
				t.Errorf("Allocatable(%s, %+v) = %+v, %v; want %+v", tc.name, mode.opts, got, ok, want)
			}
		}
	}
}

func TestAllocatableOptions(t *testing.T) {
	m5 := mustLookup(t, "m5.large")
	// Prefix delegation: 110 pods reserve 11*110+255 = 1465 MiB.
	got, ok := Allocatable(m5, AllocOptions{MaxPods: 110})
	if want := int64(8192-1465-100) * testMiB; !ok || got.Memory != want {
		t.Errorf("m5.large with 110 pods: memory %d, %v; want %d", got.Memory, ok, want)
	}
	got, _ = Allocatable(m5, AllocOptions{
		SystemReserved: lint.Resources{MilliCPU: 100, Memory: 100 * testMiB},
		EvictionMemory: 500 * testMiB,
	})
	if want := (lint.Resources{MilliCPU: 1830, Memory: (8192 - 574 - 500 - 100) * testMiB}); got != want {
		t.Errorf("m5.large with system-reserved and eviction: %+v, want %+v", got, want)
	}
	// 10% VM overhead: ceil(819.2) = 820.
	got, _ = Allocatable(m5, AllocOptions{Karpenter: true, VMMemoryOverheadPercent: 0.1})
	if want := int64(8192-820-674) * testMiB; got.Memory != want {
		t.Errorf("m5.large with 10%% VM overhead: memory %d, want %d", got.Memory, want)
	}
	unknown := Info{Name: "x9.large", VCPU: 2, MemoryMiB: 8192, Arch: "amd64"}
	if got, ok := Allocatable(unknown, AllocOptions{}); ok {
		t.Errorf("unknown max pods: %+v, true; want unknown", got)
	}
	if _, ok := Allocatable(unknown, AllocOptions{MaxPods: 29}); !ok {
		t.Error("max pods given: want a result")
	}
	tiny, ok := Allocatable(Info{Name: "t9.nano", VCPU: 1, MemoryMiB: 256, MaxPods: 4}, AllocOptions{})
	if !ok || tiny.Memory != 0 || tiny.MilliCPU != 940 {
		t.Errorf("tiny instance: %+v, %v; want memory clamped to 0", tiny, ok)
	}
}

func BenchmarkLookup(b *testing.B) {
	all := All()
	for i := 0; b.Loop(); i++ {
		if _, ok := Lookup(all[i%len(all)].Name); !ok {
			b.Fatal("not found")
		}
	}
}

// karpenterScheme is Karpenter's pattern for the category and the
// generation (pkg/providers/instancetype/types.go,
// aws/karpenter-provider-aws): the oracle schemeParts is held to.
var karpenterScheme = regexp.MustCompile(`(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.`)

// schemeByRegexp is what Karpenter's regexp captures.
func schemeByRegexp(name string) (category, generation string) {
	if m := karpenterScheme.FindStringSubmatch(name); len(m) == 4 {
		return m[1], m[3]
	}
	return "", ""
}

func TestSchemePartsIsThePattern(t *testing.T) {
	names := []string{
		"", "m", "m5", "m5.", ".m5", "5m.large", "M5.large", "m-5.large", "u-6tb1.metal",
		"u-6tb.metal", "u-tb1.metal", "u-6t1.metal", "u-6tb1", "u-6tb1x.y", "u-12tb12.a.b",
		"mac-m4pro.metal", "m5\n.large", "m5x\n.a.b", "m5.\n", "ab12cd.ef", "a1b2.c",
		"x-1tbtb2.y", "x-1tb-2tb3.y", "z9", "z9z.",
	}
	for _, info := range All() {
		names = append(names, info.Name)
	}
	for _, name := range names {
		c, g := schemeParts(name)
		wc, wg := schemeByRegexp(name)
		if c != wc || g != wg {
			t.Errorf("schemeParts(%q) = %q, %q; Karpenter's pattern %q, %q", name, c, g, wc, wg)
		}
	}
}

func FuzzSchemeParts(f *testing.F) {
	for _, s := range []string{"m5.large", "u-6tb1.metal", "mac-m4pro.metal", "u-12tb.x", "a\n.b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		c, g := schemeParts(name)
		wc, wg := schemeByRegexp(name)
		if c != wc || g != wg {
			t.Errorf("schemeParts(%q) = %q, %q; Karpenter's pattern %q, %q", name, c, g, wc, wg)
		}
	})
}
