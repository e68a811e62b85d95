package engine

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// kyvernoTestGroup is the API group of the Kyverno CLI's test
// declarations (kyverno-test.yaml: kind Test).
const kyvernoTestGroup = "cli.kyverno.io"

// kyvernoFixtures are the manifest files (by index in r.d.manifests, raw
// their contents, pre their documents when decoded) that a Kyverno CLI
// Test lists as its resources: `kyverno test` evaluates them against the
// policies it names, and nothing applies them (a pod a policy must refuse
// is written to fail). Each is read as nothing, with a note.
func (r *run) kyvernoFixtures(raw [][]byte, pre [][]*yaml.Node) map[int]lint.Note {
	listed := map[string]string{} // fixture file → the Test file listing it
	for i, path := range r.d.manifests {
		if raw[i] == nil || !bytes.Contains(raw[i], []byte(kyvernoTestGroup)) {
			continue
		}
		docs := pre[i]
		if docs == nil {
			docs, _ = yamlpos.DecodeAll(raw[i])
		}
		for _, d := range docs {
			for _, res := range kyvernoTestResources(d) {
				if res == "" || strings.Contains(res, "://") || filepath.IsAbs(res) {
					continue
				}
				listed[filepath.Join(filepath.Dir(path), filepath.FromSlash(res))] = path
			}
		}
	}
	if len(listed) == 0 {
		return nil
	}
	out := map[int]lint.Note{}
	for i, path := range r.d.manifests {
		if test, ok := listed[path]; ok {
			out[i] = lint.Note{Kind: lint.Skipped, Range: lint.Range{File: r.rel(path)},
				What: fmt.Sprintf("a resource of the Kyverno CLI test %s: `kyverno test` evaluates it against policies, and nothing applies it; not read", r.rel(test))}
		}
	}
	return out
}

// kyvernoTestResources are the resources a Kyverno CLI Test document
// lists (paths relative to its file), nil for any other document.
func kyvernoTestResources(doc *yaml.Node) []string {
	if doc != nil && doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc == nil || doc.Kind != yaml.MappingNode {
		return nil
	}
	get := func(key string) *yaml.Node {
		for i := 0; i+1 < len(doc.Content); i += 2 {
			if doc.Content[i].Value == key {
				return doc.Content[i+1]
			}
		}
		return nil
	}
	api, kind := get("apiVersion"), get("kind")
	if api == nil || kind == nil || kind.Value != "Test" || !strings.HasPrefix(api.Value, kyvernoTestGroup+"/") {
		return nil
	}
	res := get("resources")
	if res == nil || res.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, it := range res.Content {
		if it.Kind == yaml.ScalarNode {
			out = append(out, it.Value)
		}
	}
	return out
}
