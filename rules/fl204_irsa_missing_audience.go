package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// IRSAMissingAudience reports a web-identity trust without an
// `:aud` = sts.amazonaws.com condition.
var IRSAMissingAudience = &lint.Rule{
	ID:       "FL204",
	Name:     "irsa-missing-audience",
	Severity: lint.Warning,
	Summary:  "an IRSA role's trust does not require the sts.amazonaws.com audience",
	Since:    "0.1.0",
	Doc: `A web-identity trust statement for an EKS OIDC provider has no ` + "`:aud`" + `
condition, or one whose value is not ` + "`sts.amazonaws.com`" + `.

## The chain

1. The EKS pod identity webhook projects tokens with the audience
   ` + "`sts.amazonaws.com`" + `; other tokens of the same issuer carry other
   audiences (the API server's, or any a pod requests with a projected
   volume).
2. STS accepts a token only when its audience is one of the OIDC
   provider's client IDs (` + "`client_id_list`" + `). Where the provider lists
   others besides ` + "`sts.amazonaws.com`" + ` (` + "`openid_connect_audiences`" + ` of the eks
   module, a CI system's or Vault's audience), a role without an ` + "`:aud`" + `
   condition accepts any of them: a token minted for another purpose can
   be exchanged for the role's credentials.
3. With a wrong audience value (a typo, the issuer URL) no projected token
   matches and ` + "`AssumeRoleWithWebIdentity`" + ` fails with ` + "`AccessDenied`" + `.

A missing ` + "`:aud`" + ` condition is not reported when every provider the statement
trusts is declared in the tree with a known ` + "`client_id_list`" + ` holding STS
audiences only (` + "`sts.amazonaws.com`" + `, or ` + "`sts.`" + ` and the partition's DNS
suffix, as the eks module writes it): STS refuses every other token, so
the condition would change nothing. A principal written out as an ARN of
the root's own account (` + "`data.aws_caller_identity`" + `), in a partition written
or the root's own (` + "`data.aws_partition`" + `, as the IAM module's
` + "`iam-assumable-role-with-oidc`" + ` writes it), and the issuer of a provider
the root declares (both built from the same value: its cluster's issuer,
the same variable, a cluster object a module outputs whole, two
` + "`data \"aws_eks_cluster\"`" + ` lookups of one module by the same name through the
same provider configuration) is that provider, as is one written with the account
the root's provider configuration allows (` + "`allowed_account_ids`" + `); so is the ARN of a
` + "`data \"aws_iam_openid_connect_provider\"`" + ` looked up (by ` + "`url`" + ` or ` + "`arn`" + `) for the
issuer of the one provider its root declares (IAM keeps one provider per
URL in an account). A principal written with an account (as a literal)
for the issuer of the one provider the tree declares, which pins no
account (its root has no ` + "`allowed_account_ids`" + `; a Crossplane provider's is
its ProviderConfig's), is likely that provider: the finding is one
severity lower, the other account an assumption. So too for the issuer of
a cluster a ` + "`data \"aws_eks_cluster\"`" + ` looks up by a name not known
statically, when every provider the tree declares is for one of its
clusters and accepts STS tokens only: that it names another cluster is
the assumption. A provider the tree does not
declare (another account's), or whose list is not known, is taken to
accept others; when it is the output of a module call whose code
faultline does not read (neither modelled nor cached: an eks module
version it has no model of, a team's module from a private registry),
a provider ARN written out with the issuer such a call outputs, or the
issuer of a ` + "`data \"aws_eks_cluster\"`" + ` looked up by a name such a
call outputs (the module makes the cluster, and likely its provider),
that is an assumption, and the finding is one severity
lower. When the principal is written out with the root's own
account for an issuer another root declares the one provider for (read
through remote state, or the issuer of a ` + "`data \"aws_eks_cluster\"`" + ` that looks
up by name the one cluster another root — a Terragrunt unit — declares;
or a ` + "`data \"aws_iam_openid_connect_provider\"`" + ` looked up by such a
cluster's issuer), or with the issuer rebuilt from parts no provider is
traced to (the region and the ID at the end of the cluster's issuer)
while its root declares one provider (or with the cluster's issuer while
the one provider its root declares has its URL rebuilt so), or with the issuer of a provider
its root declares and an account known only at apply, and that provider
accepts STS only, the finding is
one severity lower: it holds only if the two roots are applied in
different accounts, which nothing in the tree says. The same holds when
other roots declare several providers for that issuer (a copy of the
cluster's provider in a second account) and each accepts STS only. When
both roots pin the same account (` + "`allowed_account_ids`" + ` of one account in
each), or both take their credentials from the same named profile
(` + "`profile`" + `, with the same ` + "`shared_credentials_files`" + ` and ` + "`shared_config_files`" + `
when set, neither assuming a role nor giving keys of its own: one identity,
one account), the principal is that root's provider, and a provider accepting
STS only leaves nothing to report; so is a principal written with a known
account (` + "`arn:aws:iam::111122223333:oidc-provider/…`" + `) for the issuer of the
one provider whose root pins that account.

The audience is compared as the condition's operator says:
` + "`StringEqualsIgnoreCase`" + ` without regard to case, ` + "`StringLike`" + ` as a pattern; set
operators and ` + "`IfExists`" + ` change nothing (every token carries ` + "`aud`" + `). A negated
operator, or a name that is not an IAM operator, is counted as unresolved.

## Example

` + "```hcl" + `
Condition = {
  StringEquals = {
    "${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:karpenter"
    # FL204: no "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
  }
}
` + "```" + `

## How to fix

Add ` + "`\"<issuer>:aud\" = \"sts.amazonaws.com\"`" + ` to the statement's ` + "`StringEquals`" + `.
` + "`faultline lint --fix`" + ` adds it beside the ` + "`:sub`" + ` key when that key is
written in a literal HCL object, and corrects a wrong literal value.

References: EKS user guide, "Assign IAM roles to Kubernetes service
accounts" (the trust policy example with both :sub and :aud); the
terraform-aws-modules iam-role-for-service-accounts module adds it.`,
	Check: checkIRSAMissingAudience,
}

