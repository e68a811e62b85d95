package modsource

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestModelKey(t *testing.T) {
	for src, want := range map[string][2]string{
		"terraform-aws-modules/eks/aws":                                                         {"terraform-aws-modules/eks/aws", ""},
		"registry.terraform.io/terraform-aws-modules/eks/aws//modules/karpenter":                {"terraform-aws-modules/eks/aws//modules/karpenter", ""},
		"git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=v20.8.4":       {"terraform-aws-modules/eks/aws", "v20.8.4"},
		"github.com/terraform-aws-modules/terraform-aws-eks//modules/karpenter?ref=v19.21.0":    {"terraform-aws-modules/eks/aws//modules/karpenter", "v19.21.0"},
		"github.com/terraform-aws-modules/terraform-aws-eks//.?ref=v20.8.4":                     {"terraform-aws-modules/eks/aws", "v20.8.4"},
		"git::https://github.com/terraform-aws-modules/terraform-aws-eks.git//.?ref=v20.8.4":    {"terraform-aws-modules/eks/aws", "v20.8.4"},
		"git@github.com:terraform-aws-modules/terraform-aws-eks.git//modules/aws-auth?ref=main": {"terraform-aws-modules/eks/aws//modules/aws-auth", "main"},
		"git::https://github.com/aws-ia/terraform-aws-eks-blueprints-addons.git":                {"aws-ia/eks-blueprints-addons/aws", ""},
	} {
		key, ref, ok := ModelKey(src)
		if !ok || key != want[0] || ref != want[1] {
			t.Errorf("modelKey(%q) = %q %q %v, want %q %q", src, key, ref, ok, want[0], want[1])
		}
	}
	for _, src := range []string{"./modules/eks", "app.terraform.io/acme/eks/aws", "git::https://gitlab.com/acme/eks.git", "s3::https://bucket/eks.zip"} {
		if key, _, ok := ModelKey(src); ok {
			t.Errorf("modelKey(%q) = %q, want no registry module", src, key)
		}
	}
}

// testIndex models acme/pool/aws at v1.0.0, v1.5.0 and v2.0.0 and its
// //modules/node submodule from v1.5.0.
func testIndex() ModelIndex {
	files := fstest.MapFS{}
	for _, d := range []string{"_root/v1.0.0", "_root/v1.5.0", "_root/v2.0.0", "modules/node/v1.5.0", "modules/node/v2.0.0"} {
		files["acme/pool/aws/"+d+"/main.tf"] = &fstest.MapFile{Data: []byte("# github.com/acme/terraform-aws-pool\n")}
	}
	return BuildModelIndex(files)
}

func TestChooseModel(t *testing.T) {
	ix := testIndex()
	for _, c := range []struct {
		key, constraint, ref string
		want                 string
		alts                 int
		assumed              bool
		none                 bool
	}{
		{key: "acme/pool/aws", constraint: "1.5.2", want: "1.5.0"},
		{key: "acme/pool/aws", constraint: ">= 1.6, < 2.0", want: "1.5.0"},
		{key: "acme/pool/aws", constraint: "~> 1.5.0", want: "1.5.0"},
		{key: "acme/pool/aws", constraint: "~> 1.0", want: "1.5.0", alts: 1, assumed: true},
		{key: "acme/pool/aws", constraint: "~> 1.0.3", want: "1.0.0"},
		{key: "acme/pool/aws", constraint: "", want: "2.0.0", assumed: true},
		{key: "acme/pool/aws", ref: "v1.0.3", want: "1.0.0"},
		{key: "acme/pool/aws", ref: "main", want: "2.0.0", assumed: true},
		{key: "acme/pool/aws", constraint: "~> 3.0", none: true},
		{key: "acme/pool/aws", constraint: "< 1.0", none: true},
		{key: "acme/pool/aws//modules/node", constraint: "~> 1.0", want: "1.5.0"},
		{key: "acme/pool/aws//modules/node", constraint: "1.2.0", none: true},
		{key: "acme/other/aws", constraint: "1.0.0", none: true},
	} {
		allowed, text, ok := CallVersions(c.constraint, c.ref)
		if !ok {
			t.Fatalf("%q: constraint not read", c.constraint)
		}
		d, alts, assumed, why := ix.ChooseModel(c.key, allowed, text, false)
		if c.none {
			if why == "" {
				t.Errorf("%s %q: chose v%s, want none", c.key, c.constraint, d.First)
			}
			continue
		}
		if why != "" || d.First != c.want || len(alts) != c.alts || (assumed != "") != c.assumed {
			t.Errorf("%s %q%s: v%s alts %d assumed %q (%s), want v%s alts %d assumed %v", c.key, c.constraint, c.ref, d.First, len(alts), assumed, why, c.want, c.alts, c.assumed)
		}
	}
	// A submodule is looked up within the versions its caller is modelled
	// at: the root's v1.0.0 directory knows no node submodule.
	root := ix["acme/pool/aws"]
	if _, _, _, why := ix.ChooseModel("acme/pool/aws//modules/node", root[0].Span, "", true); why == "" {
		t.Error("node submodule found below v1.5.0")
	}
	if d, _, assumed, why := ix.ChooseModel("acme/pool/aws//modules/node", root[1].Span, "", true); why != "" || d.First != "1.5.0" || assumed != "" {
		t.Errorf("nested node submodule = v%s %q %q", d.First, assumed, why)
	}
}

