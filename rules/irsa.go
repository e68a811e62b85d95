package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"k8s.io/apimachinery/pkg/util/validation"
)

// IRSA rules (FL201-FL207) read a role's trust policy through
// lint.Trust.WebIdentities, and judge only IRSA trusts: statements whose
// OIDC provider is an EKS cluster's (lint.Model.IRSA, irsaStatements).
//
// FL201 and FL202 compare two sides: the `:sub` subjects a role's trust
// allows and the service account bound to the role (the
// eks.amazonaws.com/role-arn annotation). Their findings anchor on the trust
// condition and list the service account as related: the trust is always
// written in the tree (a namespace is often only a default with no line to
// point at), it is the side upstream upgrade notes tell users to change
// (Karpenter v0.33/v0.34: "change the trust to kube-system:karpenter"), and
// changing it touches one IAM document where moving the service account
// moves a whole release. The hint names both ways out.

// irsaBinding is a service account bound to a role of the model whose trust
// is known and has web-identity statements.
type irsaBinding struct {
	sa   *lint.ServiceAccount
	role *lint.Role
	webs []lint.WebIdentity
	// karpenter is set when the account is Karpenter's controller.
	karpenter bool
	// externalSecrets is set when the account is one of External Secrets
	// Operator's chart.
	externalSecrets bool
	// peers are the other accounts bound to the same role.
	peers []*lint.ServiceAccount
}

// subjectVerdict compares one trust subject with a service account.
type subjectVerdict struct {
	subject   lint.Subject
	namespace lint.Tri
	name      lint.Tri
}

// namesRole reports whether a role reference names a role at all: set,
// not unknown, and not the empty string (an add-on's
// service_account_role_arn = "" or an empty annotation binds no role).
func namesRole(r lint.Ref) bool {
	if !r.IsSet() || r.Value.IsUnknown() {
		return false
	}
	s, known := r.Value.Str()
	return !known || s != ""
}

// irsaBindings lists the service accounts bound to roles the model
// declares. A binding whose role is not in the tree, or whose trust is not
// known, is out of reach: counted in coverage, not reported.
func irsaBindings(p *lint.Pass) []irsaBinding {
	m := p.Model
	var out []irsaBinding
	for _, sa := range m.ServiceAccounts {
		if !namesRole(sa.RoleARN) {
			continue
		}
		id := m.ResolveRole(sa.RoleARN.Value, sa.Scope)
		role, ok := id.Entity.(*lint.Role)
		if !ok {
			if notARole(m, sa.RoleARN.Value) || noIRSATrustAmong(m, id.Alike) {
				continue // a provider's or a policy's ARN, or roles no pod can assume: FL208's finding
			}
			p.Unresolved(id.Undeclared("role", saLabel(sa)), sa.RoleARN.Range)
			continue
		}
		if !role.Trust.Known {
			p.Unresolved(fmt.Sprintf("trust policy of %s (bound to %s) is not known", role.Label, saLabel(sa)), sa.RoleARN.Range)
			continue
		}
		webs := irsaStatements(m, role)
		if len(webs) == 0 {
			if hasUntracedWebIdentity(m, role) {
				p.Unresolved(fmt.Sprintf("whether the OIDC provider %s trusts is an EKS cluster's (bound to %s)", role.Label, saLabel(sa)), sa.RoleARN.Range)
			}
			continue // not an IRSA trust (another identity provider), or not known to be one
		}
		out = append(out, irsaBinding{sa: sa, role: role, webs: webs, karpenter: karpenterAccount(m, sa), externalSecrets: externalSecretsAccount(m, sa)})
	}
	for i := range out {
		for j := range out {
			if i != j && out[i].role == out[j].role && out[i].sa != out[j].sa {
				out[i].peers = append(out[i].peers, out[j].sa)
			}
		}
	}
	return out
}

// noIRSATrustAmong reports whether the roles a name names when several
// do all have a known trust without an IRSA statement: whichever it is,
// there is no subject to compare (FL208 tells whether a pod can assume
// it at all).
func noIRSATrustAmong(m *lint.Model, alike []lint.Entity) bool {
	if len(alike) < 2 {
		return false
	}
	for _, e := range alike {
		r, ok := e.(*lint.Role)
		if !ok || !r.Trust.Known || len(irsaStatements(m, r)) > 0 || hasUntracedWebIdentity(m, r) {
			return false
		}
	}
	return true
}

