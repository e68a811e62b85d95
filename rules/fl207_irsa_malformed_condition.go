package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/iamcond"
)

// IRSAMalformedCondition reports web-identity trust conditions that can
// never match a service account token: a key with a scheme or an ARN, an
// empty issuer, a wildcard under StringEquals, a subject that is not a
// service account.
var IRSAMalformedCondition = &lint.Rule{
	ID:       "FL207",
	Name:     "irsa-malformed-condition",
	Severity: lint.Error,
	Summary:  "web-identity trust condition that no service account token can satisfy",
	Since:    "0.1.0",
	Doc: `A role's web-identity (IRSA) trust has a condition written in a form STS never
matches, so the role cannot be assumed by any pod.

## The chain

1. The condition is malformed in one of these ways:
   - the key starts with ` + "`https://`" + ` (the issuer URL as the cluster shows it,
     ` + "`https://oidc.eks.…/id/X:sub`" + `), written so or built from the cluster's
     issuer attribute, which holds the scheme
     (` + "`\"${aws_eks_cluster.this.identity[0].oidc[0].issuer}:sub\"`" + `, the eks
     module's ` + "`cluster_oidc_issuer_url`" + `): condition keys name the issuer without
     the scheme;
   - the key is the OIDC provider ARN (` + "`arn:aws:iam::…:oidc-provider/oidc.eks…:sub`" + `,
     or ` + "`\"${module.eks.oidc_provider_arn}:sub\"`" + `: a reference whose last
     word is ` + "`arn`" + `, an inferred fact; one named ` + "`…_from_arn`" + ` is the issuer
     cut out of an ARN) instead of the issuer, or what is left of it once
     only its start is cut (` + "`replace(<provider ARN>, \"arn:aws:iam::\", \"\")`" + `
     leaves ` + "`<account>:oidc-provider/oidc.eks…:sub`" + `);
   - the key is built from the cluster's API server endpoint
     (` + "`aws_eks_cluster.X.endpoint`" + `, the eks module's ` + "`cluster_endpoint`" + `), another
     https:// URL of the cluster, instead of its OIDC issuer;
   - the key is the issuer alone, with no claim after it
     (` + "`oidc.eks.…/id/X`" + ` = ` + "`system:serviceaccount:…`" + `, the ` + "`:sub`" + ` left off), written so or a
     reference that is wholly the issuer (` + "`replace(<provider>.url, \"https://\", \"\")`" + `),
     under a string operator that is neither negated nor ` + "`…IfExists`" + ` (those
     pass on a key the request lacks: FL203 judges the statement then);
   - the key has no issuer at all (` + "`:sub`" + `): a variable or output that evaluated
     to an empty string. Where the Federated principal is that empty string
     too, the trust names no provider, and is judged only when the role is
     declared in a module a caller instantiates (the empty string is what
     the call gives it) and a service account or an add-on of the tree is
     bound to it (it is meant for pods); a root's own variable left at an
     empty default (a module read alone, or a value given at apply) is not
     judged;
   - a value contains ` + "`*`" + ` under ` + "`StringEquals`" + `, where it is a literal
     asterisk, not a wildcard;
   - a ` + "`:sub`" + ` value that is not ` + "`system:serviceaccount:<namespace>:<name>`" + `
     (one with a further ` + "`:`" + ` in its literal text included — the prefix
     written twice, as when ` + "`system:serviceaccount:ns:name`" + ` is given to a
     module that adds the prefix itself: neither part can hold a colon),
     when no other value of that key can be a subject (any one value
     satisfies a condition; two ` + "`condition`" + ` blocks of a policy document with
     one test and variable are one key holding both blocks' values, as the
     AWS provider renders them).
2. The key is absent from every token (or the value never equals a token's
   claim), so the condition is false and every ` + "`AssumeRoleWithWebIdentity`" + `
   call fails with ` + "`AccessDenied`" + `.
3. The pods using the role get no AWS credentials: the controller
   crash-loops or stops acting (Karpenter launches no nodes), and the pods
   that wait on it stay ` + "`Pending`" + `.

## Example

` + "```hcl" + `
Condition = {
  StringEquals = {
    "https://${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:*"   # FL207 twice
  }
}
` + "```" + `

## How to fix

Key conditions on the bare issuer (` + "`\"${module.eks.oidc_provider}:sub\"`" + `, not the
ARN, not the URL) and list the exact subjects
(` + "`system:serviceaccount:kube-system:karpenter`" + `). Do not switch to ` + "`StringLike`" + `
with a wildcard to make the error go away: that lets every service account
in the namespace (or the cluster) assume the role.`,
	Check: checkIRSAMalformedCondition,
}

