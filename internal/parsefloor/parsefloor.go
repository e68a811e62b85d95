// Package parsefloor is the honest floor under faultline's running time:
// walk a tree, read every input file and parse it — Terraform (.tf,
// .tfvars) with hclparse, Terraform JSON (.tf.json, .tfvars.json) with
// hclparse's JSON parser, Terragrunt configuration (.hcl, in a tree that
// holds a terragrunt.hcl or terragrunt.stack.hcl) with hclparse, YAML
// documents with yaml.v3 — in parallel on GOMAXPROCS goroutines, and
// nothing else. A chart's templates (files
// under templates/ beside a Chart.yaml, and .tpl files), its data (files
// under files/ beside a Chart.yaml, read by the templates) and packaged
// charts (.tgz) are read, not parsed: they are not manifests.
// Whatever faultline does beyond this is its own cost to justify.
//
// The floor does not judge its input: a file that does not parse counts in
// Result.ParseErrors, nothing more.
package parsefloor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2/hclparse"
	"go.yaml.in/yaml/v3"
)

// Kind is what the floor does with a file.
type Kind int

const (
	// HCL files are parsed with hclparse (native syntax).
	HCL Kind = iota
	// HCLJSON files are parsed with hclparse's JSON parser.
	HCLJSON
	// YAML files are decoded document by document into yaml.v3 nodes.
	YAML
	// ReadOnly files (chart templates, packaged charts) are only read.
	ReadOnly
)

// File is one input file of a tree.
type File struct {
	Path string
	Kind Kind
}

// skipDirs are the directories faultline does not descend into either.
var skipDirs = map[string]bool{".git": true, ".terraform": true, ".terragrunt-cache": true, ".terragrunt-stack": true, "node_modules": true, "vendor": true, "testdata": true, ".history": true}

// Terragrunt configuration file names. Besides these, a Terragrunt tree's
// units read other .hcl files (account.hcl, region.hcl, a root.hcl they
// include) through include, read_terragrunt_config and the like; the
// floor parses every .hcl of such a tree but those neither Terraform nor
// Terragrunt read as configuration (notHCLInput).
const (
	terragruntUnit  = "terragrunt.hcl"
	terragruntStack = "terragrunt.stack.hcl"
)

// isTerragrunt reports whether name is a Terragrunt unit or stack file.
func isTerragrunt(name string) bool { return name == terragruntUnit || name == terragruntStack }

// notHCLInput reports whether name is a .hcl file faultline does not read
// as configuration: the provider lock file, Terraform test files and
// faultline's own settings.
func notHCLInput(name string) bool {
	return name == ".terraform.lock.hcl" || name == ".faultline.hcl" || strings.HasSuffix(name, ".tftest.hcl")
}

// kindOf is what the floor does with a file name; ok is false for a file
// that is no input. A .hcl file other than a Terragrunt one is HCL only in
// a Terragrunt tree (Walk decides).
func kindOf(name string, inTemplates bool) (Kind, bool) {
	switch {
	case isTerragrunt(name):
		return HCL, true
	case strings.HasSuffix(name, ".tf.json"), strings.HasSuffix(name, ".tofu.json"), strings.HasSuffix(name, ".tfvars.json"):
		return HCLJSON, true
	case strings.HasSuffix(name, ".tf"), strings.HasSuffix(name, ".tofu"), strings.HasSuffix(name, ".tfvars"):
		return HCL, true
	case strings.HasSuffix(name, ".tgz"), strings.HasSuffix(name, ".tpl"):
		return ReadOnly, true
	case strings.HasSuffix(name, ".yaml"), strings.HasSuffix(name, ".yml"):
		if inTemplates {
			return ReadOnly, true
		}
		return YAML, true
	}
	return 0, false
}