// notARole reports whether v, written where a role's ARN belongs, names
// an OIDC provider or a policy: no role to compare a trust with, and
// FL208 reports it.
func notARole(m *lint.Model, v lint.Value) bool {
	_, provider := oidcProviderNamed(m, v)
	_, policy := policyNamed(v)
	return provider || policy
}

// judge decides whether the role's trust lets the service account in: Yes
// when one subject (or a statement without a :sub condition) allows it,
// Maybe when some subject cannot be decided, No when every subject
// provably refuses it. It returns the verdict of every subject.
func (b irsaBinding) judge() (lint.Tri, []subjectVerdict) {
	allowed := lint.No
	var out []subjectVerdict
	raise := func(t lint.Tri) {
		if t == lint.Yes || allowed == lint.Yes {
			allowed = lint.Yes
		} else if t == lint.Maybe {
			allowed = lint.Maybe
		}
	}
	for _, w := range b.webs {
		if len(w.SubConditions) == 0 && len(w.UnknownClaims) > 0 {
			raise(lint.Maybe) // a condition on a claim not known statically
			continue
		}
		if len(w.SubConditions) == 0 {
			raise(lint.Yes) // any service account: FL203's finding
			continue
		}
		for _, c := range w.SubConditions {
			if _, ok := lint.ClaimMatcher(c); !ok {
				raise(lint.Maybe) // negated, another family, or not an operator IAM knows
				continue
			}
			for _, v := range c.Values {
				if _, _, ok := lint.ParseSubject(v); !ok {
					raise(lint.Maybe) // a subject not written as system:serviceaccount:ns:name
				}
			}
		}
		for _, s := range w.Subjects {
			if _, ok := lint.ClaimMatcher(s.Condition); !ok {
				continue
			}
			cmp := lint.SubjectCompare(s)
			v := subjectVerdict{subject: s, namespace: cmp(s.Namespace, b.sa.Namespace), name: cmp(s.Name, b.sa.Name)}
			if v.name == lint.No && b.sa.NameByConvention {
				// The name is only Helm's convention for a chart faultline
				// does not know: the chart may well run as the subject.
				v.name = lint.Maybe
			}
			out = append(out, v)
			if (v.namespace == lint.No || v.name == lint.No) && b.patternForSeveral(s) {
				// A pattern written under StringEquals, meant for this
				// account and another bound to the role: FL207 reports
				// the condition once; writing this account's subject
				// (the hint here) would refuse the others.
				raise(lint.Yes)
				continue
			}
			switch {
			case v.namespace == lint.No || v.name == lint.No:
			case v.namespace == lint.Yes && v.name == lint.Yes:
				raise(lint.Yes)
			default:
				raise(lint.Maybe)
			}
		}
	}
	return allowed, out
}

// patternForSeveral reports whether trust subject s holds a "*" under an
// operator that compares it literally (StringEquals: FL207's malformed
// condition) that this account and another bound to the role would both
// match under StringLike.
func (b irsaBinding) patternForSeveral(s lint.Subject) bool {
	if s.Like || !literalContains(s.Raw, "*") {
		return false
	}
	matches := func(sa *lint.ServiceAccount) bool {
		return lint.LikeMatch(s.Namespace, sa.Namespace) == lint.Yes && lint.LikeMatch(s.Name, sa.Name) == lint.Yes
	}
	return matches(b.sa) && slices.ContainsFunc(b.peers, matches)
}

// irsaStatements are the trust's IRSA statements: web-identity statements
// whose OIDC provider is an EKS cluster's (lint.Model.IRSA). Statements
// trusting another identity provider (GitHub Actions, GitLab, Terraform
// Cloud, Cognito) or one the model cannot trace to a cluster are left out.
func irsaStatements(m *lint.Model, r *lint.Role) []lint.WebIdentity {
	var out []lint.WebIdentity
	for _, w := range r.Trust.WebIdentities() {
		if m.IRSAOf(r, w) == lint.Yes {
			out = append(out, w)
		}
	}
	return out
}

// judgedIRSA reports whether a rule judges web-identity statement w of
// role r: only an IRSA trust is judged. One whose OIDC provider may or may
// not be an EKS cluster's (a variable, a module output whose code was not
// read) is counted in coverage; another provider's is none of IRSA's
// business.
func judgedIRSA(p *lint.Pass, r *lint.Role, w lint.WebIdentity) bool {
	switch p.Model.IRSAOf(r, w) {
	case lint.Yes:
		return true
	case lint.Maybe:
		at := w.Statement.Range
		if at.IsZero() {
			at = r.Trust.Range
		}
		p.Unresolved(fmt.Sprintf("whether the OIDC provider the trust of %s names (%q) is an EKS cluster's", r.Label, w.Statement.Federated[0].String()), at)
	}
	return false
}

