package lint

import "strings"

// Issuer is an OIDC issuer parsed from any of the forms it is written in:
// the issuer URL ("https://oidc.eks.us-east-1.amazonaws.com/id/ABC"), the
// IAM OIDC provider ARN ("arn:aws:iam::111122223333:oidc-provider/
// oidc.eks.us-east-1.amazonaws.com/id/ABC") or the bare host and path that
// condition keys start with. Parts are symbolic: a part with a hole keeps
// its known prefix and suffix.
type Issuer struct {
	// Bare is the issuer without scheme or ARN prefix: host/path.
	Bare Value
	// Host and Path are Bare split at its first literal "/"; Split is false
	// when no literal "/" separates them (a hole may stand for both).
	Host, Path Value
	Split      bool
	// EKS says whether the issuer is an EKS cluster's
	// (oidc.eks.<region>.<partition DNS suffix>/id/<ID>).
	EKS Tri
	// Region and ID are an EKS issuer's parts; DNSSuffix is its partition's
	// DNS suffix ("amazonaws.com", "amazonaws.com.cn"), "" when unknown.
	Region, ID Value
	DNSSuffix  string
	// Partition is the ARN's partition when the issuer was read from a
	// provider ARN ("aws", "aws-cn"), "" otherwise or when unknown.
	Partition string
}

// eksDNSSuffixes are the DNS suffixes of the AWS partitions (the SDKs'
// partition list): an EKS issuer host is oidc.eks.<region>.<suffix>.
var eksDNSSuffixes = []string{
	"amazonaws.com",    // aws, aws-us-gov
	"amazonaws.com.cn", // aws-cn
	"amazonaws.eu",     // aws-eusc
	"c2s.ic.gov",       // aws-iso
	"sc2s.sgov.gov",    // aws-iso-b
	"cloud.adc-e.uk",   // aws-iso-e
	"csp.hci.ic.gov",   // aws-iso-f
}

const eksHostPrefix = "oidc.eks."

// ParseIssuer reads an issuer from a URL, a provider ARN or a bare
// host/path. A wholly unknown value gives an issuer whose parts are all
// unknown (EKS Maybe).
func ParseIssuer(v Value) Issuer {
	iss := Issuer{Bare: v, Host: Unknown(), Path: Unknown(), Region: Unknown(), ID: Unknown()}
	if v.IsUnknown() {
		return iss
	}
	if arn, ok := ParseARN(v); ok {
		rest, isProvider := arn.Resource.TrimPrefixKnown("oidc-provider/")
		if !isProvider && arn.Resource.Prefix() != "" && !strings.HasPrefix("oidc-provider/", arn.Resource.Prefix()) {
			iss.EKS = No // another kind of ARN (a SAML provider, a role)
			return iss
		}
		iss.Partition = arn.Partition
		if !isProvider {
			return iss // the resource type is not known
		}
		v = rest
	} else if strings.HasPrefix(v.Prefix(), "arn:") {
		// Written as an ARN but not one (a field missing:
		// "arn:aws:iam:<account>:oidc-provider/…"; IAM refuses it): which
		// issuer it meant is not decided.
		iss.Bare = Unknown()
		return iss
	} else if rest, ok := providerARNTail(v); ok {
		v = rest // what FL207 reports: the key is not an issuer either way
	} else if i := len("https://"); len(v.Prefix()) >= i && strings.EqualFold(v.Prefix()[:i], "https://") {
		v, _ = v.TrimPrefixKnown(v.Prefix()[:i])
	}
	iss.Bare = v
	iss.Host, iss.Path, iss.Split = splitIssuer(v)
	host := iss.Host
	if !iss.Split {
		host = v
	}
	iss.EKS, iss.Region, iss.DNSSuffix = eksHost(host, iss.Split)
	if iss.EKS != No && iss.Split {
		if id, ok := iss.Path.TrimPrefixKnown("id/"); ok {
			iss.ID = id
		} else if p := iss.Path.Prefix(); p != "" && !strings.HasPrefix("id/", p) {
			iss.EKS = No
		}
	}
	return iss
}

// splitIssuer splits host/path at the first literal "/".
func splitIssuer(v Value) (host, path Value, ok bool) {
	if h, p, ok := v.CutLiteral('/'); ok {
		return h, p, true
	}
	return v, Unknown(), false
}

