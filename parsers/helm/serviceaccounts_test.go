package helm

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestRemoteChartServiceAccounts(t *testing.T) {
	h := lint.NewHoles()
	role := lint.HoleRef{Object: "infra:aws_iam_role.karpenter", Path: "arn"}
	setAt := rng("infra/karpenter.tf", 12, 5, 40)
	decl := rng("infra/karpenter.tf", 1, 1, 33)
	nameAt := rng("infra/karpenter.tf", 2, 3, 30)
	release := func(addr, name, ns, chart string, values map[string]any, ranges map[string]lint.Range) *lint.Release {
		return &lint.Release{
			Object: lint.Object{Kind: lint.KindRelease, Addr: "infra:" + addr, Label: addr, Name: lint.Known(name),
				Range: decl, NameRange: nameAt, Source: lint.SourceTerraform, Scope: lint.Scope{Cluster: "prod"}},
			Namespace: lint.Known(ns), Chart: chart, Values: values, ValueRanges: ranges, Tool: "terraform",
		}
	}
	karpenter := release("helm_release.karpenter", "karpenter", "kube-system", "karpenter",
		map[string]any{"serviceAccount": map[string]any{"annotations": map[string]any{"eks.amazonaws.com/role-arn": h.Sentinel(role)}}},
		map[string]lint.Range{"serviceAccount.annotations.eks.amazonaws.com/role-arn": setAt})
	karpenter.Repository = "oci://public.ecr.aws/karpenter"

	out := Render(context.Background(), nil, []*lint.Release{karpenter}, Options{Holes: h})
	var sa *lint.ServiceAccount
	for _, e := range out.Entities {
		if x, ok := e.(*lint.ServiceAccount); ok {
			sa = x
		}
	}
	if sa == nil {
		t.Fatalf("no service account in %+v", out.Entities)
	}
	want := &lint.ServiceAccount{
		Object: lint.Object{Kind: lint.KindServiceAccount, Addr: "infra:helm_release.karpenter#serviceaccount",
			Label: "service account kube-system/karpenter (helm_release.karpenter, chart karpenter)",
			Name:  lint.Known("karpenter"), Range: decl, NameRange: nameAt, Source: lint.SourceHelm, Scope: lint.Scope{Cluster: "prod"},
			Aliases: []string{lint.KubeKey("", "ServiceAccount", "kube-system", "karpenter")}},
		Namespace:      lint.Known("kube-system"),
		NamespaceRange: decl,
		RoleARN:        lint.Ref{Value: lint.Hole(role), Range: setAt},
		Via:            "helm_release.karpenter, chart karpenter",
		Release:        "infra:helm_release.karpenter",
	}
	if !reflect.DeepEqual(sa, want) {
		t.Errorf("karpenter service account:\n got %+v\nwant %+v", sa, want)
	}
	if got, ok := sa.RoleARN.Value.SoleRef(); !ok || got != role {
		t.Errorf("role = %s, want a hole naming aws_iam_role.karpenter.arn", sa.RoleARN.Value)
	}

	tests := []struct {
		name          string
		r             *lint.Release
		ns, sa        string
		nameRange     lint.Range
		inferred      bool
		none, unknown bool
	}{
		{name: "ebs default", r: release("helm_release.ebs", "ebs", "kube-system", "aws-ebs-csi-driver", nil, nil), ns: "kube-system", sa: "ebs-csi-controller-sa", nameRange: nameAt},
		{name: "ebs value", r: release("helm_release.ebs", "ebs", "kube-system", "https://kubernetes-sigs.github.io/aws-ebs-csi-driver/aws-ebs-csi-driver",
			map[string]any{"controller": map[string]any{"serviceAccount": map[string]any{"name": "ebs-sa"}}},
			map[string]lint.Range{"controller.serviceAccount.name": setAt}), ns: "kube-system", sa: "ebs-sa", nameRange: setAt},
		{name: "cluster-autoscaler", r: release("helm_release.ca", "cluster-autoscaler", "kube-system", "autoscaler/cluster-autoscaler", nil, nil), ns: "kube-system", sa: "cluster-autoscaler-aws-cluster-autoscaler", nameRange: nameAt},
		{name: "lbc fullname contains chart", r: release("helm_release.lbc", "aws-load-balancer-controller", "kube-system", "eks/aws-load-balancer-controller", nil, nil), ns: "kube-system", sa: "aws-load-balancer-controller", nameRange: nameAt},
		{name: "external-dns release-chart", r: release("helm_release.dns", "dns", "ops", "external-dns", nil, nil), ns: "ops", sa: "dns-external-dns", nameRange: nameAt},
		{name: "fullnameOverride", r: release("helm_release.dns", "dns", "ops", "external-dns", map[string]any{"fullnameOverride": "edns"}, map[string]lint.Range{"fullnameOverride": setAt}), ns: "ops", sa: "edns", nameRange: setAt},
		{name: "velero", r: release("helm_release.velero", "velero", "velero", "vmware-tanzu/velero",
			map[string]any{"serviceAccount": map[string]any{"server": map[string]any{"name": "backup-sa"}}}, nil), ns: "velero", sa: "backup-sa", nameRange: nameAt},
		// velero.serverServiceAccount: "<fullname>-server" when no name is given.
		{name: "cloudwatch exporter", r: release("helm_release.cw", "prometheus-cloudwatch-exporter", "monitoring", "prometheus-community/prometheus-cloudwatch-exporter", nil, nil), ns: "monitoring", sa: "prometheus-cloudwatch-exporter", nameRange: nameAt},
		{name: "velero default", r: release("helm_release.velero", "velero", "velero", "vmware-tanzu/velero", nil, nil), ns: "velero", sa: "velero-server", nameRange: nameAt},
		{name: "velero release-chart", r: release("helm_release.backup", "backup", "ops", "vmware-tanzu/velero", nil, nil), ns: "ops", sa: "backup-velero-server", nameRange: nameAt},
		// kube-prometheus-stack: no top-level serviceAccount; Prometheus
		// runs as "<fullname cut to 26>-prometheus".
		{name: "kube-prometheus-stack", r: release("helm_release.kps", "kube-prometheus-stack", "monitoring", "prometheus-community/kube-prometheus-stack", nil, nil), ns: "monitoring", sa: "kube-prometheus-stack-prometheus", nameRange: nameAt},
		{name: "kube-prometheus-stack cut to 26", r: release("helm_release.kps", "observability", "monitoring", "kube-prometheus-stack",
			map[string]any{"serviceAccount": map[string]any{"name": "ignored"}}, nil), ns: "monitoring", sa: "observability-kube-prometh-prometheus", nameRange: nameAt},
		{name: "kube-prometheus-stack value", r: release("helm_release.kps", "kps", "monitoring", "kube-prometheus-stack",
			map[string]any{"namespaceOverride": "obs", "prometheus": map[string]any{"serviceAccount": map[string]any{"name": "thanos-writer"}}},
			map[string]lint.Range{"prometheus.serviceAccount.name": setAt}), ns: "obs", sa: "thanos-writer", nameRange: setAt},
		{name: "not created", r: release("helm_release.lbc", "lbc", "kube-system", "aws-load-balancer-controller",
			map[string]any{"serviceAccount": map[string]any{"create": false, "name": "aws-load-balancer-controller"}}, nil), none: true},
		{name: "unknown chart", r: release("helm_release.app", "web", "shop", "oci://example.com/charts/myapp:1.2.3", nil, nil), ns: "shop", sa: "web-myapp", nameRange: nameAt, inferred: true},
	}
	for _, tt := range tests {
		es := serviceAccounts(tt.r, h)
		if tt.none {
			if len(es) != 0 {
				t.Errorf("%s: %+v, want none", tt.name, es)
			}
			continue
		}
		if len(es) == 0 {
			t.Errorf("%s: no entity", tt.name)
			continue
		}
		sa := es[0].(*lint.ServiceAccount) // the chart's main account
		ns, _ := sa.Namespace.Str()
		n, _ := sa.Name.Str()
		if ns != tt.ns || n != tt.sa || sa.NameRange != tt.nameRange {
			t.Errorf("%s: %s/%s at %s, want %s/%s at %s", tt.name, ns, n, show(sa.NameRange), tt.ns, tt.sa, show(tt.nameRange))
		}
		if got := len(sa.Inferred) > 0; got != tt.inferred {
			t.Errorf("%s: inferred %v, want %v", tt.name, sa.Inferred, tt.inferred)
		}
		if len(sa.Aliases) != 1 || sa.Aliases[0] != lint.KubeKey("", "ServiceAccount", tt.ns, tt.sa) {
			t.Errorf("%s: aliases %v", tt.name, sa.Aliases)
		}
	}
}