// hasUntracedWebIdentity reports whether a web-identity statement of the
// trust names an OIDC provider that may or may not be an EKS cluster's.
func hasUntracedWebIdentity(m *lint.Model, r *lint.Role) bool {
	for _, w := range r.Trust.WebIdentities() {
		if m.IRSAOf(r, w) == lint.Maybe {
			return true
		}
	}
	return false
}

// saLabel names a service account with where it comes from.
func saLabel(sa *lint.ServiceAccount) string {
	if sa.Via != "" && !strings.Contains(sa.Label, sa.Via) {
		return sa.Label + " (" + sa.Via + ")"
	}
	return sa.Label
}

// subjectOf renders the subject a service account's token carries.
func subjectOf(namespace, name lint.Value) string {
	return "system:serviceaccount:" + namespace.String() + ":" + name.String()
}

// trustableSubject is the subject a trust can write to let sa in: its
// own, or, for an account Crossplane names after a package's revision,
// the pattern of the package's revisions under StringLike.
func trustableSubject(sa *lint.ServiceAccount) string {
	if sa.RevisionOf != "" {
		return subjectOf(sa.Namespace, lint.Known(sa.Name.Prefix()+"*")) + " under StringLike"
	}
	return subjectOf(sa.Namespace, sa.Name)
}

// roleName names a role with its declaration.
func roleName(r *lint.Role) string {
	return describe(lint.Identity{Kind: lint.KindRole, Entity: r, Name: r.Name})
}

// bindingRelated lists the service account side of a binding.
func bindingRelated(b irsaBinding, nameToo bool) []lint.Location {
	sa := b.sa
	out := []lint.Location{{Range: sa.RoleARN.Range, Message: fmt.Sprintf("%s is bound to role %s here (runs as %s)", saLabel(sa), roleName(b.role), subjectOf(sa.Namespace, sa.Name))}}
	for i := len(sa.RoleARN.Passed) - 1; i >= 0; i-- {
		out = append(out, sa.RoleARN.Passed[i])
	}
	if !sa.NamespaceRange.IsZero() {
		out = append(out, lint.Location{Range: sa.NamespaceRange, Message: fmt.Sprintf("the namespace %s is decided here", sa.Namespace)})
	}
	if nameToo && !sa.NameRange.IsZero() && sa.NameRange != sa.RoleARN.Range {
		msg := fmt.Sprintf("the service account name %s is written here", sa.Name)
		if sa.NameIsDefault {
			msg = fmt.Sprintf("the chart's default name for this account, %s, applies: the release's values do not set the key the chart reads the name from", sa.Name)
		}
		out = append(out, lint.Location{Range: sa.NameRange, Message: msg})
	}
	out = append(out, declared(lint.Identity{Kind: lint.KindRole, Entity: b.role}, "role")...)
	return mergeRelated(out)
}

// irsaChain is the failure chain shared by FL201 and FL202.
func irsaChain(b irsaBinding, allowed string) []string {
	sa := b.sa
	chain := []string{
		fmt.Sprintf("EKS mounts a web identity token for %s whose subject is %s", saLabel(sa), subjectOf(sa.Namespace, sa.Name)),
		fmt.Sprintf("the trust of role %s allows %s only: AssumeRoleWithWebIdentity fails with AccessDenied", roleName(b.role), allowed),
	}
	switch {
	case b.karpenter:
		chain = append(chain, "Karpenter's controller gets no AWS credentials: it cannot discover instance types or launch instances, so no nodes are provisioned",
			"pods that need new capacity stay Pending although the cluster looks idle")
	case b.externalSecrets:
		chain = append(chain, "External Secrets' controller gets no AWS credentials of its own: an AWS store that writes no auth (which uses them) cannot read its secrets",
			"the ExternalSecrets of such a store are not synced: their Secrets are not created or go stale, and pods that mount them do not start")
	default:
		chain = append(chain, "the pods running as the service account get no AWS credentials (or fall back to the node role): their AWS calls fail",
			"the controller crash-loops or stops reconciling; what depends on it (nodes, load balancers, volumes, DNS) is not created")
	}
	return chain
}

