package benchgen

import (
	"fmt"
	"strings"
)

// The shapes beyond Terraform and plain manifests: local charts and their
// releases, remote releases, kustomizations over shared bases, Crossplane
// compositions with claims. Each is on unless its Options field turns it
// off.

// Installer is how a team installs its local chart.
type Installer int

const (
	// ByTerraform is a helm_release in each environment's root module,
	// chart by path.
	ByTerraform Installer = iota
	// ByArgoCD is an Argo CD Application per environment, path in Git.
	ByArgoCD
	// ByHelmfile is one helmfile.yaml with a release per environment.
	ByHelmfile
)

// InstallerOf is how team i installs its chart: Terraform, Argo CD and
// helmfile in turn.
func InstallerOf(i int) Installer { return Installer(i % 3) }

// chartDir is team i's chart, relative to the tree.
func chartDir(i int) string { return "teams/" + TeamName(i) + "/chart/" }

// chart writes team i's local chart and what installs it outside the
// root modules (the Terraform releases are written with the roots).
func (w *writer) chart(i int) {
	team := TeamName(i)
	d := chartDir(i)
	w.stats.Charts++
	w.file(d+"Chart.yaml", fmt.Sprintf(chartYAML, team, i%7, i))
	w.file(d+"values.yaml", fmt.Sprintf(chartValues, team))
	w.file(d+"templates/_helpers.tpl", chartHelpers)
	w.file(d+"templates/serviceaccount.yaml", chartServiceAccount)
	w.file(d+"templates/configmap.yaml", chartConfigMap)
	w.file(d+"templates/deployment.yaml", chartDeployment)
	w.file(d+"templates/service.yaml", chartService)
	switch InstallerOf(i) {
	case ByArgoCD:
		var b strings.Builder
		for ei, env := range Envs {
			if ei > 0 {
				b.WriteString("---\n")
			}
			fmt.Fprintf(&b, argoApplication, team, env)
		}
		w.file("k8s/"+team+"/argocd.yaml", b.String())
	case ByHelmfile:
		w.file("teams/"+team+"/helmfile.yaml", fmt.Sprintf(helmfileYAML, team))
	}
	w.stats.ChartReleases += len(Envs)
	if InstallerOf(i) == ByTerraform {
		return // values in the helm_release
	}
	for ei, env := range Envs {
		s := shapeOf(i, ei, env)
		level := map[string]string{"dev": "debug", "prod": "warn"}[env]
		w.file(fmt.Sprintf("%svalues-%s.yaml", d, env), fmt.Sprintf(chartEnvValues, team, env, s.account, s.cluster, 1+2*ei, i, level))
	}
}

// helmTF is a root module's helm.tf: the provider, the remote release and,
// for a team installing its chart by Terraform, the local release; "" when
// the root installs no release.
func (o Options) helmTF(i, ei int) string {
	local := !o.NoCharts && InstallerOf(i) == ByTerraform
	if !local && o.NoRemoteReleases {
		return ""
	}
	var b strings.Builder
	b.WriteString(helmProviderTF)
	if !o.NoRemoteReleases {
		b.WriteString(remoteReleaseTF)
	}
	if local {
		fmt.Fprintf(&b, helmReleaseTF, 1+2*ei, i)
	}
	return b.String()
}

// kustomizeShared writes the bases and the component every overlay uses.
func (w *writer) kustomizeShared() {
	for _, base := range kustomizeBases {
		for _, f := range base.files {
			w.file("k8s/base/"+base.dir+"/"+f[0], f[1])
		}
		w.stats.KustomizeBases++
	}
	for _, f := range kustomizeComponent {
		w.file("k8s/components/observability/"+f[0], f[1])
	}
}

// overlays writes team i's overlay per environment.
func (w *writer) overlays(i int) {
	team := TeamName(i)
	for ei, env := range Envs {
		s := shapeOf(i, ei, env)
		d := fmt.Sprintf("k8s/overlays/%s/%s/", team, env)
		level := map[string]string{"dev": "debug", "prod": "info"}[env]
		w.file(d+"kustomization.yaml", fmt.Sprintf(overlayKustomization, team, env, s.account, s.cluster, i, level))
		w.file(d+"replicas.yaml", fmt.Sprintf(overlayReplicas, 1+ei*2, 1+ei))
		w.stats.Kustomizations++
	}
}

// crossplaneShared writes the platform's definitions and compositions.
func (w *writer) crossplaneShared() {
	for _, f := range crossplaneFiles {
		w.file("platform/crossplane/"+f[0], f[1])
		if strings.HasPrefix(f[0], "composition-") {
			w.stats.Compositions++
		}
	}
}

// What one claim composes: a bucket with its versioning and encryption;
// a queue with its dead-letter queue.
const (
	composedPerBucket = 3
	composedPerQueue  = 2
)

// claims writes team i's claims: a bucket and a queue per environment.
func (w *writer) claims(i int) {
	team := TeamName(i)
	var b strings.Builder
	for ei, env := range Envs {
		s := shapeOf(i, ei, env)
		if ei > 0 {
			b.WriteString("---\n")
		}
		fmt.Fprintf(&b, claimsYAML, team, env, s.region, s.cluster, env == "prod", 4+10*ei)
		w.stats.Claims += 2
		w.stats.Composed += composedPerBucket + composedPerQueue
	}
	w.file("k8s/"+team+"/claims.yaml", b.String())
}
