package instancetypesgen

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/instancetypes"
)

// docResources reads the "Resources" rows (cpu, memory, pods) of
// Karpenter's reference/instance-types.md, by instance type.
func docResources(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]string{}
	var cur map[string]string
	for s := bufio.NewScanner(f); s.Scan(); {
		line := strings.TrimSpace(s.Text())
		if name, ok := strings.CutPrefix(line, "### `"); ok {
			cur = map[string]string{}
			out[strings.TrimSuffix(name, "`")] = cur
			continue
		}
		if cells := strings.Split(strings.Trim(line, "|"), "|"); cur != nil && len(cells) == 2 {
			cur[cells[0]] = cells[1]
		}
	}
	return out
}

// TestAllocatableMatchesKarpenter compares instancetypes.Allocatable in
// Karpenter mode, and the table's max pods, with what Karpenter's reference
// (its own arithmetic, AL2023) lists for every type both describe; skipped
// unless INSTANCETYPES_KARPENTER_DOC names that file.
func TestAllocatableMatchesKarpenter(t *testing.T) {
	path := os.Getenv("INSTANCETYPES_KARPENTER_DOC")
	if path == "" {
		t.Skip("INSTANCETYPES_KARPENTER_DOC not set")
	}
	compared := 0
	for name, res := range docResources(t, path) {
		info, ok := instancetypes.Lookup(name)
		if !ok {
			t.Errorf("%s: in Karpenter's reference, not in the table", name)
			continue
		}
		got, ok := instancetypes.Allocatable(info, instancetypes.AllocOptions{Karpenter: true})
		if !ok {
			t.Errorf("%s: allocatable unknown", name)
			continue
		}
		compared++
		if want := res["cpu"]; strconv.FormatInt(got.MilliCPU, 10)+"m" != want {
			t.Errorf("%s: cpu %dm, Karpenter %s", name, got.MilliCPU, want)
		}
		if want := res["memory"]; strconv.FormatInt(got.Memory>>20, 10)+"Mi" != want || got.Memory%(1<<20) != 0 {
			t.Errorf("%s: memory %d bytes, Karpenter %s", name, got.Memory, want)
		}
		if want := res["pods"]; strconv.Itoa(info.MaxPods) != want {
			t.Errorf("%s: max pods %d, Karpenter %s", name, info.MaxPods, want)
		}
	}
	t.Logf("compared %d instance types", compared)
}