// Walk lists the input files under the roots, sorted by path. Symlinks are
// not followed.
func Walk(roots ...string) ([]File, error) {
	var files []File
	// hcl are the .hcl files a Terragrunt tree's units may read; they
	// count where a root holds a Terragrunt file.
	var hcl []File
	terragrunt := false
	for _, root := range roots {
		// templates are the chart template directories seen so far.
		var templates []string
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && (skipDirs[d.Name()] || strings.EqualFold(d.Name(), "testdata")) {
					return filepath.SkipDir
				}
				if (d.Name() == "templates" || d.Name() == "files") && isFile(filepath.Join(filepath.Dir(p), "Chart.yaml")) {
					templates = append(templates, p+string(filepath.Separator))
				}
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			if k, ok := kindOf(d.Name(), under(p, templates)); ok {
				files = append(files, File{Path: p, Kind: k})
				terragrunt = terragrunt || isTerragrunt(d.Name())
			} else if strings.HasSuffix(d.Name(), ".hcl") && !notHCLInput(d.Name()) {
				hcl = append(hcl, File{Path: p, Kind: HCL})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("parsefloor: walking %s: %w", root, err)
		}
	}
	if terragrunt {
		files = append(files, hcl...)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// under reports whether p lies in one of the directories (each ending in a
// separator).
func under(p string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// Result is what the floor read and parsed.
type Result struct {
	// Files is every input file; Parsed those parsed (the rest only read).
	Files, Parsed int
	Bytes         int64
	// HCLFiles, JSONFiles and YAMLFiles count the parsed files by parser;
	// YAMLDocs the YAML documents decoded.
	HCLFiles, JSONFiles, YAMLFiles, YAMLDocs int
	// ParseErrors counts the files that did not parse.
	ParseErrors int
}

func (r *Result) add(o Result) {
	r.Files += o.Files
	r.Parsed += o.Parsed
	r.Bytes += o.Bytes
	r.HCLFiles += o.HCLFiles
	r.JSONFiles += o.JSONFiles
	r.YAMLFiles += o.YAMLFiles
	r.YAMLDocs += o.YAMLDocs
	r.ParseErrors += o.ParseErrors
}

// Parse reads and parses files on workers goroutines (GOMAXPROCS when
// workers < 1). An unreadable file is an error; one that does not parse is
// counted.
func Parse(files []File, workers int) (Result, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan File)
	results := make([]Result, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				r, err := parseFile(f)
				if err != nil && errs[w] == nil {
					errs[w] = err
				}
				results[w].add(r)
			}
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()
	var total Result
	for _, r := range results {
		total.add(r)
	}
	return total, errors.Join(errs...)
}

// Run walks the roots and parses what it finds on GOMAXPROCS goroutines.
func Run(roots ...string) (Result, error) {
	files, err := Walk(roots...)
	if err != nil {
		return Result{}, err
	}
	return Parse(files, 0)
}

// parseFile reads and parses one file; its Result counts that file.
func parseFile(f File) (Result, error) {
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return Result{}, fmt.Errorf("parsefloor: %w", err)
	}
	r := Result{Files: 1, Bytes: int64(len(data))}
	switch f.Kind {
	case HCL:
		// A parser per file: hclparse keeps every file it parsed.
		_, diags := hclparse.NewParser().ParseHCL(data, f.Path)
		r.Parsed, r.HCLFiles = 1, 1
		if diags.HasErrors() {
			r.ParseErrors = 1
		}
	case HCLJSON:
		_, diags := hclparse.NewParser().ParseJSON(data, f.Path)
		r.Parsed, r.JSONFiles = 1, 1
		if diags.HasErrors() {
			r.ParseErrors = 1
		}
	case YAML:
		docs, ok := decodeYAML(data)
		r.Parsed, r.YAMLFiles, r.YAMLDocs = 1, 1, docs
		if !ok {
			r.ParseErrors = 1
		}
	}
	return r, nil
}

// decodeYAML decodes every document of data into a yaml.v3 node; ok is
// false when one does not parse (decoding stops there).
func decodeYAML(data []byte) (docs int, ok bool) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			return docs, errors.Is(err, io.EOF)
		}
		docs++
	}
}
