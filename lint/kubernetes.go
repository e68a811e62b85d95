package lint

import (
	"net/url"
	"path"
	"sort"
	"strings"
)

// Crossplane is what the model keeps of a Crossplane managed resource.
type Crossplane struct {
	APIVersion string
	Kind       string
	// Name is metadata.name; the cloud name is the object's Name
	// (crossplane.io/external-name, else metadata.name).
	Name string
	// DeletionPolicy is spec.deletionPolicy ("Delete" when absent, "" for
	// v2 namespaced resources, which have none).
	DeletionPolicy string
	// ManagementPolicies is spec.managementPolicies as written (nil when
	// absent).
	ManagementPolicies []string
	// Composition names the composition that rendered the object, if any.
	Composition string
}

// Orphans reports whether deleting the Kubernetes object leaves the cloud
// resource behind: an explicit management policy list decides (Delete
// present: deleted; `["*"]` defers to the deletion policy); otherwise the
// deletion policy does.
func (c *Crossplane) Orphans() bool {
	if c == nil {
		return false
	}
	if len(c.ManagementPolicies) > 0 {
		star := false
		for _, p := range c.ManagementPolicies {
			switch p {
			case "Delete":
				return false
			case "*":
				star = true
			}
		}
		if !star {
			return true
		}
	}
	return c.DeletionPolicy == "Orphan"
}

// KubeKey is the key a Kubernetes object is found by from references in
// other manifests: "k8s:<group>/<Kind>/<namespace>/<name>" (namespace empty
// for cluster-scoped objects). group is the API group without version.
func KubeKey(group, kind, namespace, name string) string {
	return "k8s:" + group + "/" + kind + "/" + namespace + "/" + name
}

// GroupOf returns the API group of an apiVersion ("iam.aws.upbound.io" for
// "iam.aws.upbound.io/v1beta1", "" for "v1").
func GroupOf(apiVersion string) string {
	if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
		return apiVersion[:i]
	}
	return ""
}

const selectorPrefix = "k8ssel:"

// SelectorKey is the Lookup key of a label selector over one kind
// (Crossplane *Selector.matchLabels): it finds the one object of that
// group, kind and namespace whose labels include every pair.
func SelectorKey(group, kind, namespace string, labels map[string]string) string {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	q := url.Values{}
	for _, k := range keys {
		q.Set(k, labels[k])
	}
	return selectorPrefix + group + "/" + kind + "/" + namespace + "?" + q.Encode()
}

// SelectorText is the labels a selector key (SelectorKey) asks for, as
// written in messages ("team=batch, tier=web"); false when key is not one.
func SelectorText(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, selectorPrefix)
	if !ok {
		return "", false
	}
	_, query, _ := strings.Cut(rest, "?")
	want, err := url.ParseQuery(query)
	if err != nil || len(want) == 0 {
		return "", false
	}
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = k + "=" + want.Get(k)
	}
	return strings.Join(pairs, ", "), true
}

// lookupSelector finds the single object a selector key selects; none when
// zero or several match.
func (m *Model) lookupSelector(key string) Entity {
	if found := m.selectorMatches(key); len(found) == 1 {
		return found[0]
	}
	return nil
}

// selectorMatches are the entities a selector key (SelectorKey) matches:
// objects of its group, kind and namespace carrying every label it asks
// for.
func (m *Model) selectorMatches(key string) []Entity {
	rest := strings.TrimPrefix(key, selectorPrefix)
	path, query, _ := strings.Cut(rest, "?")
	want, err := url.ParseQuery(query)
	if err != nil || len(want) == 0 {
		return nil
	}
	prefix := "k8s:" + path + "/"
	var found []Entity
	for _, e := range m.Entities() {
		o := e.Base()
		match := false
		for _, a := range o.Aliases {
			if strings.HasPrefix(a, prefix) && !strings.Contains(strings.TrimPrefix(a, prefix), "/") {
				match = true
			}
		}
		if !match {
			continue
		}
		for k := range want {
			if o.Labels[k] != want.Get(k) {
				match = false
				break
			}
		}
		if match {
			found = append(found, e)
		}
	}
	return found
}

