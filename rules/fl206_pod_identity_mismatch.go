package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"k8s.io/apimachinery/pkg/util/validation"
)

// PodIdentityMismatch reports an EKS Pod Identity association that names a
// namespace/service account nothing in the tree runs as (a role whose trust
// refuses EKS Pod Identity is FL208's).
var PodIdentityMismatch = &lint.Rule{
	ID:       "FL206",
	Name:     "pod-identity-mismatch",
	Severity: lint.Error,
	Summary:  "pod identity association names a namespace/service account nothing runs as, or pods on Fargate",
	Since:    "0.1.0",
	Doc: `An EKS Pod Identity association binds a role to exactly one namespace and
service account of a cluster. When it names a service account that no pod
runs as — a chart upgrade renamed the account or moved it to another
namespace (Karpenter's recommended namespace moved from ` + "`karpenter`" + ` to
` + "`kube-system`" + ` in v0.33), or the association was written by hand with a typo —
the pods are left without credentials. (A role whose trust does not let
` + "`pods.eks.amazonaws.com`" + ` call ` + "`sts:AssumeRole`" + ` and ` + "`sts:TagSession`" + ` is FL208's.)

## The chain

1. The EKS Pod Identity Agent hands out the role's credentials only to pods
   running as the association's namespace/service account.
2. The pods run as another account, so they get no credentials, or fall
   back to the node role.
3. Their AWS calls fail with ` + "`AccessDenied`" + ` or "no valid credential sources":
   the controller crash-loops or stops acting, and the pods that wait on it
   stay ` + "`Pending`" + `.

A namespace or account holding a placeholder a step before apply fills
in (` + "`\"${KARPENTER_NAMESPACE}\"`" + ` in an eksctl file envsubst fills) names no
account faultline can know, and is counted as unresolved.

The service account is only judged missing when its namespace is declared
in the scanned tree (a ServiceAccount, a workload, a Namespace object or a
` + "`kubernetes_namespace`" + ` in it), or when an account of that name provably runs
in another namespace of the same cluster here (the chart's release, a
declared ServiceAccount; what a Terraform root that declares its own
clusters applies is in an eksctl association's cluster only when one of
them has its name), as FL201 judges an IRSA trust — and, short of
that, not when the account is the one a chart faultline knows runs as when
installed the standard way (` + "`aws-load-balancer-controller`, `ebs-csi-controller-sa`" + `) and no
release of the tree installs that chart: it may be installed by other means
(the helm CLI, eksctl) beside what the tree puts in the namespace; otherwise the
workload may live in another repository, and the comparison is counted as
unresolved. So it is when what the tree does not read may create the
account, in any namespace: an Argo CD ApplicationSet (whose generated
Applications are not followed), an Argo CD Application or a Flux
Kustomization that deploys content the tree does not hold (a path that is
no directory of it, with or without a ` + "`helm`" + ` block: Argo CD renders a chart
found there by its Chart.yaml either way; an OCI artifact or a bucket), a
kustomization of the tree that does not build (FL000: none of what it would
apply is read), a Crossplane DeploymentRuntimeConfig whose deployment template runs its
packages' pods as an account of that name (the user's own, in Crossplane's
namespace, wherever its chart put it), or a release of a chart
that makes such a sync (` + "`flux-instance`, `flux2-sync`, `argocd-apps`" + `); and
when a chart the tree does not render may install it: a release of a chart faultline neither renders nor
knows the accounts of (its name by Helm's convention is a guess: many
charts name their account otherwise, and create several), of a chart
told not to create its account, or one whose values are not all known
(a values file per workspace may name the account); and, in any namespace,
a chart of the tree that does not render (it fails, or fails on a value
known only at apply) or renders without a dependency its values enable
(not vendored); and a resource of the association's root module that
would make objects in the namespace (a ` + "`helm_release`" + `, a
` + "`kubernetes_service_account`" + `, a manifest) of which the configuration read
makes no instance, its ` + "`count`" + ` or ` + "`for_each`" + ` reading a variable (a flag whose
default leaves it off): another environment's values may make the
account. The accounts found in the namespace carry
their inferences into the finding, and so does the account of that name
found in another namespace, even when the namespace is declared. A chart
of the tree that no release installs renders with its defaults in a
namespace that is not known (it runs wherever it is installed by other
means): an account of that name it makes may be the association's, which
is then not judged (a coverage note). What another Terraform root module applies (its namespaces,
releases and accounts) proves nothing about the association's cluster,
unless ` + "`.faultline.hcl`" + ` maps both to the same cluster: two configurations
often manage two clusters. Nor does it make the account possible when that
root declares its EKS clusters, all named, and none is the association's:
what it installs lands in its own clusters. An association whose role another association
of the cluster binds to the account where the pods do run (the Karpenter
module's default association beside the user's own), or that account gets
by IRSA (its ` + "`eks.amazonaws.com/role-arn`" + ` is the role, whose trust lets its
subject in), is a leftover, not a failure, and is not reported.

An association whose account's pods run on AWS Fargate is reported too:
a workload of the cluster runs as the namespace/service account and a
Fargate profile of the association's cluster provably selects its pods
(its namespace and every label; EKS's wildcards). EKS Pod Identity works
on Linux EC2 nodes only — no Pod Identity Agent runs beside a Fargate
pod — so those pods get no credentials from it (EKS user guide, "Learn
how EKS Pod Identity grants pods access to AWS services", considerations).
Not when the account may get a role by IRSA (a ServiceAccount of that
name there carries ` + "`eks.amazonaws.com/role-arn`" + `: IRSA works on Fargate),
nor when a profile only may select the pods (labels not known) or
belongs to another cluster.

## Example

` + "```hcl" + `
resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = module.eks.cluster_name
  namespace       = "karpenter"     # FL206: the chart now runs in kube-system
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter.arn
}
` + "```" + `

## How to fix

Point the association at the namespace and service account the pods run as
(` + "`kubectl get pods -n <ns> -o jsonpath='{..serviceAccountName}'`" + `), one association
per service account.
When the account of that name runs in exactly one other namespace and no
association names it there yet, ` + "`faultline lint --fix`" + ` writes that
namespace into the association (a literal ` + "`namespace`" + ` attribute or
field).

For pods on Fargate, use IAM roles for service accounts instead: annotate
the account with ` + "`eks.amazonaws.com/role-arn`" + ` and let the role trust the
cluster's OIDC provider for its subject; or run the pods on EC2 nodes.`,
	Check: checkPodIdentityMismatch,
}

