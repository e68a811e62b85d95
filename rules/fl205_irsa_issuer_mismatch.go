package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// IRSAIssuerMismatch reports a web-identity trust statement whose Federated
// principal and condition keys name different OIDC issuers.
var IRSAIssuerMismatch = &lint.Rule{
	ID:       "FL205",
	Name:     "irsa-issuer-mismatch",
	Severity: lint.Error,
	Summary:  "trust names another cluster's OIDC provider",
	Since:    "0.1.0",
	Doc: `A role's web-identity (IRSA) trust statement lets one cluster's OIDC provider
in, but its conditions test the claims of another cluster's issuer.

Three cases are checked. A Federated principal built with the issuer URL's
scheme (` + "`oidc-provider/${aws_eks_cluster.x.identity[0].oidc[0].issuer}`" + `, or
` + "`oidc-provider/https://oidc.eks…`" + ` written out), or that is the issuer URL itself
where the provider's ARN belongs (an IRSA module's ` + "`provider_arn`" + ` given
` + "`aws_eks_cluster.x.identity[0].oidc[0].issuer`" + `: the module builds its condition
keys from the same input, so they are told with the principal, at the input),
or whose provider part is a provider's ARN itself (` + "`oidc-provider/${aws_iam_openid_connect_provider.x.arn}`" + `):
IAM names an OIDC provider by its issuer without ` + "`https://`" + `, so the principal
names no provider at all. A
trust whose Federated principal and condition keys
name different issuers (a trust copied from another cluster and half
updated, or a cluster's provider whose keys test an issuer that is no EKS
cluster's, a CI system's). And a service account bound to the role that runs in
another cluster than the one whose provider the role trusts: a cluster of the
same Terraform root its kubernetes provider configuration connects to (one
provider alias per cluster, ` + "`provider = kubernetes.east`" + `), or a cluster whose
issuer is configured in ` + "`.faultline.hcl`" + ` (EKS computes the issuer, so no
source states it):

` + "```hcl" + `
scope "k8s/prod" {
  cluster     = "prod"
  oidc_issuer = "oidc.eks.us-east-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE"
}
` + "```" + `

## The chain

1. The statement's Federated principal is the OIDC provider of cluster A
   (` + "`arn:aws:iam::111122223333:oidc-provider/oidc.eks.<region>.amazonaws.com/id/AAAA`" + `).
2. Its conditions are keyed on cluster B's issuer
   (` + "`oidc.eks.<region>.amazonaws.com/id/BBBB:sub`" + `): the trust was copied from
   another cluster and only half updated.
3. STS evaluates the conditions against the keys of the token's own issuer
   (` + "`…/id/AAAA:sub`" + `); the key the policy tests is absent, so the condition never
   matches and every ` + "`AssumeRoleWithWebIdentity`" + ` call is denied
   (` + "`AccessDenied: Not authorized to perform sts:AssumeRoleWithWebIdentity`" + `).
4. The pods' AWS SDK calls fail: the controller (Karpenter, the load balancer
   controller, external-dns, …) crash-loops or stops acting, and the pods
   that depend on it stay ` + "`Pending`" + ` or never get their load balancer.

Only a difference that is provable is reported: both issuers written out
(a reference to the ARN of a provider whose URL is written out names that
URL's issuer), or both built from references that can be told apart. When either side is
unknown the rule stays silent and counts the comparison as unresolved —
unless both are built from issuers the model names. A principal left
empty (` + "`\"\"`" + `, a usage example's placeholder) names no provider and is not
compared. Two clusters of one
Terraform root (two ` + "`aws_eks_cluster`" + ` resources or instances, or two
terraform-aws-modules/eks calls) have two issuers: a principal built from
one and a key from the other differ. One issuer is the same issuer: an OIDC provider's ARN and its URL (or its ARN with the
` + "`arn:…:oidc-provider/`" + ` prefix removed), the cluster identity issuer the
provider's URL names, a terraform-aws-modules/eks call's
` + "`oidc_provider_arn`" + ` and ` + "`oidc_provider`" + ` (the form this page recommends).

## Example

` + "```hcl" + `
assume_role_policy = jsonencode({
  Statement = [{
    Action    = "sts:AssumeRoleWithWebIdentity"
    Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AAAA" }
    Condition = { StringEquals = {
      "oidc.eks.us-east-1.amazonaws.com/id/BBBB:sub" = "system:serviceaccount:kube-system:karpenter"   # FL205
    } }
  }]
})
` + "```" + `

## How to fix

Name the same cluster's issuer in the principal and in every condition key.
Derive both from the cluster instead of copying literals: with the
terraform-aws-modules/eks module, ` + "`Federated = module.eks.oidc_provider_arn`" + ` and
` + "`\"${module.eks.oidc_provider}:sub\"`" + `.`,
	Check: checkIRSAIssuerMismatch,
}