func checkIRSAMalformedCondition(p *lint.Pass) {
	for _, role := range p.Model.Roles {
		if !role.Trust.Known {
			continue
		}
		rid := lint.Identity{Kind: lint.KindRole, Entity: role, Name: role.Name}
		for si, w := range role.Trust.WebIdentities() {
			if !judgedIRSA(p, role, w) {
				continue
			}
			report := func(c lint.TrustCondition, prob conditionProblem, key string) {
				at := c.Range
				if at.IsZero() {
					at = role.Trust.Range
				}
				p.Report(lint.Finding{
					Range:   at,
					Message: fmt.Sprintf("trust of IAM role %s: %s", describe(rid), prob.what),
					Related: declared(rid, "role"),
					Chain: []string{
						prob.why,
						"the condition is false for every token, so every AssumeRoleWithWebIdentity call fails with AccessDenied",
						"the pods using the role get no AWS credentials: the controller crash-loops or stops acting, and the pods waiting on it stay Pending",
					},
					Hint:     prob.hint,
					Inferred: append(inferredFor(role, lint.FactIdentity, lint.FactTrustSubjects, lint.FactTrustAudience), prob.inferred...),
					Key:      fmt.Sprintf("role=%s|statement=%d|%s", role.Addr, si, key),
					Roots:    rootsOf(role),
				})
			}
			// Keys with no issuer share their cause, the empty issuer:
			// one finding for the statement, at its first.
			var empty []conditionProblem
			var emptyAt lint.TrustCondition
			// A principal that is the issuer URL itself (FL205) and keys
			// built from that URL share one cause, told there: a module
			// makes both from its provider_arn input.
			bare := principalIsIssuerURL(p.Model, w.Statement)
			for ci, c := range w.Statement.Conditions {
				for _, prob := range conditionProblems(p.Model, c) {
					if bare && prob.kind == "scheme" && keyFromIssuerURL(p.Model, c) {
						continue
					}
					if prob.kind == "empty" {
						if len(empty) == 0 {
							emptyAt = c
						}
						empty = append(empty, prob)
						continue
					}
					report(c, prob, fmt.Sprintf("condition=%d|%s", ci, prob.kind))
				}
			}
			if len(empty) > 0 {
				report(emptyAt, emptyKeys(empty), "empty")
			}
		}
	}
}

// principalIsIssuerURL reports whether a Federated principal of s is a
// cluster's issuer URL instead of a provider's ARN (bareIssuerURL).
func principalIsIssuerURL(m *lint.Model, s lint.TrustStatement) bool {
	for _, f := range s.Federated {
		if _, ok := bareIssuerURL(m, f); ok {
			return true
		}
	}
	return false
}

type conditionProblem struct {
	kind, what, why, hint string
	// key is the condition key, for the problems of several keys that
	// are reported as one (emptyKeys).
	key      string
	inferred []string
}

// emptyKeys is the one problem of a statement's keys that have no issuer:
// the first's, naming every key.
func emptyKeys(probs []conditionProblem) conditionProblem {
	if len(probs) == 1 {
		return probs[0]
	}
	out := probs[0]
	var keys []string
	for _, p := range probs {
		keys = append(keys, strconv.Quote(p.key))
	}
	out.what = fmt.Sprintf("condition keys %s have no issuer before the claim", strings.Join(keys, ", "))
	return out
}

