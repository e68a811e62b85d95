package kube

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseCapacity parses the capacity fixtures (workloads with every
// scheduling field, node pools, storage) repeated 50 times in one file.
func BenchmarkParseCapacity(b *testing.B) {
	var docs []string
	for _, name := range []string{"deployment", "kinds", "nodepools", "storage"} {
		data, err := os.ReadFile(filepath.Join("testdata", "capacity-"+name+".yaml"))
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	data := []byte(strings.Repeat(strings.Join(docs, "\n---\n")+"\n---\n", 50))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("bench.yaml", data, Options{})
	}
}
