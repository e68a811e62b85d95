package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// RoleCannotBeAssumedByPod reports a role bound to pods (a service
// account's eks.amazonaws.com/role-arn, an EKS Pod Identity association)
// whose trust does not let the pods' credential path assume it.
var RoleCannotBeAssumedByPod = &lint.Rule{
	ID:       "FL208",
	Name:     "role-cannot-be-assumed-by-pod",
	Severity: lint.Error,
	Summary:  "role bound to a service account (or a Pod Identity association) whose trust refuses the pods' credential path: the pod gets no credentials",
	Since:    "0.2.0",
	Doc: `A role is bound to pods in one of two ways, and each needs its own trust
statement:

- **IRSA**: the service account carries ` + "`eks.amazonaws.com/role-arn`" + ` (written in a
  manifest, a chart's values, a ` + "`kubernetes_service_account`" + `, an add-on's
  ` + "`service_account_role_arn`" + `). The pods call
  ` + "`sts:AssumeRoleWithWebIdentity`" + ` with the cluster's token, so the trust must
  allow that action to a ` + "`Federated`" + ` principal (the cluster's OIDC provider).
- **EKS Pod Identity**: an association (` + "`aws_eks_pod_identity_association`" + `,
  eksctl ` + "`podIdentityAssociations`" + `, Crossplane) names the role. The Pod
  Identity Agent assumes it as the service principal
  ` + "`pods.eks.amazonaws.com`" + ` with ` + "`sts:AssumeRole`" + ` **and** ` + "`sts:TagSession`" + `.

A service account whose ` + "`eks.amazonaws.com/role-arn`" + ` names the cluster's OIDC
provider (` + "`arn:aws:iam::…:oidc-provider/…`" + `, ` + "`aws_iam_openid_connect_provider.x.arn`" + `,
the eks module's ` + "`oidc_provider_arn`" + `) or an IAM policy (` + "`arn:aws:iam::aws:policy/…`" + `,
` + "`aws_iam_policy.x.arn`" + `) instead of a role is reported too: no one can assume a
provider or a policy.

A role written for something else — a node role trusting only
` + "`ec2.amazonaws.com`" + `, a role trusting an account root with ` + "`sts:AssumeRole`" + `, an IRSA
role reused for Pod Identity, a Pod Identity trust without ` + "`sts:TagSession`" + ` —
cannot be assumed that way. A role name that several roles of the tree
have (one per account, declared by two roots), and a Crossplane
association's ` + "`roleArnSelector`" + ` that several roles match, are judged when
the trust of every one is known and none allows the action: whichever the
reference resolves to, the pods get no credentials.

## The chain

1. EKS injects the credentials path: a web identity token and
   ` + "`AWS_ROLE_ARN`" + ` for the annotated service account (or the Pod Identity
   Agent's endpoint for the associated one).
2. STS refuses: no statement of the role's trust allows
   ` + "`sts:AssumeRoleWithWebIdentity`" + ` from a federated principal (resp.
   ` + "`sts:AssumeRole`" + ` and ` + "`sts:TagSession`" + ` from ` + "`pods.eks.amazonaws.com`" + `).
3. The SDK stops at the failing provider, or falls through to the node
   role: the pods get no credentials, or the wrong ones.
4. The controller's AWS calls fail with ` + "`AccessDenied`" + `: it crash-loops or
   stops reconciling (Karpenter launches no nodes), and what waits on it stays
   ` + "`Pending`" + `.

A service account that a Pod Identity association also binds is not judged
for IRSA: EKS's pod identity webhook gives Pod Identity precedence and
injects no web identity token for it (an association whose namespace or
service account is not known, or one in the namespace of an account whose
name is only Helm's convention for a chart faultline does not know, leaves
the binding undecided, counted in coverage). An association of another
root module for a cluster the account's root does not declare (the
account's root declares its clusters, all named) binds another cluster's
account, and is not counted. Only a trust that is read completely is judged: a statement with a hole in
its effect, principal or actions (but a statement whose only holes are in AWS
principals and that lists other actions only grants web identity to none:
` + "`arn:aws:iam::${account}:root`" + ` with ` + "`sts:AssumeRole`" + `), a
` + "`NotPrincipal`" + `, ` + "`\"Principal\": \"*\"`" + ` or a
trust not known make the rule stay silent (counted in coverage), and so
does a role not declared in the tree. Deny statements and conditions only
narrow what Allow statements grant, so they never make the rule fire;
` + "`NotAction`" + ` is read as IAM reads it. Whether the federated principal is the
right cluster's provider, and whether its conditions let the service
account in, are FL201–FL207's.

## Example

` + "```hcl" + `
resource "aws_iam_role" "external_dns" {
  name = "external-dns"
  assume_role_policy = jsonencode({
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }   # a node role's trust
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name        = "external-dns"
    namespace   = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn   # FL208
    }
  }
}
` + "```" + `

## How to fix

For IRSA, give the role a statement with
` + "`Principal = { Federated = <the cluster's OIDC provider ARN> }`" + `,
` + "`Action = \"sts:AssumeRoleWithWebIdentity\"`" + ` and ` + "`<issuer>:sub`" + ` / ` + "`<issuer>:aud`" + `
conditions (terraform-aws-modules/iam's ` + "`iam-role-for-service-accounts`" + ` writes
it). For Pod Identity, use
` + "`Principal = { Service = \"pods.eks.amazonaws.com\" }`" + ` with
` + "`Action = [\"sts:AssumeRole\", \"sts:TagSession\"]`" + `. If the role is meant for
Pod Identity, bind it with an association for the service account: EKS's
webhook then injects only the Pod Identity credentials, and the
` + "`eks.amazonaws.com/role-arn`" + ` annotation is unused (remove it).

References: EKS user guide, "IAM roles for service accounts" and "EKS Pod
Identity: create the role"; AWS SDKs and Tools reference, "credential
provider chain".`,
	Check: checkRoleCannotBeAssumedByPod,
}

