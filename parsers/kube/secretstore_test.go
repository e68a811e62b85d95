package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestSecretStoreAuth reads how External Secrets stores of the AWS
// provider authenticate, as the provider's credentials code decides it.
func TestSecretStoreAuth(t *testing.T) {
	src := `apiVersion: external-secrets.io/v1beta1
kind: SecretStore
metadata:
  name: team
  namespace: payments
spec:
  provider:
    aws:
      service: SecretsManager
      region: eu-central-1
      auth:
        jwt:
          serviceAccountRef:
            name: payments-reader
            namespace: ignored-for-a-namespaced-store
---
apiVersion: external-secrets.io/v1
kind: ClusterSecretStore
metadata:
  name: shared
spec:
  provider:
    aws:
      service: ParameterStore
      auth:
        jwt:
          serviceAccountRef:
            name: reader
---
apiVersion: external-secrets.io/v1
kind: ClusterSecretStore
metadata:
  name: keyed
spec:
  provider:
    aws:
      auth:
        secretRef:
          accessKeyIDSecretRef: {name: aws, key: id}
---
apiVersion: external-secrets.io/v1
kind: ClusterSecretStore
metadata:
  name: ambient
spec:
  provider:
    aws:
      service: SecretsManager
      auth: {}
---
apiVersion: external-secrets.io/v1
kind: ClusterSecretStore
metadata:
  name: vault
spec:
  provider:
    vault:
      server: https://vault.example.com
---
apiVersion: example.com/v1
kind: SecretStore
metadata:
  name: not-eso
spec:
  provider:
    aws: {}
`
	es, diags := Parse("stores.yaml", []byte(src), Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	stores := map[string]*lint.SecretStoreAuth{}
	for _, e := range es {
		if o, ok := e.(*lint.KubeObject); ok {
			n, _ := o.Name.Str()
			stores[n] = o.Store
		}
	}
	r := in("stores.yaml")
	if s := stores["team"]; s == nil || s.Auth != lint.StoreAuthJWT || s.AccountNamespace.String() != "payments" || s.AccountName.String() != "payments-reader" || s.AccountRange != r(14, 19, 14, 34) {
		t.Errorf("team: %+v", s)
	}
	if s := stores["shared"]; s == nil || s.Auth != lint.StoreAuthJWT || !s.AccountNamespace.IsUnknown() || s.AccountName.String() != "reader" {
		t.Errorf("shared (no namespace: each ExternalSecret's): %+v", s)
	}
	if s := stores["keyed"]; s == nil || s.Auth != lint.StoreAuthSecret {
		t.Errorf("keyed: %+v", s)
	}
	if s := stores["ambient"]; s == nil || s.Auth != lint.StoreAuthController {
		t.Errorf("ambient: %+v", s)
	}
	if stores["vault"] != nil || stores["not-eso"] != nil {
		t.Errorf("not AWS stores of External Secrets: %+v %+v", stores["vault"], stores["not-eso"])
	}
}
