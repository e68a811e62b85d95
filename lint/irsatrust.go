package lint

import (
	"slices"
	"strings"
)

// KindOIDCProvider is an IAM OIDC identity provider.
const KindOIDCProvider Kind = "oidc-provider"

// OIDCProvider is an IAM OIDC identity provider the sources declare and
// the issuer it is for: an aws_iam_openid_connect_provider (resource or
// data source, also inside modules and module models), the provider
// eksctl creates for a cluster with iam.withOIDC, a Crossplane
// OpenIDConnectProvider. A provider the tree creates is an entity (a base
// comparison sees it go); a data source only reads one created elsewhere
// and is kept to tell which trusts are IRSA trusts (Entities leaves it
// out: a data source that disappears deletes nothing). Name is the
// issuer's host and path where the source says.
type OIDCProvider struct {
	Object
	// URL is the issuer URL as configured: literal
	// ("https://token.actions.githubusercontent.com"), or symbolic (a hole
	// naming aws_eks_cluster.x.identity[0].oidc[0].issuer); unknown when
	// the source does not say.
	URL Value
	// ARN is the provider's ARN: a hole naming the resource's arn, the
	// literal a plan states, or unknown.
	ARN Value
	// Data is set for a Terraform data source.
	Data bool
	// Retained is set when taking the provider out of the source deletes
	// nothing: eksctl deletes the provider iam.withOIDC made only with
	// its cluster (eksctl delete cluster), never when the switch is
	// turned off or the setting removed.
	Retained bool
	// ClientIDs are the audiences the provider accepts (client_id_list):
	// STS refuses a token whose aud claim is none of them. Nil when the
	// list is not known (a data source, a list known only at apply); an
	// element may be partly known ("sts.${data.aws_partition.x.dns_suffix}").
	ClientIDs []Value
}

// STSAudience reports whether a client ID is an STS audience:
// sts.amazonaws.com, sts.amazonaws.com.cn, or "sts." and the DNS suffix
// of the partition (data.aws_partition's dns_suffix), as the eks module
// before v20 writes it. No token Kubernetes mints for anything else (the
// API server, a projected volume's own audience) carries one.
func STSAudience(v Value) bool {
	if s, ok := v.Str(); ok {
		return s == "sts.amazonaws.com" || s == "sts.amazonaws.com.cn"
	}
	rest, ok := v.TrimPrefixKnown("sts.")
	if !ok {
		return false
	}
	ref, ok := rest.SoleOrigin()
	if !ok {
		return false
	}
	a, ok := ParseAddress(ref.Object)
	attrs := ref.Attrs()
	return ok && a.Type == "aws_partition" && len(attrs) == 1 && attrs[0] == "dns_suffix"
}

// ProviderAudiences are the audiences the OIDC providers a web-identity
// statement trusts accept: ok only when each Federated principal (one at
// least) is the ARN of a provider of the tree whose client IDs are known.
// The ARN of a data source is that of the provider the same root declares
// for the issuer it is looked up by (providerLookedUp).
//
// A principal written out as an ARN — arn:<a partition, or the root's
// own>:iam::<the root's own account>:oidc-provider/<an issuer> — is the provider of that issuer the
// same Terraform root declares (root: the trust's), when exactly one
// does: data.aws_caller_identity's account is the one the root applies
// its provider in. When several do (the issuer registered again in a
// second account), it is one of them: their audiences together.
func (m *Model) ProviderAudiences(w WebIdentity, root string) ([]Value, bool) {
	if len(w.Statement.Federated) == 0 {
		return nil, false
	}
	var out []Value
	for _, v := range w.Statement.Federated {
		p := m.providerNamed(v)
		if p != nil && p.Data {
			p = m.providerLookedUp(p)
		}
		if p == nil {
			p = m.providerWrittenOut(v, root)
		}
		if p == nil {
			p = m.providerOfAccount(v)
		}
		if p == nil {
			// Several providers of root for the issuer (a copy of the
			// cluster's in a second account): the principal is one of
			// them, whichever accepts what they all accept.
			auds, ok := candidateAudiences(m.providersWrittenOutIn(v, root, func(p *OIDCProvider) bool { return p.Root == root }))
			if !ok {
				return nil, false
			}
			out = append(out, auds...)
			continue
		}
		if p.ClientIDs == nil {
			return nil, false
		}
		out = append(out, p.ClientIDs...)
	}
	return out, true
}

// candidateAudiences are the audiences of every provider of ps, when
// there are several and each lists its own.
func candidateAudiences(ps []*OIDCProvider) ([]Value, bool) {
	if len(ps) < 2 {
		return nil, false
	}
	var out []Value
	for _, p := range ps {
		if p.ClientIDs == nil {
			return nil, false
		}
		out = append(out, p.ClientIDs...)
	}
	return out, true
}

// providerOfAccount is the provider an ARN written with a known account
// names: the one provider of the tree (not a data source) whose root
// pins that account (allowed_account_ids, Scope.Account) and whose url
// is the ARN's issuer, as text or by origin. IAM keeps one provider per
// issuer in an account, so that provider is the principal, whichever
// root declares it. Nil when none or several are.
func (m *Model) providerOfAccount(v Value) *OIDCProvider {
	arn, ok := ParseARN(v)
	if !ok || arn.Account == "" {
		return nil
	}
	return sole(m.providersOfARNIssuer(v, func(p *OIDCProvider) bool { return p.Scope.Account == arn.Account }))
}