func checkPodIdentityMismatch(p *lint.Pass) {
	m := p.Model
	for _, pa := range m.PodIdentities {
		checkPodIdentitySubject(p, pa)
	}
}

func podIdentitySubject(pa *lint.PodIdentityAssociation) string {
	return pa.Namespace.Value.String() + "/" + pa.ServiceAccount.Value.String()
}

// checkPodIdentitySubject reports an association whose service account
// nothing in its (declared) namespace runs as.
func checkPodIdentitySubject(p *lint.Pass, pa *lint.PodIdentityAssociation) {
	m := p.Model
	ns, ok1 := pa.Namespace.Value.Str()
	name, ok2 := pa.ServiceAccount.Value.Str()
	at := pa.ServiceAccount.Range
	if at.IsZero() {
		at = pa.Range
	}
	if !ok1 || !ok2 {
		p.Unresolved(fmt.Sprintf("service account %s of %s", podIdentitySubject(pa), pa.Label), at)
		return
	}
	if filled, ok := placeholderFilled(ns, name); ok {
		p.Unresolved(fmt.Sprintf("service account %s of %s holds a placeholder nothing in the tree fills in (%s is no Kubernetes name; envsubst or a templating step elsewhere fills it): which account it names is not known", podIdentitySubject(pa), pa.Label, filled), at)
		return
	}
	nsV, nameV := lint.Known(ns), lint.Known(name)
	// sameCluster: o may be in the association's cluster (what may be the
	// account silences); here: o is also evidence about that cluster (what
	// proves the namespace declared, or the account elsewhere).
	sameCluster := associationCluster(m, pa)
	if reportOnFargate(p, pa, ns, name, sameCluster) {
		return
	}
	here := func(o *lint.Object) bool { return sameCluster(o) && sameConfiguration(m, o, pa) }

	declaredNS := false // something provably lives in the namespace
	maybe := false      // something may be the account
	var others []string // accounts provably in the namespace
	var othersInferred []string
	var elsewhere []*lint.ServiceAccount
	for _, sa := range m.ServiceAccounts {
		if !sameCluster(&sa.Object) {
			continue
		}
		saNS, assumed := sa.PlacedNamespace()
		inNS := lint.Compare(saNS, nsV)
		same := lint.Compare(sa.Name, nameV)
		switch {
		case inNS == lint.Yes && same == lint.Yes:
			return // found
		case inNS == lint.No && same == lint.Yes && assumed != "":
			// Written without a namespace: kubectl apply -n may put it in
			// the association's.
			maybe = true
		case inNS == lint.No && same == lint.Yes:
			if here(&sa.Object) {
				elsewhere = append(elsewhere, sa)
			}
		case inNS == lint.No || same == lint.No:
			// An add-on's own account (kube-system/aws-node) does not make
			// its namespace this tree's.
			if inNS == lint.Yes && sa.AddOn == "" && here(&sa.Object) {
				declaredNS = true
				others = append(others, sa.Name.String())
				othersInferred = append(othersInferred, inferred(sa)...)
				if assumed != "" {
					othersInferred = append(othersInferred, assumed)
				}
			}
		default:
			maybe = true
			if inNS == lint.Yes && here(&sa.Object) {
				declaredNS = true
			}
		}
	}
	for _, w := range m.Workloads {
		if !sameCluster(&w.Object) {
			continue
		}
		wNS, assumed := w.PlacedNamespace()
		inNS := lint.Compare(wNS, nsV)
		if inNS == lint.No && assumed {
			// Written without a namespace: it may be applied into the
			// association's.
			inNS = lint.Maybe
		}
		if inNS == lint.No {
			continue
		}
		if inNS == lint.Yes && here(&w.Object) {
			declaredNS = true
			if assumed {
				othersInferred = append(othersInferred, lint.DefaultNamespaceText(w))
			}
		}
		runsAs := lint.Known("default")
		if w.ServiceAccount.IsSet() {
			runsAs = w.ServiceAccount.Value
		}
		switch lint.Compare(runsAs, nameV) {
		case lint.Yes:
			if inNS == lint.Yes {
				return // a workload runs as it (the account may come from elsewhere)
			}
			maybe = true
		case lint.Maybe:
			maybe = true
		}
	}
	for _, o := range m.Objects {
		if o.KindName == "Namespace" && here(&o.Object) && lint.Compare(o.Name, nsV) == lint.Yes {
			declaredNS = true
		}
		// The Applications an Argo CD ApplicationSet generates are not
		// followed, nor what an Application or Flux Kustomization
		// deploys from outside the tree: it may be the account.
		if (o.KindName == "ApplicationSet" && isArgoCD(o.APIVersion) || o.External) && sameCluster(&o.Object) {
			maybe = true
		}
		// A Crossplane runtime config running its packages' pods as an
		// account of the user's: in Crossplane's namespace, which the
		// Crossplane chart's release may have moved.
		if o.RunsAs != nil && sameCluster(&o.Object) && lint.Compare(*o.RunsAs, nameV) != lint.No {
			maybe = true
		}
	}
	for _, r := range m.Releases {
		// A release whose chart is not in the tree, and whose accounts
		// faultline does not know (a chart not in its table, or one told
		// not to create its account), may create the account.
		if r.ChartDir == "" && sameCluster(&r.Object) && lint.Compare(r.Namespace, nsV) != lint.No && !r.AccountsKnown {
			maybe = true
		}
		// A chart of the tree that did not render, or rendered without a
		// dependency, may make the account in any namespace its
		// templates write.
		if r.Unrendered && sameCluster(&r.Object) {
			maybe = true
		}
		// A release syncing content from elsewhere may deploy it.
		if r.Syncs && sameCluster(&r.Object) {
			maybe = true
		}
	}
	// A kustomization that does not build may hold the account: what it
	// would apply is not read (its FL000 says why).
	for _, u := range m.Unbuilt {
		if sameCluster(&lint.Object{Scope: u.Scope}) {
			maybe = true
		}
	}
	// A resource of the association's root that would make objects in
	// the namespace, of which this configuration makes none (a flag
	// variable's default off), may make the account in another.
	for _, u := range m.Unapplied {
		if !u.ChartOnly && u.Root == pa.Root && lint.Compare(u.Namespace, nsV) != lint.No {
			maybe = true
		}
	}
	// The account provably runs elsewhere of this tree (the same chart's
	// release, a rendered or declared ServiceAccount of that name): proof
	// as for an IRSA trust (FL201), even when the association's namespace
	// is declared nowhere. Every namespace has a "default" account, so that
	// name proves nothing.
	movedAway := len(elsewhere) > 0 && name != "default"
	// Else an account a chart faultline knows runs as when installed the
	// standard way, and no release of that chart here: the chart may be
	// installed by other means (the helm CLI, eksctl) beside what the
	// tree puts in the namespace.
	if chart, ok := m.StandardAccounts[name]; ok && !movedAway && !chartReleased(m, chart, sameCluster) {
		maybe = true
	}
	if !declaredNS && !movedAway || maybe {
		p.Unresolved(fmt.Sprintf("service account %s/%s of %s (not provably absent from this tree)", ns, name, pa.Label), at)
		return
	}

	if boundWhereItRuns(m, pa, elsewhere, sameCluster) || irsaBoundWhereItRuns(m, pa, elsewhere) {
		// Another association, or IRSA, gives the same role to the
		// account where it runs: the pods have their credentials, and
		// this one is a leftover (a module's default beside the user's
		// own), not a failure.
		return
	}
	sort.Strings(others)
	msg := fmt.Sprintf("%s binds %s to service account %s/%s, but nothing in namespace %s runs as %q", pa.Label, roleOfAssociation(m, pa), ns, name, ns, name)
	hint := fmt.Sprintf("set %s to the account the pods in %s run as", pa.AccountFieldName(), ns)
	if len(others) > 0 {
		msg += fmt.Sprintf(" (accounts there: %s)", listLabels(quoteAll(others)))
	}
	if sa, ok := chartAccountNamedLike(m, sameCluster, nsV, name); ok {
		// The association names the chart (or its release), and the
		// chart's one account in the namespace is named otherwise.
		hint = fmt.Sprintf("set %s = %q, the account %s creates in %s", pa.AccountFieldName(), sa.Name.String(), sa.Via, ns)
	}
	var related []lint.Location
	// The proof rests on the accounts found in the namespace too.
	inf := dedupe(append(inferred(pa), othersInferred...))
	// The proof rests on where the account runs: without the namespace
	// declared, that is the proof; with it, the message, the hint and the
	// fix still name where it runs, and an account of a chart rendered
	// with its defaults (no release installs it) runs where that chart is
	// installed by other means, which may be this namespace.
	inf = dedupe(append(inf, inferredAny(elsewhere, func(sa *lint.ServiceAccount) lint.Entity { return sa })...))
	if len(elsewhere) > 0 {
		sa := elsewhere[0]
		msg += fmt.Sprintf("; %q exists in namespace %s", name, sa.Namespace)
		hint = fmt.Sprintf("the pods run as %s/%s: set namespace = %q (one association per namespace/service account)", sa.Namespace, name, sa.Namespace)
		if pa.Namespace.IsSet() {
			at = pa.Namespace.Range
		}
		for _, e := range elsewhere {
			where := e.NamespaceRange
			if where.IsZero() {
				where = e.NameRange
			}
			what := fmt.Sprintf("service account %s/%s is declared here", e.Namespace, name)
			if e.Via != "" {
				what += " (" + e.Via + ")"
			}
			related = append(related, lint.Location{Range: where, Message: what})
		}
	}
	p.Report(lint.Finding{
		Range:   at,
		Message: msg,
		Related: related,
		Breaks:  graph.ForAccount,
		Chain: []string{
			fmt.Sprintf("the EKS Pod Identity Agent hands the role's credentials only to pods running as %s/%s", ns, name),
			fmt.Sprintf("no ServiceAccount %s/%s is declared and no workload in %s runs as it: the pods run as another account", ns, name, ns),
			"those pods get no credentials (or fall back to the node role), and their AWS calls fail with AccessDenied",
			"the controller crash-loops or stops acting, and the pods waiting on it stay Pending",
		},
		Hint:     hint,
		Inferred: inf,
		Key:      "pod-identity=" + pa.Addr + "|subject=" + ns + "/" + name,
		Roots:    rootsOf(pa),
		Fix:      namespaceFix(m, pa, elsewhere, inf),
	})
}

