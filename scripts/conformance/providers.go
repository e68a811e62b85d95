//go:build devtools

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// providerSources are the providers whose functions cases may call, by
// the local name the function names (provider::<local>::<function>).
var providerSources = map[string]string{"aws": "hashicorp/aws"}

// providersCalled are the local names of the providers whose functions a
// case's expression calls, read from its parsed function calls.
func providersCalled(c tcase) []string {
	expr, diags := hclsyntax.ParseExpression([]byte(c.expr), c.name, hcl.InitialPos)
	if diags.HasErrors() {
		return nil
	}
	seen := map[string]bool{}
	_ = hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
			if parts := strings.Split(call.Name, "::"); len(parts) == 3 && parts[0] == "provider" {
				seen[parts[1]] = true
			}
		}
		return nil
	})
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// providerWorkspace installs the providers cases call, once per run, from
// a filesystem mirror; every such case then runs with its data directory.
type providerWorkspace struct {
	tf, mirror string
	dir        string
	// lock and providersTF are the files each case's directory gets.
	lock, providersTF []byte
	// versions are the installed providers' versions, by source address.
	versions map[string]string
}

// prepare installs the providers (all cases call the same set, checked)
// and returns the environment and files a case needs.
func (w *providerWorkspace) prepare(names []string) ([]string, map[string][]byte, error) {
	tf := requiredProviders(names)
	if tf == nil {
		return nil, nil, fmt.Errorf("calls functions of providers %v; only %v are known", names, keys(providerSources))
	}
	if w.dir == "" {
		if err := w.install(tf); err != nil {
			return nil, nil, err
		}
	} else if string(tf) != string(w.providersTF) {
		return nil, nil, errors.New("cases calling functions of different providers are not supported")
	}
	env := []string{"TF_DATA_DIR=" + filepath.Join(w.dir, ".terraform")}
	files := map[string][]byte{"providers.tf": w.providersTF, ".terraform.lock.hcl": w.lock}
	return env, files, nil
}

// requiredProviders is a providers.tf requiring the named providers; nil
// when one is unknown.
func requiredProviders(names []string) []byte {
	var b strings.Builder
	b.WriteString("terraform {\n  required_providers {\n")
	for _, n := range names {
		src, ok := providerSources[n]
		if !ok {
			return nil
		}
		fmt.Fprintf(&b, "    %s = { source = %q }\n", n, src)
	}
	b.WriteString("  }\n}\n")
	return []byte(b.String())
}

// install runs terraform init from the mirror in a directory of its own.
func (w *providerWorkspace) install(providersTF []byte) error {
	if w.mirror == "" {
		return errors.New("calls provider functions: pass -provider-mirror DIR, a filesystem mirror of the provider")
	}
	dir, err := os.MkdirTemp("", "faultline-conformance-providers-")
	if err != nil {
		return err
	}
	w.dir, w.providersTF = dir, providersTF
	cfg := fmt.Sprintf("provider_installation {\n  filesystem_mirror {\n    path = %q\n  }\n}\n", w.mirror)
	if err := os.WriteFile(filepath.Join(dir, "cli.tfrc"), []byte(cfg), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "providers.tf"), providersTF, 0o644); err != nil {
		return err
	}
	cmd := exec.Command(w.tf, "init", "-input=false", "-backend=false")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "NO_COLOR=1", "TF_CLI_CONFIG_FILE="+filepath.Join(dir, "cli.tfrc"))
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("terraform init from %s: %v\n%s", w.mirror, err, out)
	}
	if w.lock, err = os.ReadFile(filepath.Join(dir, ".terraform.lock.hcl")); err != nil {
		return err
	}
	return w.readVersions()
}

// readVersions asks terraform version -json which providers init chose.
func (w *providerWorkspace) readVersions() error {
	cmd := exec.Command(w.tf, "version", "-json")
	cmd.Dir = w.dir
	cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1", "TF_CLI_CONFIG_FILE=/dev/null")
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("terraform version -json: %w", err)
	}
	var v struct {
		Providers map[string]string `json:"provider_selections"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return fmt.Errorf("reading terraform version -json: %w", err)
	}
	w.versions = v.Providers
	return nil
}

// close removes the workspace.
func (w *providerWorkspace) close() {
	if w.dir != "" {
		os.RemoveAll(w.dir)
	}
}

// recordedCases are the cases of an existing expected.json, kept by
// -only-new.
type recordedCases struct {
	Providers map[string]string
	cases     map[string]result
}

// readRecorded reads expected.json for -only-new (nothing without it); the
// Terraform that recorded it must be the one running.
func readRecorded(dir, version string, onlyNew bool) (recordedCases, error) {
	if !onlyNew {
		return recordedCases{}, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return recordedCases{}, nil
	}
	if err != nil {
		return recordedCases{}, err
	}
	var prev output
	if err := json.Unmarshal(b, &prev); err != nil {
		return recordedCases{}, fmt.Errorf("reading expected.json: %w", err)
	}
	if prev.Terraform != version {
		return recordedCases{}, fmt.Errorf("-only-new: expected.json was recorded by %s, this is %s; run without -only-new", prev.Terraform, version)
	}
	out := recordedCases{Providers: prev.Providers, cases: map[string]result{}}
	for _, r := range prev.Cases {
		out.cases[r.Name] = r
	}
	return out, nil
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