const stsAudience = "sts.amazonaws.com"

func checkIRSAMissingAudience(p *lint.Pass) {
	for _, r := range p.Model.Roles {
		if !r.Trust.Known {
			if !r.Trust.Range.IsZero() && !r.Trust.Invalid {
				// Written, but not known before apply: a web-identity
				// statement it may hold is checked by none of FL201-FL207.
				p.Unresolved(fmt.Sprintf("trust policy of %s is not known statically: its web-identity statements are not checked", r.Label), r.Trust.Range)
			}
			continue
		}
		for _, w := range r.Trust.WebIdentities() {
			if !judgedIRSA(p, r, w) {
				continue
			}
			rel := declared(lint.Identity{Kind: lint.KindRole, Entity: r}, "role")
			if len(w.AudConditions) == 0 && len(w.UnknownClaims) > 0 {
				// A condition on a claim not known statically may be on :aud.
				p.Unresolved(fmt.Sprintf("audience of trust of %s (condition key %s not known statically)", r.Label, w.UnknownClaims[0].Key), w.UnknownClaims[0].Range)
				continue
			}
			if len(w.AudConditions) == 0 {
				if auds, ok := p.Model.ProviderAudiences(w, r.Root); ok && onlySTSAudience(auds) {
					continue // STS refuses a token of any other audience
				}
				elsewhere := p.Model.ProvidersElsewhere(w, r.Root)
				if o := inAccount(elsewhere, r.Scope.Account); o != nil && o.ClientIDs != nil && onlySTSAudience(o.ClientIDs) {
					continue // the provider of the root's own account: both roots pin it
				}
				if ps := withCredentials(elsewhere, r.Scope.Credentials); allOnlySTS(ps) {
					continue // the providers of roots applied with the root's own credentials
				}
				inf := inferredFor(r, lint.FactIdentity, lint.FactTrustAudience)
				if os := elsewhere; allOnlySTS(os) {
					// Harmless if this root is applied in the account of a
					// root that declares a provider, as it likely is.
					inf = append(slices.Clone(inf), elsewhereText(os))
				} else if o, account := p.Model.ProviderOfIssuerInAccount(w, r.Root); o != nil && o.ClientIDs != nil && onlySTSAudience(o.ClientIDs) && (account == "" || account == r.Scope.Account) {
					if account != "" {
						continue // the root's own account: that provider, STS only
					}
					// An account not known (a variable without a value):
					// harmless if it is the root's own.
					inf = append(slices.Clone(inf), fmt.Sprintf("the account the principal is written with is taken to be another than this root's, whose %s, for this issuer, accepts only %s", o.Label, stsAudience))
				} else if o := p.Model.ProviderOfAccountNotPinned(w); o != nil && o.ClientIDs != nil && onlySTSAudience(o.ClientIDs) {
					// The one provider for the issuer, in an account not
					// known: harmless if it is the account the principal
					// names, as it likely is.
					inf = append(slices.Clone(inf), fmt.Sprintf("%s, the one provider the tree declares for this issuer, accepts only %s; the account it is created in is not known, and is taken to be another than the one the principal names", o.Label, stsAudience))
				} else if l := p.Model.LookupOfUnknownName(w); l != nil && len(p.Model.ClusterProvidersOnlySTS(onlySTSAudience)) > 0 {
					// Likely one of the tree's clusters, whose providers
					// all accept STS tokens only.
					inf = append(slices.Clone(inf), fmt.Sprintf("%s looks up its cluster by a name not known statically: the cluster is taken to be another than those the tree declares, whose OIDC providers accept only %s", l.Label, stsAudience))
				} else if o := p.Model.SoleProviderOfRoot(w, r.Root); o != nil && o.ClientIDs != nil && onlySTSAudience(o.ClientIDs) {
					// Harmless if the principal, rebuilt from parts, names
					// the root's one provider, as it likely does.
					what := fmt.Sprintf("the principal's issuer, traced to no provider, is taken to be another than that of %s, the one provider this root declares, which accepts only %s", o.Label, stsAudience)
					if _, traced := p.Model.IssuerOrigin(w.Statement.Federated[0]); traced {
						what = fmt.Sprintf("the URL of %s, the one provider this root declares, which accepts only %s, is rebuilt from parts and traced to no issuer: it is taken to be another than the principal's", o.Label, stsAudience)
					}
					inf = append(slices.Clone(inf), what)
				} else if oc := p.Model.ProviderOfUnreadCall(w); oc != nil {
					// The module's provider may accept STS tokens only, as
					// every version of the eks module faultline models does.
					inf = append(slices.Clone(inf), fmt.Sprintf("the provider is that of the %s: the audiences it accepts are taken to be others than %s alone", oc.What, stsAudience))
				} else if call := p.Model.UnreadCallOfPrincipal(w); call != "" {
					// Any module's provider may accept STS tokens only.
					inf = append(slices.Clone(inf), fmt.Sprintf("the provider is an output of %s, whose code faultline does not read: the audiences it accepts are taken to be others than %s alone", call, stsAudience))
				} else if call := p.Model.UnreadCallOfPrincipalIssuer(w); call != "" {
					// The module outputting the cluster's issuer likely
					// makes its provider too, which may accept STS only.
					inf = append(slices.Clone(inf), fmt.Sprintf("the principal names the issuer %s outputs, whose code faultline does not read: the provider it likely makes is taken to accept audiences other than %s alone", call, stsAudience))
				} else if call, lookup := p.Model.UnreadCallOfLookedUpIssuer(w); call != "" {
					// The module making the cluster likely makes its
					// provider too, which may accept STS tokens only.
					inf = append(slices.Clone(inf), fmt.Sprintf("the principal names the issuer of the cluster %s looks up by a name %s outputs, whose code faultline does not read: the provider it likely makes is taken to accept audiences other than %s alone", lookup, call, stsAudience))
				}
				p.Report(lint.Finding{
					Range:   w.Statement.Range,
					Message: fmt.Sprintf("trust of role %s has a web-identity statement without an :aud = %s condition", roleName(r), stsAudience),
					Related: rel,
					Chain: []string{
						"tokens of the cluster's OIDC issuer carry different audiences",
						fmt.Sprintf("without an :aud condition role %s accepts a token minted for any of them", roleName(r)),
					},
					Hint:     fmt.Sprintf("add \"<issuer>:aud\" = %q to the statement's StringEquals condition", stsAudience),
					Inferred: inf,
					Key:      "role=" + r.Addr + "|noaud",
					Roots:    rootsOf(r),
					Fix:      addAudienceFix(r, w, inf),
				})
				continue
			}
			verdict, bad, at := audienceVerdict(w)
			switch verdict {
			case lint.Yes:
				continue
			case lint.Maybe:
				p.Unresolved(fmt.Sprintf("audience of trust of %s", r.Label), w.AudConditions[0].Range)
				continue
			}
			inf := inferredFor(r, lint.FactIdentity, lint.FactTrustAudience)
			p.Report(lint.Finding{
				Range:   at,
				Message: fmt.Sprintf("trust of role %s requires audience %s, not %s", roleName(r), listLabels(bad), stsAudience),
				Related: rel,
				Chain: []string{
					fmt.Sprintf("the EKS pod identity webhook projects tokens with audience %s", stsAudience),
					fmt.Sprintf("role %s accepts only %s: AssumeRoleWithWebIdentity fails with AccessDenied for every IRSA pod", roleName(r), listLabels(bad)),
				},
				Hint:     wrongAudienceHint(w, bad),
				Inferred: inf,
				Key:      "role=" + r.Addr + "|aud",
				Roots:    rootsOf(r),
				Fix:      audienceValueFix(r, w, bad, inf),
			})
		}
	}
}