// chartAccountNamedLike is the one service account in namespace ns that a
// release creates whose chart or release is named name (an association
// written with the chart's name, cluster-autoscaler, where the chart
// names its account cluster-autoscaler-aws-cluster-autoscaler).
func chartAccountNamedLike(m *lint.Model, sameCluster func(*lint.Object) bool, ns lint.Value, name string) (*lint.ServiceAccount, bool) {
	var found *lint.ServiceAccount
	for _, sa := range m.ServiceAccounts {
		if sa.Release == "" || !sameCluster(&sa.Object) {
			continue
		}
		if placed, _ := sa.PlacedNamespace(); lint.Compare(placed, ns) != lint.Yes {
			continue
		}
		i := slices.IndexFunc(m.Releases, func(r *lint.Release) bool { return r.Addr == sa.Release })
		if i < 0 {
			continue
		}
		r := m.Releases[i]
		if rn, _ := r.Name.Str(); r.ChartName() != name && rn != name {
			continue
		}
		if found != nil && found != sa {
			return nil, false
		}
		found = sa
	}
	return found, found != nil
}

// associationCluster reports whether an object may be in the cluster of
// association pa.
func associationCluster(m *lint.Model, pa *lint.PodIdentityAssociation) func(*lint.Object) bool {
	return func(o *lint.Object) bool {
		return o.Scope.Compatible(pa.Scope, true, true) && (o.Root == pa.Root || !rootOfOtherCluster(m, o.Root, pa.Cluster))
	}
}

