package kube_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// A legacy Provisioner or AWSNodeTemplate that names a launch template
// launches from it as it is: its own instanceProfile and
// securityGroupSelector are not read, the template is named for lint to
// resolve, and a note says so at the launchTemplate key. Without a
// launch template, both are read.
func TestLegacyLaunchTemplateReplacesProfileAndSelector(t *testing.T) {
	src := `apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata:
  name: lt
spec:
  provider:
    launchTemplate: nodes-lt
    instanceProfile: nodes-profile
    securityGroupSelector:
      team: a
---
apiVersion: karpenter.k8s.aws/v1alpha1
kind: AWSNodeTemplate
metadata:
  name: lt
spec:
  launchTemplate: nodes-lt
  instanceProfile: nodes-profile
  securityGroupSelector:
    team: a
---
apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata:
  name: plain
spec:
  provider:
    instanceProfile: nodes-profile
    securityGroupSelector:
      team: a
`
	var notes []lint.Note
	ents, diags := kube.Parse("karpenter.yaml", []byte(src), kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	for _, e := range ents {
		switch x := e.(type) {
		case *lint.NodePool:
			lt := x.Name.String() == "lt"
			if lt != x.LaunchTemplate.IsSet() || lt == x.InstanceProfile.IsSet() || lt == (len(x.SecurityGroupTerms) > 0) {
				t.Errorf("Provisioner %s: launch template %v, profile %v, %d terms", x.Name, x.LaunchTemplate.Value, x.InstanceProfile.Value, len(x.SecurityGroupTerms))
			}
		case *lint.NodeClass:
			if !x.LaunchTemplate.IsSet() || x.InstanceProfile.IsSet() || len(x.SecurityGroupTerms) > 0 {
				t.Errorf("AWSNodeTemplate: launch template %v, profile %v, %d terms", x.LaunchTemplate.Value, x.InstanceProfile.Value, len(x.SecurityGroupTerms))
			}
		}
	}
	if len(notes) != 2 {
		t.Fatalf("notes %+v, want one per object with a launch template", notes)
	}
	for _, n := range notes {
		if n.Kind != lint.Skipped || !strings.Contains(n.What, "its own instanceProfile and securityGroupSelector are not used") || (n.Range.Line != 7 && n.Range.Line != 17) {
			t.Errorf("note %+v", n)
		}
	}
}
