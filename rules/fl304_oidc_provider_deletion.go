package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// OIDCProviderDeletion reports an IAM OIDC provider that the change deletes
// or replaces while IRSA roles still trust it.
var OIDCProviderDeletion = &lint.Rule{
	ID:       "FL304",
	Name:     "oidc-provider-deletion",
	Severity: lint.Error,
	Summary:  "an OIDC provider is deleted or replaced while IRSA roles trust it",
	Since:    "0.1.0",
	Doc: `The change under review (a plan) deletes or replaces an
` + "`aws_iam_openid_connect_provider`" + ` while an IAM role's trust policy names it as
its Federated principal (IRSA).

## The chain

1. The OIDC provider is deleted (or destroyed before its replacement is
   created).
2. STS can no longer validate the cluster's service account tokens:
   ` + "`AssumeRoleWithWebIdentity`" + ` for the roles that trust it fails
   (` + "`InvalidIdentityToken`" + `).
3. Pods keep the credentials they already hold until those expire, then
   lose AWS access: controllers (Karpenter, the load balancer controller,
   external-dns, CSI drivers) stop working. The effect can arrive hours
   after apply, when cached credentials run out.

The rule matches the trust's Federated principal by Terraform reference to
the deleted provider's address (directly, or through the output of the
module that declares it, which is inferred and reported one level lower).

## Example

` + "```hcl" + `
# removed from source; the plan deletes it
# resource "aws_iam_openid_connect_provider" "eks" { ... }
resource "aws_iam_role" "karpenter" {
  assume_role_policy = jsonencode({
    Statement = [{
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }  # FL304
    }]
  })
}
` + "```" + `

## How to fix

Keep the provider while any role trusts it. Safe order: first point every
trusting role at the provider that stays (or give the workloads another
identity, e.g. EKS Pod Identity) and apply; then delete the provider.

References: IAM user guide, "Create an OpenID Connect (OIDC) identity
provider in IAM"; EKS user guide, "IAM roles for service accounts".`,
	Check: checkOIDCProviderDeletion,
}

const oidcProviderType = "aws_iam_openid_connect_provider"

func checkOIDCProviderDeletion(p *lint.Pass) {
	m := p.Model
	for _, c := range m.Changes {
		if c.Action != lint.ActionDelete && c.Action != lint.ActionReplace {
			continue
		}
		if c.Action == lint.ActionReplace && c.CreateBeforeDestroy {
			continue
		}
		prov := deletedProvider(c)
		if prov == nil || prov.Retained || prov.Crossplane.Orphans() || prov.Issuer().EKS == lint.No {
			continue // not a provider, one that lives on, or not an EKS cluster's (CI, SSO)
		}
		if c.Action == lint.ActionDelete && stillDeclared(m, prov) {
			continue
		}
		for _, r := range m.Roles {
			if destroyedByChange(m, r) {
				continue
			}
			for _, w := range r.Trust.WebIdentities() {
				if m.IRSA(w) == lint.No {
					continue
				}
				if l := m.TrustNames(w, prov); l.Names == lint.Yes {
					p.Report(oidcFinding(c, prov, r, w, l.Via))
					break
				}
			}
		}
	}
}

// deletedProvider is the OIDC provider a change destroys: its Before
// entity (a base comparison, a joined plan), or one made from the
// address and ARN of a plan's aws_iam_openid_connect_provider (issuer
// unknown); nil when the change is about something else.
func deletedProvider(c *lint.Change) *lint.OIDCProvider {
	if p, ok := c.Before.(*lint.OIDCProvider); ok {
		return p
	}
	if !isOIDCProviderAddr(c.Address) {
		return nil
	}
	addr := c.Address
	if c.Before != nil && c.Before.Base().Addr != "" {
		addr = c.Before.Base().Addr
	}
	return &lint.OIDCProvider{Object: lint.Object{Kind: lint.KindOIDCProvider, Addr: addr, Label: c.Address, Source: lint.SourceTerraform}, URL: lint.Unknown(), ARN: c.ID}
}

// stillDeclared reports whether the scanned tree still creates a provider
// for the deleted one's issuer at another address: IAM names a provider
// by its issuer, so its ARN, and the trusts naming it, stay the same.
func stillDeclared(m *lint.Model, gone *lint.OIDCProvider) bool {
	for _, q := range m.OIDCProviders {
		if !q.Data && q.Addr != gone.Addr && lint.SameIssuer(q.Issuer(), gone.Issuer()) == lint.Yes {
			return true
		}
	}
	return false
}

// providerLabel names a deleted provider in messages.
func providerLabel(p *lint.OIDCProvider) string {
	if p.Source == lint.SourceTerraform {
		return "OIDC provider " + p.Label
	}
	return p.Label
}

// oidcFinding is the finding on role r, whose statement w trusts the
// provider the change destroys; via is the module output the link was
// inferred through, if any.
func oidcFinding(c *lint.Change, prov *lint.OIDCProvider, r *lint.Role, w lint.WebIdentity, via string) lint.Finding {
	label := providerLabel(prov)
	verb := changeVerb(c)
	anchor := w.Statement.Range
	if anchor.IsZero() {
		anchor = r.Trust.Range
	}
	if anchor.IsZero() {
		anchor = r.Range
	}
	var related []lint.Location
	if !c.Range.IsZero() {
		related = append(related, lint.Location{Range: c.Range, Message: label + " " + verb, Revision: c.Revision})
	}
	var inf []string
	if via != "" {
		inf = append(inf, fmt.Sprintf("the Federated principal %s is taken to be the ARN of %s", via, prov.Label))
	}
	inf = append(inf, inferred(r, c.Before)...)
	chain := []string{
		fmt.Sprintf("%s %s%s", label, verb, changeWhy(c)),
		fmt.Sprintf("IAM role %s trusts it as the Federated principal of an sts:AssumeRoleWithWebIdentity statement (IRSA)", r.Label),
		"STS can no longer validate the cluster's service account tokens: AssumeRoleWithWebIdentity for the role fails (InvalidIdentityToken)",
		"pods running as service accounts bound to the role lose AWS access once the credentials they hold expire; the effect can arrive hours after apply",
	}
	if c.Action == lint.ActionReplace {
		chain[2] = "while the provider is gone, STS cannot validate the cluster's service account tokens: AssumeRoleWithWebIdentity for the role fails (InvalidIdentityToken)"
	}
	return lint.Finding{
		Range:    anchor,
		Message:  fmt.Sprintf("%s %s while IAM role %s still trusts it (IRSA)", label, verb, r.Label),
		Related:  related,
		Chain:    chain,
		Hint:     fmt.Sprintf("safe order: first point the trust of %s at the OIDC provider that stays (or move its workloads to another identity) and apply; then delete %s", r.Label, prov.Label),
		Inferred: inf,
		Key:      "deleted=" + prov.Label + "|role=" + r.Addr,
		Roots:    rootsOf(r),
	}
}

// isOIDCProviderAddr reports whether a Terraform address is an OIDC
// provider resource (in any module). An address without the type's name
// is none; only the others are parsed (the HCL lexer would otherwise be
// the largest cost of this rule on a plan of many deletions).
func isOIDCProviderAddr(addr string) bool {
	if !strings.Contains(addr, oidcProviderType) {
		return false
	}
	a, ok := lint.ParseAddress(addr)
	return ok && !a.Data && a.Type == oidcProviderType
}