// keyInNoToken reports whether c is a positive string condition (not
// negated, not …IfExists) on a key that exists in no token (its issuer
// part empty, an ARN, a URL with its scheme, the API endpoint, or the
// issuer alone), as decided, not inferred: c is false for every token, so
// the statement admits none (FL207's finding).
func keyInNoToken(m *lint.Model, c lint.TrustCondition) bool {
	op := c.Op()
	if op.Base.Family() != iamcond.FamilyString || op.Negated() || op.IfExists {
		return false
	}
	for _, p := range conditionProblems(m, c) {
		switch p.kind {
		case "claimless", "scheme", "arn", "endpoint", "empty":
			if len(p.inferred) == 0 {
				return true
			}
		}
	}
	return false
}

// conditionProblems lists what is wrong with one web-identity condition.
func conditionProblems(m *lint.Model, c lint.TrustCondition) []conditionProblem {
	var out []conditionProblem
	key := c.Key
	if key.IsUnknown() {
		return nil
	}
	if m.Claimless(c) {
		what := fmt.Sprintf("condition key %q is the issuer alone, with no claim after it (:sub)", key.String())
		hint := fmt.Sprintf("add the claim the value is for: \"%s:sub\" for a system:serviceaccount:<namespace>:<name> subject", key.String())
		if ref, traced := m.IssuerOrigin(key); traced && !key.IsKnown() {
			what = fmt.Sprintf("condition key is %s, the issuer alone, with no claim after it (:sub)", ref)
			hint = "add the claim the value is for: write the key as \"${<issuer>}:sub\" for a system:serviceaccount:<namespace>:<name> subject"
		}
		return []conditionProblem{{
			kind: "claimless",
			what: what,
			why:  "condition keys are <issuer>:<claim> (oidc.eks.<region>.amazonaws.com/id/<ID>:sub); STS sets no key that is the issuer alone, and " + c.Operator + " on a key the request lacks is false",
			hint: hint,
		}}
	}
	claim, _ := lint.ClaimOfKey(key)
	switch claim {
	case "sub", "aud", "amr":
	default:
		return nil // not a web-identity claim key
	}
	issuer := lint.IssuerOfKey(key)
	good := "\"${module.eks.oidc_provider}:" + claim + "\""

	switch {
	case strings.HasPrefix(strings.ToLower(key.Prefix()), "https://") || strings.HasPrefix(strings.ToLower(key.Prefix()), "http://"):
		fixed := key.String()
		if i := strings.Index(fixed, "://"); i >= 0 {
			fixed = fixed[i+3:]
		}
		out = append(out, conditionProblem{
			kind: "scheme",
			what: fmt.Sprintf("condition key %q starts with the issuer URL's scheme; IAM condition keys name the issuer without https://", key.String()),
			why:  fmt.Sprintf("STS sets the key %q from the token's issuer, never %q", fixed, key.String()),
			hint: fmt.Sprintf("drop the scheme: %q (with terraform-aws-modules/eks, module.eks.oidc_provider is already the issuer without https://; from aws_eks_cluster, replace(<issuer>, \"https://\", \"\"))", fixed),
		})
	case isARN(issuer):
		out = append(out, conditionProblem{
			kind: "arn",
			what: fmt.Sprintf("condition key %q is the OIDC provider ARN, not the issuer", key.String()),
			why:  "condition keys are <issuer>:<claim> (oidc.eks.<region>.amazonaws.com/id/<ID>:sub); a key built from the provider ARN exists in no token",
			hint: fmt.Sprintf("key the condition on the issuer: %s, i.e. the ARN without its arn:aws:iam::<account>:oidc-provider/ prefix", good),
		})
	case lint.IsProviderARNTail(issuer):
		out = append(out, conditionProblem{
			kind: "arn",
			what: fmt.Sprintf("condition key %q is the OIDC provider ARN with its start cut off, not the issuer", key.String()),
			why:  "condition keys are <issuer>:<claim> (oidc.eks.<region>.amazonaws.com/id/<ID>:sub); cutting arn:aws:iam:: from the provider ARN leaves <account>:oidc-provider/<issuer>, which exists in no token",
			hint: fmt.Sprintf("key the condition on the issuer: %s, i.e. the ARN without its whole arn:aws:iam::<account>:oidc-provider/ prefix", good),
		})
	default:
		if ref, fix, ok := issuerURLHole(m, issuer); ok {
			out = append(out, conditionProblem{
				kind: "scheme",
				what: fmt.Sprintf("condition key %q is built from %s, the cluster's issuer URL, which starts with https://; IAM condition keys name the issuer without the scheme", key.String(), ref),
				why:  fmt.Sprintf("STS sets the key from the token's issuer without https://, so a key starting with %s's https:// exists in no token", ref),
				hint: fmt.Sprintf("drop the scheme: \"${%s}:%s\"", fix, claim),
			})
		} else if ref, ok := arnHole(issuer); ok {
			p := conditionProblem{
				kind: "arn",
				what: fmt.Sprintf("condition key %q is built from %s, an OIDC provider ARN, not the issuer", key.String(), ref),
				why:  "condition keys are <issuer>:<claim> (oidc.eks.<region>.amazonaws.com/id/<ID>:sub); a key built from the provider ARN exists in no token",
				hint: fmt.Sprintf("key the condition on the issuer: %s (the ARN is for the Federated principal only)", good),
			}
			if a, ok := lint.ParseAddress(ref.Object); ok && a.Type == oidcProviderType { // resource or data source: both have url
				obj := lint.HoleRef{Object: ref.Object}.String()
				p.hint = fmt.Sprintf("key the condition on the issuer: \"${replace(%s.url, \"https://\", \"\")}:%s\" (the ARN is for the Federated principal only)", obj, claim)
			} else {
				p.inferred = []string{fmt.Sprintf("%s is taken to be an ARN from its name", ref)}
			}
			out = append(out, p)
		} else if ref, ok := endpointHole(issuer); ok {
			out = append(out, conditionProblem{
				kind: "endpoint",
				what: fmt.Sprintf("condition key %q is built from %s, the cluster's API server endpoint, not its OIDC issuer", key.String(), ref),
				why:  "STS names condition keys after the token's issuer (oidc.eks.<region>.amazonaws.com/id/<ID>); the API server's host (<ID>.<zone>.<region>.eks.amazonaws.com) issues no token, so the key exists in no token",
				hint: fmt.Sprintf("key the condition on the issuer: \"${replace(%s, \"https://\", \"\")}:%s\" (with terraform-aws-modules/eks: module.eks.oidc_provider)", issuerOf(ref), claim),
			})
		} else if s, ok := issuer.Str(); ok && s == "" {
			out = append(out, conditionProblem{
				kind: "empty",
				key:  key.String(),
				what: fmt.Sprintf("condition key %q has no issuer before %q", key.String(), ":"+claim),
				why:  "the issuer part of the key evaluated to an empty string (an empty variable or output), so the key names no cluster",
				hint: fmt.Sprintf("key the condition on the cluster's issuer: %s", good),
			})
		}
	}

	op := c.Op()
	if op.Base == iamcond.StringEquals || op.Base == iamcond.StringEqualsIgnoreCase {
		for _, v := range c.Values {
			if literalContains(v, "*") {
				out = append(out, conditionProblem{
					kind: "wildcard=" + v.String(),
					what: fmt.Sprintf("%q under %s is compared literally; wildcards only work with StringLike", v.String(), c.Operator),
					why:  fmt.Sprintf("%s matches only a claim that is literally %q; no service account has that name", c.Operator, v.String()),
					hint: "list the exact subject under StringEquals (system:serviceaccount:<namespace>:<service account the pods run as>); switching to StringLike would let every matching service account assume the role",
				})
			}
		}
	}

	// Another issuer's subjects are not service accounts (a CI system's
	// repo:…); a key of one in an IRSA trust is FL205's finding.
	if _, ok := lint.ClaimMatcher(c); ok && claim == "sub" && m.IssuerEKS(issuer) != lint.No {
		// A value that is no subject matters only when no other value can
		// be one: any one of a key's values satisfies the condition.
		var bad []conditionProblem
		for _, v := range c.Values {
			if prob, ok := badSubject(v, op.Wildcards()); ok {
				bad = append(bad, prob)
			}
		}
		if len(bad) == len(c.Values) {
			out = append(out, bad...)
		}
	}
	return out
}

