package lint

import "strings"

// ProviderLink says how a web-identity statement names an OIDC provider
// (see Model.TrustNames).
type ProviderLink struct {
	// Names is Yes when the statement names the provider, No when it
	// provably names another one, Maybe when the source does not say.
	Names Tri
	// Via is set when the link is inferred: the reference to an output of
	// the module that declares the provider, taken to be its ARN by the
	// output's name (a module whose code says so links for sure).
	Via string
}

// TrustNames decides whether a web-identity statement trusts the OIDC
// provider p, in this order: a Federated principal that refers to p's
// address (with or without p's instance key); one that reads the provider
// output of the module call that declares p (oidc_provider_arn of a
// terraform-aws-modules/eks call whose code was read is its provider's
// ARN; any other output named "…oidc_provider…" is inferred to be, Via
// says which); a literal equal to p's ARN; a provider ARN or issuer URL
// whose parsed issuer is p's (host and path compared, or the same cluster
// attribute both are built from). When no Federated principal tells,
// the issuers the :sub and :aud condition keys name decide the same way.
// A principal that provably names another issuer (another EKS cluster's,
// GitHub Actions') is No.
func (m *Model) TrustNames(w WebIdentity, p *OIDCProvider) ProviderLink {
	out := ProviderLink{Names: Maybe}
	if len(w.Statement.Federated) > 0 {
		out.Names = No
	}
	for _, f := range w.Statement.Federated {
		l := m.principalNames(f, p)
		if l.Names == Yes {
			return l
		}
		if l.Names == Maybe {
			out.Names = Maybe
		}
	}
	if out.Names == No {
		return out
	}
	keys := No
	for _, c := range append(append([]TrustCondition(nil), w.SubConditions...), w.AudConditions...) {
		k := IssuerOfKey(c.Key)
		if k.IsUnknown() {
			keys = Maybe
			continue
		}
		switch m.principalNames(k, p).Names {
		case Yes:
			return ProviderLink{Names: Yes}
		case Maybe:
			keys = Maybe
		}
	}
	if len(w.SubConditions)+len(w.AudConditions) > 0 && keys == No && len(w.Statement.Federated) == 0 {
		return ProviderLink{Names: No}
	}
	return ProviderLink{Names: Maybe}
}

// principalNames decides whether one value (a Federated principal, or the
// issuer a condition key names) names p.
func (m *Model) principalNames(v Value, p *OIDCProvider) ProviderLink {
	for _, ref := range v.Refs() {
		if refersTo(ref.Object, p.Addr) {
			return ProviderLink{Names: Yes}
		}
		if call, out, ok := moduleOutputOf(ref); ok && declaredIn(p.Addr, call) {
			if m.EKSModuleCall(ref.Object) && eksModuleIssuerOutputs[out] {
				return ProviderLink{Names: Yes}
			}
			if providerOutputName(out) {
				return ProviderLink{Names: Yes, Via: ref.String()}
			}
		}
	}
	if !p.ARN.IsUnknown() && Compare(v, p.ARN) == Yes {
		return ProviderLink{Names: Yes}
	}
	if arn, ok := ParseARN(v); ok && arn.Account != "" && p.Scope.Account != "" && arn.Account != p.Scope.Account {
		return ProviderLink{Names: No}
	}
	return ProviderLink{Names: SameIssuer(ParseIssuer(v), p.Issuer())}
}

// SameIssuer compares two issuers: as Issuer.Compare does, and, where
// that cannot tell, by what both are built from: the same one reference
// (an EKS cluster's identity issuer, with or without https:// removed by
// replace or trimprefix) is the same issuer.
func SameIssuer(a, b Issuer) Tri {
	if t := a.Compare(b); t != Maybe {
		return t
	}
	ra, okA := soleOrigin(a.Bare)
	rb, okB := soleOrigin(b.Bare)
	if okA && okB && ra.Object == rb.Object && strings.Join(ra.Attrs(), ".") == strings.Join(rb.Attrs(), ".") && (len(ra.Attrs()) > 0 || wholeValue(ra.Object)) {
		return Yes
	}
	return Maybe
}

// wholeValue reports whether a hole's object is one value read whole: an
// input variable or a local (var.issuer_url), not a resource or module
// call, whose attributes are values of their own.
func wholeValue(object string) bool {
	a, ok := ParseAddress(object)
	return ok && (a.Type == "var" || a.Type == "local")
}

// EKSModuleCall reports whether addr is a terraform-aws-modules/eks call
// whose code was read.
func (m *Model) EKSModuleCall(addr string) bool {
	for _, c := range m.ModuleCalls {
		if c.Addr == addr && c.Module == "terraform-aws-modules/eks/aws" {
			return true
		}
	}
	return false
}

// refersTo reports whether a reference's object is the provider at addr:
// the same address, or one of the two without its own instance key
// (aws_x.y against aws_x.y[0]). Unqualified addresses (a plan's) match
// any root.
func refersTo(ref, addr string) bool {
	if ref == "" || addr == "" {
		return false
	}
	if ref == addr {
		return true
	}
	a, okA := ParseAddress(ref)
	b, okB := ParseAddress(addr)
	if !okA || !okB || a.IsModuleCall() || a.Data || b.Data {
		return false
	}
	if a.Root != "" && b.Root != "" && a.Root != b.Root {
		return false
	}
	if a.Key != "" && b.Key != "" && a.Key != b.Key {
		return false
	}
	return a.Unqualified().Unkeyed().String() == b.Unqualified().Unkeyed().String()
}

// moduleOutputOf is the module call and output name a reference reads
// ("module.eks" and "oidc_provider_arn" for module.eks.oidc_provider_arn).
func moduleOutputOf(ref HoleRef) (Address, string, bool) {
	call, ok := ParseAddress(ref.Object)
	if !ok || !call.IsModuleCall() {
		return Address{}, "", false
	}
	name, ok := ref.Attr()
	return call, name, ok
}

// declaredIn reports whether the provider at addr lies inside the module
// call (an address or call without a root, as a plan writes it, matches
// any root).
func declaredIn(addr string, call Address) bool {
	a, ok := ParseAddress(addr)
	if !ok {
		return false
	}
	if call.Root == "" || a.Root == "" {
		a, call = a.Unqualified(), call.Unqualified()
	}
	return a.Within(call)
}

// providerOutputName reports whether an output's name has the words oidc
// and provider in a row (oidc_provider, oidc_provider_arn,
// eks_oidc_provider_arn).
func providerOutputName(name string) bool {
	words := strings.Split(name, "_")
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "oidc" && words[i+1] == "provider" {
			return true
		}
	}
	return false
}