func checkIRSAIssuerMismatch(p *lint.Pass) {
	checkClusterIssuer(p)
	for _, role := range p.Model.Roles {
		if !role.Trust.Known {
			continue
		}
		rid := lint.Identity{Kind: lint.KindRole, Entity: role, Name: role.Name}
		for si, w := range role.Trust.WebIdentities() {
			if reportSchemePrincipal(p, role, rid, si, w) || !judgedIRSA(p, role, w) {
				continue
			}
			if namesNoProvider(w.Statement.Federated) {
				continue // an empty principal ("" left for a caller to fill): IAM refuses it, no issuer to compare
			}
			providers := make([]lint.Issuer, 0, len(w.Statement.Federated))
			for _, f := range w.Statement.Federated {
				providers = append(providers, p.Model.PrincipalIssuer(f))
			}
			var bad []lint.TrustCondition
			var keyIssuer lint.Issuer
			var keyText issuerName
			for _, c := range append(append([]lint.TrustCondition(nil), w.SubConditions...), w.AudConditions...) {
				raw := lint.IssuerOfKey(c.Key)
				if s, ok := raw.Str(); ok && s == "" {
					continue // no issuer at all: FL207's finding
				}
				ki := lint.ParseIssuer(raw) // a scheme or an ARN in the key is FL207's
				if ki.Bare.IsUnknown() {
					continue
				}
				result := lint.No
				keyOrigin, keyTraced := p.Model.IssuerOrigin(raw)
				for i, pv := range providers {
					cmp := pv.Compare(ki)
					if cmp == lint.Maybe && p.Model.IssuerEKS(w.Statement.Federated[i]) == lint.Yes && p.Model.IssuerEKS(raw) == lint.No {
						// An EKS cluster's issuer and one that is not
						// (another OIDC issuer, a CI system's): two.
						cmp = lint.No
					}
					if cmp == lint.Maybe && keyTraced {
						// Both built from one issuer the model names (the
						// provider's ARN and its URL, the module's two
						// issuer outputs): the same issuer.
						if o, ok := p.Model.IssuerOrigin(w.Statement.Federated[i]); ok {
							switch {
							case o == keyOrigin:
								cmp = lint.Yes
							case lint.DistinctClusterIssuers(o, keyOrigin):
								// Two clusters of one root: two issuers.
								cmp = lint.No
							}
						}
					}
					switch cmp {
					case lint.Yes:
						result = lint.Yes
					case lint.Maybe:
						if result == lint.No {
							result = lint.Maybe
						}
					}
				}
				switch result {
				case lint.Maybe:
					p.Unresolved(fmt.Sprintf("OIDC issuer of %s's Federated principal vs condition key %s", role.Label, c.Key), c.Range)
				case lint.No:
					if len(bad) == 0 {
						keyIssuer, keyText = ki, nameIssuer(p.Model, raw, ki)
					}
					bad = append(bad, c)
				}
			}
			if len(bad) == 0 {
				continue
			}
			keys := make([]string, len(bad))
			for i, c := range bad {
				keys[i] = fmt.Sprintf("%q", c.Key.String())
			}
			provider := nameIssuer(p.Model, w.Statement.Federated[0], providers[0])
			at := bad[0].Range
			if at.IsZero() {
				at = role.Trust.Range
			}
			p.Report(lint.Finding{
				Range: at,
				Message: fmt.Sprintf("trust of IAM role %s lets in %s but its condition%s %s test%s %s: no token can satisfy both",
					describe(rid), provider.provider(), plural(len(bad), "", "s"), strings.Join(keys, ", "), plural(len(bad), "s", ""), keyText.tested()),
				Related: declared(rid, "role"),
				Chain: []string{
					fmt.Sprintf("the statement trusts tokens issued by %s (Federated principal %s)", provider, w.Statement.Federated[0]),
					mixedWhy(p.Model, bad[0], keyText),
					"STS evaluates the conditions against the claims of the token's own issuer; the key the policy tests is absent, so every AssumeRoleWithWebIdentity call fails with AccessDenied",
					"the pods using the role get no AWS credentials: the controller crash-loops or stops acting, and the pods waiting on it stay Pending",
				},
				Hint:     fmt.Sprintf("name the same cluster's issuer in the Federated principal and in every condition key (for the cluster this role serves: either %s or %s, not both); derive both from the cluster, e.g. Federated = module.eks.oidc_provider_arn and \"${module.eks.oidc_provider}:sub\"", provider, keyText),
				Inferred: inferredFor(role, lint.FactIdentity, lint.FactTrustSubjects, lint.FactTrustAudience),
				Key:      fmt.Sprintf("role=%s|statement=%d|issuer=%s", role.Addr, si, keyIssuer),
				Roots:    rootsOf(role),
			})
		}
	}
}

