package modsource

import (
	"net/url"
	"path"
	"regexp"
	"strings"
)

// A module registry source is an address, read the way Terraform and
// OpenTofu read one: [<host>/]<namespace>/<name>/<provider>[//<subdir>].
// Hosts are compared without case, as registries are. The public
// Terraform registry and the OpenTofu registry serve one namespace of
// modules (OpenTofu's mirrors the other's), so an address on either is the
// same module; `tofu init` records a call written without a host as
// registry.opentofu.org/…, `terraform init` as registry.terraform.io/….
// Any other host is a private registry: its modules are its own.

// registryAddr is a parsed registry module source.
type registryAddr struct {
	// host is the registry host, lower case (registry.terraform.io when
	// the source names none).
	host                      string
	namespace, name, provider string
	// sub is the subdirectory in the package ("modules/karpenter"), "".
	sub string
}

// defaultRegistry is the host of a source written without one.
const defaultRegistry = "registry.terraform.io"

// publicRegistries are the hosts that serve the public namespace.
var publicRegistries = map[string]bool{
	"registry.terraform.io": true,
	"registry.opentofu.org": true,
}

// gitShorthandHosts are hosts a four-part source may not name as a
// registry: the source is a go-getter shorthand for a repository there.
var gitShorthandHosts = map[string]bool{"github.com": true, "bitbucket.org": true}

var (
	registryNamePart = regexp.MustCompile(`^[0-9a-z](?:[0-9a-z_-]{0,62}[0-9a-z])?$`)
	registryProvider = regexp.MustCompile(`^[0-9a-z]{1,64}$`)
	registryHostName = regexp.MustCompile(`^[0-9a-z](?:[0-9a-z-]*[0-9a-z])?(?:\.[0-9a-z](?:[0-9a-z-]*[0-9a-z])?)*(?::[0-9]+)?$`)
)

// parseRegistrySource parses a module source as a registry address; false
// when the source is another kind (a local path, a go-getter address, a
// git or GitHub shorthand) or not a valid address.
func parseRegistrySource(src string) (registryAddr, bool) {
	s := strings.ToLower(strings.TrimSpace(src))
	if s == "" || IsLocal(s) || strings.Contains(s, "::") || strings.Contains(s, "://") || strings.ContainsAny(s, "?@") {
		return registryAddr{}, false
	}
	pkg, sub, _ := strings.Cut(s, "//")
	parts := strings.Split(pkg, "/")
	a := registryAddr{host: defaultRegistry}
	if len(parts) == 4 {
		a.host, parts = parts[0], parts[1:]
		if !registryHostName.MatchString(a.host) || gitShorthandHosts[a.host] {
			return registryAddr{}, false
		}
	}
	if len(parts) != 3 || !registryNamePart.MatchString(parts[0]) || !registryNamePart.MatchString(parts[1]) || !registryProvider.MatchString(parts[2]) {
		return registryAddr{}, false
	}
	a.namespace, a.name, a.provider = parts[0], parts[1], parts[2]
	if sub = strings.Trim(sub, "/"); sub != "" {
		sub = path.Clean(sub)
		if sub == ".." || strings.HasPrefix(sub, "../") {
			return registryAddr{}, false
		}
		if sub != "." {
			a.sub = sub
		}
	}
	return a, true
}

// public reports whether the address is on the public registry namespace
// (registry.terraform.io or registry.opentofu.org).
func (a registryAddr) public() bool { return publicRegistries[a.host] }

// key names the module without its host, as the built-in models are
// keyed ("terraform-aws-modules/eks/aws//modules/karpenter").
func (a registryAddr) key() string {
	k := a.namespace + "/" + a.name + "/" + a.provider
	if a.sub != "" {
		k += "//" + a.sub
	}
	return k
}

// String is the address in a form two spellings of one module share: the
// key on the public namespace, host-qualified on a private registry.
func (a registryAddr) String() string {
	if a.public() {
		return a.key()
	}
	return a.host + "/" + a.key()
}

// PublicModule is the key of the public-registry module a source names,
// or "" when it names none (lint.ModuleCall.Module).
func PublicModule(src string) string {
	if a, ok := parseRegistrySource(src); ok && a.public() {
		return a.key()
	}
	return ""
}

// IsLocal reports whether a module source is a local path.
func IsLocal(src string) bool {
	return strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../") || src == "." || src == ".."
}

// VersionRefused says why Terraform refuses a version argument on a call
// of src ("it has a relative local path", "it has a non Registry URL",
// as terraform init words it); "" for a registry address, or a source
// that is not plainly another kind. Only registry modules have versions:
// a git source pins its code with ?ref=.
func VersionRefused(src string) string {
	s := strings.TrimSpace(src)
	switch {
	case IsLocal(s):
		return "it has a relative local path"
	case strings.Contains(s, "::") || strings.Contains(s, "://") || strings.HasPrefix(s, "git@"):
		return "it has a non Registry URL"
	}
	if host, _, ok := strings.Cut(s, "/"); ok && gitShorthandHosts[strings.ToLower(host)] {
		return "it has a non Registry URL"
	}
	return ""
}

// RemoteSubdir is the subdirectory a remote module source names in its
// package (go-getter's "//" separator: "git::https://host/org/repo.git//
// modules/eks?ref=v1" → "modules/eks"), cleaned; "" for a local path, a
// registry address, or a source naming none.
func RemoteSubdir(src string) string {
	if IsLocal(src) {
		return ""
	}
	// GitHub and Bitbucket shorthands (github.com/org/repo//dir) are Git
	// sources, not registry addresses (Terraform's module sources docs).
	if p, ok := strings.CutPrefix(src, "github.com/"); ok || strings.HasPrefix(src, "bitbucket.org/") {
		if !ok {
			p = strings.TrimPrefix(src, "bitbucket.org/")
		}
		if _, sub, found := strings.Cut(p, "//"); found {
			sub, _, _ = strings.Cut(sub, "?")
			return cleanSubdir(sub)
		}
		return ""
	}
	if _, ok := parseRegistrySource(src); ok {
		return ""
	}
	rest := src
	if i := strings.Index(rest, "::"); i >= 0 {
		rest = rest[i+2:] // a forced getter (git::, s3::)
	}
	u, err := url.Parse(rest)
	if err != nil || u.Host == "" {
		// scp-like git@host:org/repo.git//dir, or a host without a scheme.
		if i := strings.Index(rest, ".git//"); i >= 0 {
			sub, _, _ := strings.Cut(rest[i+len(".git//"):], "?")
			return cleanSubdir(sub)
		}
		return ""
	}
	i := strings.Index(u.Path, "//")
	if i < 0 {
		return ""
	}
	return cleanSubdir(u.Path[i+2:])
}

// cleanSubdir is a package subdirectory cleaned, "" when it names none or
// leaves the package.
func cleanSubdir(sub string) string {
	sub = path.Clean(strings.Trim(sub, "/"))
	if sub == "." || sub == ".." || strings.HasPrefix(sub, "../") {
		return ""
	}
	return sub
}
