package kustomize_test

import (
	"os"
	"testing"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

func BenchmarkZZEngine(b *testing.B) {
	dir := os.Getenv("ZZ_ROOT")
	if dir == "" {
		b.Skip()
	}
	for b.Loop() {
		if _, _, err := engine.Run(engine.Options{Paths: []string{dir}, Cwd: dir}, rules.All, lint.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