// mixedWhy says how a trust came to key its conditions on another issuer
// than its principal's: another cluster's (copied and half updated), or
// one that is no EKS cluster's at all (a CI system's).
func mixedWhy(m *lint.Model, c lint.TrustCondition, key issuerName) string {
	if m.IssuerEKS(lint.IssuerOfKey(c.Key)) == lint.No {
		return fmt.Sprintf("its conditions are keyed on another issuer, %s, which is no EKS cluster's (a CI system's or another identity provider's): the trust mixes two identity providers", key)
	}
	return fmt.Sprintf("its conditions are keyed on another issuer, %s: the trust was copied from another cluster and only half updated", key)
}

// namesNoProvider reports whether a statement's Federated principals are
// all known empty strings: they name no OIDC provider, so there is no
// issuer to set against the condition keys.
func namesNoProvider(federated []lint.Value) bool {
	for _, f := range federated {
		if s, ok := f.Str(); !ok || strings.TrimSpace(s) != "" {
			return false
		}
	}
	return len(federated) > 0
}

// issuerName is how a message names an issuer: as written when it is
// known text, else by the cluster or eks module call it is traced to
// (cluster: "aws_eks_cluster.blue"), else as the reference it is.
type issuerName struct {
	text, cluster string
}

// nameIssuer names the issuer iss, parsed from v.
func nameIssuer(m *lint.Model, v lint.Value, iss lint.Issuer) issuerName {
	if _, known := iss.Bare.Str(); known {
		return issuerName{text: iss.String()}
	}
	if o, ok := m.IssuerOrigin(v); ok && (o.Path == "identity[0].oidc[0].issuer" || o.Path == "cluster_oidc_issuer_url") {
		_, local, _ := strings.Cut(o.Object, ":")
		return issuerName{cluster: local}
	}
	return issuerName{text: iss.String()}
}

// String is the issuer itself ("the issuer of aws_eks_cluster.blue").
func (n issuerName) String() string {
	if n.cluster != "" {
		return "the issuer of " + n.cluster
	}
	return n.text
}