// The CSI drivers run their node DaemonSet as a second account,
// node.serviceAccount.* with the chart's own default name: a second
// service account of the release, with its own address, unless the values
// say the chart does not create it.
func TestCSINodeServiceAccounts(t *testing.T) {
	decl := rng("infra/storage.tf", 1, 1, 33)
	setAt := rng("infra/storage.tf", 9, 7, 30)
	release := func(chart string, values map[string]any, ranges map[string]lint.Range) *lint.Release {
		return &lint.Release{
			Object: lint.Object{Kind: lint.KindRelease, Addr: "infra:helm_release.csi", Label: "helm_release.csi", Name: lint.Known("csi"),
				Range: decl, NameRange: decl, Source: lint.SourceTerraform},
			Namespace: lint.Known("kube-system"), Chart: chart, Values: values, ValueRanges: ranges, Tool: "terraform",
		}
	}
	accounts := func(r *lint.Release) map[string]string {
		out := map[string]string{}
		for _, e := range serviceAccounts(r, lint.NewHoles()) {
			sa := e.(*lint.ServiceAccount)
			n, _ := sa.Name.Str()
			out[sa.Addr] = n + " @" + show(sa.NameRange) + " via " + sa.Via
		}
		return out
	}
	for name, c := range map[string]struct {
		r    *lint.Release
		want map[string]string
	}{
		"ebs defaults": {release("aws-ebs-csi-driver", nil, nil), map[string]string{
			"infra:helm_release.csi#serviceaccount":      "ebs-csi-controller-sa @" + show(decl) + " via helm_release.csi, chart aws-ebs-csi-driver",
			"infra:helm_release.csi#serviceaccount:node": "ebs-csi-node-sa @" + show(decl) + " via helm_release.csi, chart aws-ebs-csi-driver, its node account",
		}},
		"efs node renamed": {release("aws-efs-csi-driver",
			map[string]any{"node": map[string]any{"serviceAccount": map[string]any{"name": "efs-mounter"}}},
			map[string]lint.Range{"node.serviceAccount.name": setAt}), map[string]string{
			"infra:helm_release.csi#serviceaccount":      "efs-csi-controller-sa @" + show(decl) + " via helm_release.csi, chart aws-efs-csi-driver",
			"infra:helm_release.csi#serviceaccount:node": "efs-mounter @" + show(setAt) + " via helm_release.csi, chart aws-efs-csi-driver, its node account",
		}},
		"node account not created": {release("aws-efs-csi-driver",
			map[string]any{"node": map[string]any{"serviceAccount": map[string]any{"create": false}}}, nil), map[string]string{
			"infra:helm_release.csi#serviceaccount": "efs-csi-controller-sa @" + show(decl) + " via helm_release.csi, chart aws-efs-csi-driver",
		}},
		"one account only": {release("karpenter", nil, nil), map[string]string{
			"infra:helm_release.csi#serviceaccount": "csi-karpenter @" + show(decl) + " via helm_release.csi, chart karpenter",
		}},
	} {
		if got := accounts(c.r); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", name, got, c.want)
		}
	}
}