// refusedByEvery is, for a role name several roles of the tree have (two
// roots declaring a role of one name, applied in different accounts), or
// a Crossplane selector several roles match, the first of them when the
// trust of every one is known and refuses the pods (refuses says so of
// one trust): whichever the reference resolves to, the pods get no
// credentials.
func refusedByEvery(id lint.Identity, refuses func(lint.Trust) bool) (*lint.Role, bool) {
	if len(id.Alike) < 2 {
		return nil, false
	}
	for _, e := range id.Alike {
		r, ok := e.(*lint.Role)
		if !ok || !r.Trust.Known || !refuses(r.Trust) {
			return nil, false
		}
	}
	return id.Alike[0].(*lint.Role), true
}

// refusesWebIdentity says whether trust t refuses
// AssumeRoleWithWebIdentity to every federated principal.
func refusesWebIdentity(t lint.Trust) bool {
	return t.Admits(lint.FederatedPrincipal, webIdentityAction) == lint.No
}

// podIdentityAdmits says whether trust t lets the Pod Identity Agent
// assume the role and tag its session.
func podIdentityAdmits(t lint.Trust) (assume, tag lint.Tri) {
	svc := lint.ServicePrincipal(podIdentityService)
	return t.Admits(svc, "sts:AssumeRole"), t.Admits(svc, "sts:TagSession")
}

// refusesPodIdentity says whether trust t refuses the Pod Identity Agent
// either of the two actions it needs.
func refusesPodIdentity(t lint.Trust) bool {
	assume, tag := podIdentityAdmits(t)
	return assume == lint.No || tag == lint.No
}

// webIdentityAction is what a pod calls with its service account token.
const webIdentityAction = "sts:AssumeRoleWithWebIdentity"

// podIdentityService is the principal EKS Pod Identity assumes roles as.
const podIdentityService = "pods.eks.amazonaws.com"