// provider names the OIDC provider of the issuer.
func (n issuerName) provider() string {
	if n.cluster != "" {
		return "the OIDC provider of " + n.cluster
	}
	return "OIDC provider " + n.text
}

// tested names the issuer as the object of "test".
func (n issuerName) tested() string {
	if n.cluster != "" {
		return n.String()
	}
	return "issuer " + n.text
}

// checkClusterIssuer compares the issuer a bound service account's cluster
// uses (a scope's oidc_issuer in .faultline.hcl: EKS computes it, so no
// source states it) with the OIDC provider the role's trust names.
func checkClusterIssuer(p *lint.Pass) {
	m := p.Model
	for _, sa := range m.ServiceAccounts {
		cluster := sa.Scope.OIDCIssuer
		if cluster == "" && sa.RoleARN.IsSet() {
			checkDeclaredClusterIssuer(p, sa)
		}
		if cluster == "" || !sa.RoleARN.IsSet() {
			continue
		}
		role, ok := m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity.(*lint.Role)
		if !ok || !role.Trust.Known {
			continue
		}
		webs := irsaStatements(m, role)
		if len(webs) == 0 {
			continue
		}
		var providers []string
		matched := false
		want := lint.ParseIssuer(lint.Known(cluster))
		for _, w := range webs {
			iss := w.Provider
			switch iss.Compare(want) {
			case lint.Yes:
				matched = true
			case lint.Maybe:
				matched = true // cannot tell: stay quiet
				p.Unresolved(fmt.Sprintf("OIDC provider of %s vs the issuer of the cluster %s runs in", role.Label, saLabel(sa)), role.Trust.Range)
			default:
				providers = append(providers, iss.String())
			}
		}
		if matched || len(providers) == 0 {
			continue
		}
		rid := lint.Identity{Kind: lint.KindRole, Entity: role, Name: role.Name}
		at := webs[0].Statement.Range
		if at.IsZero() {
			at = role.Trust.Range
		}
		clusterName := sa.Scope.Cluster
		if clusterName == "" {
			clusterName = "its cluster"
		} else {
			clusterName = "cluster " + clusterName
		}
		p.Report(lint.Finding{
			Range: at,
			Message: fmt.Sprintf("trust of IAM role %s names OIDC provider %s, but %s runs in %s, whose issuer is %s",
				describe(rid), strings.Join(providers, ", "), saLabel(sa), clusterName, cluster),
			Related: append([]lint.Location{{Range: sa.RoleARN.Range, Message: saLabel(sa) + " is bound to the role here"}}, declared(rid, "role")...),
			Chain: []string{
				fmt.Sprintf("EKS signs the service account tokens of %s with issuer %s", clusterName, cluster),
				fmt.Sprintf("the role's trust accepts tokens of %s only (another cluster's provider)", strings.Join(providers, ", ")),
				"AssumeRoleWithWebIdentity fails with AccessDenied: the pods using the role get no AWS credentials and whatever waits on them stays Pending",
			},
			Hint:     fmt.Sprintf("trust the provider of %s (Federated arn:…:oidc-provider/%s and condition keys %s:sub / :aud), derived from that cluster's module outputs rather than copied", clusterName, cluster, cluster),
			Inferred: dedupe(append(inferredFor(role, lint.FactIdentity, lint.FactTrustSubjects, lint.FactTrustAudience), inferred(sa)...)),
			Key:      fmt.Sprintf("role=%s|sa=%s|cluster-issuer=%s", role.Addr, sa.Addr, cluster),
			Roots:    rootsOf(role, sa),
		})
	}
}

