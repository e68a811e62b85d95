package modsource

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	tfaddr "github.com/hashicorp/terraform-registry-address"
)

// SourceRefusal is Terraform's error for a module call's source address
// that its configuration loader refuses (terraform init and validate).
type SourceRefusal struct {
	Summary, Detail string
	// Hint, when set, is the finding's hint (lint.Diagnostic.Hint).
	Hint string
}

// forcedGetter matches a source that names its getter ("git::…", "s3::…").
var forcedGetter = regexp.MustCompile(`^[A-Za-z0-9]+::.+$`)

// SourceRefused says why Terraform refuses the literal source address
// src of a module call, nil when it takes it. With a version argument
// the source must be a registry address (parsed by
// terraform-registry-address, as Terraform parses it; a local path or a
// non-registry URL with a version is VersionRefused's). Without one, a
// source that is neither a local path, a registry address, a URL, nor one
// of the shorthands Terraform still detects (github.com/…, bitbucket.org/…,
// git@host:…, S3 and GCS hosts, an absolute path) is a relative path
// written without "./": Terraform refuses it.
func SourceRefused(src string, version bool) *SourceRefusal {
	if src == "" || IsLocal(src) || strings.HasPrefix(src, `.\`) || strings.HasPrefix(src, `..\`) {
		return nil
	}
	_, regErr := tfaddr.ParseModuleSource(src)
	if version {
		if regErr == nil || VersionRefused(src) != "" {
			return nil
		}
		return &SourceRefusal{Summary: "Invalid registry module source address",
			Detail: fmt.Sprintf("Failed to parse module registry address: %s.\n\nTerraform assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules.", regErr)}
	}
	if regErr == nil || !relativeWithoutPrefix(src) {
		return nil
	}
	pkg, _, _ := strings.Cut(src, "//")
	return &SourceRefusal{Summary: "Invalid module source address",
		Detail: fmt.Sprintf("Terraform failed to determine your intended installation method for remote module package %q.\n\nIf you intended this as a path relative to the current module, use \"./%s\" instead. The \"./\" prefix indicates that the address is a relative filesystem path.", pkg, pkg)}
}

// relativeWithoutPrefix reports whether a source no registry address is
// falls through every detector Terraform keeps for remote shorthands to
// the file-path one, which refuses a relative path. Any colon or @ (a
// URL, an SSH address) is left alone.
func relativeWithoutPrefix(src string) bool {
	pkg, _, _ := strings.Cut(src, "//")
	switch {
	case pkg == "" || forcedGetter.MatchString(src) || strings.ContainsAny(pkg, ":@"):
		return false
	case strings.HasPrefix(pkg, "github.com/") || strings.HasPrefix(pkg, "bitbucket.org/"):
		return false
	case strings.Contains(pkg, ".amazonaws.com/") || strings.Contains(pkg, "googleapis.com/"):
		return false
	case filepath.IsAbs(pkg) || strings.HasPrefix(pkg, "/"):
		return false
	}
	return true
}
