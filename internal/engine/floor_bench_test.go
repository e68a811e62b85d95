package engine_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2/hclparse"
	"go.yaml.in/yaml/v3"
)

// BenchmarkParseFloor is the honest floor under BenchmarkLoadAndLint on
// the same generated tree: walk it, read every file and parse it (HCL with
// hclparse, YAML documents with yaml.v3), in parallel on every core — and
// nothing else. faultline's time is judged against it.
func BenchmarkParseFloor(b *testing.B) {
	dir, _ := generate(b)
	b.Run("teams="+strconv.Itoa(benchOptions(b).Teams), func(b *testing.B) {
		var files []string
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return nil
		})
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			parseAll(b, files)
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(len(files))/(perOp/1e9), "files/s")
	})
}

// parseAll parses files on GOMAXPROCS workers.
func parseAll(b *testing.B, files []string) {
	next := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := hclparse.NewParser()
			for f := range next {
				if err := parseOne(p, f); err != nil {
					b.Error(err)
				}
			}
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()
}

func parseOne(p *hclparse.Parser, f string) error {
	data, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	switch {
	case strings.HasSuffix(f, ".tf") || strings.HasSuffix(f, ".tfvars"):
		_, _ = p.ParseHCL(data, f)
	case strings.HasSuffix(f, ".yaml") || strings.HasSuffix(f, ".yml"):
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for {
			var n yaml.Node
			if err := dec.Decode(&n); err != nil {
				if errors.Is(err, io.EOF) {
					return nil
				}
				return nil // the floor does not judge input
			}
		}
	}
	return nil
}