// inAccount is the provider of ps whose root is applied in account, as
// both roots' settings say (allowed_account_ids): IAM keeps one provider
// per issuer in an account, so that one is what a principal written with
// the account names. Nil when account is not known or none is there.
func inAccount(ps []*lint.OIDCProvider, account string) *lint.OIDCProvider {
	if account == "" {
		return nil
	}
	for _, o := range ps {
		if o.Scope.Account == account {
			return o
		}
	}
	return nil
}

// withCredentials are the providers of ps whose roots take their
// credentials where the root does (one named profile, the same shared
// files: lint.Scope.Credentials), so are applied in its account: IAM
// keeps one provider per issuer in an account. Nil when credentials is
// empty or no root of ps shares them.
func withCredentials(ps []*lint.OIDCProvider, credentials string) []*lint.OIDCProvider {
	if credentials == "" {
		return nil
	}
	var out []*lint.OIDCProvider
	for _, o := range ps {
		if o.Scope.Credentials == credentials {
			out = append(out, o)
		}
	}
	return out
}

// allOnlySTS reports whether there are providers and each accepts only
// STS tokens, as its known client_id_list says.
func allOnlySTS(ps []*lint.OIDCProvider) bool {
	for _, o := range ps {
		if o.ClientIDs == nil || !onlySTSAudience(o.ClientIDs) {
			return false
		}
	}
	return len(ps) > 0
}

