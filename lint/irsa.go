package lint

import (
	"strings"

	"github.com/faultline-dev/faultline/lint/iamcond"
)

// WebIdentity is one trust statement that lets a federated OIDC identity
// assume the role (IRSA): sts:AssumeRoleWithWebIdentity with a Federated
// principal.
type WebIdentity struct {
	Statement TrustStatement
	// Provider is the OIDC issuer the (first) Federated principal names,
	// parsed ("oidc.eks.us-east-1.amazonaws.com/id/ABC"), symbolic.
	Provider Issuer
	// Subjects are the service accounts the `:sub` conditions allow.
	Subjects []Subject
	// Audiences are the values of the `:aud` conditions.
	Audiences []Value
	// SubConditions and AudConditions are the conditions on :sub / :aud.
	SubConditions, AudConditions []TrustCondition
	// UnknownClaims are the conditions whose key's claim is not known
	// statically (a key that is, or ends in, a value known only at apply:
	// (var.condition_key) = …): each may be on :sub or :aud.
	UnknownClaims []TrustCondition
}

// Subject is one `system:serviceaccount:<namespace>:<name>` a trust
// condition allows; under a wildcard operator (StringLike), `*` and `?` are
// wildcards.
type Subject struct {
	Namespace, Name Value
	// Like is set under wildcard operators (StringLike, ArnLike, …).
	Like bool
	// IgnoreCase is set under StringEqualsIgnoreCase.
	IgnoreCase bool
	// Raw is the condition value as written, and Range where
	// (TrustCondition.ValueRange).
	Raw       Value
	Range     Range
	Condition TrustCondition
}

const subjectPrefix = "system:serviceaccount:"

// WebIdentities returns the trust's IRSA statements (Allow only).
func (t Trust) WebIdentities() []WebIdentity {
	var out []WebIdentity
	for _, s := range t.Statements {
		if !strings.EqualFold(s.Effect, "Allow") || !s.HasAction("sts:AssumeRoleWithWebIdentity") || len(s.Federated) == 0 {
			continue
		}
		w := WebIdentity{Statement: s, Provider: ParseIssuer(s.Federated[0])}
		for _, c := range s.Conditions {
			claim, ok := ClaimOfKey(c.Key)
			if _, literal := c.Key.Str(); !ok && !literal {
				w.UnknownClaims = append(w.UnknownClaims, c)
				continue
			}
			switch claim {
			case "sub":
				w.SubConditions = append(w.SubConditions, c)
				op := c.Op()
				for i, v := range c.Values {
					if ns, name, ok := ParseSubject(v); ok {
						w.Subjects = append(w.Subjects, Subject{Namespace: ns, Name: name, Like: op.Wildcards(), IgnoreCase: op.IgnoreCase(), Raw: v, Range: c.ValueRange(i), Condition: c})
					}
				}
			case "aud":
				w.AudConditions = append(w.AudConditions, c)
				w.Audiences = append(w.Audiences, c.Values...)
			}
		}
		out = append(out, w)
	}
	return out
}

// ClaimlessConditions are the conditions of a web-identity statement
// keyed on the issuer alone, with no claim after it
// ("oidc.eks.eu-west-1.amazonaws.com/id/ABC" = "system:serviceaccount:…",
// the :sub left off): written so, or a reference that is wholly the
// cluster's issuer (replace(…issuer, "https://", "")). No request carries
// such a key, so under a string operator that is neither negated nor
// …IfExists the condition, and the statement, is false for every token.
func (m *Model) ClaimlessConditions(w WebIdentity) []TrustCondition {
	var out []TrustCondition
	for _, c := range w.Statement.Conditions {
		if m.Claimless(c) {
			out = append(out, c)
		}
	}
	return out
}

// Claimless reports whether c is one of ClaimlessConditions.
func (m *Model) Claimless(c TrustCondition) bool {
	op := c.Op()
	if op.Base.Family() != iamcond.FamilyString || op.Negated() || op.IfExists {
		return false
	}
	if _, ok := ClaimOfKey(c.Key); ok {
		return false
	}
	if s, literal := c.Key.Str(); literal {
		return ParseIssuer(Known(s)).EKS == Yes
	}
	return c.Key.Suffix() == "" && m.isIssuerValue(c.Key)
}

