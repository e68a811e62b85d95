package kube

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Crossplane runs a provider package's pods as the service account its
// DeploymentRuntimeConfig's template names. A template that names none
// (spec.serviceAccountTemplate.metadata.name unset) leaves the default
// Crossplane's runtime builder gives (ServiceAccountWithOptionalName of
// the revision's name): the name of the package revision, which is the
// provider's name (at most 50 characters), "-", and the first 12
// characters of its package's digest, made a DNS label (xpkg.FriendlyID).
// The digest is known only once Crossplane pulled the package, so the
// account's name is the provider's name, "-" and a hole:
// "provider-aws-s3-${Provider/provider-aws-s3.digest}". A trust's
// StringLike subject decides it where its written part does
// (provider-aws-* lets it in, provider-aws-ec2-* does not).
//
// A provider names its config with spec.runtimeConfigRef.name, else uses
// the config named "default" (Crossplane creates one; a tree may write
// its own).

// pkgGroup is the API group of Crossplane's packages and their runtime
// configs.
const pkgGroup = "pkg.crossplane.io"

// defaultRuntimeConfig is the DeploymentRuntimeConfig a package without a
// runtimeConfigRef uses.
const defaultRuntimeConfig = "default"

// revisionNameMax is how much of a package's name its revision name keeps
// (xpkg.FriendlyID truncates the name to 50 characters).
const revisionNameMax = 50

// namesPackages reports whether a text may hold Crossplane packages or
// their runtime configs.
func namesPackages(data []byte) bool { return bytes.Contains(data, []byte(pkgGroup)) }

// revisionAccounts are the service accounts Crossplane creates for the
// providers of the files whose DeploymentRuntimeConfig gives the account
// an IRSA role but no name: one per provider, named after its revision,
// in Crossplane's namespace (inferred), with the role the config's
// template annotates. A provider whose config the files do not hold, or
// hold more than once for its scope, gets none.
func (r *renderer) revisionAccounts() []lint.Entity {
	var configs, controllerConfigs, providers []*doc
	for i, f := range r.files {
		if !namesPackages(f.Data) {
			continue
		}
		for _, d := range r.load(i) {
			switch {
			case d.is("DeploymentRuntimeConfig", pkgGroup+"/v1beta1"):
				configs = append(configs, d)
			case d.is("ControllerConfig", pkgGroup+"/v1alpha1"):
				controllerConfigs = append(controllerConfigs, d)
			case d.is("Provider", pkgGroup+"/v1"):
				providers = append(providers, d)
			}
		}
	}
	var out []lint.Entity
	for _, p := range providers {
		if p.name == "" || lint.HasSentinel(p.name) {
			continue
		}
		if _, n := path(p.root, "spec", "controllerConfigRef", "name"); n != nil {
			// A ControllerConfig (deprecated, read by Crossplane 1.x)
			// overrides the account the runtime config makes.
			if s, ok := scalar(n); ok && !lint.HasSentinel(s) {
				if cc := runtimeConfigOf(p, s, controllerConfigs); cc != nil {
					if sa := controllerConfigAccount(p, cc); sa != nil {
						out = append(out, sa)
					}
				}
			}
			continue
		}
		name := defaultRuntimeConfig
		if _, n := path(p.root, "spec", "runtimeConfigRef", "name"); n != nil {
			s, ok := scalar(n)
			if !ok || lint.HasSentinel(s) {
				continue
			}
			name = s
		}
		config := runtimeConfigOf(p, name, configs)
		if config == nil {
			continue
		}
		if sa := revisionAccount(p, config); sa != nil {
			out = append(out, sa)
		}
	}
	return out
}

// runtimeConfigOf is the runtime config named name that provider p uses: of
// the configs of that name for p's scope, the one in p's own text (a
// kustomization's or a chart's output holds both), else the one read
// from the same source (both applied by Terraform, or both files as
// written), else the only one of any source (a Provider a chart renders,
// its config a file as written: both cluster-scoped, so one name is one
// object); nil when there is none or more than one at the first of
// those that has any (which is applied is not known).
func runtimeConfigOf(p *doc, name string, configs []*doc) *doc {
	var named []*doc
	for _, c := range configs {
		if c.name == name && c.scope.Compatible(p.scope, true, true) {
			named = append(named, c)
		}
	}
	for _, same := range []func(c *doc) bool{
		func(c *doc) bool { return c.file == p.file },
		func(c *doc) bool { return c.opts.Source == p.opts.Source },
		func(*doc) bool { return true },
	} {
		var found []*doc
		for _, c := range named {
			if same(c) {
				found = append(found, c)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0]
		}
		return nil
	}
	return nil
}