// elsewhereText is what a missing :aud condition rests on when the
// providers other roots declare for the issuer accept only STS tokens:
// that this root's account is none of theirs.
func elsewhereText(ps []*lint.OIDCProvider) string {
	if len(ps) == 1 {
		return fmt.Sprintf("this root's account is taken to differ from that of %s, whose %s, the one provider the tree declares for this issuer, accepts only %s", ps[0].Root, ps[0].Label, stsAudience)
	}
	var which []string
	for _, o := range ps {
		if strings.Contains(o.Label, o.Root) {
			which = append(which, o.Label)
		} else {
			which = append(which, o.Label+" of "+o.Root)
		}
	}
	return fmt.Sprintf("this root's account is taken to differ from those of the %d providers the tree declares for this issuer (%s), each of which accepts only %s", len(ps), strings.Join(which, ", "), stsAudience)
}

// audienceVerdict decides whether a statement's :aud conditions let a
// token of audience sts.amazonaws.com in: Yes when one value does, No
// when every value provably refuses it (bad are those values, at the
// first one's condition), Maybe otherwise.
func audienceVerdict(w lint.WebIdentity) (verdict lint.Tri, bad []string, at lint.Range) {
	verdict = lint.No
	for _, c := range w.AudConditions {
		match, decided := lint.ClaimMatcher(c)
		for _, v := range c.Values {
			t := lint.Maybe // negated, another family, or not an IAM operator
			if decided {
				t = match(v, lint.Known(stsAudience))
			}
			switch t {
			case lint.Yes:
				verdict = lint.Yes
			case lint.Maybe:
				if verdict != lint.Yes {
					verdict = lint.Maybe
				}
			default:
				bad = append(bad, v.String())
				if at.IsZero() {
					at = c.Range
				}
			}
		}
	}
	return verdict, bad, at
}

