package terragrunt

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// remotePrefixes are the go-getter address forms that are not local
// paths, beyond an explicit "scheme::" or "scheme://".
var remotePrefixes = []string{"github.com/", "bitbucket.org/", "git@", "gitlab.com/"}

// isRemote reports whether a Terragrunt source is fetched rather than a
// path in the tree.
func isRemote(src string) bool {
	if strings.Contains(src, "::") || strings.Contains(src, "://") {
		return true
	}
	for _, p := range remotePrefixes {
		if strings.HasPrefix(src, p) {
			return true
		}
	}
	return false
}

// moduleSource turns a terraform source of Terragrunt into Terraform's
// module-source syntax: a local path (relative to dir; "//" marks the
// module's directory inside the tree Terragrunt copies) becomes the
// module's absolute directory, a tfr:// address a registry address and
// its version, and any other remote address is kept as written.
func moduleSource(src, dir string) (source, version string, err error) {
	if rest, ok := strings.CutPrefix(src, "tfr://"); ok {
		return registrySource(rest)
	}
	if isRemote(src) {
		return src, "", nil
	}
	p, _, _ := strings.Cut(src, "?")
	p = strings.Replace(p, "//", "/", 1)
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p), "", nil
}

// registrySource reads the part of a tfr:// address after the scheme:
// "/ns/name/provider?version=x" (the default registry) or
// "host/ns/name/provider?version=x".
func registrySource(rest string) (source, version string, err error) {
	u, err := url.Parse("tfr://" + rest)
	if err != nil {
		return "", "", fmt.Errorf("reading registry source tfr://%s: %w", rest, err)
	}
	path := strings.Trim(u.Path, "/")
	if strings.Count(path, "/") < 2 {
		return "", "", fmt.Errorf("registry source tfr://%s does not name namespace/name/provider", rest)
	}
	version = u.Query().Get("version")
	if u.Host != "" {
		return u.Host + "/" + path, version, nil
	}
	return path, version, nil
}
