package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/iamcond"
)

// IRSAWildcardSubject reports a web-identity trust that lets any service
// account (or any namespace) assume the role.
var IRSAWildcardSubject = &lint.Rule{
	ID:       "FL203",
	Name:     "irsa-wildcard-subject",
	Severity: lint.Error,
	Summary:  "an IRSA role's trust lets any service account or any namespace assume the role",
	Since:    "0.1.0",
	Doc: `A web-identity trust statement for an EKS OIDC provider has no ` + "`:sub`" + `
condition, its ` + "`:sub`" + ` condition is a ` + "`StringLike`" + ` pattern with ` + "`*`" + ` in
the namespace (` + "`system:serviceaccount:*`" + `, ` + "`system:serviceaccount:*:karpenter`" + `),
or its only ` + "`:sub`" + ` conditions are negations (` + "`StringNotEquals`" + `,
` + "`StringNotLike`" + `), which let in every subject they do not list.

## The chain

1. Every pod of the cluster gets a web identity token from the same OIDC
   issuer.
2. Without a subject restriction (or with a wildcard namespace), any pod
   in any namespace — including one a tenant or a compromised workload can
   create — can call ` + "`AssumeRoleWithWebIdentity`" + ` for this role.
3. It gets the role's permissions: for a Karpenter or load balancer
   controller role, the power to launch instances, pass roles or change
   the network.

A wildcard only in the name inside one fixed namespace
(` + "`system:serviceaccount:crossplane-system:provider-aws-*`" + `, the usual form
for Crossplane provider accounts whose names carry a revision hash) is a
warning: anyone who can create service accounts in that namespace gets the
role. A pattern whose literal start no service account subject shares
(` + "`repo:acme/app:*`" + `, a GitHub Actions subject under the cluster's provider)
lets no service account in: FL207 reports it.

Operators are read as IAM evaluates them. ` + "`ForAnyValue:`" + `, ` + "`ForAllValues:`" + ` and
` + "`…IfExists`" + ` change nothing for ` + "`:sub`" + `, which every service account token
carries with one value: ` + "`ForAnyValue:StringLike`" + ` and ` + "`StringLikeIfExists`" + ` are
judged as ` + "`StringLike`" + `. Non-string operators (` + "`ArnLike`" + `, ` + "`Null`" + `) and names
that are not IAM operators (` + "`StringLikes`" + `) are not judged: counted as
unresolved.

A statement without a ` + "`:sub`" + ` condition that no token can satisfy is not
reported: its ` + "`:aud`" + ` condition refuses ` + "`sts.amazonaws.com`" + ` (a subject written
under the ` + "`:aud`" + ` key) while the providers it trusts accept STS audiences only,
so STS refuses every token it would let in. FL204 reports the audience, and
offers no fix there: correcting the audience alone would let every service
account in.

Wildcards usually appear as a fix for FL201/FL202: widening the subject
until the controller works. Write the exact subject instead.

## Example

` + "```json" + `
"Condition": {
  "StringLike": {
    "oidc.eks.eu-west-1.amazonaws.com/id/ABC:sub": "system:serviceaccount:*:karpenter"
  }
}
` + "```" + `

## How to fix

Use ` + "`StringEquals`" + ` with the exact ` + "`system:serviceaccount:<namespace>:<name>`" + `
the controller runs as. For Crossplane providers, name the account with a
` + "`DeploymentRuntimeConfig`" + ` (` + "`serviceAccountTemplate.metadata.name`" + `) so it no
longer needs a pattern.

References: EKS user guide, "Configure IAM roles for service accounts"
(scope the trust to one service account); AWS security blog on IRSA
trust policies; Crossplane "DeploymentRuntimeConfig".`,
	Check: checkIRSAWildcardSubject,
}

func checkIRSAWildcardSubject(p *lint.Pass) {
	for _, r := range p.Model.Roles {
		if !r.Trust.Known {
			continue
		}
		for _, w := range r.Trust.WebIdentities() {
			if !judgedIRSA(p, r, w) {
				continue
			}
			if slices.ContainsFunc(w.Statement.Conditions, func(c lint.TrustCondition) bool { return keyInNoToken(p.Model, c) }) {
				continue // no token gets in at all: FL207's key that exists in no token
			}
			if len(w.SubConditions) == 0 && len(w.UnknownClaims) > 0 {
				// A condition on a claim not known statically may be on :sub.
				p.Unresolved(fmt.Sprintf("subjects of trust of %s (condition key %s not known statically)", r.Label, w.UnknownClaims[0].Key), w.UnknownClaims[0].Range)
				continue
			}
			if len(w.SubConditions) == 0 && admitsNoToken(p.Model, r, w) {
				continue // no token gets in at all: FL204's wrong audience
			}
			if len(w.SubConditions) == 0 {
				p.Report(lint.Finding{
					Range:   w.Statement.Range,
					Message: fmt.Sprintf("trust of role %s lets any service account of any namespace assume it: the web-identity statement has no :sub condition", roleName(r)),
					Related: declared(lint.Identity{Kind: lint.KindRole, Entity: r}, "role"),
					Chain: []string{
						"every pod of the cluster gets a web identity token from the trusted OIDC issuer",
						fmt.Sprintf("without a :sub condition any of them can call AssumeRoleWithWebIdentity for role %s", roleName(r)),
						"any workload (or anyone who can create a pod) gets the role's permissions",
					},
					Hint:     "add a StringEquals condition on \"<issuer>:sub\" with the exact system:serviceaccount:<namespace>:<name> the controller runs as",
					Inferred: inferredFor(r, lint.FactIdentity, lint.FactTrustSubjects),
					Key:      "role=" + r.Addr + "|nosub",
					Roots:    rootsOf(r),
				})
				continue
			}
			checkSubConditions(p, r, w)
		}
	}
}