// admitsNoToken reports whether no token can satisfy a statement: its
// :aud conditions refuse sts.amazonaws.com and the providers it trusts
// accept STS audiences only, so STS refuses every token they would let
// in.
func admitsNoToken(m *lint.Model, r *lint.Role, w lint.WebIdentity) bool {
	if len(w.AudConditions) == 0 {
		return false
	}
	if v, _, _ := audienceVerdict(w); v != lint.No {
		return false
	}
	auds, ok := m.ProviderAudiences(w, r.Root)
	return ok && onlySTSAudience(auds)
}

// wrongAudienceHint is the hint of a wrong audience: set the value, or,
// for a statement without a :sub condition whose audience is a
// service-account subject (a :sub condition written under the :aud
// key), move it to a :sub key first — setting the audience alone would
// let every service account in.
func wrongAudienceHint(w lint.WebIdentity, bad []string) string {
	if len(w.SubConditions) == 0 {
		for _, b := range bad {
			if _, _, ok := lint.ParseSubject(lint.Known(b)); ok {
				return fmt.Sprintf("%s is a service account subject: put it under an \"<issuer>:sub\" key and set the :aud condition's value to %q", b, stsAudience)
			}
		}
		return fmt.Sprintf("add a :sub condition naming the service account, then set the :aud condition's value to %q", stsAudience)
	}
	return fmt.Sprintf("set the :aud condition's value to %q", stsAudience)
}

// onlySTSAudience reports whether the audiences a provider accepts are
// STS audiences alone.
func onlySTSAudience(auds []lint.Value) bool {
	for _, a := range auds {
		if !lint.STSAudience(a) {
			return false
		}
	}
	return len(auds) > 0
}

// addAudienceFix is the repair of a statement without an :aud condition:
// `"<issuer>:aud" = "sts.amazonaws.com"` added beside its :sub condition.
// It offers none unless the statement has exactly one :sub key, under
// StringEquals, with a literal ":sub" ending, and the finding rests on
// nothing inferred; the fixer adds the condition only where that key is
// written in a literal HCL object.
func addAudienceFix(r *lint.Role, w lint.WebIdentity, findingInferred []string) *lint.Fix {
	if len(findingInferred) > 0 || r.Trust.Range.IsZero() || len(w.SubConditions) != 1 {
		return nil
	}
	c := w.SubConditions[0]
	if c.Operator != "StringEquals" || !strings.HasSuffix(c.Key.Suffix(), ":sub") {
		return nil
	}
	return &lint.Fix{
		Description: fmt.Sprintf("condition :aud = %s added to the trust of role %s beside its :sub condition", stsAudience, roleName(r)),
		Target:      lint.FixTarget{Kind: lint.FixAddAudience, In: r.Trust.Range, New: stsAudience},
	}
}

// audienceValueFix is the repair of an :aud condition with one wrong,
// known value: the value replaced by sts.amazonaws.com, where it is
// written once as a literal.
func audienceValueFix(r *lint.Role, w lint.WebIdentity, bad, findingInferred []string) *lint.Fix {
	if len(findingInferred) > 0 || r.Trust.Range.IsZero() || len(bad) != 1 || len(w.AudConditions) != 1 {
		return nil
	}
	if len(w.SubConditions) == 0 {
		return nil // the statement would then let every service account in (FL203)
	}
	c := w.AudConditions[0]
	if len(c.Values) != 1 || c.Op().Negated() {
		return nil
	}
	old, ok := c.Values[0].Str()
	if !ok || old != bad[0] || strings.ContainsAny(old, "*?") || trustMentions(r.Trust, old) != 1 {
		return nil
	}
	return &lint.Fix{
		Description: fmt.Sprintf("audience %s of the trust of role %s replaced by %s", old, roleName(r), stsAudience),
		Target:      lint.FixTarget{Kind: lint.FixReplaceString, In: r.Trust.Range, Old: old, New: stsAudience, Claim: "aud"},
	}
}
