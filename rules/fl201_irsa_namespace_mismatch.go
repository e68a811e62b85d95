package rules

import (
	"fmt"
	"regexp"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
)

// IRSANamespaceMismatch reports a service account bound to a role whose
// trust names the same service account in another namespace.
var IRSANamespaceMismatch = &lint.Rule{
	ID:       "FL201",
	Name:     "irsa-namespace-mismatch",
	Severity: lint.Error,
	Summary:  "an IRSA role's trust names the service account in a namespace other than the one it runs in (or another namespace and name)",
	Since:    "0.1.0",
	Doc: `A service account is bound to an IAM role (IRSA, the
` + "`eks.amazonaws.com/role-arn`" + ` annotation), but the role's trust policy allows
` + "`system:serviceaccount:<namespace>:<name>`" + ` for the same name in another
namespace. Each side looks right on its own.

A trust whose subject differs in both the namespace and the name (and no
subject names the account's namespace, which would be FL202's finding) is
reported here too, naming both differences: the subject is refused just
the same. A pattern written under ` + "`StringEquals`" + ` (` + "`system:serviceaccount:*:puller`" + `)
that this account and another bound to the role would both match under
` + "`StringLike`" + ` is reported once, by FL207, not here for each account it
refuses: writing one account's subject would refuse the others.

## The chain

1. EKS mounts a web identity token in the pods whose subject is
   ` + "`system:serviceaccount:<namespace the account runs in>:<name>`" + `.
2. The trust's ` + "`:sub`" + ` condition names another namespace:
   ` + "`AssumeRoleWithWebIdentity`" + ` fails with ` + "`AccessDenied`" + `.
3. The controller has no AWS credentials. For Karpenter: no instance types
   are discovered and no nodes are launched.
4. Pods stay ` + "`Pending`" + ` although the cluster looks idle.

Common causes: Karpenter moved its default namespace from ` + "`karpenter`" + ` to
` + "`kube-system`" + ` (v0.33/v0.34; the upgrade guide says to change the trust to
` + "`system:serviceaccount:kube-system:karpenter`" + `), while the
terraform-aws-modules karpenter module still defaults its IRSA subject to
` + "`karpenter:karpenter`" + `; and the Terraform helm provider installs a
` + "`helm_release`" + ` without ` + "`namespace`" + ` into ` + "`default`" + `.

A service account that a Pod Identity association also binds is not
judged: EKS's pod identity webhook gives its pods the association's
credentials and no web identity token, so the annotation's trust is not
used (FL208 judges the association's role).

## Example

` + "```hcl" + `
resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = jsonencode({           # FL201
    Statement = [{
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = { StringEquals = {
        "${module.eks.oidc_provider}:sub" = "system:serviceaccount:karpenter:karpenter"
      } }
    }]
  })
}
` + "```" + `
` + "```yaml" + `
apiVersion: v1
kind: ServiceAccount
metadata:
  name: karpenter
  namespace: kube-system
  annotations:
    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/karpenter
` + "```" + `

When the role works for another account its trust allows (an add-on's,
a chart's) and the refused account is one of its own (a manifest or a
` + "`kubernetes_service_account`" + `, not a chart's or an add-on's) that no workload
of the tree runs as, the finding is one severity lower: a spare account
carrying the role's annotation hurts only pods the tree does not show.
` + externalSecretsDoc + `
## How to fix

Write the subject the service account actually carries into the trust
(` + "`system:serviceaccount:kube-system:karpenter`" + ` above; with the
terraform-aws-modules karpenter module, set its IRSA namespace input), or
install the chart into the namespace the trust names. Do not widen the
subject with a wildcard (FL203). ` + "`faultline lint --fix`" + ` writes the exact
subject when the old one is a literal it can point at (a quoted string in
` + "`jsonencode`" + `, a policy document's ` + "`values`" + `, JSON in a YAML scalar) and
the account is the only one bound to the role; it never moves a release.

The finding points at the trust, the side upgrade notes change: the role's
` + "`assume_role_policy`" + ` (the subject is inside it), or the module argument or
eksctl entry that writes the subject; the service account binding is
listed as related.

References: Karpenter upgrade guide (v0.33/v0.34, namespace change to
kube-system); EKS user guide, "Configure IAM roles for service accounts";
Terraform helm provider, ` + "`helm_release.namespace`" + ` (default "default").`,
	Check: checkIRSANamespaceMismatch,
}