// badSubject reports a :sub value that can never be a service account
// token's subject.
func badSubject(v lint.Value, like bool) (conditionProblem, bool) {
	if v.IsUnknown() {
		return conditionProblem{}, false
	}
	const prefix = "system:serviceaccount:"
	lit := v.Prefix()
	_, open := v.Str()
	open = !open // holes after the literal prefix
	if like {
		if i := strings.IndexAny(lit, "*?"); i >= 0 {
			lit, open = lit[:i], true
		}
	}
	compatible := strings.HasPrefix(lit, prefix) || open && strings.HasPrefix(prefix, lit)
	if !compatible {
		return conditionProblem{
			kind: "subject=" + v.String(),
			what: fmt.Sprintf("subject %q is not a service account (system:serviceaccount:<namespace>:<name>)", v.String()),
			why:  fmt.Sprintf("service account tokens carry sub = system:serviceaccount:<namespace>:<name>; %q never equals one", v.String()),
			hint: "write the full subject of the service account the pods run as: system:serviceaccount:<namespace>:<name>",
		}, true
	}
	if p, ok := extraColons(v, prefix); ok {
		return p, true
	}
	if s, ok := v.Str(); ok && !like && strings.HasPrefix(s, prefix) && !strings.Contains(s[len(prefix):], ":") {
		return conditionProblem{
			kind: "subject=" + s,
			what: fmt.Sprintf("subject %q names a namespace but no service account", s),
			why:  fmt.Sprintf("service account tokens carry sub = system:serviceaccount:<namespace>:<name>; %q lacks the name", s),
			hint: fmt.Sprintf("name the service account: %s:<name the pods run as>", s),
		}, true
	}
	return conditionProblem{}, false
}

