package kube_test

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// A Pipeline step whose function faultline does not run is a skipped note
// at its step line; functions that compose nothing stay silent, and the
// patch-and-transform step still renders.
func TestCompositionFunctionStepNotes(t *testing.T) {
	src := `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: xnetwork-aws
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XNetwork
  mode: Pipeline
  pipeline:
    - step: load-environment
      functionRef:
        name: function-environment-configs
      input:
        apiVersion: environmentconfigs.fn.crossplane.io/v1beta1
        kind: Input
        spec:
          environmentConfigs:
            - type: Reference
              ref:
                name: network-defaults
    - step: subnets
      functionRef:
        name: function-kcl
      input:
        apiVersion: krm.kcl.dev/v1alpha1
        kind: KCLInput
        spec:
          source: |
            items = [{apiVersion: "ec2.aws.upbound.io/v1beta1", kind: "Subnet"}]
    - step: flow-logs-role
      functionRef:
        name: function-patch-and-transform
      input:
        apiVersion: pt.fn.crossplane.io/v1beta1
        kind: Resources
        resources:
          - name: flowlogs
            base:
              apiVersion: iam.aws.upbound.io/v1beta1
              kind: Role
              spec:
                forProvider:
                  assumeRolePolicy: "{}"
    - step: routes
      functionRef:
        name: render-routes
      input:
        apiVersion: gotemplating.fn.crossplane.io/v1beta1
        kind: GoTemplate
        source: Inline
    - step: custom
      functionRef:
        name: function-network-extras
    - step: ready
      functionRef:
        name: function-auto-ready
    - step: ready-as-a-dependency
      functionRef:
        name: upbound-function-auto-ready
    - step: order
      functionRef:
        name: function-sequencer
      input:
        apiVersion: template.fn.crossplane.io/v1beta1
        kind: Input
        rules:
          - sequence:
              - flowlogs
    - step: own
      functionRef:
        name: function-network-policy
      input:
        apiVersion: template.fn.crossplane.io/v1beta1
        kind: Input
        example: egress-only
`
	var notes []lint.Note
	ents, diags := kube.RenderCompositions([]kube.File{{Rel: "xnetwork.yaml", Data: []byte(src)}},
		kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(diags) != 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	roles := 0
	for _, e := range ents {
		if e.Base().Kind == lint.KindRole {
			roles++
		}
	}
	if roles != 1 {
		t.Errorf("roles rendered = %d, want the patch-and-transform step's one", roles)
	}
	tail := "; faultline does not run composition functions, so the resources it composes are not read (to lint them, save what `crossplane render` composes for your composite resources into the tree)"
	want := []lint.Note{
		{Kind: lint.Skipped, What: `Composition xnetwork-aws: pipeline step "subnets" runs function-kcl (input krm.kcl.dev/v1alpha1 KCLInput)` + tail,
			Range: lint.Range{File: "xnetwork.yaml", Line: 22, Column: 7, EndLine: 22, EndColumn: 20}},
		{Kind: lint.Skipped, What: `Composition xnetwork-aws: pipeline step "routes" runs render-routes (input gotemplating.fn.crossplane.io/v1beta1 GoTemplate)` + tail,
			Range: lint.Range{File: "xnetwork.yaml", Line: 45, Column: 7, EndLine: 45, EndColumn: 19}},
		{Kind: lint.Skipped, What: `Composition xnetwork-aws: pipeline step "custom" runs function-network-extras` + tail,
			Range: lint.Range{File: "xnetwork.yaml", Line: 52, Column: 7, EndLine: 52, EndColumn: 19}},
		// function-sequencer (its input kept the template's group, and
		// holds only sequences) composes nothing; another function of
		// that group does.
		{Kind: lint.Skipped, What: `Composition xnetwork-aws: pipeline step "own" runs function-network-policy (input template.fn.crossplane.io/v1beta1 Input)` + tail,
			Range: lint.Range{File: "xnetwork.yaml", Line: 70, Column: 7, EndLine: 70, EndColumn: 16}},
	}
	if !reflect.DeepEqual(notes, want) {
		t.Errorf("notes:\n%+v\nwant\n%+v", notes, want)
	}
}

// A composed provider-helm Release or provider-kubernetes Object is noted
// once per composition resource, however many composites render it: what
// it installs is not read from a Composition.
func TestComposedReleaseAndObjectNoted(t *testing.T) {
	src := `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: xaddons
spec:
  compositeTypeRef:
    apiVersion: platform.example.org/v1alpha1
    kind: XAddons
  resources:
    - name: dns-chart
      base:
        apiVersion: helm.crossplane.io/v1beta1
        kind: Release
        spec:
          forProvider:
            chart:
              name: external-dns
              repository: https://kubernetes-sigs.github.io/external-dns/
            namespace: dns
    - name: dns-account
      base:
        apiVersion: kubernetes.crossplane.io/v1alpha2
        kind: Object
        spec:
          forProvider:
            manifest:
              apiVersion: v1
              kind: ServiceAccount
              metadata:
                name: external-dns
                namespace: dns
---
apiVersion: platform.example.org/v1alpha1
kind: XAddons
metadata:
  name: blue
---
apiVersion: platform.example.org/v1alpha1
kind: XAddons
metadata:
  name: green
`
	var notes []string
	_, diags := kube.RenderCompositions([]kube.File{{Rel: "addons.yaml", Data: []byte(src)}},
		kube.Options{Holes: lint.NewHoles(), Notes: func(n lint.Note) { notes = append(notes, n.Range.String()+" "+n.What) }})
	if len(diags) != 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	want := []string{
		`addons.yaml:12:9 Composition xaddons composes provider-helm Release "dns-chart": the chart it installs (its service accounts, values and templates) is not read from a Composition`,
		`addons.yaml:22:9 Composition xaddons composes provider-kubernetes Object "dns-account": the manifest it wraps is not read from a Composition`,
	}
	if !reflect.DeepEqual(notes, want) {
		t.Errorf("notes:\n%q\nwant\n%q", notes, want)
	}
}