// karpenterAccount reports whether a service account is Karpenter's
// controller: created by a release of the karpenter chart, or named as the
// chart names it.
func karpenterAccount(m *lint.Model, sa *lint.ServiceAccount) bool {
	if r, ok := m.Lookup(sa.Release).(*lint.Release); ok && sa.Release != "" {
		return chartBase(r.Chart) == "karpenter"
	}
	n, ok := sa.Name.Str()
	return ok && n == "karpenter"
}

// chartBase is a chart reference's chart name: its last path element
// without an OCI tag ("oci://public.ecr.aws/karpenter/karpenter:1.1.1" →
// "karpenter").
func chartBase(chart string) string {
	c := strings.TrimSuffix(chart, "/")
	if i := strings.LastIndex(c, "/"); i >= 0 {
		c = c[i+1:]
	}
	if i := strings.IndexByte(c, ':'); i >= 0 {
		c = c[:i]
	}
	return c
}

// describeSubjects renders subjects as written.
func describeSubjects(vs []subjectVerdict) string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vs {
		s := v.subject.Raw.String()
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return listLabels(out)
}

// hitFirst is vs with the subject a finding rests on first, so a
// message that lists only the first few names it.
func hitFirst(vs []subjectVerdict, hit subjectVerdict) []subjectVerdict {
	out := make([]subjectVerdict, 0, len(vs))
	out = append(out, hit)
	for _, v := range vs {
		if v.subject.Raw.String() != hit.subject.Raw.String() {
			out = append(out, v)
		}
	}
	return out
}

// deniedBinding is a binding whose trust provably refuses its service
// account, with the verdict of every subject.
type deniedBinding struct {
	irsaBinding
	verdicts []subjectVerdict
	// peers are the other service accounts bound to the same role.
	peers []*lint.ServiceAccount
	// allowedPeer is a peer the role's trust allows, or nil.
	allowedPeer *lint.ServiceAccount
}

// deniedBindings judges every binding: undecidable ones are counted in
// coverage, allowed ones dropped, and the refused ones returned for the
// rule to say why (FL201: another namespace; FL202: another name). A
// refused account a Pod Identity association binds is dropped: its pods
// get the association's credentials, not the annotation's (FL208).
func deniedBindings(p *lint.Pass) []deniedBinding {
	var out []deniedBinding
	all := irsaBindings(p)
	allowedOf := map[*lint.Role]*lint.ServiceAccount{}
	for _, b := range all {
		allowed, vs := b.judge()
		switch allowed {
		case lint.Yes:
			if allowedOf[b.role] == nil {
				allowedOf[b.role] = b.sa
			}
		case lint.Maybe:
			p.Unresolved(fmt.Sprintf("trust of %s vs %s", b.role.Label, saLabel(b.sa)), b.sa.RoleARN.Range)
		case lint.No:
			// EKS's pod identity webhook gives an account a Pod
			// Identity association binds those credentials only, no
			// web identity token: its annotation's trust is not used
			// (as FL208 judges it).
			switch podIdentityBinds(p.Model, b.sa) {
			case lint.Yes:
				continue
			case lint.Maybe:
				p.Unresolved(fmt.Sprintf("whether a Pod Identity association binds %s (it would take precedence over the role-arn annotation, whose role's trust refuses it)", saLabel(b.sa)), b.sa.RoleARN.Range)
				continue
			}
			out = append(out, deniedBinding{irsaBinding: b, verdicts: vs, peers: peersOf(all, b)})
		}
	}
	for i := range out {
		out[i].allowedPeer = allowedOf[out[i].role]
	}
	return out
}

// spareAccount says, for a refused binding, what the finding rests on
// when the role works for another account its trust allows and no
// workload of the tree runs as the refused one, an account of its own
// (not a chart's or an add-on's, whose pods exist though the tree does
// not show them): a spare account carrying the role's annotation, whose
// refusal hurts only pods the tree does not show. "" otherwise.
func spareAccount(m *lint.Model, d deniedBinding) string {
	if d.allowedPeer == nil || d.sa.Via != "" || d.sa.Release != "" || d.sa.AddOn != "" {
		return "" // an account of a chart or an add-on: its pods exist
	}
	if storeAuthenticatesAs(m, d.sa) != "" {
		return "" // an External Secrets store authenticates as it
	}
	for _, w := range m.Workloads {
		ns, _ := w.PlacedNamespace()
		name := w.ServiceAccount.Value
		if !w.ServiceAccount.IsSet() {
			name = lint.Known("default")
		}
		if lint.Compare(ns, d.sa.Namespace) != lint.No && lint.Compare(name, d.sa.Name) != lint.No {
			return "" // a workload may run as it
		}
	}
	return fmt.Sprintf("pods are taken to run as %s: no workload of the tree does, and role %s works for %s, which its trust allows", saLabel(d.sa), roleName(d.role), saLabel(d.allowedPeer))
}