func checkIRSANamespaceMismatch(p *lint.Pass) {
	for _, d := range deniedBindings(p) {
		b, vs := d.irsaBinding, d.verdicts
		hit, both := namespaceHit(vs)
		if hit == nil {
			continue
		}
		sa := b.sa
		want := trustableSubject(sa)
		msg := fmt.Sprintf("trust of role %s allows %s; the service account runs as %s:%s: %s%s", roleName(b.role), describeSubjects(hitFirst(vs, *hit)), sa.Namespace, sa.Name, saLabel(sa), acrossRoots(b.role, sa))
		hint := fmt.Sprintf("write %s in the :sub condition of role %s (instead of %s), or install the service account into namespace %s",
			want, roleName(b.role), hit.subject.Raw, hit.subject.Namespace)
		impossible := notANamespace(hit.subject.Namespace)
		if impossible {
			// No namespace can be called that (a literal * under
			// StringEquals): only the trust can change.
			hint = fmt.Sprintf("write %s in the :sub condition of role %s (instead of %s)", want, roleName(b.role), hit.subject.Raw)
		}
		if both {
			msg += fmt.Sprintf(" (both the namespace, %s instead of %s, and the name, %s instead of %s, differ)", hit.subject.Namespace, sa.Namespace, hit.subject.Name, sa.Name)
			if !impossible {
				hint = fmt.Sprintf("write %s in the :sub condition of role %s (instead of %s), or run the pods as service account %s in namespace %s",
					want, roleName(b.role), hit.subject.Raw, hit.subject.Name, hit.subject.Namespace)
			}
		}
		inf := dedupe(append(inferred(sa), inferredFor(b.role, lint.FactIdentity, lint.FactTrustSubjects)...))
		chain := irsaChain(b, describeSubjects(hitFirst(vs, *hit)))
		if spare := spareAccount(p.Model, d); spare != "" {
			inf = append(inf, spare)
			hint, chain = spareHint(d), spareChain(d, describeSubjects(hitFirst(vs, *hit)))
		}
		sev := lint.Severity(0)
		if unused := controllerCredentialsUnused(p.Model, sa); unused != "" {
			// A redundant annotation: a notice.
			inf, sev, hint = append(inf, unused), lint.Warning, unusedControllerHint(sa, b.role)
		}
		p.Report(lint.Finding{
			Breaks:   graph.TrustsSubject,
			Severity: sev,
			Range:    hit.subject.Range,
			Message:  msg,
			Related:  bindingRelated(b, both),
			Chain:    chain,
			Hint:     hint,
			Inferred: inf,
			Key:      "role=" + b.role.Addr + "|sa=" + sa.Addr,
			Roots:    rootsOf(b.role, sa),
			Fix:      subjectFix(d, *hit, inf),
		})
	}
}

// namespaceHit picks the subject FL201 reports: the same name in another
// namespace (preferring a provably same name); else, when no subject names
// the account's namespace (FL202's finding), one that differs in both
// namespace and name, with both set.
func namespaceHit(vs []subjectVerdict) (hit *subjectVerdict, both bool) {
	for i, v := range vs {
		if v.namespace == lint.No && v.name != lint.No && (hit == nil || v.name == lint.Yes && hit.name != lint.Yes) {
			hit = &vs[i]
		}
	}
	if hit != nil {
		return hit, false
	}
	for _, v := range vs {
		if v.namespace != lint.No && v.name == lint.No {
			return nil, false // FL202's: its namespace named (or unknown), another name
		}
	}
	for i, v := range vs {
		if v.namespace == lint.No && v.name == lint.No {
			return &vs[i], true
		}
	}
	return nil, false
}

// namespaceName is a Kubernetes namespace name (an RFC 1123 label).
var namespaceName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)

// notANamespace reports whether v is known text no namespace can be
// named (a literal * a StringEquals subject holds).
func notANamespace(v lint.Value) bool {
	s, known := v.Str()
	return known && !namespaceName.MatchString(s)
}