// extraColons reports a subject whose literal text after the prefix holds
// more than the one ":" between namespace and name. Neither can hold a
// ":" (Kubernetes names are DNS labels and subdomains), and what a hole
// or wildcard stands for only adds characters, so no token's subject can
// match it — typically the prefix written twice, once by a module that
// adds it to each "namespace:name" it is given.
func extraColons(v lint.Value, prefix string) (conditionProblem, bool) {
	rest, ok := v.TrimPrefixKnown(prefix)
	if !ok {
		return conditionProblem{}, false
	}
	n := 0
	for _, seg := range rest.Segments() {
		if seg.Ref == nil {
			n += strings.Count(seg.Text, ":")
		}
	}
	if n < 2 {
		return conditionProblem{}, false
	}
	hint := "write the subject as system:serviceaccount:<namespace>:<name>, with no other \":\""
	if r, ok := rest.TrimPrefixKnown(prefix); ok {
		hint = fmt.Sprintf("write the prefix once: %s%s (where a module builds the subject from \"namespace:name\", give it %s)", prefix, r.String(), r.String())
	}
	return conditionProblem{
		kind: "subject=" + v.String(),
		what: fmt.Sprintf("subject %q holds more than a namespace and a name", v.String()),
		why:  fmt.Sprintf("service account tokens carry sub = system:serviceaccount:<namespace>:<name>, and neither part can hold a \":\"; %q never equals one", v.String()),
		hint: hint,
	}, true
}

// isARN reports whether a condition key's issuer part is written as an
// ARN (arn:<partition>:iam::<account>:oidc-provider/<issuer>), holes in
// its fields included.
func isARN(issuer lint.Value) bool {
	_, ok := lint.ParseARN(issuer)
	return ok
}

// literalContains reports whether a literal part of v contains s.
func literalContains(v lint.Value, s string) bool {
	for _, seg := range v.Segments() {
		if seg.Ref == nil && strings.Contains(seg.Text, s) {
			return true
		}
	}
	return false
}

