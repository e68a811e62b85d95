package rules

import (
	"fmt"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"k8s.io/apimachinery/pkg/util/validation"
)

// IRSAServiceAccountMismatch reports a service account bound to a role
// whose trust names another service account of the same namespace.
var IRSAServiceAccountMismatch = &lint.Rule{
	ID:       "FL202",
	Name:     "irsa-service-account-mismatch",
	Severity: lint.Error,
	Summary:  "an IRSA role's trust names another service account than the one bound to the role",
	Since:    "0.1.0",
	Doc: `A service account is bound to an IAM role (IRSA, the
` + "`eks.amazonaws.com/role-arn`" + ` annotation), the role's trust names its
namespace, but no ` + "`:sub`" + ` subject names the service account itself.

## The chain

1. EKS mounts a web identity token whose subject is
   ` + "`system:serviceaccount:<namespace>:<name the account really has>`" + `.
2. The trust allows other names of that namespace only:
   ` + "`AssumeRoleWithWebIdentity`" + ` fails with ` + "`AccessDenied`" + `.
3. The controller has no AWS credentials; what it should create (nodes,
   load balancers, volumes) is not created, and pods stay ` + "`Pending`" + `.

Typical causes: a chart's ` + "`fullnameOverride`" + ` or release name changes the
account's name (` + "`${local.cluster}-ray`" + ` while the trust says ` + "`ray`" + `); a
chart renames its service account between versions. A name with an
unknown prefix still cannot match when its known suffix differs: that is
a finding, not silence; so is a subject whose namespace is unknown
(` + "`system:serviceaccount:${var.namespace}:ray`" + `) when its name differs. The
account of a chart faultline neither renders nor knows is named by Helm's
fullname convention only as a guess (a chart may name its account
otherwise, as KEDA names its operator's ` + "`keda-operator`" + `, which faultline
knows): a trust naming another account is counted as undecided,
not reported.

A Crossplane provider whose ` + "`DeploymentRuntimeConfig`" + ` gives the role but
names no account runs as an account Crossplane names after the provider's
revision: the provider's name, ` + "`-`" + ` and a package digest known only once
the package is pulled (` + "`provider-aws-ec2-${Provider/provider-aws-ec2.digest}`" + `).
A ` + "`StringLike`" + ` subject whose written start cannot begin that name
(` + "`provider-aws-s3-*`" + ` for the EC2 provider) is a finding; one that lets in
every such name (` + "`provider-aws-*`" + `) is not (FL203 still warns of the pattern).

A service account that a Pod Identity association also binds is not
judged: EKS's pod identity webhook gives its pods the association's
credentials and no web identity token, so the annotation's trust is not
used (FL208 judges the association's role).

## Example

` + "```hcl" + `
resource "aws_iam_role" "ray" {
  assume_role_policy = data.aws_iam_policy_document.ray.json   # FL202: allows ml:ray
}
resource "kubernetes_service_account_v1" "ray" {
  metadata {
    name      = "${local.cluster}-ray"
    namespace = "ml"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.ray.arn }
  }
}
` + "```" + `

When the role works for another account its trust allows (an add-on's,
a chart's) and the refused account is one of its own (a manifest or a
` + "`kubernetes_service_account`" + `, not a chart's or an add-on's) that no workload
of the tree runs as, the finding is one severity lower: a spare account
carrying the role's annotation hurts only pods the tree does not show.
` + externalSecretsDoc + `
## How to fix

Write the service account's real name into the trust's ` + "`:sub`" + ` condition
(` + "`system:serviceaccount:ml:${local.cluster}-ray`" + `), or name the service
account as the trust says. Do not widen the subject with a wildcard
(FL203). ` + "`faultline lint --fix`" + ` writes the exact subject when the old
one is a literal and the new name is fully known.

The finding points at the trust (the role's ` + "`assume_role_policy`" + `, or the module
argument or eksctl entry that writes the subject) and lists the service
account binding and name as related (see FL201 for why).

References: EKS user guide, "Configure IAM roles for service accounts";
"IAM role trust policy for IRSA" (the subject is
system:serviceaccount:NAMESPACE:NAME).`,
	Check: checkIRSAServiceAccountMismatch,
}