// reportOnFargate reports an association whose account's pods run on
// AWS Fargate: a workload of the cluster runs as namespace/name and a
// Fargate profile of the association's cluster provably selects its
// pods. EKS Pod Identity works on Linux EC2 nodes only (no Pod Identity
// Agent runs beside a Fargate pod), so those pods get no credentials from
// it. Quiet when the account may get the role by IRSA instead (a
// ServiceAccount of that name there annotated with a role ARN: IRSA works
// on Fargate). Reports whether it reported.
// fargateOfAssociation is the Fargate profile of the association's
// cluster that takes the workload's pods: one of the association's own
// root first; one of another root only when the association's root
// declares no cluster itself (a root of add-ons beside the cluster's),
// since two roots that each declare a cluster of one name are two
// deployments. Nil when there is none.
func fargateOfAssociation(m *lint.Model, pa *lint.PodIdentityAssociation, w *lint.Workload) (*lint.FargateProfile, *lint.FargateSelector) {
	var other *scheduling.FargateTaking
	for _, t := range scheduling.FargateProfilesTaking(m, w) {
		if lint.Compare(t.Profile.Cluster, pa.Cluster) == lint.No {
			continue
		}
		if t.Profile.Root == pa.Root {
			return t.Profile, t.Selector
		}
		if other == nil {
			other = &t
		}
	}
	if other == nil || pa.Root != "" && slices.ContainsFunc(m.Clusters, func(c *lint.Cluster) bool { return c.Root == pa.Root }) {
		return nil, nil
	}
	return other.Profile, other.Selector
}

