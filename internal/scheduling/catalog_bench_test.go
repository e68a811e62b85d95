package scheduling

import (
	"sync"
	"testing"
)

// BenchmarkCatalog builds the instance-type catalog from the generated
// table, as every run with node groups or node pools does once.
func BenchmarkCatalog(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		catalogOnce = sync.Once{}
		catalog()
	}
}

// BenchmarkTableHas works out the values the table has for one key, as a
// run whose NodePool requires instance families does once.
func BenchmarkTableHas(b *testing.B) {
	b.ReportAllocs()
	catalog()
	for b.Loop() {
		valuesOnce = [len(valuesOnce)]sync.Once{}
		tableHas(LabelArch, "amd64")
	}
}