// providersOfARNIssuer are the providers of the tree (not data sources)
// in, whose url is the issuer of v, an OIDC provider ARN written with a
// known account, as text or by origin.
func (m *Model) providersOfARNIssuer(v Value, in func(*OIDCProvider) bool) []*OIDCProvider {
	arn, ok := ParseARN(v)
	if !ok || arn.Account == "" || !strings.HasPrefix(arn.Resource.Prefix(), "oidc-provider/") {
		return nil
	}
	bare, literal := "", false
	if res, ok := arn.Resource.Str(); ok {
		bare, literal = strings.TrimPrefix(res, "oidc-provider/"), true
	}
	origin, traced := m.IssuerOrigin(v)
	if !literal && !traced {
		return nil
	}
	var found []*OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || !in(p) {
			continue
		}
		same := false
		if b, ok := p.Issuer().Bare.Str(); ok && literal {
			same = b == bare
		} else if o, ok := m.IssuerOrigin(p.URL); ok && traced {
			same = o == origin
		}
		if same {
			found = append(found, p)
		}
	}
	return found
}

// ProviderOfAccountNotPinned is, for a web-identity statement whose one
// Federated principal is an OIDC provider ARN written with a known
// account (as providerOfAccount reads it), the one provider of the tree
// for its issuer, when no provider for it is pinned to an account (its
// root pins none; a manifest's is applied with credentials the tree does
// not name): the principal is that provider when it is created in the
// account the ARN names, which nothing says. Nil otherwise.
func (m *Model) ProviderOfAccountNotPinned(w WebIdentity) *OIDCProvider {
	if len(w.Statement.Federated) != 1 {
		return nil
	}
	all := m.providersOfARNIssuer(w.Statement.Federated[0], func(*OIDCProvider) bool { return true })
	if len(all) != 1 || all[0].Scope.Account != "" {
		return nil
	}
	return all[0]
}

// PrincipalIssuer is the issuer a Federated principal v names: parsed
// from v, or — when v is a reference to the ARN of an OIDC provider of
// the tree whose URL is known text — from that provider's URL (a
// provider's ARN and its URL name one issuer).
func (m *Model) PrincipalIssuer(v Value) Issuer {
	iss := ParseIssuer(v)
	if _, known := iss.Bare.Str(); known {
		return iss
	}
	if p := m.providerNamed(v); p != nil {
		if u := p.Issuer(); !u.Bare.IsUnknown() {
			if _, known := u.Bare.Str(); known {
				return u
			}
		}
	}
	return iss
}

// providerNamed is the provider whose arn v is a reference to, or nil.
func (m *Model) providerNamed(v Value) *OIDCProvider {
	ref, ok := soleOrigin(v)
	if !ok {
		return nil
	}
	a, ok := ParseAddress(ref.Object)
	if attrs := ref.Attrs(); !ok || a.Type != "aws_iam_openid_connect_provider" || len(attrs) != 1 || attrs[0] != "arn" {
		return nil
	}
	return m.OIDCProviderAt(ref.Object)
}

// providerLookedUp is the provider of the tree a data source reads: the
// one provider its Terraform root declares for the issuer the data
// source is looked up by (its url, or the issuer of the arn it is given)
// — IAM keeps one provider per issuer URL in an account, and a root
// applies its data sources and resources in one. Nil when none or more
// than one is.
func (m *Model) providerLookedUp(d *OIDCProvider) *OIDCProvider {
	origin, traced := m.IssuerOrigin(d.URL)
	return m.providerForIssuer(d, origin, traced, func(p *OIDCProvider) bool { return p.Root == d.Root })
}

// providerForIssuer is the one provider of the tree (not a data source,
// one in says is a candidate) for the issuer data source d is looked up
// by: of the origin when traced, else of d's issuer as written. Nil when
// that issuer is neither traced nor written, or none or several are.
func (m *Model) providerForIssuer(d *OIDCProvider, origin HoleRef, traced bool, in func(*OIDCProvider) bool) *OIDCProvider {
	return sole(m.providersForIssuer(d, origin, traced, in))
}

// sole is the one provider of ps, nil when there are none or several.
func sole(ps []*OIDCProvider) *OIDCProvider {
	if len(ps) != 1 {
		return nil
	}
	return ps[0]
}

// providersForIssuer are the providers of the tree (not data sources,
// those in says are candidates) for the issuer data source d is looked up
// by, as providerForIssuer reads it.
func (m *Model) providersForIssuer(d *OIDCProvider, origin HoleRef, traced bool, in func(*OIDCProvider) bool) []*OIDCProvider {
	bare, literal := d.Issuer().Bare.Str()
	if !traced && !literal {
		return nil
	}
	var found []*OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || !in(p) {
			continue
		}
		same := false
		if traced {
			o, ok := m.IssuerOrigin(p.URL)
			same = ok && o == origin
		} else if s, ok := p.Issuer().Bare.Str(); ok {
			same = s == bare
		}
		if !same {
			continue
		}
		found = append(found, p)
	}
	return found
}

