package helm

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const crossplaneReleaseYAML = `apiVersion: helm.crossplane.io/v1beta1
kind: Release
metadata:
  name: dns
  annotations:
    crossplane.io/external-name: external-dns
spec:
  forProvider:
    chart:
      name: external-dns
      repository: https://kubernetes-sigs.github.io/external-dns
      version: 1.15.0
    namespace: networking
    valuesFrom:
      - configMapKeyRef:
          name: dns-defaults
          key: values.yaml
    values:
      replicaCount: 1
      serviceAccount:
        name: external-dns
    set:
      - name: replicaCount
        value: "2"
      - name: serviceAccount.annotations.eks\.amazonaws\.com/role-arn
        value: arn:aws:iam::123456789012:role/dns
      - name: txtOwnerId
        valueFrom:
          secretKeyRef:
            name: owner
            key: id
  providerConfigRef:
    name: workload-cluster
`

// TestCrossplaneRelease reads a provider-helm Release: the release is the
// external name, in forProvider.namespace; values, then set (as --set,
// so "2" is a number and wins), with a note for each value from the
// cluster.
func TestCrossplaneRelease(t *testing.T) {
	rels, diags, notes := ReleasesFromYAML("platform/dns.yaml", "/repo/platform/dns.yaml", []byte(crossplaneReleaseYAML), lint.Scope{}, Options{})
	if len(diags) != 0 || len(rels) != 1 {
		t.Fatalf("releases %v, diagnostics %v; want one release", rels, diags)
	}
	r := rels[0]
	name, _ := r.Name.Str()
	ns, _ := r.Namespace.Str()
	if name != "external-dns" || ns != "networking" || r.Chart != "external-dns" || r.Version != "1.15.0" || r.Repository != "https://kubernetes-sigs.github.io/external-dns" || r.Tool != "crossplane" {
		t.Errorf("release %s/%s chart %s %s %s tool %s", ns, name, r.Repository, r.Chart, r.Version, r.Tool)
	}
	want := map[string]any{
		"replicaCount": int64(2),
		"serviceAccount": map[string]any{
			"name":        "external-dns",
			"annotations": map[string]any{"eks.amazonaws.com/role-arn": "arn:aws:iam::123456789012:role/dns"},
		},
	}
	_, got, err1 := normalizeValues(r.Values)
	_, exp, err2 := normalizeValues(want)
	if err1 != nil || err2 != nil || string(got) != string(exp) {
		t.Errorf("values = %#v, want %#v", r.Values, want)
	}
	if got := r.ValueRanges["replicaCount"]; got.Line != 24 {
		t.Errorf("replicaCount at %v, want line 24 (set wins)", got)
	}
	if len(notes) != 2 || notes[0].Range.Line != 15 || notes[1].Range.Line != 27 {
		t.Errorf("notes %v, want the valuesFrom entry (15) and the set from a Secret (27)", notes)
	}
}
