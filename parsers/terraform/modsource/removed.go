package modsource

import (
	"fmt"
	"strings"

	version "github.com/hashicorp/go-version"
)

// removal is a submodule a major release of its package removed: no
// release from since up to checked (the newest release looked at) holds
// its directory.
type removal struct {
	since, checked, instead string
}

// removedSubmodules are the submodules of well-known packages a release
// removed, by ModelKey, each checked in the package's repository at
// every tag from the removal to the newest one looked at.
var removedSubmodules = map[string]removal{
	// terraform-aws-iam v6.0.0 renamed, merged or removed these
	// (docs/UPGRADE-6.0.md; absent at v6.0.0..v6.5.0).
	"terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks":     {"6.0.0", "6.5.0", "modules/iam-role-for-service-accounts"},
	"terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc":          {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-assumable-role":                    {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-saml":          {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-assumable-roles":                   {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-assumable-roles-with-saml":         {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-eks-role":                          {"6.0.0", "6.5.0", "modules/iam-role-for-service-accounts"},
	"terraform-aws-modules/iam/aws//modules/iam-github-oidc-provider":              {"6.0.0", "6.5.0", "modules/iam-oidc-provider"},
	"terraform-aws-modules/iam/aws//modules/iam-github-oidc-role":                  {"6.0.0", "6.5.0", "modules/iam-role"},
	"terraform-aws-modules/iam/aws//modules/iam-group-with-assumable-roles-policy": {"6.0.0", "6.5.0", "modules/iam-group"},
	"terraform-aws-modules/iam/aws//modules/iam-group-with-policies":               {"6.0.0", "6.5.0", "modules/iam-group"},
	// terraform-aws-eks v21.0.0 dropped the aws-auth submodule
	// (v21.0.0..v21.19.0): access entries replace it.
	"terraform-aws-modules/eks/aws//modules/aws-auth": {"21.0.0", "21.19.0", ""},
}

// SubmoduleRemoved is Terraform's error for a call of a submodule a
// release of its package removed when the release terraform init
// installs for it lacks the directory: the newest release the call
// allows (its written version constraint, else its ref; none: the
// newest of all) is one from the removal on. Nil otherwise, and for a
// constraint that does not read.
func SubmoduleRemoved(src, written string) *SourceRefusal {
	key, ref, ok := ModelKey(src)
	if !ok {
		return nil
	}
	rm, ok := removedSubmodules[key]
	if !ok || (written == "" && IsCommitRef(ref)) {
		return nil
	}
	allowed, _, ok := CallVersions(written, ref)
	if !ok {
		return nil
	}
	since, _ := version.NewVersion(rm.since)
	checked, _ := version.NewVersion(rm.checked)
	gone := VersionRange{Lo: VersionBound{Version: since, Inclusive: true}, Hi: VersionBound{Version: checked, Inclusive: true}}
	if allowed.Intersect(gone).Empty() {
		return nil
	}
	pkg, sub, _ := strings.Cut(key, "//")
	installs := fmt.Sprintf("terraform init installs the newest release the call allows (%s)", allowed.Label())
	if allowed == AnyVersion {
		installs = "the call names no version, so terraform init installs the newest release"
	}
	detail := fmt.Sprintf("The target submodule %s does not exist within the target module %s from v%s on, and %s.", sub, pkg, rm.since, installs)
	if rm.instead != "" {
		detail += fmt.Sprintf(" Its successor is %s (with other inputs), or pin a version below %s.", rm.instead, rm.since)
	} else {
		detail += fmt.Sprintf(" Pin a version below %s.", rm.since)
	}
	hint := fmt.Sprintf("pin a version below %s", rm.since)
	if rm.instead != "" {
		hint += fmt.Sprintf(", or move to %s (its inputs differ)", rm.instead)
	}
	below := VersionRange{Hi: VersionBound{Version: since}}
	if allowed.Intersect(below).Empty() {
		// No release the call allows has the directory: no model of it
		// is chosen (ChooseModel), the call is not read.
		hint += fmt.Sprintf("; until then faultline cannot read the call (no release it allows has %s), so what it makes is left out and chains through it are not checked", sub)
	} else {
		hint += fmt.Sprintf("; until then faultline reads the call as the last release that has %s, so chains through it are still checked", sub)
	}
	return &SourceRefusal{Summary: "Unreadable module subdirectory", Detail: detail, Hint: hint}
}