// revisionAccount is the account Crossplane creates for provider p's
// revision under config: nil when the config names the account (the
// config declares that one itself) or annotates no role.
func revisionAccount(p, config *doc) *lint.ServiceAccount {
	if _, n := path(config.root, "spec", "serviceAccountTemplate", "metadata", "name"); n != nil {
		return nil
	}
	if runsAsOwnAccount(config) {
		return nil
	}
	role := config.refAt("spec", "serviceAccountTemplate", "metadata", "annotations", "eks.amazonaws.com/role-arn")
	if !role.IsSet() {
		return nil
	}
	o := p.object(lint.KindServiceAccount)
	// The hole reads as the provider it belongs to, wherever the provider
	// is written (a file, a kustomization's output, Terraform).
	digest := lint.HoleRef{Object: "Provider/" + p.name, Path: "digest"}
	o.Addr += "#serviceaccount"
	o.Name = lint.Concat(lint.Known(revisionPrefix(p.name)), lint.Hole(digest))
	o.NameRange = p.rangeOf(p.nameNode)
	o.Label = fmt.Sprintf("service account %s/%s (the revision of Provider %s, DeploymentRuntimeConfig %s)", crossplaneNamespace, o.Name, p.name, config.shown(config.name))
	o.Inferred = append(append([]string(nil), o.Inferred...), InferredCrossplaneNamespace)
	o.Aliases = nil
	return &lint.ServiceAccount{
		Object:      o,
		Namespace:   lint.Known(crossplaneNamespace),
		RoleARN:     role,
		Via:         "DeploymentRuntimeConfig " + config.shown(config.name),
		RevisionOf:  "DeploymentRuntimeConfig " + config.shown(config.name),
		NamingField: "spec.serviceAccountTemplate.metadata.name",
	}
}

// controllerConfigAccount is the account Crossplane 1.x makes for
// provider p's revision under ControllerConfig cc
// (ServiceAccountWithControllerConfig): the config's own
// metadata.annotations, the IRSA role among them, and the name its
// spec.serviceAccountName gives, else the revision's; nil when the
// config annotates no role. The account is placed at the provider's
// name, or at the config's serviceAccountName when it names one.
func controllerConfigAccount(p, cc *doc) *lint.ServiceAccount {
	role := cc.refAt("metadata", "annotations", "eks.amazonaws.com/role-arn")
	if !role.IsSet() {
		return nil
	}
	o := p.object(lint.KindServiceAccount)
	o.Addr += "#serviceaccount"
	o.Inferred = append(append([]string(nil), o.Inferred...), InferredCrossplaneNamespace)
	o.Aliases = nil
	sa := &lint.ServiceAccount{Namespace: lint.Known(crossplaneNamespace), RoleARN: role, Via: "ControllerConfig " + cc.shown(cc.name)}
	_, nameNode := path(cc.root, "spec", "serviceAccountName")
	if name, ok := scalar(nameNode); ok && name != "" {
		o.Name, o.NameRange = cc.decode(name), cc.rangeOf(nameNode)
		if n, known := o.Name.Str(); known {
			o.Aliases = []string{lint.KubeKey("", "ServiceAccount", crossplaneNamespace, n)}
		}
		o.Label = fmt.Sprintf("service account %s/%s (Provider %s, ControllerConfig %s)", crossplaneNamespace, o.Name, p.name, cc.shown(cc.name))
	} else {
		o.Name = lint.Concat(lint.Known(revisionPrefix(p.name)), lint.Hole(lint.HoleRef{Object: "Provider/" + p.name, Path: "digest"}))
		o.NameRange = p.rangeOf(p.nameNode)
		o.Label = fmt.Sprintf("service account %s/%s (the revision of Provider %s, ControllerConfig %s)", crossplaneNamespace, o.Name, p.name, cc.shown(cc.name))
		sa.RevisionOf, sa.NamingField = "ControllerConfig "+cc.shown(cc.name), "spec.serviceAccountName"
	}
	sa.Object = o
	return sa
}

// runsAsOwnAccount reports whether a DeploymentRuntimeConfig runs its
// packages' pods as an account of the user's
// (deploymentTemplate.spec.template.spec.serviceAccountName): Crossplane
// then creates no account of its own (runtime_provider.go applies the
// account it builds only when the deployment runs as it), and the
// template's annotations go nowhere.
func runsAsOwnAccount(config *doc) bool {
	_, n := path(config.root, "spec", "deploymentTemplate", "spec", "template", "spec", "serviceAccountName")
	s, ok := scalar(n)
	return ok && s != ""
}

// revisionPrefix is the known start of the revision name of a package
// named name: the name cut to revisionNameMax characters and "-", made a
// DNS label as xpkg.ToDNSLabel does (characters other than a–z, 0–9
// and "-" dropped, ".", "/" and ":" written as "-", no "-" first).
func revisionPrefix(name string) string {
	if len(name) > revisionNameMax {
		name = name[:revisionNameMax]
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b.WriteByte(c)
		case c == '.' || c == '/' || c == ':' || c == '-':
			if b.Len() > 0 {
				b.WriteByte('-')
			}
		}
	}
	return b.String() + "-"
}
