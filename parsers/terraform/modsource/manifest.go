package modsource

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/go-version"
)

// CacheRecord is one installed module of a manifest, as Terraform writes it.
type CacheRecord struct {
	Key     string `json:"Key"`
	Source  string `json:"Source"`
	Version string `json:"Version"`
	Dir     string `json:"Dir"`
}

// Resolution says how a module call was answered.
type Resolution string

// ModuleCall is one module call of a root and how it was resolved (listed
// by --verbose).
type ModuleCall struct {
	// Root is the root module directory and Call the call path without
	// instance keys ("module.nodes.module.pool").
	Root, Call string
	// Source is the source as written; Version the version installed in
	// the cache, or else the constraint as written.
	Source, Version string
	How             Resolution
	// Dir is where its code was read (local, cached), relative like ranges.
	Dir string
	// Range is the call's source argument.
	Range lint.Range
	// Model is the built-in model a modelled call is evaluated from
	// ("terraform-aws-modules/eks/aws v20.0.0"), and Assumed why that
	// version is assumed ("" when the call's constraint allows only it).
	Model, Assumed string
}

// ManifestFile is where terraform init records the modules of a root.
func ManifestFile(root string) string {
	return filepath.Join(root, ".terraform", "modules", "modules.json")
}

// ParseManifest reads modules.json; like Terraform, two records for one
// key make the manifest invalid.
func ParseManifest(src []byte) (map[string]CacheRecord, error) {
	var snap struct {
		Modules []CacheRecord `json:"Modules"`
	}
	if err := json.Unmarshal(src, &snap); err != nil {
		return nil, fmt.Errorf("it is not a module manifest (%v)", err)
	}
	out := make(map[string]CacheRecord, len(snap.Modules))
	for _, r := range snap.Modules {
		if _, dup := out[r.Key]; dup {
			return nil, fmt.Errorf("it has two records for module %q", r.Key)
		}
		out[r.Key] = r
	}
	return out, nil
}

// VersionAllowed reports whether the version a cache record installed
// meets the call's constraint, as Terraform checks before it plans (true
// when either is absent or cannot be read).
func VersionAllowed(constraint, installed string) bool {
	if constraint == "" || installed == "" {
		return true
	}
	cs, err := version.NewConstraint(constraint)
	if err != nil {
		return true
	}
	v, err := version.NewVersion(installed)
	return err != nil || cs.Check(v)
}

// SameSource reports whether a call's source and the source a cache
// record was installed from name one module, the way Terraform normalises
// sources: a registry address is compared parsed (the public registry
// hosts, Terraform's and OpenTofu's, are one namespace: `tofu init`
// records registry.opentofu.org/…); a forced git:: getter, GitHub
// shorthand, scp-like git addresses and a .git suffix are spelled away.
func SameSource(written, recorded string) bool {
	return normalSource(written) == normalSource(recorded)
}

// normalSource is a source in the spelling sameSource compares.
func normalSource(s string) string {
	if a, ok := parseRegistrySource(s); ok {
		return a.String()
	}
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "git::")
	for _, p := range []string{"https://", "ssh://"} {
		s = strings.TrimPrefix(s, p)
	}
	if rest, ok := strings.CutPrefix(s, "git@"); ok {
		host, path, found := strings.Cut(rest, ":")
		if found && !strings.Contains(host, "/") {
			rest = host + "/" + path
		}
		s = rest
	}
	query := ""
	if i := strings.Index(s, "?"); i >= 0 {
		s, query = s[:i], s[i:]
	}
	repo, sub, _ := strings.Cut(s, "//")
	repo = strings.TrimSuffix(strings.TrimSuffix(repo, "/"), ".git")
	if sub != "" {
		repo += "//" + strings.Trim(sub, "/")
	}
	return repo + query
}

// How a module call resolves, in this order.
const (
	// ResolvedLocal: a local path, evaluated from its directory.
	ResolvedLocal Resolution = "local"
	// ResolvedCached: evaluated from the code `terraform init` installed.
	ResolvedCached Resolution = "cached"
	// ResolvedModelled: evaluated from a built-in stand-in of the module
	// (or, for the calls registry.go still reads, its inputs are read).
	ResolvedModelled Resolution = "modelled"
	// ResolvedUnknown: outputs unknown, nothing inside it read.
	ResolvedUnknown Resolution = "unknown"
)
