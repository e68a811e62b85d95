package modsource

import (
	"strings"
	"testing"
)

// TestSourceRefused: the module sources Terraform's loader refuses, and
// the ones it takes.
func TestSourceRefused(t *testing.T) {
	for _, c := range []struct {
		src     string
		version bool
		want    string // the summary, "" when taken
		detail  string // a part of the detail
	}{
		{"net", false, "Invalid module source address", `remote module package "net".`},
		{"modules/vpc", false, "Invalid module source address", `use "./modules/vpc" instead`},
		{"gitlab.com/acme/mods", false, "Invalid module source address", `package "gitlab.com/acme/mods"`},
		{"terraform-aws-modules/eks/aws/modules/karpenter", true, "Invalid registry module source address", "three or four slash-separated components"},
		{"terraform-aws-modules/eks/aws/modules/karpenter", false, "Invalid module source address", ""},
		{"terraform-aws-modules/eks/aws", true, "", ""},
		{"terraform-aws-modules/eks/aws//modules/karpenter", true, "", ""},
		{"app.terraform.io/acme/eks/aws", true, "", ""},
		{"./modules/vpc", false, "", ""},
		{"../shared", true, "", ""}, // VersionRefused's
		{"github.com/acme/mods//eks", false, "", ""},
		{"bitbucket.org/acme/mods", false, "", ""},
		{"git::https://example.com/mods.git", false, "", ""},
		{"git::https://example.com/mods.git", true, "", ""}, // VersionRefused's
		{"git@github.com:acme/mods.git", false, "", ""},
		{"https://example.com/mods.zip", false, "", ""},
		{"acme-mods.s3.eu-west-1.amazonaws.com/vpc.zip", false, "", ""},
		{"www.googleapis.com/storage/v1/acme/vpc.zip", false, "", ""},
		{"/opt/modules/vpc", false, "", ""},
	} {
		got := SourceRefused(c.src, c.version)
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%q (version %v): refused (%s), want taken", c.src, c.version, got.Summary)
		case c.want != "" && got == nil:
			t.Errorf("%q (version %v): taken, want %s", c.src, c.version, c.want)
		case got != nil && (got.Summary != c.want || !strings.Contains(got.Detail, c.detail)):
			t.Errorf("%q (version %v): %s: %s, want %s containing %q", c.src, c.version, got.Summary, got.Detail, c.want, c.detail)
		}
	}
}