// eksHost decides whether a host is an EKS issuer host. whole says the
// value is the host alone (not host and path behind a hole).
func eksHost(host Value, whole bool) (Tri, Value, string) {
	if s, ok := host.Str(); ok && whole {
		if !strings.HasPrefix(strings.ToLower(s), eksHostPrefix) {
			return No, Unknown(), ""
		}
		rest := s[len(eksHostPrefix):]
		for _, suf := range eksDNSSuffixes {
			n := len(rest) - len(suf) - 1
			if n > 0 && strings.EqualFold(rest[n:], "."+suf) && !strings.Contains(rest[:n], ".") {
				return Yes, Known(rest[:n]), suf
			}
		}
		return No, Unknown(), ""
	}
	p := strings.ToLower(host.Prefix())
	if !strings.HasPrefix(p, eksHostPrefix) {
		if !strings.HasPrefix(eksHostPrefix, p) {
			return No, Unknown(), "" // the known start is another host's
		}
		return Maybe, Unknown(), ""
	}
	if !whole {
		return Yes, Unknown(), "" // oidc.eks.… followed by a hole standing for the rest
	}
	rest, _ := host.TrimPrefixKnown(host.Prefix()[:len(eksHostPrefix)])
	suffix := strings.ToLower(rest.Suffix())
	for _, suf := range eksDNSSuffixes {
		if strings.HasSuffix(suffix, "."+suf) && len(rest.Suffix()) > len(suf) {
			return Yes, trimSuffixLiteral(rest, len(suf)+1), suf
		}
	}
	if suffix != "" && !anySuffixCompatible(suffix) {
		return No, Unknown(), ""
	}
	return Yes, Unknown(), ""
}

// trimSuffixLiteral drops the last n bytes of v's literal suffix.
func trimSuffixLiteral(v Value, n int) Value {
	segs := append([]Segment(nil), v.Segments()...)
	last := &segs[len(segs)-1]
	last.Text = last.Text[:len(last.Text)-n]
	return FromSegments(segs)
}

// anySuffixCompatible reports whether a known host ending could still end
// in a partition's DNS suffix (".com" of "….amazonaws.com").
func anySuffixCompatible(end string) bool {
	for _, suf := range eksDNSSuffixes {
		if strings.HasSuffix("."+suf, end) {
			return true
		}
	}
	return false
}

// Compare decides whether two issuers are the same: by region, partition
// suffix and ID for EKS issuers, by host and path otherwise. Parts that
// differ only in case are Maybe (never a provable difference).
func (a Issuer) Compare(b Issuer) Tri {
	if a.Bare.IsUnknown() || b.Bare.IsUnknown() {
		return Maybe
	}
	if a.EKS == No && b.EKS == Yes || a.EKS == Yes && b.EKS == No {
		return No
	}
	if a.EKS == Yes && b.EKS == Yes && a.DNSSuffix != "" && b.DNSSuffix != "" {
		if a.DNSSuffix != b.DNSSuffix {
			return No
		}
		return both(compareHost(a.Region, b.Region), compareHost(a.ID, b.ID))
	}
	if a.Split && b.Split {
		return both(compareHost(a.Host, b.Host), compareHost(a.Path, b.Path))
	}
	if t := Compare(a.Bare, b.Bare); t != No || CompareFold(a.Bare, b.Bare) == No {
		return t
	}
	return Maybe
}

// compareHost compares parts of issuers: a difference in case alone is
// not provable (IAM condition key names are not case-sensitive, DNS names
// neither).
func compareHost(a, b Value) Tri {
	t := Compare(a, b)
	if t == No && CompareFold(a, b) != No {
		return Maybe
	}
	return t
}

// both combines two part comparisons: No if either differs, Yes if both
// match.
func both(x, y Tri) Tri {
	switch {
	case x == No || y == No:
		return No
	case x == Yes && y == Yes:
		return Yes
	}
	return Maybe
}

// String renders the issuer as condition keys name it (host/path).
func (a Issuer) String() string { return a.Bare.String() }

// arnHeads are the starts an OIDC provider ARN may have lost to a
// replace() or trimprefix() that meant to cut the whole prefix, longest
// first: what is left is read as the ARN with the start put back.
var arnHeads = []string{"arn:aws:iam::000000000000:", "arn:aws:iam::", "arn:aws:iam:", "arn:aws:", "arn:"}

// providerARNTail reads v as the end of an OIDC provider ARN whose start
// was cut off ("111122223333:oidc-provider/oidc.eks…/id/X", what
// replace(arn, "arn:aws:iam::", "") leaves, or "oidc-provider/…"): the
// issuer after "oidc-provider/", and true. A value that is a whole ARN,
// or whose fields do not parse as an IAM provider ARN's, is false.
func providerARNTail(v Value) (Value, bool) {
	if strings.HasPrefix(v.Prefix(), "arn:") {
		return Value{}, false
	}
	for _, head := range arnHeads {
		arn, ok := ParseARN(Concat(Known(head), v))
		if !ok || arn.Service != "iam" || arn.Region != "" {
			continue
		}
		if rest, ok := arn.Resource.TrimPrefixKnown("oidc-provider/"); ok && rest.Prefix() != "" {
			return rest, true
		}
	}
	return Value{}, false
}

// IsProviderARNTail reports whether v is what is left of an OIDC provider
// ARN whose start was cut off (see providerARNTail).
func IsProviderARNTail(v Value) bool {
	_, ok := providerARNTail(v)
	return ok
}