// arnHole returns the reference an issuer value is built from when that
// reference is an ARN: the issuer is exactly one hole whose attribute is
// "arn" or ends in "_arn" (module.eks.oidc_provider_arn,
// aws_iam_openid_connect_provider.x.arn).
func arnHole(issuer lint.Value) (lint.HoleRef, bool) {
	ref, ok := soleHole(issuer)
	if !ok {
		return lint.HoleRef{}, false
	}
	// The attribute read last names an ARN: arn, or a name whose last
	// word is arn (oidc_provider_arn) — not one that says it was taken
	// from an ARN (provider_extract_from_arn, the issuer cut out of it).
	names := ref.Attrs()
	if len(names) == 0 {
		return lint.HoleRef{}, false
	}
	words := strings.Split(names[len(names)-1], "_")
	n := len(words)
	if words[n-1] == "arn" && (n < 2 || words[n-2] != "from") {
		return *ref, true
	}
	return lint.HoleRef{}, false
}

// soleHole is the one named reference issuer is made of (blanks around
// it aside); false when it holds text or several references.
func soleHole(issuer lint.Value) (*lint.HoleRef, bool) {
	var ref *lint.HoleRef
	for _, s := range issuer.Segments() {
		if s.Ref == nil {
			if strings.TrimSpace(s.Text) != "" {
				return nil, false
			}
			continue
		}
		if ref != nil {
			return nil, false
		}
		ref = s.Ref
	}
	if ref == nil || ref.Anonymous {
		return nil, false
	}
	return ref, true
}

// endpointHole reports whether issuer is made of one reference to an EKS
// cluster's endpoint (aws_eks_cluster.X.endpoint, a resource or a data
// source, perhaps through replace or trimprefix): the API server's URL,
// which is never the OIDC issuer.
func endpointHole(issuer lint.Value) (lint.HoleRef, bool) {
	r, ok := issuer.SoleOrigin()
	if !ok {
		return lint.HoleRef{}, false
	}
	a, ok := lint.ParseAddress(r.Object)
	if !ok || a.Type != "aws_eks_cluster" || !slices.Equal(r.Attrs(), []string{"endpoint"}) {
		return lint.HoleRef{}, false
	}
	return r, true
}

// issuerOf is the identity issuer attribute of the cluster whose endpoint
// ref reads, as the user would write it.
func issuerOf(ref lint.HoleRef) string {
	return lint.HoleRef{Object: ref.Object, Path: "identity[0].oidc[0].issuer"}.String()
}

// issuerURLRef reports whether r reads a cluster's issuer URL, which EKS
// gives with its scheme: an aws_eks_cluster's (resource or data source)
// identity[0].oidc[0].issuer, in the root or inside a module (the eks
// module's cluster_oidc_issuer_url output reads it there).
func issuerURLRef(_ *lint.Model, r lint.HoleRef) bool {
	a, ok := lint.ParseAddress(r.Object)
	return ok && a.Type == "aws_eks_cluster" && slices.Equal(r.Attrs(), []string{"identity", "oidc", "issuer"})
}

// issuerURLHole reports whether issuer is one reference to the cluster's
// issuer URL, which EKS gives with its scheme
// ("https://oidc.eks.<region>.amazonaws.com/id/<ID>"): an aws_eks_cluster's
// (resource or data source) identity[0].oidc[0].issuer, the
// cluster_oidc_issuer_url output of a terraform-aws-modules/eks call
// among them. fix is the expression that gives the issuer without the
// scheme.
func issuerURLHole(m *lint.Model, issuer lint.Value) (ref lint.HoleRef, fix string, ok bool) {
	r, ok := soleHole(issuer)
	if !ok || !issuerURLRef(m, *r) {
		return lint.HoleRef{}, "", false
	}
	a, _ := lint.ParseAddress(r.Object)
	if len(a.Modules) > 0 {
		// Inside the eks module's code (its cluster_oidc_issuer_url
		// output): its oidc_provider output is the issuer without the
		// scheme.
		call := lint.Address{Root: a.Root, Modules: a.Modules}
		if m.EKSModuleCall(call.String()) {
			return *r, call.Unqualified().String() + ".oidc_provider", true
		}
	}
	return *r, fmt.Sprintf("replace(%s, \"https://\", \"\")", r), true
}
