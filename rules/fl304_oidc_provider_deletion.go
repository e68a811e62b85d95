package rules

import (
	"fmt"
	"slices"
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
	var trusts *trustIndex
	for _, c := range m.Changes {
		if c.Action != lint.ActionDelete && c.Action != lint.ActionReplace {
			continue
		}
		if c.Action == lint.ActionReplace && c.CreateBeforeDestroy {
			continue
		}
		addr := c.Address
		qualified := ""
		if c.Before != nil {
			qualified = c.Before.Base().Addr
			if addr == "" {
				addr = c.Before.Base().Label
			}
		}
		if !isOIDCProviderAddr(addr) {
			continue
		}
		label := "OIDC provider " + addr
		verb := changeVerb(c)
		if trusts == nil {
			trusts = newTrustIndex(m)
		}
		for _, i := range trusts.candidates(c.ID, qualified, addr) {
			r := m.Roles[i]
			if destroyedByChange(m, r) {
				continue
			}
			for _, w := range r.Trust.WebIdentities() {
				match, via := federatedNames(w.Statement.Federated, qualified, addr)
				if !match && !c.ID.IsUnknown() {
					// A literal provider ARN copied into the trust.
					for _, f := range w.Statement.Federated {
						if lint.Compare(f, c.ID) == lint.Yes {
							match, via = true, ""
						}
					}
				}
				if !match {
					continue
				}
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
					inf = append(inf, fmt.Sprintf("the Federated principal %s is taken to be the ARN of %s", via, addr))
				}
				inf = append(inf, inferred(r)...)
				chain := []string{
					fmt.Sprintf("%s %s%s", label, verb, changeWhy(c)),
					fmt.Sprintf("IAM role %s trusts it as the Federated principal of an sts:AssumeRoleWithWebIdentity statement (IRSA)", r.Label),
					"STS can no longer validate the cluster's service account tokens: AssumeRoleWithWebIdentity for the role fails (InvalidIdentityToken)",
					"pods running as service accounts bound to the role lose AWS access once the credentials they hold expire; the effect can arrive hours after apply",
				}
				if c.Action == lint.ActionReplace {
					chain[2] = "while the provider is gone, STS cannot validate the cluster's service account tokens: AssumeRoleWithWebIdentity for the role fails (InvalidIdentityToken)"
				}
				p.Report(lint.Finding{
					Range:    anchor,
					Message:  fmt.Sprintf("%s %s while IAM role %s still trusts it (IRSA)", label, verb, r.Label),
					Related:  related,
					Chain:    chain,
					Hint:     fmt.Sprintf("safe order: first point the trust of %s at the OIDC provider that stays (or move its workloads to another identity) and apply; then delete %s", r.Label, addr),
					Inferred: inf,
					Key:      "deleted=" + addr + "|role=" + r.Addr,
					Roots:    rootsOf(r),
				})
				break
			}
		}
	}
}

// trustIndex finds the roles (by index in Model.Roles) whose web identity
// statements may name a deleted OIDC provider, by what federatedNames and
// a literal ARN compare.
type trustIndex struct {
	n int
	// refs: the objects of the Federated principals' references (also
	// without an instance key); modules: the module calls whose
	// oidc_provider output they read; literals: the principals.
	refs     addrIndex
	modules  map[string][]int
	literals keyIndex
}

func newTrustIndex(m *lint.Model) *trustIndex {
	x := &trustIndex{n: len(m.Roles), refs: newAddrIndex(), modules: map[string][]int{}, literals: newKeyIndex()}
	for i, r := range m.Roles {
		for _, w := range r.Trust.WebIdentities() {
			for _, f := range w.Statement.Federated {
				x.literals.add(i, f)
				for _, ref := range f.Refs() {
					x.refs.add(i, ref.Object)
					x.refs.add(i, stripIndex(ref.Object))
					if call, ok := providerOutputOf(ref); ok {
						x.modules[call.Unqualified().String()] = append(x.modules[call.Unqualified().String()], i)
					}
				}
			}
		}
	}
	return x
}

// candidates lists, in order, the roles whose trust may name the provider
// at qualified or bare, or the provider whose ARN is id: federatedNames
// matches a reference to the address or a module's oidc_provider output
// of a module call the address is inside; lint.Compare is Yes for a
// literal ARN only with the same literal.
func (x *trustIndex) candidates(id lint.Value, qualified, bare string) []int {
	var at []int
	for _, l := range x.refs.at(qualified, bare) {
		at = append(at, l...)
	}
	if a, ok := lint.ParseAddress(bare); ok {
		for k := 1; k <= len(a.Modules); k++ {
			call := lint.Address{Modules: slices.Clone(a.Modules[:k])}
			at = append(at, x.modules[call.String()]...)
			call.Modules[k-1].Key = ""
			at = append(at, x.modules[call.String()]...)
		}
	}
	if !id.IsUnknown() {
		if _, ok := id.Str(); !ok {
			return seqSlice(x.n)
		}
		at = append(at, x.literals.exact(id)...)
	}
	return sortedUnique(at)
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

// providerOutputOf is the module call a reference reads an OIDC provider
// output of ("module.eks" for module.eks.oidc_provider_arn): an output
// whose name has the words oidc and provider in a row (oidc_provider,
// oidc_provider_arn, eks_oidc_provider_arn). A reference to a resource in
// the module (module.eks.aws_iam_openid_connect_provider.this) is no
// output.
func providerOutputOf(ref lint.HoleRef) (lint.Address, bool) {
	if ref.Anonymous {
		return lint.Address{}, false
	}
	call, ok := lint.ParseAddress(ref.Object)
	if !ok || !call.IsModuleCall() {
		return lint.Address{}, false
	}
	name, ok := ref.Attr()
	if !ok {
		return lint.Address{}, false
	}
	words := strings.Split(name, "_")
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "oidc" && words[i+1] == "provider" {
			return call, true
		}
	}
	return lint.Address{}, false
}

// federatedNames reports whether a Federated principal refers to the
// deleted provider: a hole naming its address, or (inferred, via is the
// reference) an OIDC-provider output of the module that declares it.
func federatedNames(fed []lint.Value, qualified, bare string) (match bool, via string) {
	for _, v := range fed {
		for _, ref := range v.Refs() {
			if ref.Anonymous {
				continue
			}
			if sameAddr(ref.Object, qualified, bare) || sameAddr(stripIndex(ref.Object), qualified, bare) {
				return true, ""
			}
		}
	}
	deleted, ok := lint.ParseAddress(qualified)
	if !ok {
		deleted, ok = lint.ParseAddress(bare)
	}
	if !ok {
		return false, ""
	}
	for _, v := range fed {
		for _, ref := range v.Refs() {
			call, ok := providerOutputOf(ref)
			if !ok || deleted.Root != "" && call.Root != "" && deleted.Root != call.Root {
				continue
			}
			if deleted.Unqualified().Within(call.Unqualified()) {
				return true, ref.String()
			}
		}
	}
	return false, ""
}

// stripIndex drops an address's own instance key ("x[0]" → "x"); text
// that is no address is returned as it is.
func stripIndex(addr string) string {
	if a, ok := lint.ParseAddress(addr); ok && a.Key != "" {
		return a.Unkeyed().String()
	}
	return addr
}