// checkDeclaredClusterIssuer compares the cluster a bound service account
// is placed in (its scope's cluster: the kubernetes provider configuration
// that makes it), when its root declares that one cluster, with the
// clusters whose OIDC providers the role's trust names: another cluster of
// the same root has an issuer of its own.
func checkDeclaredClusterIssuer(p *lint.Pass, sa *lint.ServiceAccount) {
	m := p.Model
	own := declaredCluster(m, sa.Root, sa.Scope.Cluster)
	if own == nil {
		return
	}
	role, ok := m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity.(*lint.Role)
	if !ok || !role.Trust.Known {
		return
	}
	webs := irsaStatements(m, role)
	if len(webs) == 0 {
		return
	}
	issuer := lint.HoleRef{Object: own.Addr, Path: "identity[0].oidc[0].issuer"}
	var others []string
	for _, w := range webs {
		for _, f := range w.Statement.Federated {
			o, traced := m.IssuerOrigin(f)
			if !traced || !lint.DistinctClusterIssuers(o, issuer) {
				return // its own cluster's provider, or one not told apart: quiet
			}
			others = append(others, clusterOfIssuer(m, o))
		}
	}
	if len(others) == 0 {
		return
	}
	rid := lint.Identity{Kind: lint.KindRole, Entity: role, Name: role.Name}
	at := webs[0].Statement.Range
	if at.IsZero() {
		at = role.Trust.Range
	}
	name := "cluster " + sa.Scope.Cluster + " (" + own.Label + ")"
	p.Report(lint.Finding{
		Range: at,
		Message: fmt.Sprintf("trust of IAM role %s names the OIDC provider of %s, but %s runs in %s, whose tokens carry an issuer of its own",
			describe(rid), strings.Join(others, ", "), saLabel(sa), name),
		Related: append([]lint.Location{{Range: sa.RoleARN.Range, Message: saLabel(sa) + " is bound to the role here; the kubernetes provider it is made through connects to " + name}}, declared(rid, "role")...),
		Chain: []string{
			fmt.Sprintf("EKS signs the service account tokens of %s with that cluster's issuer", name),
			fmt.Sprintf("the role's trust accepts tokens of %s only (another cluster of the same root)", strings.Join(others, ", ")),
			"AssumeRoleWithWebIdentity fails with AccessDenied: the pods using the role get no AWS credentials and whatever waits on them stays Pending",
		},
		Hint:     fmt.Sprintf("bind %s to the role made for %s, or trust that cluster's provider (its module's oidc_provider_arn and \"${…oidc_provider}:sub\" condition keys)", saLabel(sa), name),
		Inferred: dedupe(append(inferredFor(role, lint.FactIdentity, lint.FactTrustSubjects, lint.FactTrustAudience), inferred(sa)...)),
		Key:      fmt.Sprintf("role=%s|sa=%s|cluster=%s", role.Addr, sa.Addr, own.Addr),
		Roots:    rootsOf(role, sa),
	})
}

// declaredCluster is the one cluster of Terraform root named name, nil
// when the root declares none or several of that name.
func declaredCluster(m *lint.Model, root, name string) *lint.Cluster {
	if root == "" || name == "" {
		return nil
	}
	var found *lint.Cluster
	for _, cl := range m.Clusters {
		if s, ok := cl.Name.Str(); ok && s == name && cl.Root == root {
			if found != nil {
				return nil
			}
			found = cl
		}
	}
	return found
}

// clusterOfIssuer names the cluster an issuer origin is of: the declared
// cluster at or inside its address (an eks module call holds one), else
// the address.
func clusterOfIssuer(m *lint.Model, o lint.HoleRef) string {
	for _, cl := range m.Clusters {
		if cl.Addr == o.Object || strings.HasPrefix(cl.Addr, o.Object+".") {
			if s, ok := cl.Name.Str(); ok {
				return "cluster " + s + " (" + cl.Label + ")"
			}
			return cl.Label
		}
	}
	_, label, _ := strings.Cut(o.Object, ":")
	return label
}