// The accounts charts in the table run as when installed under their own
// name with their defaults.
func TestStandardAccounts(t *testing.T) {
	got := StandardAccounts()
	for name, chart := range map[string]string{
		"aws-load-balancer-controller": "aws-load-balancer-controller",
		"ebs-csi-controller-sa":        "aws-ebs-csi-driver",
		"efs-csi-node-sa":              "aws-efs-csi-driver",
		"karpenter":                    "karpenter",
		"external-dns":                 "external-dns",
	} {
		if got[name] != chart {
			t.Errorf("%s: chart %q, want %q", name, got[name], chart)
		}
	}
	if c, ok := got["default"]; ok {
		t.Errorf("default is the standard account of %s", c)
	}
}

// TestAccountsAt: aws-ebs-csi-driver before 2.0.0 names its accounts
// under serviceAccount.{controller,node}; Helm installs the newest version
// a constraint allows, and the newest chart when none is written.
func TestAccountsAt(t *testing.T) {
	for version, want := range map[string]string{
		"1.2.4": "serviceAccount.controller.name", "v1.2.4": "serviceAccount.controller.name", "~1.2.0": "serviceAccount.controller.name",
		"<2.0.0": "serviceAccount.controller.name", "0.9.x": "serviceAccount.controller.name",
		"": "controller.serviceAccount.name", "2.0.0": "controller.serviceAccount.name", ">=1.0": "controller.serviceAccount.name",
		"^1.2 || ^2.1": "controller.serviceAccount.name", "latest": "controller.serviceAccount.name",
	} {
		got := accountsAt(chartAccounts["aws-ebs-csi-driver"], version)
		if len(got) != 2 || got[0].nameKey != want || got[1].component != "node" {
			t.Errorf("%q: accounts %+v, want %s and the node's", version, got, want)
		}
	}
	if got := accountsAt(chartAccounts["aws-efs-csi-driver"], "1.2.0"); len(got) != 2 || got[0].nameKey != "controller.serviceAccount.name" {
		t.Errorf("efs 1.2.0: %+v", got)
	}
}