// A range of versions is named as a reader writes versions.
func TestVersionRangeLabel(t *testing.T) {
	for c, want := range map[string]string{
		"":                     "any version",
		"19.21.0":              "v19.21.0",
		"~> 19.0":              "v19.x",
		">= 19.0.0, < 20.0.0":  "v19.x",
		"~> 19.12":             "v19.12.0 and later v19.x",
		"> 19.12.0, < 20.0.0":  "after v19.12.0 and later v19.x",
		">= 20.0.0, < 20.33.0": "v20.0.0 to before v20.33.0",
		">= 20.0.0, <= 20.8.4": "v20.0.0 to v20.8.4",
		"~> 20.8.4":            "v20.8.4 to before v20.9.0",
		">= 5.0.0":             "v5.0.0 and later",
		"< 5.0.0":              "before v5.0.0",
		"<= 4.21.1":            "v4.21.1 and earlier",
	} {
		r, ok := ParseConstraint(c)
		if !ok {
			t.Fatalf("constraint %q", c)
		}
		if got := r.Label(); got != want {
			t.Errorf("%q: %q, want %q", c, got, want)
		}
	}
}

// TestChooseModelSubmoduleBehindPackage: a call without a version of a
// submodule whose model stops at a major the package's other models pass
// (the IRSA submodule at v5, the package's iam-role at v6) says that
// init installs the newer release; a submodule modelled up to the
// package's newest says only that its newest version is assumed.
func TestChooseModelSubmoduleBehindPackage(t *testing.T) {
	files := fstest.MapFS{}
	for _, d := range []string{"modules/irsa/v5.0.0", "modules/role/v5.0.0", "modules/role/v6.0.0", "modules/group/v6.0.0"} {
		files["acme/iam/aws/"+d+"/main.tf"] = &fstest.MapFile{Data: []byte("# stand-in\n")}
	}
	ix := BuildModelIndex(files)
	allowed, _ := ParseConstraint("")
	_, _, assumed, why := ix.ChooseModel("acme/iam/aws//modules/irsa", allowed, "", false)
	if why != "" || !strings.Contains(assumed, "installs the newest release (v6.0.0 or later of acme/iam/aws)") || !strings.Contains(assumed, "its model of v5.0.0 and later in that major is assumed") {
		t.Errorf("irsa: assumed %q, why %q", assumed, why)
	}
	// A constraint past every model: the note says which releases the
	// models cover, all of them.
	v7, _ := ParseConstraint("~> 7.0")
	if _, _, _, why := ix.ChooseModel("acme/iam/aws//modules/role", v7, "~> 7.0", false); why != "the built-in model of acme/iam/aws//modules/role covers v5.0.0 to before v7.0.0; the call asks for ~> 7.0" {
		t.Errorf("role past its models: why %q", why)
	}
	_, _, assumed, _ = ix.ChooseModel("acme/iam/aws//modules/role", allowed, "", false)
	if assumed != "no version constraint: the newest modelled version is assumed" {
		t.Errorf("role: assumed %q", assumed)
	}
}

// A ref of 7 to 40 hexadecimal digits pins a commit; a tag, a branch or a
// shorter hex word does not.
func TestIsCommitRef(t *testing.T) {
	for ref, want := range map[string]bool{
		"c60b70fbc80606eb4ed8cf47063ac6ed0d8dd435": true,
		"c60b70f":      true,
		"C60B70FBC806": true,
		"ABCDEF0":      true,
		"v20.24.0":     false,
		"main":         false,
		"cafe":         false,
		"c60b70fbc80606eb4ed8cf47063ac6ed0d8dd4351": false,
		"deadbeefz": false,
	} {
		if got := IsCommitRef(ref); got != want {
			t.Errorf("IsCommitRef(%q) = %v, want %v", ref, got, want)
		}
	}
}

// A commit hash that starts with digits is no version (go-version reads
// 1123456789abcdef… as 1123456789.0.0-abcdef…): the call may be any
// version; a tag ref is that version.
func TestCallVersionsCommitRef(t *testing.T) {
	if r, c, ok := CallVersions("", "1123456789abcdef0123456789abcdef01234567"); !ok || c != "" || r.Label() != "any version" {
		t.Errorf("commit ref: %s, %q, %v; want any version, no constraint", r.Label(), c, ok)
	}
	if r, c, ok := CallVersions("", "v20.24.0"); !ok || c != "ref=v20.24.0" || r.Label() != "v20.24.0" {
		t.Errorf("tag ref: %s, %q, %v; want v20.24.0", r.Label(), c, ok)
	}
}