func checkRoleCannotBeAssumedByPod(p *lint.Pass) {
	m := p.Model
	for _, sa := range m.ServiceAccounts {
		if !namesRole(sa.RoleARN) {
			continue
		}
		// An association binding the account takes precedence: the
		// webhook injects the Pod Identity credentials only, no web
		// identity token, whatever the annotation names. Asked only when
		// the annotation would matter.
		podIdentity := podIdentityBinds(m, sa)
		undecided := func(what string) {
			if podIdentity != lint.Yes {
				p.Unresolved(what, sa.RoleARN.Range)
			}
		}
		id := m.ResolveRole(sa.RoleARN.Value, sa.Scope)
		role, ok := id.Entity.(*lint.Role)
		if !ok {
			role, ok = refusedByEvery(id, refusesWebIdentity)
		}
		if !ok {
			if provider, isProvider := oidcProviderNamed(m, sa.RoleARN.Value); isProvider && podIdentity == lint.No {
				reportProviderForRole(p, sa, provider)
				continue
			}
			if policy, isPolicy := policyNamed(sa.RoleARN.Value); isPolicy && podIdentity == lint.No {
				reportPolicyForRole(p, sa, policy)
				continue
			}
			undecided(id.Undeclared("role", saLabel(sa)))
			continue
		}
		switch role.Trust.Admits(lint.FederatedPrincipal, webIdentityAction) {
		case lint.Maybe:
			undecided(fmt.Sprintf("whether the trust of %s lets %s call %s", role.Label, saLabel(sa), webIdentityAction))
			continue
		case lint.Yes:
			continue
		}
		switch podIdentity {
		case lint.Yes:
			continue
		case lint.Maybe:
			p.Unresolved(fmt.Sprintf("whether a Pod Identity association binds %s (it would take precedence over the role-arn annotation, whose role refuses %s)", saLabel(sa), webIdentityAction), sa.RoleARN.Range)
			continue
		}
		if len(role.Trust.EmptyDefaults) > 0 {
			// The module call made the trust from a root variable's
			// empty default: a module read alone, its caller giving it.
			p.Unresolved(fmt.Sprintf("trust of %s, made from %s left at an empty default (a caller may give it), vs %s", role.Label, strings.Join(role.Trust.EmptyDefaults, ", "), saLabel(sa)), sa.RoleARN.Range)
			continue
		}
		reportWebIdentityRefused(p, sa, id, role)
	}
	for _, pa := range m.PodIdentities {
		if !namesRole(pa.RoleARN) {
			continue
		}
		id := m.ResolveRole(pa.RoleARN.Value, pa.Scope)
		role, ok := id.Entity.(*lint.Role)
		if !ok {
			role, ok = refusedByEvery(id, refusesPodIdentity)
		}
		if !ok {
			p.Unresolved(id.Undeclared("role", pa.Label), pa.RoleARN.Range)
			continue
		}
		assume, tag := podIdentityAdmits(role.Trust)
		if assume != lint.No && tag != lint.No {
			if assume == lint.Maybe || tag == lint.Maybe {
				p.Unresolved(fmt.Sprintf("whether the trust of %s lets EKS Pod Identity assume it for %s", role.Label, pa.Label), pa.RoleARN.Range)
			}
			continue
		}
		reportPodIdentityRefused(p, pa, id, role, assume == lint.No)
	}
}

// oidcProviderNamed reports whether v, written where a role's ARN
// belongs, is an IAM OIDC provider's ARN instead: an ARN whose resource
// is oidc-provider/…, an aws_iam_openid_connect_provider's (resource or
// data source) arn, or a terraform-aws-modules/eks call's
// oidc_provider_arn output. It returns how v shows.
func oidcProviderNamed(m *lint.Model, v lint.Value) (string, bool) {
	if arn, ok := lint.ParseARN(v); ok && arn.Service == "iam" && strings.HasPrefix(arn.Resource.Prefix(), "oidc-provider/") {
		return v.String(), true
	}
	ref, ok := v.SoleRef()
	if !ok {
		return "", false
	}
	a, ok := lint.ParseAddress(ref.Object)
	if !ok {
		return "", false
	}
	attrs := ref.Attrs()
	switch {
	case a.Type == "aws_iam_openid_connect_provider" && len(attrs) == 1 && attrs[0] == "arn":
		if d := m.OIDCProviderAt(ref.Object); d != nil && d.Label != "" {
			// Named as the model names it (a Terragrunt unit's with its
			// unit), not by the address inside the unit's module.
			return d.Label + ".arn", true
		}
		return ref.String(), true
	case a.IsModuleCall() && len(attrs) == 1 && attrs[0] == "oidc_provider_arn" && m.EKSModuleCall(ref.Object):
		return ref.String(), true
	}
	return "", false
}

// policyNamed reports whether v, written where a role's ARN belongs, is
// an IAM policy's ARN instead (arn:aws:iam::aws:policy/…, or an
// aws_iam_policy's arn): a policy is attached to a role, never assumed.
// It returns how v shows.
func policyNamed(v lint.Value) (string, bool) {
	if arn, ok := lint.ParseARN(v); ok && arn.Service == "iam" && strings.HasPrefix(arn.Resource.Prefix(), "policy/") {
		return v.String(), true
	}
	ref, ok := v.SoleRef()
	if !ok {
		return "", false
	}
	a, ok := lint.ParseAddress(ref.Object)
	if attrs := ref.Attrs(); ok && a.Type == "aws_iam_policy" && len(attrs) == 1 && attrs[0] == "arn" {
		return ref.String(), true
	}
	return "", false
}

// reportPolicyForRole reports a service account whose role-arn
// annotation names an IAM policy, not a role.
func reportPolicyForRole(p *lint.Pass, sa *lint.ServiceAccount, policy string) {
	reportNotARole(p, sa, policy, "an IAM policy's ARN", "a policy", "policy",
		"set eks.amazonaws.com/role-arn to the ARN of a role whose trust allows this service account, and attach the policy to that role")
}

