package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestDefaultNamespace: a workload written without a namespace in a file
// as written lands where kubectl apply puts it; one with a namespace, one
// in rendered output and a cluster-scoped object do not get one.
func TestDefaultNamespace(t *testing.T) {
	const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: bare
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: placed
  namespace: shop
---
apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: default
`
	workloads := func(opts Options) map[string]*lint.Workload {
		ents, diags := Parse("m.yaml", []byte(text), opts)
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		out := map[string]*lint.Workload{}
		for _, e := range ents {
			if w, ok := e.(*lint.Workload); ok {
				out[w.Name.String()] = w
			}
		}
		return out
	}
	ws := workloads(Options{})
	if got := ws["bare"].DefaultNamespace; got != "default" {
		t.Errorf("bare: DefaultNamespace = %q, want default", got)
	}
	if ns, inferred := ws["bare"].PlacedNamespace(); ns.String() != "default" || !inferred {
		t.Errorf("bare: PlacedNamespace = %s, %v; want default, inferred", ns, inferred)
	}
	if got := ws["placed"].DefaultNamespace; got != "" {
		t.Errorf("placed: DefaultNamespace = %q, want none", got)
	}
	if ns, inferred := ws["placed"].PlacedNamespace(); ns.String() != "shop" || inferred {
		t.Errorf("placed: PlacedNamespace = %s, %v; want shop, known", ns, inferred)
	}
	rendered := workloads(Options{Source: lint.SourceHelm})
	if got := rendered["bare"].DefaultNamespace; got != "" {
		t.Errorf("rendered chart output: DefaultNamespace = %q; the release places it", got)
	}
	kustomized := workloads(Options{Source: lint.SourceKustomize})
	if got := kustomized["bare"].DefaultNamespace; got != "" {
		t.Errorf("kustomize output: DefaultNamespace = %q; the kustomization places it", got)
	}
}

// TestTargetNamespace: a Flux targetNamespace places every object of a
// kind known namespaced over what it writes (its service accounts'
// namespace decided where the target is written); a cluster-scoped one,
// or a custom kind whose scope is not known, keeps none.
func TestTargetNamespace(t *testing.T) {
	const text = `apiVersion: v1
kind: ServiceAccount
metadata:
  name: api
  namespace: staging
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
---
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
`
	where := lint.Range{File: "flux.yaml", Line: 9, Column: 20, EndLine: 9, EndColumn: 24}
	ents, diags := Parse("m.yaml", []byte(text), Options{TargetNamespace: "shop", TargetNamespaceRange: where})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	seen := 0
	for _, e := range ents {
		switch x := e.(type) {
		case *lint.ServiceAccount:
			seen++
			if x.Namespace.String() != "shop" || x.NamespaceRange != where {
				t.Errorf("service account: %s at %v", x.Namespace, x.NamespaceRange)
			}
		case *lint.Workload:
			seen++
			if x.Namespace.String() != "shop" || x.DefaultNamespace != "" {
				t.Errorf("workload: %s (default %q)", x.Namespace, x.DefaultNamespace)
			}
		case *lint.KubeObject:
			seen++
			want := "" // cluster-scoped, or a custom kind whose scope is not known
			if x.KindName == "ConfigMap" {
				want = "shop"
			}
			if got := x.Namespace.String(); x.Namespace.IsUnknown() && want != "" || !x.Namespace.IsUnknown() && got != want {
				t.Errorf("%s: namespace %s, want %q", x.KindName, x.Namespace, want)
			}
		}
	}
	if seen != 5 {
		t.Errorf("%d objects read, want 5", seen)
	}
}