// Release is a Helm release: where a chart is installed, with which name
// and values. It comes from a Terraform helm_release, helmfile, an Argo CD
// Application or a Flux HelmRelease.
type Release struct {
	Object
	// Namespace is where the chart is installed; NamespaceRange is where
	// that is written (zero when it is a default).
	Namespace      Value
	NamespaceRange Range
	// Chart is the chart as written (a path, "repo/name", an OCI URL).
	Chart string
	// ChartDir is the chart's absolute directory or .tgz inside the scanned
	// tree, "" for a remote chart (one at an exact version may be taken to
	// be the tree's archive of it, or the tree's directory of its name and
	// version).
	ChartDir string
	// ChartMissing is set when Chart is a path to a directory of the
	// scanned tree that does not exist (reported as invalid input).
	ChartMissing bool
	// PostRenderer is the absolute path of the program Helm pipes the
	// release's rendered manifests through (a helm_release's
	// postrender.binary_path), "" for none.
	PostRenderer string
	Repository   string
	Version      string
	// VersionUnknown is set when a version is written but not known
	// statically (a variable without a value): Version is "" then.
	VersionUnknown bool
	// Values are the user values, merged in Helm's order (YAML types;
	// strings may carry sentinels for unknown Terraform values).
	Values map[string]any
	// ValueRanges say where each value was set, by dotted key path
	// ("serviceAccount.name"), for positions in rendered output.
	ValueRanges map[string]Range
	// KeyRanges say where each key was written (the key itself; the name
	// of a set entry), by the same paths, when known: a finding about
	// the key (one the chart never reads) points there. SetKeyRange
	// records one.
	KeyRanges map[string]Range
	// Tool is where the release was found: terraform, helmfile, argocd, flux.
	Tool string
	// Generated is set when the values are not the user's to change: the
	// release is declared inside a module the user did not write (a
	// registry module, its cache or faultline's model of it), which sets
	// them itself. Rules about the values as written (FL502) skip it.
	Generated bool
	// Reads is what the chart at its version reads of its values, set by
	// the Helm parser (nil: unknown — a chart it cannot analyse, a remote
	// chart it has no table for, or no version written).
	Reads *ChartReads
	// ReadsUnknown says why Reads is nil for a chart the Helm parser
	// knows (a Karpenter release without a version it has, a chart in the
	// tree it cannot analyse, values holding template text the chart
	// renders with tpl), for coverage; "" otherwise.
	ReadsUnknown string
	// ValuesUnknown says which of the values the release passes the
	// parser could not know (a values document a helm_release reads from
	// a path it cannot evaluate): the chart is rendered without them, and
	// a template that fails reading its values may fail for want of them;
	// "" when every values document is known.
	ValuesUnknown string
	// DuplicateKeys are the keys the release's values (files, inline
	// values) write twice: Helm keeps the last value of each.
	DuplicateKeys []*DuplicateKey
	// AccountsKnown: the chart is not rendered, and the service accounts
	// it creates are known (parsers/helm's table, the values all known and
	// not turning one off): the model holds every account the release
	// creates. False for a chart faultline does not know, whose account is
	// named by Helm's convention at best, and which may create others.
	AccountsKnown bool
	// Syncs is set on a release of a chart not rendered that makes a
	// GitOps sync of content from elsewhere (flux-instance's
	// FluxInstance, flux2-sync's GitRepository and Kustomization,
	// argocd-apps's Applications), and on an Argo CD Application's chart
	// at a path of a repository not scanned (an app-of-apps chart kept
	// elsewhere): what that deploys, in any namespace, is not read.
	Syncs bool
	// Unrendered is set for a release of a chart in the tree that did
	// not render (FL000, or a rendering that failed for want of what it
	// was not given) or rendered without a dependency its values enable
	// (not vendored): what it makes, its service accounts among them, is
	// not all known.
	Unrendered bool
	// ValuesPassedOn are the top-level keys of the values that the chart
	// whose rendering declares the release passed on from its own values
	// (an app-of-apps template's `toYaml .Values`, every sibling given
	// the same): written for that chart, which reads them all, not for
	// this release's chart, so not this chart's to read (FL502).
	ValuesPassedOn map[string]bool
	// AnchorKeys are the keys (dotted, as KeyRanges) whose value is a YAML
	// anchor the same values document refers to through an alias
	// (`javaDefaults: &java …` merged with `<<: *java`): written to be
	// referenced, not for the chart to read.
	AnchorKeys map[string]bool
	// Dependencies is what the tool installing the release does with the
	// chart's dependencies before it renders it; the Helm parser packs
	// those a chart of the tree takes from a file:// directory of the
	// tree accordingly.
	Dependencies DependencyBuild
}

