package helm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/faultline-dev/faultline/lint"
)

// InferredChartAccount is the Inferred note of a remote chart's service
// account when the chart is not in chartAccounts.
const InferredChartAccount = "service account name from Helm's naming convention (chart not in faultline's table)"

// chartAccount says where a chart names the service account its
// AWS-calling component runs as: the values keys (dotted paths) and the
// name it takes when the name value is empty.
type chartAccount struct {
	// nameKey, createKey and annotationsKey are values paths; the role is
	// annotationsKey + "eks.amazonaws.com/role-arn" (none when
	// annotationsKey is empty).
	nameKey, createKey, annotationsKey string
	// fixed is the default name when the chart has one; empty: the
	// chart's fullname (Helm's convention, or fullname below).
	fixed string
	// fullname overrides Helm's fullname convention (release name, chart
	// name, values) for charts that name themselves differently.
	fullname func(release, chart string, values map[string]any) (string, bool)
	// namespaceKey is a value overriding the release namespace ("" none).
	namespaceKey string
	// namespacesKey is a values list of namespaces the chart makes the
	// account in, one in each ("" none), namespacesDefault the list when
	// the values set none; an empty entry is the release namespace when
	// emptyIsRelease, else it makes no account.
	namespacesKey     string
	namespacesDefault []string
	emptyIsRelease    bool
	// component names an account the chart runs besides its main one
	// ("node": a CSI driver's node DaemonSet), in the account's address
	// and label; "" for the main one.
	component string
	// before: the account is named so only by chart versions before this
	// one ("" every version since the chart's newest way).
	before string
	// annotationsFallback is the annotations the chart writes when those
	// of annotationsKey are empty (KEDA's serviceAccount.operator.
	// annotations | default serviceAccount.annotations); "" none.
	annotationsFallback string
	// roleKey is a value the chart writes as the role-arn annotation when
	// the value at roleEnabledKey is true (KEDA's
	// podIdentity.aws.irsa.roleArn and .enabled); "" none. Annotations
	// the values write come after it, and win.
	roleKey, roleEnabledKey string
}