// reportProviderForRole reports a service account whose role-arn
// annotation names an OIDC provider, not a role.
func reportProviderForRole(p *lint.Pass, sa *lint.ServiceAccount, provider string) {
	var decl []lint.Location
	if ref, ok := sa.RoleARN.Value.SoleRef(); ok {
		if d := p.Model.OIDCProviderAt(ref.Object); d != nil && !d.Range.IsZero() {
			decl = append(decl, lint.Location{Range: d.Range, Message: fmt.Sprintf("OIDC provider %s is declared here", d.Label)})
		}
	}
	reportNotARole(p, sa, provider, "an IAM OIDC provider's ARN", "the cluster's OIDC provider", "provider",
		"set eks.amazonaws.com/role-arn to the ARN of the role whose trust names this OIDC provider (aws_iam_role.<name>.arn), not the provider's", decl...)
}

// reportNotARole reports a service account whose role-arn annotation,
// shown as shown, names something no one can assume: what it is (its
// ARN's kind, and what STS is asked to assume), the finding's key and
// the hint.
func reportNotARole(p *lint.Pass, sa *lint.ServiceAccount, shown, arnKind, assumed, key, hint string, decl ...lint.Location) {
	p.Report(lint.Finding{
		Range:   sa.RoleARN.Range,
		Message: fmt.Sprintf("%s is bound to %s, %s, not a role's: the pods get no credentials", saLabel(sa), shown, arnKind),
		Related: append(mergeRelated(sa.RoleARN.Passed), decl...),
		Chain: []string{
			fmt.Sprintf("EKS injects a web identity token and AWS_ROLE_ARN = %s for %s", shown, saLabel(sa)),
			fmt.Sprintf("%s names %s, which no one can assume: STS refuses with an error", webIdentityAction, assumed),
			"the pods get no credentials, or fall back to the node role: their AWS calls fail with AccessDenied",
		},
		Hint:     hint,
		Inferred: inferred(sa),
		Key:      "sa=" + sa.Addr + "|" + key,
		Roots:    rootsOf(sa),
	})
}

// podIdentityBinds says whether an EKS Pod Identity association of the
// service account's cluster binds it (its namespace and name): EKS's pod
// identity webhook then gives its pods the Pod Identity credentials only
// (amazon-eks-pod-identity-webhook, buildPodPatchConfig: "Container
// credentials method takes precedence"), and no web identity token.
// Maybe when an association may name it (a namespace or name not known).
func podIdentityBinds(m *lint.Model, sa *lint.ServiceAccount) lint.Tri {
	out := lint.No
	for _, pa := range m.PodIdentities {
		if !pa.Scope.Compatible(sa.Scope, true, true) || forOtherCluster(m, pa, sa) {
			continue
		}
		ns, name := lint.Compare(pa.Namespace.Value, sa.Namespace), lint.Compare(pa.ServiceAccount.Value, sa.Name)
		switch {
		case ns == lint.Yes && name == lint.Yes:
			return lint.Yes
		case ns != lint.No && (name != lint.No || sa.NameByConvention):
			// A name that is only Helm's convention may be the one the
			// association gives.
			out = lint.Maybe
		}
	}
	return out
}

// forOtherCluster reports whether association pa is provably for
// another cluster than the account's (rootOfOtherCluster).
func forOtherCluster(m *lint.Model, pa *lint.PodIdentityAssociation, sa *lint.ServiceAccount) bool {
	return pa.Root != sa.Root && rootOfOtherCluster(m, sa.Root, pa.Cluster)
}