// TestKeysTablePublishes: a release's repository is the chart's when its
// URL's host and path are one of the chart's addresses, or when it is no
// URL at all (a name); a look-alike host is not.
func TestKeysTablePublishes(t *testing.T) {
	karp, ca := keysTables["karpenter"], keysTables["cluster-autoscaler"]
	for _, c := range []struct {
		t           *keysTable
		repo, chart string
		want        bool
	}{
		{karp, "", "karpenter", true},
		{karp, "karpenter-repo", "karpenter", true},
		{karp, "", "oci://public.ecr.aws/karpenter/karpenter", true},
		{karp, "oci://public.ecr.aws/karpenter", "karpenter", true},
		{karp, "https://charts.karpenter.sh/", "karpenter", true},
		{karp, "https://charts.example.com/mirror", "karpenter", false},
		{karp, "oci://public.ecr.aws/karpenter-fork", "karpenter", false},
		{ca, "https://kubernetes.github.io/autoscaler", "cluster-autoscaler", true},
		{ca, "https://kubernetes.github.io/autoscaler-fork", "cluster-autoscaler", false},
		{ca, "https://charts.bitnami.com/bitnami", "cluster-autoscaler", false},
	} {
		r := &lint.Release{Repository: c.repo, Chart: c.chart}
		if got := c.t.publishes(r); got != c.want {
			t.Errorf("publishes(%q, %q) = %v, want %v", c.repo, c.chart, got, c.want)
		}
	}
}