// kedaOperator is KEDA's operator account (github.com/kedacore/charts
// keda): from 2.14.0 (templates/manager/serviceaccount.yaml)
// serviceAccount.operator.{create,name,annotations}, named
// "keda-operator", its annotations those of serviceAccount.annotations
// when its own are empty; before, serviceAccount.{create,name,
// annotations} (templates/serviceaccount.yaml). Both write
// podIdentity.aws.irsa.roleArn as the role when podIdentity.aws.irsa.
// enabled (from 2.8). From 2.14.0 its metrics server and webhooks run as
// accounts of their own, serviceAccount.metricServer.* ("keda-metrics-
// server") and serviceAccount.webhooks.* ("keda-webhook"); before, every
// KEDA pod ran as the one account. Those two make no AWS calls: their
// annotations (serviceAccount.annotations by default too) bind no role
// anything uses, so they are read as accounts without one.
var kedaOperator = []chartAccount{
	{nameKey: "serviceAccount.operator.name", createKey: "serviceAccount.operator.create", annotationsKey: "serviceAccount.operator.annotations", annotationsFallback: "serviceAccount.annotations", fixed: "keda-operator", roleKey: "podIdentity.aws.irsa.roleArn", roleEnabledKey: "podIdentity.aws.irsa.enabled"},
	{nameKey: "serviceAccount.metricServer.name", createKey: "serviceAccount.metricServer.create", fixed: "keda-metrics-server", component: "metrics server"},
	{nameKey: "serviceAccount.webhooks.name", createKey: "serviceAccount.webhooks.create", fixed: "keda-webhook", component: "webhooks"},
	{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations", fixed: "keda-operator", roleKey: "podIdentity.aws.irsa.roleArn", roleEnabledKey: "podIdentity.aws.irsa.enabled", before: "2.14.0"},
}

// conventional is what `helm create` scaffolds and most charts keep:
// serviceAccount.{create,name,annotations}, named after the fullname when
// the name is empty, in the release namespace.
var conventional = chartAccount{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations"}

// chartAccounts are the remote charts whose service account faultline
// knows, by chart name. Sources (each chart's values.yaml and
// templates/_helpers.tpl, "<chart>.serviceAccountName"):
//   - karpenter: github.com/aws/karpenter-provider-aws charts/karpenter —
//     serviceAccount.{create,name,annotations}; name defaults to
//     karpenter.fullname (Helm's convention).
//   - aws-ebs-csi-driver: github.com/kubernetes-sigs/aws-ebs-csi-driver
//     charts/aws-ebs-csi-driver — controller.serviceAccount.{create,name,
//     annotations}, name "ebs-csi-controller-sa".
//   - aws-efs-csi-driver: github.com/kubernetes-sigs/aws-efs-csi-driver
//     charts/aws-efs-csi-driver — controller.serviceAccount.*, name
//     "efs-csi-controller-sa".
//   - cluster-autoscaler: github.com/kubernetes/autoscaler
//     charts/cluster-autoscaler — rbac.serviceAccount.{create,name,
//     annotations}; fullname is "<release>-<cloudProvider>-cluster-autoscaler"
//     (cloudProvider defaults to aws) unless the release is named that.
//   - aws-load-balancer-controller: github.com/aws/eks-charts
//     stable/aws-load-balancer-controller — serviceAccount.*, fullname.
//   - aws-node-termination-handler: github.com/aws/eks-charts
//     stable/aws-node-termination-handler — serviceAccount.*, fullname.
//   - external-dns: github.com/kubernetes-sigs/external-dns
//     charts/external-dns — serviceAccount.*, fullname.
//   - external-secrets: github.com/external-secrets/external-secrets
//     deploy/charts/external-secrets — serviceAccount.*, fullname;
//     namespaceOverride replaces the release namespace. Its webhook and
//     cert controller run as accounts of their own,
//     webhook.serviceAccount.* ("external-secrets-webhook") and
//     certController.serviceAccount.* ("external-secrets-cert-
//     controller", _helpers.tpl), which make no AWS calls: read as
//     accounts without a role.
//   - velero: github.com/vmware-tanzu/helm-charts charts/velero —
//     serviceAccount.server.{create,name,annotations}; the name defaults
//     to "<fullname>-server" (_helpers.tpl, velero.serverServiceAccount).
//   - prometheus-cloudwatch-exporter: github.com/prometheus-community/
//     helm-charts charts/prometheus-cloudwatch-exporter —
//     serviceAccount.{create,name,annotations}, fullname.
//   - kube-prometheus-stack: github.com/prometheus-community/helm-charts
//     charts/kube-prometheus-stack — no top-level serviceAccount; the
//     Prometheus pods (a Thanos sidecar's object storage, remote write
//     with SigV4) run as prometheus.serviceAccount.{create,name,
//     annotations}, named "<fullname>-prometheus", Alertmanager's as
//     alertmanager.serviceAccount.*, "<fullname>-alertmanager"; the
//     fullname is Helm's convention cut to 26 characters
//     (kube-prometheus-stack.fullname, trunc 26), namespaceOverride
//     replaces the release namespace.
//   - metrics-server: github.com/kubernetes-sigs/metrics-server
//     charts/metrics-server — serviceAccount.{create,name,annotations},
//     fullname (metrics-server.serviceAccountName); namespaceOverride
//     replaces the release namespace (metrics-server.namespace). Its only
//     account: it is what makes a release of it in kube-system, where
//     most clusters run one, no longer an account kube-system may hold.
//   - karpenter-crd: github.com/aws/karpenter-provider-aws
//     charts/karpenter-crd — CustomResourceDefinitions only, no account.
//   - cert-manager: github.com/cert-manager/cert-manager
//     deploy/charts/cert-manager — serviceAccount.{create,name,
//     annotations}, fullname (cert-manager.serviceAccountName); from
//     v1.9.0 the namespace value replaces the release namespace for every
//     object (cert-manager.namespace: .Values.namespace | default
//     .Release.Namespace; checked at v1.8.0, v1.9.0, v1.16.1, v1.21.0).
//     Only as published by Jetstack (certManagerPublished): Bitnami's
//     chart of that name reads other keys.
//
// The CSI drivers run a second account, their node DaemonSet's
// (templates/node-daemonset.yaml, _node.tpl: serviceAccountName:
// {{ .Values.node.serviceAccount.name }}): node.serviceAccount.{create,
// name,annotations}, "ebs-csi-node-sa" and "efs-csi-node-sa". The EBS
// node plugin makes no AWS calls (it learns its instance from instance
// metadata or the Kubernetes API; the driver's maintainers, kubernetes-
// sigs/aws-ebs-csi-driver#821 and #517, from driver 1.1.0, chart 1.2.3):
// a role its annotations bind is one nothing uses, so, like KEDA's
// metrics server, it is read as an account without one. The EFS node
// plugin mounts with IAM authorisation, and keeps its role.
//
// aws-ebs-csi-driver before 2.0.0 (tags helm-chart-aws-ebs-csi-driver-0.8.2
// to 1.2.4: templates/controller.yaml, serviceAccountName:
// {{ .Values.serviceAccount.controller.name }}) named both under
// serviceAccount: serviceAccount.controller.{create,name,annotations} and
// serviceAccount.node.*, with the same default names. aws-efs-csi-driver
// reads controller.serviceAccount.* at every version from 1.2.0.
var chartAccounts = map[string][]chartAccount{
	"karpenter":                    {conventional},
	"aws-load-balancer-controller": {conventional},
	"aws-node-termination-handler": {conventional},
	"external-dns":                 {conventional},
	"external-secrets": {
		{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations", namespaceKey: "namespaceOverride"},
		{nameKey: "webhook.serviceAccount.name", createKey: "webhook.serviceAccount.create", fixed: "external-secrets-webhook", namespaceKey: "namespaceOverride", component: "webhook"},
		{nameKey: "certController.serviceAccount.name", createKey: "certController.serviceAccount.create", fixed: "external-secrets-cert-controller", namespaceKey: "namespaceOverride", component: "cert controller"},
	},
	"keda": kedaOperator,
	"aws-ebs-csi-driver": {
		{nameKey: "controller.serviceAccount.name", createKey: "controller.serviceAccount.create", annotationsKey: "controller.serviceAccount.annotations", fixed: "ebs-csi-controller-sa"},
		{nameKey: "node.serviceAccount.name", createKey: "node.serviceAccount.create", fixed: "ebs-csi-node-sa", component: "node"},
		{nameKey: "serviceAccount.controller.name", createKey: "serviceAccount.controller.create", annotationsKey: "serviceAccount.controller.annotations", fixed: "ebs-csi-controller-sa", before: "2.0.0"},
		{nameKey: "serviceAccount.node.name", createKey: "serviceAccount.node.create", fixed: "ebs-csi-node-sa", component: "node", before: "2.0.0"},
	},
	"aws-efs-csi-driver": {
		{nameKey: "controller.serviceAccount.name", createKey: "controller.serviceAccount.create", annotationsKey: "controller.serviceAccount.annotations", fixed: "efs-csi-controller-sa"},
		{nameKey: "node.serviceAccount.name", createKey: "node.serviceAccount.create", annotationsKey: "node.serviceAccount.annotations", fixed: "efs-csi-node-sa", component: "node"},
	},
	"cluster-autoscaler":             {{nameKey: "rbac.serviceAccount.name", createKey: "rbac.serviceAccount.create", annotationsKey: "rbac.serviceAccount.annotations", fullname: clusterAutoscalerFullname}},
	"velero":                         {{nameKey: "serviceAccount.server.name", createKey: "serviceAccount.server.create", annotationsKey: "serviceAccount.server.annotations", fullname: veleroServerAccount}},
	"prometheus-cloudwatch-exporter": {conventional},
	"metrics-server":                 {{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations", namespaceKey: "namespaceOverride"}},
	"kube-prometheus-stack": {
		{nameKey: "prometheus.serviceAccount.name", createKey: "prometheus.serviceAccount.create", annotationsKey: "prometheus.serviceAccount.annotations", fullname: kubePrometheusStackAccount("-prometheus"), namespaceKey: "namespaceOverride"},
		{nameKey: "alertmanager.serviceAccount.name", createKey: "alertmanager.serviceAccount.create", annotationsKey: "alertmanager.serviceAccount.annotations", fullname: kubePrometheusStackAccount("-alertmanager"), namespaceKey: "namespaceOverride", component: "alertmanager"},
	},
	"cert-manager": {
		{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations", namespaceKey: "namespace"},
		{nameKey: "serviceAccount.name", createKey: "serviceAccount.create", annotationsKey: "serviceAccount.annotations", before: "1.9.0"},
	},
	"spark-operator": sparkOperatorAccounts,
	// Charts of CRDs only: no account.
	"karpenter-crd": {},
	"argo-cd":       argoCDAccounts,
}

// argoCDAccounts are the accounts of Argo CD's chart (github.com/argoproj/
// argo-helm charts/argo-cd, values.yaml and templates/_helpers.tpl,
// "argo-cd.<component>.serviceAccountName"; tags argo-cd-3.0.0 to
// argo-cd-10.1.1) that call AWS when a role is bound: the application
// controller and the server (clusters registered with awsAuthConfig) and
// the repo server (OCI charts in ECR, SOPS with KMS). Each is
// <component>.serviceAccount.{create,name,annotations}; the controller's
// and the server's names default to "argocd-application-controller" and
// "argocd-server" in values.yaml, the repo server's to its fullname
// (argoCDRepoServerAccount). From 6.9.2 every object is placed in
// namespaceOverride when it is set (argo-cd.namespace); before, in the
// release namespace.
var argoCDAccounts = []chartAccount{
	{nameKey: "controller.serviceAccount.name", createKey: "controller.serviceAccount.create", annotationsKey: "controller.serviceAccount.annotations", fixed: "argocd-application-controller", namespaceKey: "namespaceOverride"},
	{nameKey: "server.serviceAccount.name", createKey: "server.serviceAccount.create", annotationsKey: "server.serviceAccount.annotations", fixed: "argocd-server", namespaceKey: "namespaceOverride", component: "server"},
	{nameKey: "repoServer.serviceAccount.name", createKey: "repoServer.serviceAccount.create", annotationsKey: "repoServer.serviceAccount.annotations", fullname: argoCDRepoServerAccount, namespaceKey: "namespaceOverride", component: "repo server"},
	{nameKey: "controller.serviceAccount.name", createKey: "controller.serviceAccount.create", annotationsKey: "controller.serviceAccount.annotations", fixed: "argocd-application-controller", before: "6.9.2"},
	{nameKey: "server.serviceAccount.name", createKey: "server.serviceAccount.create", annotationsKey: "server.serviceAccount.annotations", fixed: "argocd-server", component: "server", before: "6.9.2"},
	{nameKey: "repoServer.serviceAccount.name", createKey: "repoServer.serviceAccount.create", annotationsKey: "repoServer.serviceAccount.annotations", fullname: argoCDRepoServerAccount, component: "repo server", before: "6.9.2"},
}

// sparkOperatorAccounts are the accounts of Kubeflow's spark-operator
// chart (github.com/kubeflow/spark-operator charts/spark-operator-chart,
// templates/_helpers.tpl; read at spark-operator-chart-1.1.27 and 1.4.6,
// v2.0.0, v2.1.1 and v2.5.2). From 2.0.0: the controller's
// (controller.serviceAccount.*, "<fullname>-controller"), the webhook's
// (webhook.serviceAccount.*, "<fullname>-webhook"), both in the release
// namespace, and the account Spark jobs are given (spark.serviceAccount.*,
// "<fullname>-spark") in each of spark.jobNamespaces (["default"] unless
// set; an empty entry makes none). Before: the operator's
// (serviceAccounts.sparkoperator.*, the fullname) and the jobs'
// (serviceAccounts.spark.*, "<release>-spark", not the fullname), in
// sparkJobNamespace (1.1.x) or each of sparkJobNamespaces (from 1.2.x,
// [""]: the release namespace). A SparkApplication runs its driver as
// the account its spec.driver.serviceAccount names; the chart's is the
// one whose annotations it sets.
var sparkOperatorAccounts = []chartAccount{
	{nameKey: "controller.serviceAccount.name", createKey: "controller.serviceAccount.create", annotationsKey: "controller.serviceAccount.annotations", fullname: suffixedFullname("-controller")},
	{nameKey: "webhook.serviceAccount.name", createKey: "webhook.serviceAccount.create", annotationsKey: "webhook.serviceAccount.annotations", fullname: suffixedFullname("-webhook"), component: "webhook"},
	{nameKey: "spark.serviceAccount.name", createKey: "spark.serviceAccount.create", annotationsKey: "spark.serviceAccount.annotations", fullname: suffixedFullname("-spark"), component: "spark jobs", namespacesKey: "spark.jobNamespaces", namespacesDefault: []string{"default"}},
	{nameKey: "serviceAccounts.sparkoperator.name", createKey: "serviceAccounts.sparkoperator.create", annotationsKey: "serviceAccounts.sparkoperator.annotations", before: "2.0.0"},
	{nameKey: "serviceAccounts.spark.name", createKey: "serviceAccounts.spark.create", annotationsKey: "serviceAccounts.spark.annotations", fullname: releaseSuffixed("-spark"), component: "spark jobs", namespaceKey: "sparkJobNamespace", namespacesKey: "sparkJobNamespaces", namespacesDefault: []string{""}, emptyIsRelease: true, before: "2.0.0"},
}

// suffixedFullname is a chart's fullname (Helm's convention) and suffix.
func suffixedFullname(suffix string) func(release, chart string, values map[string]any) (string, bool) {
	return func(release, chart string, values map[string]any) (string, bool) {
		full, ok := helmFullname(release, chart, values)
		return full + suffix, ok
	}
}

// releaseSuffixed is the release name and suffix.
func releaseSuffixed(suffix string) func(release, chart string, values map[string]any) (string, bool) {
	return func(release, _ string, _ map[string]any) (string, bool) {
		return release + suffix, release != ""
	}
}

// argoCDRepoServerAccount is argo-cd.repoServer.fullname: the chart's
// fullname, whose name is nameOverride ("argocd" in the chart's own
// values), and repoServer.name ("repo-server").
func argoCDRepoServerAccount(release, _ string, values map[string]any) (string, bool) {
	name := "argocd"
	if s, ok := stringValue(values, "nameOverride"); ok && s != "" {
		name = s
	}
	full, _ := helmFullname(release, name, values)
	part := "repo-server"
	if s, ok := stringValue(values, "repoServer.name"); ok && s != "" {
		part = s
	}
	return trunc63(full + "-" + part), true
}

// accountsPublishers are, for a chart of chartAccounts whose name another
// publisher's chart shares, the addresses its table holds for (as
// keysTable.hosts): a release from another repository URL is read as a
// chart faultline does not know.
var accountsPublishers = map[string]*keysTable{
	// Jetstack's Helm repository and OCI registry (quay.io/jetstack/charts).
	"cert-manager": {hosts: []string{"charts.jetstack.io", "quay.io/jetstack"}},
	// Argo's Helm repository and OCI registry (Bitnami's argo-cd reads
	// other keys).
	"argo-cd": {hosts: []string{"argoproj.github.io", "ghcr.io/argoproj"}},
}

// partialCharts are the charts of chartAccounts whose table names only
// some of the accounts they create: kube-prometheus-stack also runs its
// operator, its admission webhook job and its grafana, kube-state-metrics
// and prometheus-node-exporter subcharts, each as an account of its own;
// cert-manager its webhook, cainjector and startupapicheck
// (webhook.serviceAccount, cainjector.serviceAccount, ...); argo-cd its
// ApplicationSet controller, notifications controller, Dex and Redis.
// A release of one does not hold every account its namespace has.
var partialCharts = map[string]bool{"kube-prometheus-stack": true, "cert-manager": true, "argo-cd": true}

// accountsAt are a chart's accounts as the version a release installs
// names them: Helm installs the newest version a constraint allows, and
// the newest chart when none is written. A chart's accounts of an older
// version (before set) replace its newest ones when the version is before
// theirs; a version not read is taken as the newest.
func accountsAt(accounts []chartAccount, version string) []chartAccount {
	version = strings.TrimSpace(version)
	older := func(*semver.Version) bool { return false }
	if v, err := semver.NewVersion(version); err == nil && version != "" {
		older = v.LessThan
	} else if c, err := semver.NewConstraint(version); err == nil && version != "" {
		older = func(b *semver.Version) bool { return !allowsFrom(c, version, b) }
	}
	var old, newest []chartAccount
	for _, ca := range accounts {
		switch {
		case ca.before == "":
			newest = append(newest, ca)
		case older(semver.MustParse(ca.before)):
			old = append(old, ca)
		}
	}
	if len(old) > 0 {
		return old
	}
	return newest
}

// roleAnnotation is the IRSA annotation.
const roleAnnotation = "eks.amazonaws.com/role-arn"

// chartName is the chart's name as a release writes it
// (lint.Release.ChartName).
func chartName(r *lint.Release) string { return r.ChartName() }

// StandardAccounts are the accounts the charts faultline knows run as
// when installed the standard way — the release named after the chart,
// the default values —, each with its chart ("aws-load-balancer-controller"
// → its chart, "ebs-csi-controller-sa" → aws-ebs-csi-driver): the names
// an association or a trust may give a controller the tree does not
// install.
func StandardAccounts() map[string]string {
	out := map[string]string{}
	for chart, accounts := range chartAccounts {
		r := &lint.Release{Chart: chart}
		r.Name = lint.Known(chart)
		for _, ca := range accounts {
			if n := defaultAccountName(r, chart, ca); n != "" {
				out[n] = chart
			}
		}
	}
	return out
}

// defaultAccountName is the name chart gives account ca when the values
// do not name it (its fixed name, or its fullname), "" when that is not
// known.
func defaultAccountName(r *lint.Release, chart string, ca chartAccount) string {
	if ca.fixed != "" {
		return ca.fixed
	}
	rel, ok := r.Name.Str()
	if !ok {
		return ""
	}
	full := helmFullname
	if ca.fullname != nil {
		full = ca.fullname
	}
	if n, ok := full(rel, chart, r.Values); ok && !lint.HasSentinel(n) {
		return n
	}
	return ""
}

// syncCharts are the charts whose release makes a GitOps sync of content
// from elsewhere (lint.Release.Syncs): controlplaneio-fluxcd's
// flux-instance (a FluxInstance with spec.sync), fluxcd-community's
// flux2-sync (a GitRepository and a Kustomization), argo-helm's
// argocd-apps (Applications and ApplicationSets).
var syncCharts = map[string]bool{"flux-instance": true, "flux2-sync": true, "argocd-apps": true}

// serviceAccounts returns the service accounts a remote chart's release
// creates: each one's namespace, its name (a value, else the chart's
// default, else Helm's convention — inferred for charts not in
// chartAccounts) and the IRSA role its annotation value names. An account
// the values say the chart does not create (create: false) is left out.
func serviceAccounts(r *lint.Release, h *lint.Holes) []lint.Entity {
	if r == nil || r.Chart == "" || lint.HasSentinel(r.Chart) {
		return nil
	}
	chart := chartName(r)
	accounts, known := chartAccounts[chart]
	if t := accountsPublishers[chart]; known && t != nil && !t.publishes(r) {
		known = false
	}
	if !known {
		accounts = []chartAccount{conventional}
	}
	accounts = accountsAt(accounts, karpenterChartVersion(r, nil))
	var out []lint.Entity
	all := known && !partialCharts[chart]
	for _, ca := range accounts {
		sa := chartServiceAccount(r, h, chart, ca, known)
		if sa == nil {
			all = false // the user's account runs in its place
			continue
		}
		namespaces, listed, ok := accountNamespaces(r, ca)
		switch {
		case !listed:
			out = append(out, sa)
		case !ok:
			// A list not known: where the accounts are is not.
			sa.Namespace = lint.Unknown()
			out = append(out, sa)
		default:
			for _, ns := range namespaces {
				one := *sa
				one.Addr += "@" + ns
				one.Namespace = lint.Known(ns)
				if rng, found := rangeFor(r.ValueRanges, ca.namespacesKey); found {
					one.NamespaceRange = rng
				}
				out = append(out, &one)
			}
		}
	}
	// Values not known may turn an account off, or name it otherwise.
	r.AccountsKnown = all && r.ValuesUnknown == ""
	return out
}

// accountNamespaces are the namespaces account ca is made in when its
// chart makes it in each of a values list (listed): the list's entries,
// or its default, an empty entry the release namespace (emptyIsRelease)
// or none. ok is false when the list or one of its entries, or the
// release namespace an empty entry stands for, is not known.
func accountNamespaces(r *lint.Release, ca chartAccount) (namespaces []string, listed, ok bool) {
	if ca.namespacesKey == "" {
		return nil, false, true
	}
	list := ca.namespacesDefault
	if v, set := getPath(r.Values, strings.Split(ca.namespacesKey, ".")...); set && v != nil {
		items, isList := v.([]any)
		if !isList {
			return nil, true, false
		}
		list = nil
		for _, it := range items {
			s, isString := it.(string)
			if !isString || lint.HasSentinel(s) {
				return nil, true, false
			}
			list = append(list, s)
		}
	} else if s, set := stringValue(r.Values, ca.namespaceKey); ca.namespaceKey != "" && set && s != "" {
		// The older single value (1.1.x's sparkJobNamespace).
		return nil, false, true
	}
	for _, ns := range list {
		if ns == "" {
			if !ca.emptyIsRelease {
				continue
			}
			rel, known := r.Namespace.Str()
			if !known {
				return nil, true, false
			}
			ns = rel
		}
		if !slices.Contains(namespaces, ns) {
			namespaces = append(namespaces, ns)
		}
	}
	return namespaces, true, true
}

// chartServiceAccount is the account ca of r's chart, nil when the values
// say the chart does not create it.
func chartServiceAccount(r *lint.Release, h *lint.Holes, chart string, ca chartAccount, known bool) *lint.ServiceAccount {
	if v, ok := getPath(r.Values, strings.Split(ca.createKey, ".")...); ok {
		if b, isBool := v.(bool); (isBool && !b) || v == "false" {
			return nil
		}
	}
	decode := func(s string) lint.Value {
		if lint.HasSentinel(s) {
			if h == nil {
				return lint.Unknown()
			}
			return h.Decode(s)
		}
		return lint.Known(s)
	}
	at := func(key string, fallback lint.Range) lint.Range {
		if rng, ok := r.ValueRanges[key]; ok {
			return rng
		}
		return fallback
	}
	nsRange := r.Range
	if !r.NamespaceRange.IsZero() {
		nsRange = r.NamespaceRange
	}
	sa := &lint.ServiceAccount{Namespace: r.Namespace, NamespaceRange: nsRange}
	sa.Kind = lint.KindServiceAccount
	sa.Addr = r.Addr + "#serviceaccount"
	if ca.component != "" {
		sa.Addr += ":" + ca.component
	}
	sa.Source = lint.SourceHelm
	sa.Scope = r.Scope
	sa.Root = r.Root
	sa.Range = r.Range
	sa.Inferred = append([]string(nil), r.Inferred...)
	if !known {
		sa.Inferred = append(sa.Inferred, InferredChartAccount)
	}
	if ca.namespaceKey != "" {
		if s, ok := stringValue(r.Values, ca.namespaceKey); ok && s != "" {
			sa.Namespace = decode(s)
			sa.NamespaceRange = at(ca.namespaceKey, r.Range)
		}
	}
	nameRange := r.NameRange
	if nameRange.IsZero() {
		nameRange = r.Range
	}
	if s, ok := stringValue(r.Values, ca.nameKey); ok && s != "" {
		sa.Name, sa.NameRange = decode(s), at(ca.nameKey, nameRange)
	} else if ca.fixed != "" {
		sa.Name, sa.NameRange, sa.NameIsDefault = lint.Known(ca.fixed), nameRange, true
		// Values not known may name it otherwise.
		sa.NameByConvention = r.ValuesUnknown != ""
	} else {
		sa.Name, sa.NameRange = lint.Unknown(), nameRange
		if rel, ok := r.Name.Str(); ok {
			full := helmFullname
			if ca.fullname != nil {
				full = ca.fullname
			}
			if n, ok := full(rel, chart, r.Values); ok && !lint.HasSentinel(n) {
				sa.Name = lint.Known(n)
				sa.NameByConvention = !known || r.ValuesUnknown != ""
				if _, set := r.ValueRanges["fullnameOverride"]; set {
					sa.NameRange = r.ValueRanges["fullnameOverride"]
				}
			}
		}
	}
	role := func(path []string) {
		key := strings.Join(path, ".")
		if v, ok := getPath(r.Values, path...); ok {
			if s, ok := settingText(v); ok {
				rng, found := rangeFor(r.ValueRanges, key)
				if !found {
					rng = sa.Range
				}
				sa.RoleARN = lint.Ref{Value: decode(s), Range: rng}
			}
		}
	}
	if ca.roleKey != "" {
		if v, ok := getPath(r.Values, strings.Split(ca.roleEnabledKey, ".")...); ok && (v == true || v == "true") {
			role(strings.Split(ca.roleKey, "."))
		}
	}
	annotations := ca.annotationsKey
	if m, _ := getPath(r.Values, strings.Split(annotations, ".")...); ca.annotationsFallback != "" && emptyValue(m) {
		annotations = ca.annotationsFallback
	}
	if annotations != "" {
		role(append(strings.Split(annotations, "."), roleAnnotation))
	}
	sa.Via = fmt.Sprintf("%s, chart %s", r.Label, chart)
	if ca.component != "" {
		sa.Via += ", its " + ca.component + " account"
	}
	sa.Release = r.Addr
	ns, name := sa.Namespace.String(), sa.Name.String()
	sa.Label = fmt.Sprintf("service account %s/%s (%s)", ns, name, sa.Via)
	if n, ok := sa.Name.Str(); ok {
		if nsk, ok := sa.Namespace.Str(); ok {
			sa.Aliases = []string{lint.KubeKey("", "ServiceAccount", nsk, n)}
		}
	}
	if sa.Range.IsZero() {
		sa.Range = sa.NameRange
	}
	return sa
}

// stringValue is a scalar value's text at a dotted values path.
func stringValue(values map[string]any, key string) (string, bool) {
	v, ok := getPath(values, strings.Split(key, ".")...)
	if !ok {
		return "", false
	}
	return settingText(v)
}

// helmFullname is the fullname `helm create` scaffolds: fullnameOverride;
// else the release name when it contains the chart name (nameOverride
// replaces it); else "<release>-<name>"; truncated to 63 characters
// without a trailing "-".
func helmFullname(release, chart string, values map[string]any) (string, bool) {
	if s, ok := stringValue(values, "fullnameOverride"); ok && s != "" {
		return trunc63(s), true
	}
	name := chart
	if s, ok := stringValue(values, "nameOverride"); ok && s != "" {
		name = s
	}
	if strings.Contains(release, name) {
		return trunc63(release), true
	}
	return trunc63(release + "-" + name), true
}

// veleroServerAccount is velero.serverServiceAccount's default: the
// chart's fullname (Helm's convention) and "-server", not truncated after.
func veleroServerAccount(release, chart string, values map[string]any) (string, bool) {
	full, ok := helmFullname(release, chart, values)
	return full + "-server", ok
}

// kubePrometheusStackAccount is the default name of a
// kube-prometheus-stack account: kube-prometheus-stack.fullname (Helm's
// convention cut to 26 characters, a dash trimmed) and suffix.
func kubePrometheusStackAccount(suffix string) func(release, chart string, values map[string]any) (string, bool) {
	return func(release, chart string, values map[string]any) (string, bool) {
		full := release
		name := chart
		if s, ok := stringValue(values, "nameOverride"); ok && s != "" {
			name = s
		}
		switch s, ok := stringValue(values, "fullnameOverride"); {
		case ok && s != "":
			full = s
		case !strings.Contains(release, name):
			full = release + "-" + name
		}
		if len(full) > 26 {
			full = full[:26]
		}
		return strings.TrimSuffix(full, "-") + suffix, true
	}
}

// clusterAutoscalerFullname is cluster-autoscaler.fullname: the name is
// "<cloudProvider>-<chart>" (nameOverride replaces it), prefixed with the
// release name unless equal to it.
func clusterAutoscalerFullname(release, chart string, values map[string]any) (string, bool) {
	if s, ok := stringValue(values, "fullnameOverride"); ok && s != "" {
		return trunc63(s), true
	}
	provider := "aws"
	if s, ok := stringValue(values, "cloudProvider"); ok && s != "" {
		provider = s
	}
	name := provider + "-" + chart
	if s, ok := stringValue(values, "nameOverride"); ok && s != "" {
		name = s
	}
	if name == release {
		return trunc63(name), true
	}
	return trunc63(release + "-" + name), true
}

func trunc63(s string) string {
	if len(s) > 63 {
		s = s[:63]
	}
	return strings.TrimSuffix(s, "-")
}

// emptyValue reports whether a value is one Helm's default function
// replaces: absent (nil), or an empty map, list or string.
func emptyValue(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	}
	return false
}
