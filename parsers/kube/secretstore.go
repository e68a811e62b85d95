package kube

import (
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// secretStoreVersions are the API versions External Secrets Operator
// serves its stores in (v1alpha1 and v1beta1 before 0.17, v1 since).
var secretStoreVersions = []string{"external-secrets.io/v1", "external-secrets.io/v1beta1", "external-secrets.io/v1alpha1"}

// isSecretStore reports whether the document is an External Secrets
// store (SecretStore or ClusterSecretStore).
func (d *doc) isSecretStore() bool {
	return d.is("SecretStore", secretStoreVersions...) || d.is("ClusterSecretStore", secretStoreVersions...)
}

// secretStore reads an External Secrets store: the object, and for the
// AWS provider (spec.provider.aws) how it authenticates, as the
// provider's credentials code decides it: auth.secretRef gives static
// keys, auth.jwt.serviceAccountRef a token of that account (a
// SecretStore's own namespace; a ClusterSecretStore's ref namespace, else
// each ExternalSecret's), and neither the controller's own credentials.
func (d *doc) secretStore() *lint.KubeObject {
	o := &lint.KubeObject{Object: d.object(lint.KindObject), APIVersion: d.apiVersion, KindName: d.kind, Namespace: d.namespaceValue()}
	_, provider := path(d.root, "spec", "provider")
	if d.hole(provider) {
		o.Store = &lint.SecretStoreAuth{Auth: lint.StoreAuthUnknown}
		return o
	}
	_, aws := lookup(provider, "aws")
	if aws == nil {
		return o // another provider's store: no AWS credentials
	}
	if d.hole(aws) {
		o.Store = &lint.SecretStoreAuth{Auth: lint.StoreAuthUnknown}
		return o
	}
	_, auth := lookup(aws, "auth")
	switch {
	case d.hole(auth):
		o.Store = &lint.SecretStoreAuth{Auth: lint.StoreAuthUnknown}
	case lookupValue(auth, "secretRef") != nil:
		o.Store = &lint.SecretStoreAuth{Auth: lint.StoreAuthSecret}
	case lookupValue(auth, "jwt") != nil:
		o.Store = d.jwtStoreAuth(lookupValue(auth, "jwt"))
	default:
		o.Store = &lint.SecretStoreAuth{Auth: lint.StoreAuthController}
	}
	return o
}

// jwtStoreAuth reads auth.jwt: the service account whose token the
// controller requests.
func (d *doc) jwtStoreAuth(jwt *yaml.Node) *lint.SecretStoreAuth {
	a := &lint.SecretStoreAuth{Auth: lint.StoreAuthJWT, AccountNamespace: lint.Unknown(), AccountName: lint.Unknown()}
	_, ref := lookup(jwt, "serviceAccountRef")
	if d.hole(jwt) || d.hole(ref) {
		a.Auth = lint.StoreAuthUnknown
		return a
	}
	_, name := lookup(ref, "name")
	a.AccountName, a.AccountRange = d.value(name), d.rangeOf(name)
	if name == nil {
		a.AccountRange = d.rangeOf(d.kindNode)
	}
	if d.kind == "SecretStore" {
		a.AccountNamespace = d.namespacedValue()
		return a
	}
	if _, ns := lookup(ref, "namespace"); ns != nil {
		a.AccountNamespace = d.value(ns)
	}
	return a
}

// hole reports whether n is a scalar standing for a value known only at
// apply (a Terraform reference's sentinel) where a mapping belongs.
func (d *doc) hole(n *yaml.Node) bool {
	s := resolve(n)
	return s != nil && s.Kind == yaml.ScalarNode && lint.HasSentinel(s.Value)
}