// providerWrittenOut is the provider of root an ARN written out names:
// its account is the root's own (data.aws_caller_identity's account_id),
// its partition written or the root's own (data.aws_partition's
// partition), and its issuer has the origin of exactly one provider's url
// there; nil otherwise.
func (m *Model) providerWrittenOut(v Value, root string) *OIDCProvider {
	return m.providerWrittenOutIn(v, root, func(p *OIDCProvider) bool { return p.Root == root })
}

// ProviderElsewhere is, for a web-identity statement whose one Federated
// principal is written out with root's own account (as
// providerWrittenOut reads it) for an issuer no provider of root is
// declared for, the one provider another root declares for that issuer:
// the principal is that provider when root is applied in that root's
// account, which nothing says. Nil when there is none, or several.
func (m *Model) ProviderElsewhere(w WebIdentity, root string) *OIDCProvider {
	return sole(m.ProvidersElsewhere(w, root))
}

// ProvidersElsewhere are, for a statement as ProviderElsewhere reads it,
// every provider other roots declare for the issuer: the principal is
// one of them when root is applied in the account of its root (IAM keeps
// one provider per issuer in an account; a copy of a cluster's provider
// in a second account is another).
func (m *Model) ProvidersElsewhere(w WebIdentity, root string) []*OIDCProvider {
	if len(w.Statement.Federated) != 1 {
		return nil
	}
	v := w.Statement.Federated[0]
	if d := m.providerNamed(v); d != nil && d.Data {
		return m.providersLookedUpElsewhere(d)
	}
	return m.providersWrittenOutIn(v, root, func(p *OIDCProvider) bool { return p.Root != root && p.Root != "" })
}

// SoleProviderOfRoot is, for a web-identity statement whose one Federated
// principal is an OIDC provider ARN written out with root's own account
// (data.aws_caller_identity's account_id) for an issuer not traced to
// any provider (rebuilt from parts: the region and the issuer's ID), the
// one provider root declares: the principal is that provider when the
// parts name its issuer, which is not proven. So it is for a principal
// traced to a cluster's issuer when the one provider's URL is the one
// rebuilt from parts. Nil when both are traced, or root declares no
// provider or several.
func (m *Model) SoleProviderOfRoot(w WebIdentity, root string) *OIDCProvider {
	if len(w.Statement.Federated) != 1 || root == "" {
		return nil
	}
	v := w.Statement.Federated[0]
	arn, ok := ParseARN(v)
	if !ok || arn.Account != "" || !strings.HasPrefix(arn.Resource.Prefix(), "oidc-provider/") {
		return nil
	}
	_, traced := m.IssuerOrigin(v)
	if !slices.ContainsFunc(v.Refs(), callerAccountRef) {
		return nil
	}
	var found *OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || p.Root != root {
			continue
		}
		if found != nil {
			return nil
		}
		found = p
	}
	if found != nil && traced {
		// The principal names a cluster's issuer: the one provider is
		// taken to be its provider only when its own URL is traced to
		// no issuer (rebuilt from the region and the issuer's ID), as
		// the principal's may be.
		if _, ok := m.IssuerOrigin(found.URL); ok {
			return nil
		}
	}
	return found
}

// ProviderOfIssuerInAccount is, for a web-identity statement whose one
// Federated principal is an OIDC provider ARN written out with an account
// other than data.aws_caller_identity's (a literal, a variable) for the
// issuer of exactly one provider root declares, that provider, and the
// account as written ("" when not known): the principal is that provider
// when root is applied in that account, which nothing says unless root's
// scope names its account. Nil when the account is the caller's (see
// providerWrittenOut), or no provider or several match.
func (m *Model) ProviderOfIssuerInAccount(w WebIdentity, root string) (*OIDCProvider, string) {
	if len(w.Statement.Federated) != 1 || root == "" {
		return nil, ""
	}
	v := w.Statement.Federated[0]
	arn, ok := ParseARN(v)
	if !ok || !strings.HasPrefix(arn.Resource.Prefix(), "oidc-provider/") {
		return nil, ""
	}
	origin, traced := m.IssuerOrigin(v)
	if !traced {
		return nil, ""
	}
	if slices.ContainsFunc(v.Refs(), callerAccountRef) {
		return nil, ""
	}
	var found *OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || p.Root != root {
			continue
		}
		if o, ok := m.IssuerOrigin(p.URL); ok && o == origin {
			if found != nil {
				return nil, ""
			}
			found = p
		}
	}
	return found, arn.Account
}

// providerLookedUpElsewhere is, for a data source reading an OIDC
// provider its own root does not declare, the one provider another root
// declares for the issuer it is looked up by: the issuer of a cluster
// looked up by name that root declares (clusterLookedUp), or the same
// issuer written out. It is the provider read when both roots are applied
// in one account, which nothing says. Nil when none or several are.
func (m *Model) providerLookedUpElsewhere(d *OIDCProvider) *OIDCProvider {
	return sole(m.providersLookedUpElsewhere(d))
}

// providersLookedUpElsewhere are the providers other roots declare for
// the issuer data source d is looked up by, when its own root declares
// none (providerLookedUpElsewhere).
func (m *Model) providersLookedUpElsewhere(d *OIDCProvider) []*OIDCProvider {
	if m.providerLookedUp(d) != nil {
		return nil
	}
	origin, traced := m.IssuerOrigin(d.URL)
	if traced {
		c := m.clusterLookedUp(origin)
		if c == nil {
			return nil
		}
		origin = HoleRef{Object: c.Addr, Path: "identity[0].oidc[0].issuer"}
	}
	return m.providersForIssuer(d, origin, traced, func(p *OIDCProvider) bool { return p.Root != d.Root && p.Root != "" })
}