// reportWebIdentityRefused reports a service account bound to a role no
// federated principal may assume.
func reportWebIdentityRefused(p *lint.Pass, sa *lint.ServiceAccount, id lint.Identity, role *lint.Role) {
	trusted := trustedPrincipals(role.Trust)
	podOnly := role.Trust.Admits(lint.ServicePrincipal(podIdentityService), "sts:AssumeRole") == lint.Yes
	b := irsaBinding{sa: sa, role: role, karpenter: karpenterAccount(p.Model, sa), externalSecrets: externalSecretsAccount(p.Model, sa)}
	chain := []string{
		fmt.Sprintf("EKS injects a web identity token and AWS_ROLE_ARN for %s: the pods call %s for role %s", saLabel(sa), webIdentityAction, roleName(role)),
		fmt.Sprintf("the role's trust allows %s to no federated principal (it trusts %s): STS refuses with AccessDenied", webIdentityAction, trusted),
		"the SDK stops at the failing web identity provider, or falls back to the node role: the pods get no credentials, or the wrong ones",
	}
	if b.karpenter {
		chain = append(chain, "Karpenter's controller cannot discover instance types or launch instances: pods that need new capacity stay Pending")
	} else {
		chain = append(chain, "the controller's AWS calls fail with AccessDenied: it crash-loops or stops reconciling, and what waits on it stays Pending")
	}
	hint := "give the role a trust statement with Principal = { Federated = <the cluster's OIDC provider ARN> }, Action = \"sts:AssumeRoleWithWebIdentity\" and <issuer>:sub / <issuer>:aud conditions for " + subjectOf(sa.Namespace, sa.Name)
	if podOnly {
		hint = "the role trusts EKS Pod Identity: bind it with a Pod Identity association for " + subjectOf(sa.Namespace, sa.Name) + " (the webhook then injects only its credentials; the annotation can go), or add an IRSA statement to the trust"
	}
	rel := []lint.Location{}
	rel = append(rel, sa.RoleARN.Passed...)
	rel = append(rel, declared(id, "role")...)
	if !role.Trust.Range.IsZero() {
		rel = append(rel, lint.Location{Range: role.Trust.Range, Message: "its trust policy is written here"})
	}
	p.Report(lint.Finding{
		Range:    sa.RoleARN.Range,
		Message:  fmt.Sprintf("%s is bound to IAM role %s, whose trust does not allow %s from any OIDC provider (it trusts %s): the pods get no credentials", saLabel(sa), describe(id), webIdentityAction, trusted),
		Related:  mergeRelated(rel),
		Chain:    chain,
		Hint:     hint,
		Inferred: inferred(sa, role),
		Key:      "sa=" + sa.Addr + "|role=" + role.Addr,
		Roots:    rootsOf(sa, role),
	})
}

// reportPodIdentityRefused reports a Pod Identity association whose role
// does not trust pods.eks.amazonaws.com with both actions.
func reportPodIdentityRefused(p *lint.Pass, pa *lint.PodIdentityAssociation, id lint.Identity, role *lint.Role, noAssume bool) {
	sa := podIdentitySubject(pa)
	trust := "the role's trust"
	if len(id.Alike) > 1 {
		trust = "the trust of each" // every one refuses (refusedByEvery)
	}
	what := fmt.Sprintf("trusts %s without sts:TagSession", podIdentityService)
	if noAssume {
		what = fmt.Sprintf("does not trust %s with sts:AssumeRole (it trusts %s)", podIdentityService, trustedPrincipals(role.Trust))
	}
	rel := append(declared(id, "role"), lint.Location{Range: role.Trust.Range, Message: "its trust policy is written here"})
	if role.Trust.Range.IsZero() {
		rel = declared(id, "role")
	}
	p.Report(lint.Finding{
		Range:   pa.RoleARN.Range,
		Message: fmt.Sprintf("%s binds IAM role %s to %s, but %s %s: the pods get no credentials", pa.Label, describe(id), sa, trust, what),
		Related: rel,
		Chain: []string{
			fmt.Sprintf("the EKS Pod Identity Agent assumes %s for pods running as %s as %s, with sts:AssumeRole and sts:TagSession", id.Describe(), sa, podIdentityService),
			trust + " refuses that call, so the association cannot deliver credentials",
			"the pods' AWS calls fail with AccessDenied: the controller crash-loops or stops acting, and the pods waiting on it stay Pending",
		},
		Hint:     fmt.Sprintf("add a trust statement with Principal = { Service = %q } and Action = [\"sts:AssumeRole\", \"sts:TagSession\"]", podIdentityService),
		Inferred: inferred(pa, role),
		Key:      "pod-identity=" + pa.Addr + "|role=" + role.Addr,
		Roots:    rootsOf(pa, role),
	})
}

// trustedPrincipals describes what a trust's Allow statements grant, for
// messages: "ec2.amazonaws.com (sts:AssumeRole)".
func trustedPrincipals(t lint.Trust) string {
	var out []string
	seen := map[string]bool{}
	for _, s := range t.Statements {
		if !strings.EqualFold(s.Effect, "Allow") {
			continue
		}
		var who []string
		who = append(who, s.Services...)
		for _, a := range s.AWS {
			who = append(who, a.String())
		}
		for _, f := range s.Federated {
			who = append(who, f.String())
		}
		if len(who) == 0 {
			continue
		}
		acts := s.Actions
		if len(acts) == 0 && len(s.NotActions) > 0 {
			acts = []string{"every action but " + strings.Join(s.NotActions, ", ")}
		}
		d := strings.Join(who, ", ") + " (" + strings.Join(acts, ", ") + ")"
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return "no principal at all"
	}
	return strings.Join(out, "; ")
}
