package engine

import (
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	p := os.Getenv("ZZ_PATH")
	if p == "" {
		t.Skip()
	}
	for i := 0; i < 5; i++ {
		if _, err := Load(Options{Paths: []string{p}, Cwd: p}); err != nil {
			t.Fatal(err)
		}
	}
}
