package modsource

import (
	"strings"
	"testing"
)

// TestSubmoduleRemoved: a call of a submodule its package removed is
// refused when the release terraform init installs for it is one from
// the removal on (the newest its constraint or ref allows), not when the
// call keeps to earlier releases or names a commit.
func TestSubmoduleRemoved(t *testing.T) {
	const irsa = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
	const irsaGit = "github.com/terraform-aws-modules/terraform-aws-iam//modules/iam-role-for-service-accounts-eks"
	const awsAuth = "terraform-aws-modules/eks/aws//modules/aws-auth"
	tests := []struct {
		src, version string
		refused      bool
	}{
		{irsa, "~> 6.0", true},
		{irsa, "", true},
		{irsa, ">= 5.0", true},
		{irsa, "6.0.0", true},
		{irsa, "~> 5.0", false},
		{irsa, "5.60.0", false},
		{irsa, "< 6.0.0", false},
		{irsa, "> 6.5.0", false}, // past the releases checked
		{irsaGit + "?ref=v6.2.0", "", true},
		{irsaGit + "?ref=v5.30.0", "", false},
		{irsaGit + "?ref=0123456789abcdef0123456789abcdef01234567", "", false},
		{awsAuth, "~> 20.0", false},
		{awsAuth, "", true},
		{awsAuth, "~> 21.0", true},
		{"terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts", "~> 6.0", false},
		{"./modules/iam-role-for-service-accounts-eks", "", false},
		{irsa, "not a constraint", false},
	}
	for _, tt := range tests {
		if got := SubmoduleRemoved(tt.src, tt.version); (got != nil) != tt.refused {
			t.Errorf("%s %q: refused %v, want %v (%+v)", tt.src, tt.version, got != nil, tt.refused, got)
		}
	}
}

// TestSubmoduleRemovedHint: the refusal's hint says what to change and
// whether the call is still read, as the last release that has the
// submodule (the generic FL000 hint says it is not), or not read at all
// when no release the call allows has it.
func TestSubmoduleRemovedHint(t *testing.T) {
	r := SubmoduleRemoved("terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks", "")
	if r == nil {
		t.Fatal("not refused")
	}
	want := "pin a version below 6.0.0, or move to modules/iam-role-for-service-accounts (its inputs differ); until then faultline reads the call as the last release that has modules/iam-role-for-service-accounts-eks, so chains through it are still checked"
	if r.Hint != want {
		t.Errorf("hint %q, want %q", r.Hint, want)
	}
	// Pinned past the removal: no release the call allows has the
	// submodule, no model is chosen, the call is not read.
	pinned := SubmoduleRemoved("terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks", "~> 6.0")
	if pinned == nil || !strings.HasSuffix(pinned.Hint, "until then faultline cannot read the call (no release it allows has modules/iam-role-for-service-accounts-eks), so what it makes is left out and chains through it are not checked") {
		t.Errorf("pinned hint %+v", pinned)
	}
	// Allowing releases before it too: read as the last of those.
	if r := SubmoduleRemoved("terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks", ">= 5.0"); r == nil || !strings.HasSuffix(r.Hint, "so chains through it are still checked") {
		t.Errorf("open hint %+v", r)
	}
	if r := SubmoduleRemoved("terraform-aws-modules/eks/aws//modules/aws-auth", ""); r == nil || r.Hint == "" || strings.Contains(r.Hint, "move to") {
		t.Errorf("aws-auth hint %+v: want a pin without a successor", r)
	}
}
