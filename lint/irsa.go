package lint

import "strings"

// WebIdentity is one trust statement that lets a federated OIDC identity
// assume the role (IRSA): sts:AssumeRoleWithWebIdentity with a Federated
// principal.
type WebIdentity struct {
	Statement TrustStatement
	// Issuer is the OIDC issuer the Federated principal names
	// ("oidc.eks.us-east-1.amazonaws.com/id/ABC"), symbolic.
	Issuer Value
	// Subjects are the service accounts the `:sub` conditions allow.
	Subjects []Subject
	// Audiences are the values of the `:aud` conditions.
	Audiences []Value
	// SubConditions and AudConditions are the conditions on :sub / :aud.
	SubConditions, AudConditions []TrustCondition
}

// Subject is one `system:serviceaccount:<namespace>:<name>` a trust
// condition allows; with StringLike, `*` and `?` are wildcards.
type Subject struct {
	Namespace, Name Value
	// Like is set under StringLike-style operators.
	Like bool
	// Raw is the condition value as written.
	Raw       Value
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
		w := WebIdentity{Statement: s, Issuer: IssuerOfProvider(s.Federated[0])}
		for _, c := range s.Conditions {
			switch {
			case strings.HasSuffix(c.Key.Suffix(), ":sub"):
				w.SubConditions = append(w.SubConditions, c)
				like := strings.Contains(c.Operator, "Like")
				for _, v := range c.Values {
					if ns, name, ok := ParseSubject(v); ok {
						w.Subjects = append(w.Subjects, Subject{Namespace: ns, Name: name, Like: like, Raw: v, Condition: c})
					}
				}
			case strings.HasSuffix(c.Key.Suffix(), ":aud"):
				w.AudConditions = append(w.AudConditions, c)
				w.Audiences = append(w.Audiences, c.Values...)
			}
		}
		out = append(out, w)
	}
	return out
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
	segs := rest.Segments()
	for i, s := range segs {
		if s.Ref != nil {
			continue
		}
		j := strings.IndexByte(s.Text, ':')
		if j < 0 {
			continue
		}
		ns := append(append([]Segment(nil), segs[:i]...), Segment{Text: s.Text[:j]})
		nm := append([]Segment{{Text: s.Text[j+1:]}}, segs[i+1:]...)
		return FromSegments(ns), FromSegments(nm), true
	}
	return Unknown(), Unknown(), false
}

// LikeMatch decides whether an IAM StringLike pattern (`*`, `?`) matches a
// value: Yes or No when the value is known, Maybe otherwise (or when the
// pattern has holes).
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
		return Maybe
	}
	if globMatch(p, s) {
		return Yes
	}
	return No
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

// SubjectAllows decides whether a trust subject lets namespace/name in:
// both parts must match.
func SubjectAllows(s Subject, namespace, name Value) Tri {
	cmp := Compare
	if s.Like {
		cmp = LikeMatch
	}
	a, b := cmp(s.Namespace, namespace), cmp(s.Name, name)
	switch {
	case a == No || b == No:
		return No
	case a == Yes && b == Yes:
		return Yes
	}
	return Maybe
}