// providerWrittenOutIn is providerWrittenOut among the providers in
// says are candidates.
func (m *Model) providerWrittenOutIn(v Value, root string, in func(*OIDCProvider) bool) *OIDCProvider {
	return sole(m.providersWrittenOutIn(v, root, in))
}

// providersWrittenOutIn are, for an ARN as providerWrittenOutIn reads
// it, every candidate provider for its issuer.
func (m *Model) providersWrittenOutIn(v Value, root string, in func(*OIDCProvider) bool) []*OIDCProvider {
	arn, ok := ParseARN(v)
	if !ok || root == "" || arn.Account != "" {
		return nil
	}
	written, ok := m.IssuerOrigin(v)
	originOf := m.IssuerOrigin
	if !ok {
		// Traced to no cluster: a provider whose URL is built from the
		// same one value (var.issuer_url, a module output passed down)
		// is for the same issuer, whatever it is.
		if written, ok = valueOrigin(v); !ok {
			return m.providersOfLiteralIssuer(v, arn, in)
		}
		originOf = func(u Value) (HoleRef, bool) { return valueOrigin(u) }
	}
	// The issuer of a cluster looked up by name (data "aws_eks_cluster")
	// is that of the cluster of the name another root declares: so for
	// the ARN and for each provider's URL.
	declared := func(o HoleRef) HoleRef {
		if c := m.clusterLookedUp(o); c != nil {
			return HoleRef{Object: c.Addr, Path: "identity[0].oidc[0].issuer"}
		}
		return o
	}
	origin := declared(written)
	issuerRef := func(ref HoleRef) bool {
		if ref.Object == written.Object {
			return true
		}
		o, ok := ref.Origin()
		return ok && o.Object == written.Object
	}
	if !ofCallerAccount(v, issuerRef) {
		return nil
	}
	var found []*OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || !in(p) {
			continue
		}
		if o, ok := originOf(p.URL); ok && declared(o) == origin {
			found = append(found, p)
		}
	}
	return found
}

// valueOrigin is the one value an issuer (or a provider ARN's issuer) is
// built from, when it is one that is not known statically and named: an
// input variable or local read whole (var.issuer_url), or an attribute of
// something (a module's output passed down as an input). What is built
// from the same one is the same issuer, whatever it is.
func valueOrigin(v Value) (HoleRef, bool) {
	iss := ParseIssuer(v)
	for _, w := range []Value{iss.Bare, v} {
		ref, ok := soleOrigin(w)
		if !ok || ref.Anonymous {
			continue
		}
		a, ok := ParseAddress(ref.Object)
		if ok && (len(ref.Attrs()) > 0 || a.Type == "var" || a.Type == "local") {
			return HoleRef{Object: ref.Object, Path: ref.Path}, true
		}
	}
	return HoleRef{}, false
}

// CallerAccountFunc names, as the object of a hole, Terragrunt's
// get_aws_account_id(): the account of the credentials Terragrunt runs
// with, which is the account the unit's Terraform runs in, as
// data.aws_caller_identity's account_id is (qualified by the unit's
// directory: "live/app:get_aws_account_id()").
const CallerAccountFunc = "get_aws_account_id()"

// callerAccountRef reports whether a hole is the root's own account:
// data.aws_caller_identity's account_id, or Terragrunt's
// get_aws_account_id() in the unit.
func callerAccountRef(ref HoleRef) bool {
	if a, ok := ParseAddress(ref.Object); ok {
		attrs := ref.Attrs()
		// id is the account ID too (the AWS provider sets the data
		// source's ID to it; before v3 it was a timestamp).
		return a.Type == "aws_caller_identity" && len(attrs) == 1 && (attrs[0] == "account_id" || attrs[0] == "id")
	}
	obj := ref.Object
	if i := qualifierEnd(obj); i >= 0 {
		obj = obj[i+1:] // the root directory qualifying it
	}
	return ref.Path == "" && obj == CallerAccountFunc
}

// ofCallerAccount reports whether an ARN written out reads the root's
// own account (data.aws_caller_identity's account_id) and otherwise only
// the root's own partition and region (data.aws_partition's,
// data.aws_region's) and what other says it may (its issuer's
// references).
func ofCallerAccount(v Value, other func(HoleRef) bool) bool {
	callerAccount := false
	for _, ref := range v.Refs() {
		a, ok := ParseAddress(ref.Object)
		attrs := ref.Attrs()
		switch {
		case callerAccountRef(ref):
			callerAccount = true
		case ok && a.Type == "aws_partition" && len(attrs) == 1 && attrs[0] == "partition":
			// The root's own partition, the one its provider is in.
		case ok && a.Type == "aws_region" && len(attrs) == 1 && (attrs[0] == "name" || attrs[0] == "region" || attrs[0] == "id"):
			// The root's own region, in the issuer's host
			// (oidc.eks.<region>.amazonaws.com/id/<ID>): the region of
			// the clusters its provider makes.
		case !other(ref):
			return false
		}
	}
	return callerAccount
}