// isIssuerValue reports whether v is wholly a reference to an OIDC
// issuer itself, its scheme cut off or not: a cluster's issuer, an OIDC
// provider's url, the eks module's oidc_provider or
// cluster_oidc_issuer_url output. A provider's ARN (or what is left of
// one) is not: its text has colons of its own.
func (m *Model) isIssuerValue(v Value) bool {
	ref, ok := soleOrigin(v)
	if !ok {
		return false
	}
	a, ok := ParseAddress(ref.Object)
	if !ok {
		return false
	}
	attrs := ref.Attrs()
	switch {
	case a.Type == "aws_iam_openid_connect_provider":
		return len(attrs) == 1 && attrs[0] == "url"
	case a.Type == "" && a.IsModuleCall():
		return len(attrs) == 1 && (attrs[0] == "oidc_provider" || attrs[0] == "cluster_oidc_issuer_url") && m.EKSModuleCall(ref.Object)
	}
	n := len(attrs)
	return n >= 3 && attrs[n-3] == "identity" && attrs[n-2] == "oidc" && attrs[n-1] == "issuer"
}

// ClaimOfKey reads the claim a web-identity condition key tests: the text
// after the key's last ":" ("${module.eks.oidc_provider}:sub" → "sub"),
// when that text is literal.
func ClaimOfKey(k Value) (string, bool) {
	suffix := k.Suffix()
	i := strings.LastIndex(suffix, ":")
	if i < 0 {
		return "", false
	}
	return suffix[i+1:], true
}

// ClaimMatcher says how a condition on a claim that every EKS service
// account token carries (sub, aud) compares a listed value with the
// token's claim, and whether the condition simply allows the values it
// lists: a string operator that is not negated. The set operators and
// IfExists change nothing for such a claim: it is present in every token
// and has one value, so ForAnyValue:, ForAllValues: and …IfExists pass
// exactly the tokens their base operator passes. ok is false for negated
// operators, other families (Arn*, Null, …) and operators not on IAM's
// list: what they allow is not decided here.
func ClaimMatcher(c TrustCondition) (match func(listed, claim Value) Tri, ok bool) {
	op := c.Op()
	if op.Base.Family() != iamcond.FamilyString || op.Negated() {
		return nil, false
	}
	switch {
	case op.Wildcards():
		return LikeMatch, true
	case op.IgnoreCase():
		return CompareFold, true
	}
	return Compare, true
}

// CompareFold is Compare without regard to case.
func CompareFold(a, b Value) Tri {
	return Compare(lowerLiterals(a), lowerLiterals(b))
}

// lowerLiterals lower-cases the literal parts of v.
func lowerLiterals(v Value) Value {
	if v.IsUnknown() {
		return v
	}
	segs := append([]Segment(nil), v.Segments()...)
	for i := range segs {
		if segs[i].Ref == nil {
			segs[i].Text = strings.ToLower(segs[i].Text)
		}
	}
	return FromSegments(segs)
}

// PodIdentityTrusted reports whether the trust lets EKS Pod Identity assume
// the role (pods.eks.amazonaws.com with sts:AssumeRole).
func (t Trust) PodIdentityTrusted() bool {
	for _, s := range t.Statements {
		if !strings.EqualFold(s.Effect, "Allow") || !s.HasAction("sts:AssumeRole") {
			continue
		}
		for _, svc := range s.Services {
			if svc == "pods.eks.amazonaws.com" {
				return true
			}
		}
	}
	return false
}

// IssuerOfProvider reads the issuer out of an OIDC provider ARN
// ("arn:aws:iam::111:oidc-provider/oidc.eks…/id/X" → "oidc.eks…/id/X"); a
// value that is not such an ARN is returned as it is.
func IssuerOfProvider(v Value) Value {
	if arn, ok := ParseARN(v); ok {
		if rest, ok := arn.Resource.TrimPrefixKnown("oidc-provider/"); ok {
			return rest
		}
	}
	return v
}

// IssuerOfKey reads the issuer out of a condition key ("<issuer>:sub").
func IssuerOfKey(k Value) Value {
	segs := k.Segments()
	if len(segs) == 0 {
		return Unknown()
	}
	last := segs[len(segs)-1]
	if last.Ref != nil {
		return Unknown()
	}
	i := strings.LastIndex(last.Text, ":")
	if i < 0 {
		return Unknown()
	}
	out := append(append([]Segment(nil), segs[:len(segs)-1]...), Segment{Text: last.Text[:i]})
	return FromSegments(out)
}