// reportSchemePrincipal reports a statement whose Federated principal is
// an OIDC provider ARN built with the issuer URL's scheme
// ("arn:aws:iam::<account>:oidc-provider/https://oidc.eks…", written so or
// built from the cluster's issuer attribute, which holds the scheme), or
// is the issuer URL itself where the provider's ARN belongs: IAM names a
// provider by its issuer without the scheme, so the principal names no
// provider. It reports whether it did.
func reportSchemePrincipal(p *lint.Pass, role *lint.Role, rid lint.Identity, si int, w lint.WebIdentity) bool {
	for i, f := range w.Statement.Federated {
		pr, ok := schemeInProvider(p.Model, f)
		if !ok {
			continue
		}
		at := w.Statement.FederatedRange(i)
		if at.IsZero() {
			at = role.Trust.Range
		}
		what := fmt.Sprintf("Federated principal %s, an OIDC provider ARN built from %s, which starts with https://: a provider's ARN names its issuer without the scheme, so it names no provider", f, pr.from)
		first := fmt.Sprintf("the statement's Federated principal is %s: the provider part holds %s with its https://", f, pr.from)
		hint := "reference the provider's ARN (Federated = aws_iam_openid_connect_provider.<name>.arn, or module.eks.oidc_provider_arn), or drop the scheme: \"arn:aws:iam::<account>:oidc-provider/${replace(<issuer URL>, \"https://\", \"\")}\""
		if pr.nested {
			what = fmt.Sprintf("Federated principal %s, an OIDC provider ARN whose provider part is %s, a provider's ARN itself: a provider's ARN names its issuer there, so it names no provider", f, pr.from)
			first = fmt.Sprintf("the statement's Federated principal is %s: the provider part holds %s, an ARN, where the issuer belongs", f, pr.from)
			hint = "reference the provider's ARN alone: Federated = aws_iam_openid_connect_provider.<name>.arn (or module.eks.oidc_provider_arn), without the arn:aws:iam::<account>:oidc-provider/ prefix around it"
		}
		if pr.bare {
			what = fmt.Sprintf("Federated principal %s, not an OIDC provider's ARN (arn:aws:iam::<account>:oidc-provider/<issuer without https://>), so it names no provider", pr.from)
			first = fmt.Sprintf("the statement's Federated principal is %s, the issuer URL itself", f)
			hint = "reference the provider's ARN: module.eks.oidc_provider_arn, or aws_iam_openid_connect_provider.<name>.arn"
			if keys := keysFromIssuerURL(p.Model, w.Statement); keys > 0 {
				// A module that takes the provider's ARN (provider_arn)
				// makes its condition keys from it too: one cause.
				what += fmt.Sprintf("; %s built from the same URL, with its https://, and exist in no token", lint.Plural(keys, "its condition key is", fmt.Sprintf("its %d condition keys are", keys)))
				hint += " (where a module builds the condition keys from the same input, that fixes them too)"
			}
		}
		p.Report(lint.Finding{
			Range:   at,
			Message: fmt.Sprintf("trust of IAM role %s lets in %s", describe(rid), what),
			Related: declared(rid, "role"),
			Chain: []string{
				first,
				"IAM names an OIDC provider arn:aws:iam::<account>:oidc-provider/<issuer without https://>: no provider has this ARN (IAM refuses the principal, or no token's provider matches it)",
				"every AssumeRoleWithWebIdentity call for the role is denied: AccessDenied",
				"the pods using the role get no AWS credentials: the controller crash-loops or stops acting, and the pods waiting on it stay Pending",
			},
			Hint:     hint,
			Inferred: inferredFor(role, lint.FactIdentity),
			Key:      fmt.Sprintf("role=%s|statement=%d|principal-scheme", role.Addr, si),
			Roots:    rootsOf(role),
		})
		return true
	}
	return false
}

// principalScheme is how a Federated principal holds an issuer URL with
// its scheme: from names it ("the issuer URL", or a reference and
// ", the cluster's issuer URL"); bare is set when the principal is the
// URL itself, not an ARN.
type principalScheme struct {
	from string
	bare bool
	// nested: the provider part is itself a provider's ARN (from names
	// it), not an issuer.
	nested bool
}