// checkSubConditions judges a statement's :sub conditions: wildcard
// patterns, and negations that are the only restriction.
func checkSubConditions(p *lint.Pass, r *lint.Role, w lint.WebIdentity) {
	var negated []lint.TrustCondition
	positive, undecided := false, false
	for _, c := range w.SubConditions {
		op := c.Op()
		if _, ok := lint.ClaimMatcher(c); !ok {
			if op.Negated() && op.Base.Family() == iamcond.FamilyString {
				negated = append(negated, c)
				continue
			}
			undecided = true
			p.Unresolved(fmt.Sprintf("which service accounts %q on %s in trust of %s allows (not a string operator, or not an IAM operator)", c.Operator, c.Key, r.Label), c.Range)
			continue
		}
		positive = true
		if !op.Wildcards() {
			continue // `*` under StringEquals is literal: FL207's finding
		}
		for i, v := range c.Values {
			reportWildcard(p, r, c, v, c.ValueRange(i))
		}
	}
	if len(negated) > 0 && !positive && !undecided {
		reportNegatedOnly(p, r, negated)
	}
}

// reportNegatedOnly reports a statement whose only :sub restriction is a
// negation: every subject it does not list gets in.
func reportNegatedOnly(p *lint.Pass, r *lint.Role, cs []lint.TrustCondition) {
	c := cs[0]
	var listed []string
	for _, c := range cs {
		for _, v := range c.Values {
			listed = append(listed, v.String())
		}
	}
	p.Report(lint.Finding{
		Range:   c.Range,
		Message: fmt.Sprintf("trust of role %s lets every service account of any namespace assume it except %s: its only :sub condition is %s", roleName(r), listLabels(listed), c.Operator),
		Related: declared(lint.Identity{Kind: lint.KindRole, Entity: r}, "role"),
		Chain: []string{
			"every pod of the cluster gets a web identity token from the trusted OIDC issuer",
			fmt.Sprintf("%s only refuses the subjects it lists: any other service account can call AssumeRoleWithWebIdentity for role %s", c.Operator, roleName(r)),
			"any workload (or anyone who can create a pod) gets the role's permissions",
		},
		Hint:     "allow the exact subject instead: StringEquals on \"<issuer>:sub\" with system:serviceaccount:<namespace>:<name> the controller runs as",
		Inferred: inferredFor(r, lint.FactIdentity, lint.FactTrustSubjects),
		Key:      "role=" + r.Addr + "|negated-sub",
		Roots:    rootsOf(r),
	})
}

// reportWildcard checks one StringLike subject value, written at at.
func reportWildcard(p *lint.Pass, r *lint.Role, c lint.TrustCondition, v lint.Value, at lint.Range) {
	wild := func(x lint.Value) bool {
		for _, s := range x.Segments() {
			if s.Ref == nil && strings.ContainsAny(s.Text, "*?") {
				return true
			}
		}
		return false
	}
	sev := lint.Error
	what := "any service account of any namespace"
	if ns, name, ok := lint.ParseSubject(v); ok {
		switch {
		case wild(ns):
			what = "service accounts of any namespace"
			if t, ok := ns.Str(); ok && t != "*" {
				what = "service accounts of any namespace matching " + t
			}
		case wild(name):
			sev = lint.Warning
			what = fmt.Sprintf("any service account of namespace %s matching %s", ns, name)
		default:
			return // an exact subject (holes are FL201/FL202's to compare)
		}
	} else if !wild(v) {
		if !v.IsKnown() {
			p.Unresolved(fmt.Sprintf("subject %s in trust of %s", v, r.Label), at)
		}
		return // not a pattern (or not a service account subject)
	} else if !mayMatchServiceAccount(v) {
		return // a pattern no service account's subject matches: FL207's
	}
	f := lint.Finding{
		Range:    at,
		Message:  fmt.Sprintf("trust of role %s lets %s assume it: %s %s", roleName(r), what, c.Operator, v),
		Related:  declared(lint.Identity{Kind: lint.KindRole, Entity: r}, "role"),
		Inferred: inferredFor(r, lint.FactIdentity, lint.FactTrustSubjects),
		Key:      "role=" + r.Addr + "|sub=" + v.String(),
		Roots:    rootsOf(r),
		Chain: []string{
			"every pod of the cluster gets a web identity token from the trusted OIDC issuer",
			fmt.Sprintf("the pattern %s matches %s", v, what),
			"any workload that can run as such a service account gets the role's permissions",
		},
		Hint: "use StringEquals with the exact system:serviceaccount:<namespace>:<name> the controller runs as",
	}
	if sev == lint.Warning {
		f.Severity = lint.Warning
		f.Hint = "use StringEquals with the exact service account name (for Crossplane providers, fix it with a DeploymentRuntimeConfig serviceAccountTemplate), or keep the pattern and restrict who can create service accounts in that namespace"
	}
	p.Report(f)
}

// serviceAccountSubjectPrefix starts every subject EKS puts in a service
// account's token.
const serviceAccountSubjectPrefix = "system:serviceaccount:"

// mayMatchServiceAccount reports whether StringLike pattern v may match a
// service account's subject: the literal text it starts with, up to its
// first wildcard or hole, agrees with system:serviceaccount: ("*",
// "system:*"); a pattern written for another issuer's subjects
// ("repo:acme/app:*", GitHub's) matches none.
func mayMatchServiceAccount(v lint.Value) bool {
	lit := v.Prefix()
	if i := strings.IndexAny(lit, "*?"); i >= 0 {
		lit = lit[:i]
	}
	return strings.HasPrefix(serviceAccountSubjectPrefix, lit) || strings.HasPrefix(lit, serviceAccountSubjectPrefix)
}