func reportOnFargate(p *lint.Pass, pa *lint.PodIdentityAssociation, ns, name string, sameCluster func(*lint.Object) bool) bool {
	m := p.Model
	nsV, nameV := lint.Known(ns), lint.Known(name)
	for _, sa := range m.ServiceAccounts {
		if sa.RoleARN.IsSet() && sameCluster(&sa.Object) && lint.Compare(sa.Name, nameV) != lint.No {
			if saNS, _ := sa.PlacedNamespace(); lint.Compare(saNS, nsV) != lint.No {
				return false
			}
		}
	}
	for _, w := range m.Workloads {
		if !sameCluster(&w.Object) {
			continue
		}
		wNS, assumed := w.PlacedNamespace()
		runsAs := lint.Known("default")
		if w.ServiceAccount.IsSet() {
			runsAs = w.ServiceAccount.Value
		}
		if lint.Compare(wNS, nsV) != lint.Yes || lint.Compare(runsAs, nameV) != lint.Yes {
			continue
		}
		fp, sel := fargateOfAssociation(m, pa, w)
		if fp == nil {
			continue
		}
		inf := inferred(pa, w, fp)
		if assumed {
			inf = append(inf, lint.DefaultNamespaceText(w))
		}
		at := pa.ServiceAccount.Range
		if at.IsZero() {
			at = pa.Range
		}
		wAt := w.ServiceAccount.Range
		if wAt.IsZero() {
			wAt = w.NameRange
		}
		selAt := sel.Range
		if selAt.IsZero() {
			selAt = fp.NameRange
		}
		p.Report(lint.Finding{
			Range:   at,
			Message: fmt.Sprintf("%s binds %s to service account %s/%s, whose pods run on AWS Fargate (%s, selected by %s), where EKS Pod Identity gives no credentials", pa.Label, roleOfAssociation(m, pa), ns, name, w.Label, fp.Label),
			Related: []lint.Location{
				{Range: wAt, Message: fmt.Sprintf("%s runs as %s/%s", w.Label, ns, name)},
				{Range: selAt, Message: fmt.Sprintf("%s selects its pods: EKS runs them on Fargate", fp.Label)},
			},
			Breaks: graph.ForAccount,
			Chain: []string{
				fmt.Sprintf("%s selects the pods of %s, so EKS runs them on AWS Fargate", fp.Label, w.Label),
				"EKS Pod Identity works on Linux EC2 nodes only: no Pod Identity Agent runs beside a Fargate pod, so the association hands those pods nothing",
				"their AWS calls find no credentials (or fail with AccessDenied): the workload crash-loops or stops acting",
			},
			Hint:     fmt.Sprintf("on Fargate use IAM roles for service accounts: annotate %s/%s with eks.amazonaws.com/role-arn and let the role trust the cluster's OIDC provider for system:serviceaccount:%s:%s; or run the pods on EC2 nodes (a node group, Karpenter)", ns, name, ns, name),
			Inferred: dedupe(inf),
			Key:      "pod-identity=" + pa.Addr + "|fargate=" + w.Addr,
			Roots:    rootsOf(pa, w),
		})
		return true
	}
	return false
}