// providersOfLiteralIssuer is providersWrittenOutIn for an ARN whose
// issuer is written out as text (oidc-provider/oidc.eks.…/id/…), with
// the root's own account and partition its only references: the
// candidate providers whose url, as written, is that issuer.
func (m *Model) providersOfLiteralIssuer(v Value, arn ARN, in func(*OIDCProvider) bool) []*OIDCProvider {
	res, ok := arn.Resource.Str()
	bare, isProvider := strings.CutPrefix(res, "oidc-provider/")
	if !ok || !isProvider || bare == "" {
		return nil
	}
	if !ofCallerAccount(v, func(HoleRef) bool { return false }) {
		return nil
	}
	var found []*OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data || !in(p) {
			continue
		}
		if b, ok := p.Issuer().Bare.Str(); ok && b == bare {
			found = append(found, p)
		}
	}
	return found
}

// ProviderOfUnreadCall is, for a web-identity statement whose one
// Federated principal is an output of a module call whose code is not
// read and that makes an EKS cluster (OtherCluster.Call), that cluster:
// the provider is the module's, and which audiences it accepts is not
// known. Nil otherwise.
func (m *Model) ProviderOfUnreadCall(w WebIdentity) *OtherCluster {
	if len(w.Statement.Federated) != 1 {
		return nil
	}
	ref, ok := soleOrigin(w.Statement.Federated[0])
	if !ok {
		return nil
	}
	if a, ok := ParseAddress(ref.Object); !ok || !a.IsModuleCall() {
		return nil
	}
	for _, oc := range m.OtherClusters {
		if oc.Call != "" && oc.Call == ref.Object {
			return oc
		}
	}
	return nil
}

// UnreadCallOfPrincipal describes the module call whose code faultline
// does not read that w's one Federated principal is an output of
// (UnreadCalls); "" when it is no such output.
func (m *Model) UnreadCallOfPrincipal(w WebIdentity) string {
	if len(w.Statement.Federated) != 1 || len(m.UnreadCalls) == 0 {
		return ""
	}
	ref, ok := soleOrigin(w.Statement.Federated[0])
	if !ok {
		return ""
	}
	if a, ok := ParseAddress(ref.Object); !ok || !a.IsModuleCall() {
		return ""
	}
	return m.UnreadCalls[ref.Object]
}

// UnreadCallOfPrincipalIssuer describes the module call whose code
// faultline does not read that outputs the issuer w's one Federated
// principal is written out with (arn:…:oidc-provider/<issuer>, the
// issuer an output of the call, its scheme cut or not); "" when the
// principal is no such ARN. The call that outputs the cluster's issuer
// makes the cluster, and as likely as not its OIDC provider.
func (m *Model) UnreadCallOfPrincipalIssuer(w WebIdentity) string {
	if len(w.Statement.Federated) != 1 || len(m.UnreadCalls) == 0 {
		return ""
	}
	if _, isARN := ParseARN(w.Statement.Federated[0]); !isARN {
		return ""
	}
	ref, ok := soleOrigin(ParseIssuer(w.Statement.Federated[0]).Bare)
	if !ok {
		return ""
	}
	if a, ok := ParseAddress(ref.Object); !ok || !a.IsModuleCall() {
		return ""
	}
	return m.UnreadCalls[ref.Object]
}

// UnreadCallOfLookedUpIssuer describes the module call whose code
// faultline does not read that names the cluster w's one Federated
// principal takes its issuer from, through a data source looking the
// cluster up by a name that call outputs (data.aws_eks_cluster.x, name =
// module.cluster.eks_cluster_id), with that data source's address; ""
// when the principal is no such issuer. The call makes the cluster, and
// as likely as not its OIDC provider.
func (m *Model) UnreadCallOfLookedUpIssuer(w WebIdentity) (call, lookup string) {
	if len(w.Statement.Federated) != 1 || len(m.UnreadCalls) == 0 {
		return "", ""
	}
	o, ok := m.IssuerOrigin(w.Statement.Federated[0])
	if !ok {
		return "", ""
	}
	for _, l := range m.ClusterLookups {
		if l.Addr != o.Object {
			continue
		}
		ref, ok := soleOrigin(l.Name)
		if !ok {
			return "", ""
		}
		if a, ok := ParseAddress(ref.Object); ok && a.IsModuleCall() && m.UnreadCalls[ref.Object] != "" {
			return m.UnreadCalls[ref.Object], l.Label
		}
	}
	return "", ""
}