// DependencyBuild is what a tool does with a chart's dependencies before
// it renders the chart.
type DependencyBuild int

const (
	// DependenciesAsVendored: the chart renders with what its charts/
	// holds (a helm_release without dependency_update).
	DependenciesAsVendored DependencyBuild = iota
	// DependenciesMissingAdded: each dependency charts/ does not hold is
	// packed in, the rest left as vendored (Flux's source-controller).
	DependenciesMissingAdded
	// DependenciesBuiltWhenMissing: when charts/ misses a dependency,
	// `helm dependency build` packs every archived dependency again
	// (Argo CD's repository server, on a render that misses one).
	DependenciesBuiltWhenMissing
	// DependenciesAlwaysBuilt: `helm dependency build` (or update) packs
	// every archived dependency again before every render (helmfile
	// unless skipDeps, a helm_release with dependency_update).
	DependenciesAlwaysBuilt
)

// ChartName is the chart's name as the release writes it: the last path
// element, without an OCI tag ("oci://…/karpenter:1.0" → "karpenter"); of
// a chart archive (a URL or path ending in .tgz), the name `helm package`
// gave it ("…/cluster-autoscaler-9.29.1.tgz" → "cluster-autoscaler").
func (r *Release) ChartName() string {
	if name, _, ok := r.chartArchive(); ok {
		return name
	}
	c := strings.TrimSuffix(r.Chart, "/")
	if i := strings.LastIndex(c, ":"); i > strings.LastIndex(c, "/") {
		c = c[:i]
	}
	return path.Base(c)
}

// ArchiveVersion is the version of a chart archive the release installs,
// as its file name says (`helm package` names it <name>-<version>.tgz);
// "" for any other chart.
func (r *Release) ArchiveVersion() string {
	_, version, _ := r.chartArchive()
	return version
}

// chartArchive splits the file name of a chart archive (.tgz) into the
// chart's name and version: the version is the rest after the first dash
// that leaves a semantic version (names hold dashes, versions may too).
func (r *Release) chartArchive() (name, version string, ok bool) {
	c := strings.TrimSpace(r.Chart)
	if i := strings.IndexAny(c, "?#"); i >= 0 && strings.Contains(c, "://") {
		c = c[:i]
	}
	base, found := strings.CutSuffix(path.Base(c), ".tgz")
	if !found {
		return "", "", false
	}
	for i := 0; i < len(base); i++ {
		if base[i] == '-' && i > 0 && isSemVer(base[i+1:]) {
			return base[:i], base[i+1:], true
		}
	}
	return "", "", false
}

// isSemVer reports whether s is a semantic version 2.0.0 (major.minor.patch,
// optional pre-release and build), as Helm requires of a chart's version,
// which may start with a v.
func isSemVer(s string) bool {
	s = strings.TrimPrefix(s, "v")
	core, build, hasBuild := strings.Cut(s, "+")
	if hasBuild && !dotIdentifiers(build, false) {
		return false
	}
	core, pre, hasPre := strings.Cut(core, "-")
	if hasPre && !dotIdentifiers(pre, true) {
		return false
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if !numericIdentifier(p) {
			return false
		}
	}
	return true
}

// dotIdentifiers reports whether s is dot-separated identifiers of
// [0-9A-Za-z-], none empty; pre-release numeric ones without a leading 0.
func dotIdentifiers(s string, pre bool) bool {
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return false
		}
		digits := true
		for _, c := range id {
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-':
				digits = false
			default:
				return false
			}
		}
		if pre && digits && !numericIdentifier(id) {
			return false
		}
	}
	return true
}

// numericIdentifier reports whether s is digits without a leading zero.
func numericIdentifier(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// SetKeyRange records where the key at dotted path key was written.
func (r *Release) SetKeyRange(key string, rng Range) {
	if rng.IsZero() {
		return
	}
	if r.KeyRanges == nil {
		r.KeyRanges = map[string]Range{}
	}
	r.KeyRanges[key] = rng
}