// spareHint and spareChain replace a refused binding's hint and chain
// when the account is spare (spareAccount): the role works for the
// account its trust allows, and rewriting the trust for the spare one
// would take the role from the account that uses it.
func spareHint(d deniedBinding) string {
	return fmt.Sprintf("role %s works for %s, which its trust allows: delete the spare service account %s (or its eks.amazonaws.com/role-arn annotation), or add %s to the trust beside the subject it has, not instead of it",
		roleName(d.role), saLabel(d.allowedPeer), saLabel(d.sa), trustableSubject(d.sa))
}

func spareChain(d deniedBinding, allowed string) []string {
	return []string{
		fmt.Sprintf("EKS mounts a web identity token for %s whose subject is %s", saLabel(d.sa), subjectOf(d.sa.Namespace, d.sa.Name)),
		fmt.Sprintf("the trust of role %s allows %s only: AssumeRoleWithWebIdentity fails with AccessDenied for a pod running as it", roleName(d.role), allowed),
		fmt.Sprintf("no workload of the tree runs as it; %s, which the trust allows, keeps the role", saLabel(d.allowedPeer)),
	}
}

// peersOf lists the other service accounts bound to b's role.
func peersOf(all []irsaBinding, b irsaBinding) []*lint.ServiceAccount {
	var out []*lint.ServiceAccount
	for _, o := range all {
		if o.role == b.role && o.sa != b.sa {
			out = append(out, o.sa)
		}
	}
	return out
}

// subjectFix is the repair of FL201/FL202: the refused subject replaced by
// the exact subject the service account runs as. It offers none (nil)
// unless the repair is certain and narrow: the finding rests on nothing
// inferred; the old subject is a known string without wildcards written
// once in the trust; the new one is a known, valid namespace and name (so
// it matches exactly one service account, under any operator); and every
// other service account bound to the role runs as that same subject
// (replacing the subject would lock another one out, and two accounts
// would ask for two different replacements of one literal). Whether the subject is written
// as a literal the fixer can edit is decided when it reads the source.
func subjectFix(d deniedBinding, hit subjectVerdict, findingInferred []string) *lint.Fix {
	if len(findingInferred) > 0 || d.role.Trust.Range.IsZero() {
		return nil
	}
	old, ok := hit.subject.Raw.Str()
	if !ok || strings.ContainsAny(old, "*?") || trustMentions(d.role.Trust, old) != 1 {
		return nil
	}
	ns, okNS := d.sa.Namespace.Str()
	name, okName := d.sa.Name.Str()
	if !okNS || !okName || len(validation.IsDNS1123Label(ns)) > 0 || len(validation.IsDNS1123Subdomain(name)) > 0 {
		return nil
	}
	want := subjectOf(d.sa.Namespace, d.sa.Name)
	if want == old {
		return nil
	}
	for _, peer := range d.peers {
		pns, ok1 := peer.Namespace.Str()
		pname, ok2 := peer.Name.Str()
		if !ok1 || !ok2 || subjectOf(lint.Known(pns), lint.Known(pname)) != want {
			return nil // another account of the role would be locked out, or asks for another subject
		}
	}
	return &lint.Fix{
		Description: fmt.Sprintf("trust subject %s of role %s replaced by %s, the one service account bound to it", old, roleName(d.role), want),
		Target:      lint.FixTarget{Kind: lint.FixReplaceString, In: d.role.Trust.Range, Old: old, New: want, Claim: "sub"},
	}
}

// trustMentions counts the condition values of a trust that are exactly s.
func trustMentions(t lint.Trust, s string) int {
	n := 0
	for _, st := range t.Statements {
		for _, c := range st.Conditions {
			for _, v := range c.Values {
				if got, ok := v.Str(); ok && got == s {
					n++
				}
			}
		}
	}
	return n
}