// clusterLookedUp is the cluster of the tree an issuer origin read from
// a data source looking an EKS cluster up by name (ClusterLookup) stands
// for: the one cluster another root declares with that name, in a scope
// that may be the lookup's. Nil when the origin is no such lookup, or
// none or several match.
func (m *Model) clusterLookedUp(o HoleRef) *Cluster {
	a, ok := ParseAddress(o.Object)
	if !ok || !a.Data || a.Type != "aws_eks_cluster" || o.Path != "identity[0].oidc[0].issuer" {
		return nil
	}
	var lookup *ClusterLookup
	for _, l := range m.ClusterLookups {
		if l.Addr == o.Object {
			lookup = l
		}
	}
	if lookup == nil {
		return nil
	}
	if _, ok := lookup.Name.Str(); !ok {
		return nil
	}
	var found *Cluster
	for _, c := range m.Clusters {
		if c.Root == lookup.Root || !c.Scope.Compatible(lookup.Scope, false, false) || Compare(c.Name, lookup.Name) != Yes {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// LookupOfUnknownName is, for a web-identity statement whose one
// Federated principal is the provider of the issuer of a cluster a data
// "aws_eks_cluster" looks up by a name not known statically (a variable
// with no value), that lookup; nil otherwise. Which cluster it is, and so
// which provider, is not known.
func (m *Model) LookupOfUnknownName(w WebIdentity) *ClusterLookup {
	if len(w.Statement.Federated) != 1 {
		return nil
	}
	o, ok := m.IssuerOrigin(w.Statement.Federated[0])
	if !ok || o.Path != "identity[0].oidc[0].issuer" {
		return nil
	}
	if a, ok := ParseAddress(o.Object); !ok || !a.Data || a.Type != "aws_eks_cluster" {
		return nil
	}
	for _, l := range m.ClusterLookups {
		if l.Addr == o.Object {
			if _, known := l.Name.Str(); !known {
				return l
			}
			return nil
		}
	}
	return nil
}

// ClusterProvidersOnlySTS are the OIDC providers the tree declares (not
// data sources) when there is one, each for a cluster's issuer it
// declares and accepting STS tokens only (onlySTS decides a list); nil
// when any provider of the tree is not so.
func (m *Model) ClusterProvidersOnlySTS(onlySTS func([]Value) bool) []*OIDCProvider {
	var out []*OIDCProvider
	for _, p := range m.OIDCProviders {
		if p.Data {
			continue
		}
		o, ok := m.IssuerOrigin(p.URL)
		if !ok || p.ClientIDs == nil || !onlySTS(p.ClientIDs) || m.clusterLookedUp(o) == nil && !isClusterIssuerOrigin(o) {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// isClusterIssuerOrigin reports whether an issuer origin is the issuer
// of a cluster the tree declares (an aws_eks_cluster, an eks module call).
func isClusterIssuerOrigin(o HoleRef) bool {
	a, ok := ParseAddress(o.Object)
	return ok && !a.Data && (o.Path == "identity[0].oidc[0].issuer" && a.Type == "aws_eks_cluster" || o.Path == "cluster_oidc_issuer_url")
}

// Issuer is the issuer the provider is for, parsed from its URL.
func (p *OIDCProvider) Issuer() Issuer { return ParseIssuer(p.URL) }

// OIDCProviderAt returns the OIDC provider whose address is addr, or nil.
func (m *Model) OIDCProviderAt(addr string) *OIDCProvider {
	idx := m.Memo("lint.oidcProviders", func() any {
		x := make(map[string]*OIDCProvider, len(m.OIDCProviders))
		for _, p := range m.OIDCProviders {
			x[p.Addr] = p
		}
		return x
	}).(map[string]*OIDCProvider)
	return idx[addr]
}

// IRSA says whether a web-identity statement is an IRSA trust: whether
// the OIDC provider it trusts is an EKS cluster's. The Federated
// principals decide when they tell; else the issuers the :sub and :aud
// condition keys name. An issuer is an EKS cluster's (Yes) when it parses
// as one (oidc.eks.<region>.<partition DNS suffix>/id/<ID>, in a provider
// ARN, a URL or a key), or when it is built from one the model traces to a
// cluster: the identity issuer of an aws_eks_cluster (also through
// replace or trimprefix), an OIDC provider of the tree whose url is such
// an issuer, or the provider or issuer output of a terraform-aws-modules/eks
// call. It is another provider's (No) when it parses as another
// issuer (token.actions.githubusercontent.com, gitlab.com,
// app.terraform.io, cognito-identity.amazonaws.com, a SAML provider's
// ARN), or names a provider of the tree whose url is one. A provider
// nothing traces (a variable, a remote state's output, an output of a
// module whose code was not read: a value not known statically) is a
// cluster's (Yes) when every :sub condition allows only service-account
// subjects; a provider written as known text that is no issuer (an empty
// string) stays Maybe, as anything else: IRSA rules judge only Yes.
func (m *Model) IRSA(w WebIdentity) Tri {
	if t := m.anyEKS(w.Statement.Federated); t != Maybe {
		return t
	}
	var keys []Value
	for _, c := range append(append([]TrustCondition(nil), w.SubConditions...), w.AudConditions...) {
		keys = append(keys, IssuerOfKey(c.Key))
	}
	if t := m.anyEKS(keys); t != Maybe {
		return t
	}
	if !untraced(append(append([]Value(nil), w.Statement.Federated...), keys...)) {
		return Maybe
	}
	return serviceAccountSubjects(w)
}

// IRSAOf is IRSA for a web-identity statement of role r's trust. A
// provider written as the empty string (an input that evaluated to "") is
// no issuer, and IRSA leaves it Maybe. But where the role is declared in
// a module a caller instantiates (the empty string is what the call
// passes, or the default it leaves in force) and a service account or
// add-on of the model is bound to it (it is meant for pods), the
// statement is IRSA (Yes), as for a provider nothing traces, when every
// :sub condition allows only service-account subjects — and no token
// matches a key with no issuer (FL207). A root's own variable left at an
// empty default is not, passed into the module call or not
// (Trust.EmptyDefaults): the root may be a module read alone, or be
// given the value when it is applied.
func (m *Model) IRSAOf(r *Role, w WebIdentity) Tri {
	t := m.IRSA(w)
	if t != Maybe || r == nil || !emptyProvider(w) || !inModuleCall(r.Addr) || len(r.Trust.EmptyDefaults) > 0 || !m.boundRoles()[r.Addr] {
		return t
	}
	return serviceAccountSubjects(w)
}

// inModuleCall reports whether a Terraform address lies in a module call.
func inModuleCall(addr string) bool {
	a, ok := ParseAddress(addr)
	return ok && len(a.Modules) > 0
}

// emptyProvider reports whether the statement names its provider as the
// empty string: a Federated principal written as "".
func emptyProvider(w WebIdentity) bool {
	for _, v := range w.Statement.Federated {
		if s, ok := v.Str(); ok && s == "" {
			return true
		}
	}
	return false
}

// boundRoles are the addresses of the roles of the model that a service
// account (an add-on's included) is bound to.
func (m *Model) boundRoles() map[string]bool {
	return m.Memo("lint.boundRoles", func() any {
		out := map[string]bool{}
		for _, sa := range m.ServiceAccounts {
			if !sa.RoleARN.IsSet() || sa.RoleARN.Value.IsUnknown() {
				continue
			}
			if s, ok := sa.RoleARN.Value.Str(); ok && s == "" {
				continue
			}
			if r, ok := m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity.(*Role); ok {
				out[r.Addr] = true
			}
		}
		return out
	}).(map[string]bool)
}

// untraced says whether one of the provider's values is not known
// statically (a variable's or a remote state's): a provider written as
// known text that names no issuer (an empty default of a module read
// alone) is not one the tree leaves open.
func untraced(vs []Value) bool {
	for _, v := range vs {
		if _, ok := v.Str(); !ok {
			return true
		}
	}
	return false
}

// serviceAccountSubjects is Yes when the statement's :sub conditions (one
// at least) allow only subjects written as system:serviceaccount:<ns>:<name>:
// only a Kubernetes cluster's issuer signs those, so the provider the tree
// does not trace (a variable, a remote state's output) is a cluster's.
func serviceAccountSubjects(w WebIdentity) Tri {
	if len(w.SubConditions) == 0 {
		return Maybe
	}
	for _, c := range w.SubConditions {
		if _, ok := ClaimMatcher(c); !ok || len(c.Values) == 0 {
			return Maybe
		}
		for _, v := range c.Values {
			if _, _, ok := ParseSubject(v); !ok {
				return Maybe
			}
		}
	}
	return Yes
}

// anyEKS combines the verdicts on several issuers: Yes when one is an
// EKS cluster's, No when every one (at least one) is another provider's.
func (m *Model) anyEKS(vs []Value) Tri {
	if len(vs) == 0 {
		return Maybe
	}
	out := No
	for _, v := range vs {
		switch m.issuerEKS(v, 0) {
		case Yes:
			return Yes
		case Maybe:
			out = Maybe
		}
	}
	return out
}

// maxProviderDepth bounds following OIDC providers' urls (a data source
// whose url is its own attribute).
const maxProviderDepth = 4

// IssuerEKS decides whether v (a provider ARN, an issuer URL or a bare
// issuer) names an EKS cluster's issuer: written so, or traced to a
// cluster's identity issuer or an OIDC provider of the tree whose url
// says.
func (m *Model) IssuerEKS(v Value) Tri { return m.issuerEKS(v, 0) }

// issuerEKS decides whether v (a provider ARN, an issuer URL or a bare
// issuer) names an EKS cluster's issuer.
func (m *Model) issuerEKS(v Value, depth int) Tri {
	iss := ParseIssuer(v)
	if iss.EKS != Maybe {
		return iss.EKS
	}
	if depth >= maxProviderDepth {
		return Maybe
	}
	for _, w := range []Value{iss.Bare, v} {
		if ref, ok := soleOrigin(w); ok {
			return m.originEKS(ref, depth)
		}
	}
	return Maybe
}

// soleOrigin is the reference v was evaluated or derived from when v is
// exactly one hole that names one.
func soleOrigin(v Value) (HoleRef, bool) { return v.SoleOrigin() }

// Origin is the reference a hole stands for, or was derived from by a
// transformation (replace, trimprefix); ok is false for a fresh anonymous
// hole, which names none.
func (h HoleRef) Origin() (HoleRef, bool) {
	if h.Anonymous && strings.HasPrefix(h.Object, "anonymous#") || h.Object == "" {
		return HoleRef{}, false
	}
	return HoleRef{Object: h.Object, Path: h.Path}, true
}

// originEKS decides what a reference says about an issuer: an EKS
// cluster's identity issuer is one; an OIDC provider of the tree is what
// its url says.
func (m *Model) originEKS(ref HoleRef, depth int) Tri {
	a, ok := ParseAddress(ref.Object)
	if !ok {
		return Maybe
	}
	attrs := ref.Attrs()
	switch a.Type {
	case "aws_eks_cluster":
		if len(attrs) == 3 && attrs[0] == "identity" && attrs[1] == "oidc" && attrs[2] == "issuer" {
			return Yes
		}
	case "aws_iam_openid_connect_provider":
		if len(attrs) != 1 || attrs[0] != "arn" && attrs[0] != "url" && attrs[0] != "id" {
			return Maybe
		}
		if p := m.OIDCProviderAt(ref.Object); p != nil {
			return m.issuerEKS(p.URL, depth+1)
		}
	case "":
		// An output of a terraform-aws-modules/eks call whose value is not
		// known before apply: the module's provider and issuer outputs are
		// its cluster's.
		if len(attrs) == 1 && eksModuleIssuerOutputs[attrs[0]] && a.IsModuleCall() && m.EKSModuleCall(ref.Object) {
			return Yes
		}
	}
	return Maybe
}

// IssuerOrigin is the issuer v — a provider ARN, an issuer URL or a bare
// issuer — is built from, when it is built from one the model can name:
// an EKS cluster's identity issuer; an OIDC provider of the tree, which
// stands for the issuer its url names (itself when the url names none);
// the issuer outputs of a terraform-aws-modules/eks call; each also
// through a transformation (replace, trimprefix: a key written as
// "${replace(provider.url, "https://", "")}:sub"). Two values of one
// origin name one issuer: a provider's ARN and its URL are the same
// issuer's by IAM's own definition. ok is false for anything else.
func (m *Model) IssuerOrigin(v Value) (HoleRef, bool) { return m.issuerOrigin(v, 0) }

func (m *Model) issuerOrigin(v Value, depth int) (HoleRef, bool) {
	if depth >= maxProviderDepth {
		return HoleRef{}, false
	}
	iss := ParseIssuer(v)
	for _, w := range []Value{iss.Bare, v} {
		if ref, ok := soleOrigin(w); ok {
			return m.issuerOf(ref, depth)
		}
	}
	// A principal rebuilt around the issuer's ID alone
	// ("…:oidc-provider/oidc.eks.${region}.amazonaws.com/id/${id}", the ID
	// cut out of a cluster's issuer with regex): EKS gives every issuer an
	// ID of its own, so the ID names the issuer.
	if iss.EKS != No && iss.Split {
		if ref, ok := soleOrigin(iss.ID); ok {
			return m.issuerOf(ref, depth)
		}
	}
	return HoleRef{}, false
}

// issuerOf is the issuer origin (IssuerOrigin) a value derived from ref
// alone stands for.
func (m *Model) issuerOf(ref HoleRef, depth int) (HoleRef, bool) {
	a, ok := ParseAddress(ref.Object)
	if !ok {
		return HoleRef{}, false
	}
	attrs := ref.Attrs()
	switch a.Type {
	case "aws_eks_cluster":
		if len(attrs) == 3 && attrs[0] == "identity" && attrs[1] == "oidc" && attrs[2] == "issuer" {
			return HoleRef{Object: ref.Object, Path: "identity[0].oidc[0].issuer"}, true
		}
	case "aws_iam_openid_connect_provider":
		if len(attrs) == 1 && (attrs[0] == "arn" || attrs[0] == "url" || attrs[0] == "id") {
			if p := m.OIDCProviderAt(ref.Object); p != nil {
				if o, ok := m.issuerOrigin(p.URL, depth+1); ok {
					return o, true
				}
			}
			return HoleRef{Object: ref.Object, Path: "url"}, true
		}
	case "":
		if len(attrs) == 1 && eksModuleIssuerOutputs[attrs[0]] && a.IsModuleCall() && m.EKSModuleCall(ref.Object) {
			return HoleRef{Object: ref.Object, Path: "cluster_oidc_issuer_url"}, true
		}
	}
	if n := len(attrs); n >= 3 && attrs[n-3] == "identity" && attrs[n-2] == "oidc" && attrs[n-1] == "issuer" {
		// A cluster object passed on whole (a module's output of
		// its aws_eks_cluster, a variable of one): its issuer.
		return HoleRef{Object: ref.Object, Path: ref.Path}, true
	}
	return HoleRef{}, false
}

// DistinctClusterIssuers reports whether two issuer origins
// (IssuerOrigin) are the issuers of two different EKS clusters of one
// Terraform root: two aws_eks_cluster instances, or terraform-aws-modules/eks
// calls, at different addresses of the same root, neither inside the
// other (a module call holds its cluster). EKS gives every
// cluster an issuer of its own, and one root's state cannot hold one
// cluster twice. An address with an instance key not known statically
// ([*]) may be any instance, and origins of two roots (a cluster each
// may manage under one name) or of providers whose URL is not traced are
// not told apart.
func DistinctClusterIssuers(a, b HoleRef) bool {
	cluster := func(o HoleRef) (root string, ok bool) {
		if o.Path != "identity[0].oidc[0].issuer" && o.Path != "cluster_oidc_issuer_url" || strings.Contains(o.Object, "[*]") {
			return "", false
		}
		root, _, found := strings.Cut(o.Object, ":")
		return root, found
	}
	ra, okA := cluster(a)
	rb, okB := cluster(b)
	if !okA || !okB || ra != rb || a.Object == b.Object {
		return false
	}
	// An eks module call and the cluster inside it are one cluster.
	within := func(outer, inner string) bool { return strings.HasPrefix(inner, outer+".") }
	return !within(a.Object, b.Object) && !within(b.Object, a.Object)
}

// eksModuleIssuerOutputs are the outputs of terraform-aws-modules/eks
// (v17–v21) that are its cluster's OIDC provider ARN or issuer.
var eksModuleIssuerOutputs = map[string]bool{"oidc_provider_arn": true, "oidc_provider": true, "cluster_oidc_issuer_url": true}