// Argo CD's chart runs its application controller, server and repo server
// as accounts of their own (<component>.serviceAccount.*): the first two
// under fixed default names, the repo server under the chart's fullname
// (nameOverride "argocd") and "-repo-server"; from 6.9.2 in
// namespaceOverride when it is set. Another publisher's argo-cd chart is
// read by Helm's convention.
func TestArgoCDServiceAccounts(t *testing.T) {
	decl := rng("infra/gitops.tf", 1, 1, 30)
	release := func(name, version, repo string, values map[string]any, ranges map[string]lint.Range) *lint.Release {
		return &lint.Release{
			Object: lint.Object{Kind: lint.KindRelease, Addr: "infra:helm_release.gitops", Label: "helm_release.gitops", Name: lint.Known(name),
				Range: decl, NameRange: decl, Source: lint.SourceTerraform},
			Namespace: lint.Known("argocd"), Chart: "argo-cd", Version: version, Repository: repo, Values: values, ValueRanges: ranges, Tool: "terraform",
		}
	}
	accounts := func(r *lint.Release) map[string]string {
		out := map[string]string{}
		for _, e := range serviceAccounts(r, lint.NewHoles()) {
			sa := e.(*lint.ServiceAccount)
			ns, _ := sa.Namespace.Str()
			n, _ := sa.Name.Str()
			out[sa.Addr] = ns + "/" + n
		}
		return out
	}
	const argo = "https://argoproj.github.io/argo-helm"
	override := map[string]any{"namespaceOverride": "gitops", "repoServer": map[string]any{"serviceAccount": map[string]any{"name": "ecr-reader"}}}
	for name, c := range map[string]struct {
		r    *lint.Release
		want map[string]string
	}{
		"defaults": {release("argocd", "7.7.0", argo, nil, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount":             "argocd/argocd-application-controller",
			"infra:helm_release.gitops#serviceaccount:server":      "argocd/argocd-server",
			"infra:helm_release.gitops#serviceaccount:repo server": "argocd/argocd-repo-server",
		}},
		"release named otherwise": {release("platform", "7.7.0", "oci://ghcr.io/argoproj/argo-helm", nil, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount":             "argocd/argocd-application-controller",
			"infra:helm_release.gitops#serviceaccount:server":      "argocd/argocd-server",
			"infra:helm_release.gitops#serviceaccount:repo server": "argocd/platform-argocd-repo-server",
		}},
		"namespace override": {release("argocd", "7.7.0", argo, override, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount":             "gitops/argocd-application-controller",
			"infra:helm_release.gitops#serviceaccount:server":      "gitops/argocd-server",
			"infra:helm_release.gitops#serviceaccount:repo server": "gitops/ecr-reader",
		}},
		"namespace override before 6.9.2": {release("argocd", "5.46.8", argo, override, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount":             "argocd/argocd-application-controller",
			"infra:helm_release.gitops#serviceaccount:server":      "argocd/argocd-server",
			"infra:helm_release.gitops#serviceaccount:repo server": "argocd/ecr-reader",
		}},
		"server account not created": {release("argocd", "7.7.0", argo,
			map[string]any{"server": map[string]any{"serviceAccount": map[string]any{"create": false}}}, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount":             "argocd/argocd-application-controller",
			"infra:helm_release.gitops#serviceaccount:repo server": "argocd/argocd-repo-server",
		}},
		"another publisher": {release("argocd", "7.1.0", "https://charts.bitnami.com/bitnami", nil, nil), map[string]string{
			"infra:helm_release.gitops#serviceaccount": "argocd/argocd-argo-cd",
		}},
	} {
		if got := accounts(c.r); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", name, got, c.want)
		}
	}
}

// spark-operator's job account is made in each namespace of its list:
// 2.x in spark.jobNamespaces (["default"] unless set, an empty entry
// none), 1.x in sparkJobNamespaces ([""], the release namespace) or the
// single sparkJobNamespace of 1.1.x; the name is "<fullname>-spark" from
// 2.0.0 and "<release>-spark" before.
func TestSparkOperatorJobAccounts(t *testing.T) {
	for _, c := range []struct {
		version string
		values  map[string]any
		want    []string // namespace/name of the job accounts
	}{
		{"2.1.1", nil, []string{"default/jobs-spark-operator-spark"}},
		{"2.1.1", map[string]any{"spark": map[string]any{"jobNamespaces": []any{"etl", "", "ml"}}}, []string{"etl/jobs-spark-operator-spark", "ml/jobs-spark-operator-spark"}},
		{"2.1.1", map[string]any{"spark": map[string]any{"jobNamespaces": []any{}}}, nil},
		{"1.4.6", nil, []string{"ops/jobs-spark"}},
		{"1.4.6", map[string]any{"sparkJobNamespaces": []any{"etl"}}, []string{"etl/jobs-spark"}},
		{"1.1.27", map[string]any{"sparkJobNamespace": "etl"}, []string{"etl/jobs-spark"}},
	} {
		r := &lint.Release{Object: lint.Object{Kind: lint.KindRelease, Addr: "helm_release.jobs", Name: lint.Known("jobs")},
			Namespace: lint.Known("ops"), Chart: "spark-operator", Version: c.version, Values: c.values}
		var got []string
		for _, e := range serviceAccounts(r, nil) {
			sa := e.(*lint.ServiceAccount)
			if !strings.Contains(sa.Addr, ":spark jobs") {
				continue
			}
			ns, _ := sa.Namespace.Str()
			name, _ := sa.Name.Str()
			got = append(got, ns+"/"+name)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s %v: job accounts %v, want %v", c.version, c.values, got, c.want)
		}
	}
}