// chartReleased reports whether a release of the tree in the cluster
// (sameCluster) installs chart.
func chartReleased(m *lint.Model, chart string, sameCluster func(*lint.Object) bool) bool {
	for _, r := range m.Releases {
		if sameCluster(&r.Object) && r.ChartName() == chart {
			return true
		}
	}
	return false
}

// boundWhereItRuns reports whether another association of pa's cluster
// provably binds pa's role to the service account where it runs (one of
// elsewhere): the pods get the role's credentials through it.
func boundWhereItRuns(m *lint.Model, pa *lint.PodIdentityAssociation, elsewhere []*lint.ServiceAccount, sameCluster func(*lint.Object) bool) bool {
	if !pa.RoleARN.IsSet() || len(elsewhere) == 0 {
		return false
	}
	role := m.ResolveRole(pa.RoleARN.Value, pa.Scope)
	for _, o := range m.PodIdentities {
		if o == pa || !o.RoleARN.IsSet() || !sameCluster(&o.Object) {
			continue
		}
		if lint.SameIdentity(role, m.ResolveRole(o.RoleARN.Value, o.Scope)) != lint.Yes {
			continue
		}
		for _, sa := range elsewhere {
			if lint.Compare(o.Namespace.Value, sa.Namespace) == lint.Yes && lint.Compare(o.ServiceAccount.Value, sa.Name) == lint.Yes {
				return true
			}
		}
	}
	return false
}

// sameConfiguration reports whether o may describe the cluster of the
// association a: unless configuration places both in one known cluster,
// objects applied by two different Terraform root modules (each its own
// configuration, often its own cluster) say nothing about each other's
// cluster; nor does what a Terraform root declaring its own clusters
// applies about an association of no root (eksctl's) unless one of those
// clusters is known to be the association's (a cluster named by a
// variable without a value is the same only by chance). An object of no
// known root (a manifest, a chart's defaults) may be in any.
func sameConfiguration(m *lint.Model, o *lint.Object, a *lint.PodIdentityAssociation) bool {
	if o.Scope.Cluster != "" && o.Scope.Cluster == a.Scope.Cluster {
		return true
	}
	switch {
	case o.Root == "" || o.Root == a.Root:
		return true
	case a.Root == "":
		return !rootDeclaresCluster(m, o.Root) || rootOfCluster(m, o.Root, a.Cluster)
	}
	return false
}