// schemeInProvider reports whether f is an OIDC provider ARN whose
// provider part holds an issuer URL with its scheme: written out
// ("oidc-provider/https://oidc.eks…", an EKS cluster's issuer), or a
// reference to the cluster's issuer URL anywhere in it (issuerURLRef); or
// whether f is no ARN but an EKS cluster's issuer URL (written out, or one
// reference to it).
func schemeInProvider(m *lint.Model, f lint.Value) (principalScheme, bool) {
	arn, ok := lint.ParseARN(f)
	if !ok {
		return bareIssuerURL(m, f)
	}
	rest, ok := arn.Resource.TrimPrefixKnown("oidc-provider/")
	if !ok {
		return principalScheme{}, false
	}
	if hasScheme(rest) {
		// An EKS cluster's issuer URL written out (ParseIssuer drops
		// the scheme of what is not an ARN).
		return principalScheme{from: "the issuer URL"}, lint.ParseIssuer(rest).EKS == lint.Yes
	}
	for _, s := range rest.Segments() {
		if s.Ref != nil && !s.Ref.Anonymous && issuerURLRef(m, *s.Ref) {
			return principalScheme{from: s.Ref.String() + ", the cluster's issuer URL"}, true
		}
	}
	if inner, ok := lint.ParseARN(rest); ok && inner.Service == "iam" {
		// arn:…:oidc-provider/arn:aws:iam::…: an ARN written inside.
		return principalScheme{from: rest.String(), nested: true}, true
	}
	if r, ok := soleHole(rest); ok && providerARNRef(*r) {
		return principalScheme{from: r.String(), nested: true}, true
	}
	return principalScheme{}, false
}

// providerARNRef reports whether r reads an OIDC provider's ARN: the arn
// (or id, which is the ARN) of an aws_iam_openid_connect_provider,
// resource or data source.
func providerARNRef(r lint.HoleRef) bool {
	a, ok := lint.ParseAddress(r.Object)
	attrs := r.Attrs()
	return ok && a.Type == oidcProviderType && len(attrs) == 1 && (attrs[0] == "arn" || attrs[0] == "id")
}

// bareIssuerURL reports whether f, no ARN, is an EKS cluster's issuer URL:
// written out with its scheme, or one reference to the cluster's issuer
// attribute (issuerURLHole).
func bareIssuerURL(m *lint.Model, f lint.Value) (principalScheme, bool) {
	if ref, _, ok := issuerURLHole(m, f); ok {
		return principalScheme{from: ref.String() + ", the cluster's issuer URL", bare: true}, true
	}
	if hasScheme(f) && lint.ParseIssuer(f).EKS == lint.Yes {
		return principalScheme{from: "the issuer URL", bare: true}, true
	}
	return principalScheme{}, false
}

// hasScheme reports whether v's known start is a URL scheme (https://,
// http://).
func hasScheme(v lint.Value) bool {
	pre := strings.ToLower(v.Prefix())
	return strings.HasPrefix(pre, "https://") || strings.HasPrefix(pre, "http://")
}

// keysFromIssuerURL counts the statement's web-identity condition keys
// built from the cluster's issuer URL with its scheme (issuerURLHole):
// the key problem FL207 leaves to the principal's finding.
func keysFromIssuerURL(m *lint.Model, s lint.TrustStatement) int {
	n := 0
	for _, c := range s.Conditions {
		if keyFromIssuerURL(m, c) {
			n++
		}
	}
	return n
}

// keyFromIssuerURL reports whether c's key is a claim key whose issuer
// part is one reference to the cluster's issuer URL.
func keyFromIssuerURL(m *lint.Model, c lint.TrustCondition) bool {
	if c.Key.IsUnknown() {
		return false
	}
	_, _, ok := issuerURLHole(m, lint.IssuerOfKey(c.Key))
	return ok
}