// ParseSubject splits `system:serviceaccount:<namespace>:<name>` into its
// parts. Holes are assumed not to contain ":"; the namespace ends at the
// first ":" of a literal part after the prefix.
func ParseSubject(v Value) (namespace, name Value, ok bool) {
	rest, ok := v.TrimPrefixKnown(subjectPrefix)
	if !ok {
		return Unknown(), Unknown(), false
	}
	if ns, nm, ok := rest.CutLiteral(':'); ok {
		return ns, nm, true
	}
	return Unknown(), Unknown(), false
}

// LikeMatch decides whether an IAM StringLike pattern (`*`, `?`) matches a
// value: Yes or No when the value is known; for a value with holes,
// likeMatchHoles; Maybe when the pattern has holes.
func LikeMatch(pattern, v Value) Tri {
	p, ok := pattern.Str()
	if !ok {
		return Compare(pattern, v)
	}
	s, ok := v.Str()
	if !ok {
		if !strings.ContainsAny(p, "*?") {
			return Compare(pattern, v)
		}
		return likeMatchHoles(p, v)
	}
	if globMatch(p, s) {
		return Yes
	}
	return No
}

// likeMatchHoles decides a pattern with wildcards against a value with
// holes, each hole standing for any text: No when the value's literal
// start (or end) and the pattern's text before its first wildcard (after
// its last) differ where both are written — no text the value can be
// matches; Yes when the pattern's one wildcard is a * at its end (start)
// and the value's literal start (end) begins (ends) with the text before
// (after) it — every text the value can be matches
// ("provider-aws-s3-${hash}" against provider-aws-s3-* is Yes, against
// provider-aws-ec2-* No); Maybe otherwise.
func likeMatchHoles(p string, v Value) Tri {
	if v.IsUnknown() {
		return Maybe
	}
	head := p[:strings.IndexAny(p, "*?")]
	tail := p[strings.LastIndexAny(p, "*?")+1:]
	vHead, vTail := v.Prefix(), v.Suffix()
	if !strings.HasPrefix(vHead, head) && !strings.HasPrefix(head, vHead) ||
		!strings.HasSuffix(vTail, tail) && !strings.HasSuffix(tail, vTail) {
		return No
	}
	switch {
	case p == head+"*" && strings.HasPrefix(vHead, head),
		p == "*"+tail && strings.HasSuffix(vTail, tail):
		return Yes
	}
	return Maybe
}

// globMatch matches s against a pattern where * is any run and ? one
// character.
func globMatch(p, s string) bool {
	pr, sr := []rune(p), []rune(s)
	var match func(i, j int) bool
	memo := map[[2]int]bool{}
	match = func(i, j int) bool {
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		var r bool
		switch {
		case i == len(pr):
			r = j == len(sr)
		case pr[i] == '*':
			r = match(i+1, j) || (j < len(sr) && match(i, j+1))
		case j < len(sr) && (pr[i] == '?' || pr[i] == sr[j]):
			r = match(i+1, j+1)
		}
		memo[k] = r
		return r
	}
	return match(0, 0)
}

// SubjectCompare is the comparison a subject's operator makes.
func SubjectCompare(s Subject) func(listed, claim Value) Tri {
	switch {
	case s.Like:
		return LikeMatch
	case s.IgnoreCase:
		return CompareFold
	}
	return Compare
}

// SubjectAllows decides whether a trust subject lets namespace/name in:
// both parts must match.
func SubjectAllows(s Subject, namespace, name Value) Tri {
	cmp := SubjectCompare(s)
	a, b := cmp(s.Namespace, namespace), cmp(s.Name, name)
	switch {
	case a == No || b == No:
		return No
	case a == Yes && b == Yes:
		return Yes
	}
	return Maybe
}

// EKS says whether the statement trusts an EKS cluster's issuer: from the
// Federated principal when it tells, else from the issuers its :sub and
// :aud condition keys name (a principal built from a reference,
// aws_iam_openid_connect_provider.github.arn, keyed on
// token.actions.githubusercontent.com:sub is not EKS).
func (w WebIdentity) EKS() Tri {
	if w.Provider.EKS != Maybe {
		return w.Provider.EKS
	}
	out := Maybe
	for i, c := range append(append([]TrustCondition(nil), w.SubConditions...), w.AudConditions...) {
		switch t := ParseIssuer(IssuerOfKey(c.Key)).EKS; {
		case t == Yes:
			return Yes
		case t == Maybe:
			out = Maybe
		case i == 0 || out == No:
			out = No
		}
	}
	return out
}