func checkIRSAServiceAccountMismatch(p *lint.Pass) {
	for _, d := range deniedBindings(p) {
		b, vs := d.irsaBinding, d.verdicts
		var hit *subjectVerdict
		for i, v := range vs {
			if v.namespace == lint.No && v.name != lint.No {
				hit = nil // the same name in another namespace: FL201's finding
				break
			}
			if v.namespace != lint.No && v.name == lint.No && (hit == nil || v.namespace == lint.Yes && hit.namespace != lint.Yes) {
				hit = &vs[i] // the namespace named (or unknown), another name
			}
		}
		if hit == nil {
			continue
		}
		sa := b.sa
		inf := dedupe(append(inferred(sa), inferredFor(b.role, lint.FactIdentity, lint.FactTrustSubjects)...))
		sev, hint := lint.Severity(0), renameHint(sa, b.role, hit.subject)
		chain := irsaChain(b, describeSubjects(hitFirst(vs, *hit)))
		if spare := spareAccount(p.Model, d); spare != "" {
			inf = append(inf, spare)
			hint, chain = spareHint(d), spareChain(d, describeSubjects(hitFirst(vs, *hit)))
		}
		if unused := controllerCredentialsUnused(p.Model, sa); unused != "" {
			// A redundant annotation: a notice.
			inf, sev, hint = append(inf, unused), lint.Warning, unusedControllerHint(sa, b.role)
		}
		p.Report(lint.Finding{
			Breaks:   graph.TrustsSubject,
			Severity: sev,
			Range:    hit.subject.Range,
			Message:  fmt.Sprintf("trust of role %s allows %s; the service account bound to it is %s:%s: %s%s", roleName(b.role), describeSubjects(hitFirst(vs, *hit)), sa.Namespace, sa.Name, saLabel(sa), acrossRoots(b.role, sa)),
			Related:  bindingRelated(b, true),
			Chain:    chain,
			Hint:     hint,
			Inferred: inf,
			Key:      "role=" + b.role.Addr + "|sa=" + sa.Addr,
			Roots:    rootsOf(b.role, sa),
			Fix:      subjectFix(d, *hit, inf),
		})
	}
}

// renameHint says how to make trust and account agree: write the account's
// subject in the trust, or rename the account to the name the trust
// allows — when that is a name an account can have (not a pattern: a "*"
// under StringEquals is FL207's).
func renameHint(sa *lint.ServiceAccount, role *lint.Role, sub lint.Subject) string {
	if sa.RevisionOf != "" {
		return revisionHint(sa, role, sub)
	}
	h := fmt.Sprintf("write %s in the :sub condition of role %s (instead of %s)", subjectOf(sa.Namespace, sa.Name), roleName(role), sub.Raw)
	if name, ok := sub.Name.Str(); ok && len(validation.IsDNS1123Subdomain(name)) > 0 {
		return h
	}
	return h + fmt.Sprintf(", or rename the service account to %s", sub.Name)
}

// revisionHint says how to make trust and account agree for an account
// Crossplane names after a package's revision, whose digest no trust can
// write out: name the account in the runtime config and trust that name,
// or let in every revision of the package with a pattern.
func revisionHint(sa *lint.ServiceAccount, role *lint.Role, sub lint.Subject) string {
	return fmt.Sprintf("name the account in %s (%s) and write that name in the :sub condition of role %s (instead of %s), or let in the package's revisions with StringLike %s*", sa.RevisionOf, sa.NamingField, roleName(role), sub.Raw, subjectOf(sa.Namespace, lint.Known(sa.Name.Prefix())))
}