// namespaceFix moves the association to the namespace its account really
// runs in, when that is certain: the finding rests on nothing inferred,
// every account of that name in the cluster lives in one namespace, a
// valid one, and no other association there already names the account
// (EKS allows one per namespace and account). Whether the namespace is
// written as a literal the fixer can edit is decided when it reads the
// source.
func namespaceFix(m *lint.Model, pa *lint.PodIdentityAssociation, elsewhere []*lint.ServiceAccount, inf []string) *lint.Fix {
	if len(inf) > 0 || len(elsewhere) == 0 || pa.Namespace.Range.IsZero() {
		return nil
	}
	old, _ := pa.Namespace.Value.Str()
	to, ok := elsewhere[0].Namespace.Str()
	if !ok || len(validation.IsDNS1123Label(to)) > 0 {
		return nil
	}
	for _, sa := range elsewhere[1:] {
		if ns, ok := sa.Namespace.Str(); !ok || ns != to {
			return nil // accounts of that name in several namespaces
		}
	}
	for _, other := range m.PodIdentities {
		if other != pa && other.Scope.Compatible(pa.Scope, true, true) &&
			lint.Compare(other.Namespace.Value, lint.Known(to)) != lint.No &&
			lint.Compare(other.ServiceAccount.Value, pa.ServiceAccount.Value) != lint.No {
			return nil // the account has (or may have) its association already
		}
	}
	return &lint.Fix{
		Description: fmt.Sprintf("namespace of %s changed from %s to %s, where service account %s runs", pa.Label, old, to, pa.ServiceAccount.Value),
		Target:      lint.FixTarget{Kind: lint.FixReplaceValue, In: pa.Namespace.Range, Old: old, New: to},
	}
}

func roleOfAssociation(m *lint.Model, pa *lint.PodIdentityAssociation) string {
	if !pa.RoleARN.IsSet() {
		return "its role"
	}
	return "IAM role " + describe(m.ResolveRole(pa.RoleARN.Value, pa.Scope))
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// isArgoCD reports whether apiVersion is in Argo CD's API group
// (argoproj.io/v1alpha1).
func isArgoCD(apiVersion string) bool {
	group, _, _ := strings.Cut(apiVersion, "/")
	return group == "argoproj.io"
}

// irsaBoundWhereItRuns reports whether the service account where pa's
// workload runs (one of elsewhere) gets pa's role through IRSA: its
// eks.amazonaws.com/role-arn is the role, and the role's trust provably
// lets that account's subject in by web identity. The pods have the
// role's credentials without the association.
func irsaBoundWhereItRuns(m *lint.Model, pa *lint.PodIdentityAssociation, elsewhere []*lint.ServiceAccount) bool {
	if !pa.RoleARN.IsSet() {
		return false
	}
	role := m.ResolveRole(pa.RoleARN.Value, pa.Scope)
	r, ok := role.Entity.(*lint.Role)
	if !ok || !r.Trust.Known {
		return false
	}
	for _, sa := range elsewhere {
		if !sa.RoleARN.IsSet() || lint.SameIdentity(role, m.ResolveRole(sa.RoleARN.Value, sa.Scope)) != lint.Yes {
			continue
		}
		for _, w := range r.Trust.WebIdentities() {
			for _, s := range w.Subjects {
				if lint.SubjectAllows(s, sa.Namespace, sa.Name) == lint.Yes {
					return true
				}
			}
		}
	}
	return false
}

// placeholderFilled is the part of an association's namespace or account
// name that holds a placeholder a step before apply fills in (envsubst's
// "${NAMESPACE}" in an eksctl file): no Kubernetes name (a DNS-1123
// label or subdomain) can hold one.
func placeholderFilled(ns, name string) (string, bool) {
	for _, s := range []string{ns, name} {
		if templatetext.HasString(s) {
			return s, true
		}
	}
	return "", false
}
