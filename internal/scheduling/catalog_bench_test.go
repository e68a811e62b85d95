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
