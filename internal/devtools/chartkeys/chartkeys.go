// Package chartkeys is the code of the chart-keys development tool; its command,
// scripts/chart-keys, is built only with the devtools build tag so that `go install ./...`
// (pre-commit's golang hook) builds the product alone:
//
//	go run -tags devtools ./scripts/chart-keys -chart karpenter -git DIR
//
// What the tool does is in the command's documentation.
package chartkeys

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/devtools/mirror"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
)

// chart is one chart the tool knows: where its releases are and what
// the table is called.
type chart struct {
	// repo is the chart's source repository, as the table's comment names it.
	repo string
	// dirs are where the chart's directory may be at a tag (it moved).
	dirs []string
	// title names the chart in the table's comment ("the Karpenter chart").
	title string
	// varName is the Go table's name; out the file it is written to.
	varName, out string
	// release is the chart version a tag publishes; ok false for a tag
	// that is not one of the chart's releases.
	release func(tag string) (v *semver.Version, ok bool)
	// stampsVersion: the chart's Chart.yaml at a tag holds the tag's
	// version; a tag whose Chart.yaml says otherwise is not a release.
	stampsVersion bool
	// naming are the helper defines that name the service account.
	naming []string
}

// charts are the charts the tool writes tables for, by the -chart name.
var charts = map[string]chart{
	"karpenter": {
		repo:    "github.com/aws/karpenter-provider-aws",
		dirs:    []string{"charts/karpenter"},
		title:   "the Karpenter chart",
		varName: "karpenterChartKeys",
		out:     "parsers/helm/karpenter_chart_keys.go",
		release: mirror.KarpenterRelease,
		naming:  []string{"karpenter.name", "karpenter.fullname", "karpenter.serviceAccountName"},
	},
	"cluster-autoscaler": {
		repo:          "github.com/kubernetes/autoscaler",
		dirs:          []string{"charts/cluster-autoscaler", "cluster-autoscaler/charts/cluster-autoscaler"},
		title:         "the cluster-autoscaler chart",
		varName:       "clusterAutoscalerChartKeys",
		out:           "parsers/helm/cluster_autoscaler_chart_keys.go",
		release:       clusterAutoscalerRelease,
		stampsVersion: true,
		naming:        []string{"cluster-autoscaler.name", "cluster-autoscaler.fullname", "cluster-autoscaler.serviceAccountName"},
	},
}

// Main runs the command on os.Args and exits with its status.
func Main() {
	name := flag.String("chart", "karpenter", "chart: karpenter or cluster-autoscaler")
	gitDir := flag.String("git", "", "bare git directory of the chart's repository")
	out := flag.String("out", "", "Go file to write (default: the chart's table in parsers/helm)")
	flag.Parse()
	c, ok := charts[*name]
	if !ok {
		fmt.Fprintf(os.Stderr, "chart-keys: unknown chart %q (karpenter, cluster-autoscaler)\n", *name)
		os.Exit(2)
	}
	if *gitDir == "" {
		fmt.Fprintln(os.Stderr, "chart-keys: -git is required")
		os.Exit(2)
	}
	if *out == "" {
		*out = c.out
	}
	if err := run(c, *gitDir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "chart-keys:", err)
		os.Exit(1)
	}
}

// version is one analysed tag.
type version struct {
	tag string
	// published is the chart version the tag publishes, as the table
	// writes it.
	published string
	reads     []string
	tpl       []string
	// naming is the text of the helpers that name the service account
	// (karpenter.name, karpenter.fullname, karpenter.serviceAccountName)
	// and of serviceaccount.yaml's metadata, whitespace-normalised.
	naming string
}

func run(c chart, gitDir, out string) error {
	tags, err := releaseTags(c, gitDir)
	if err != nil {
		return err
	}
	var vs []version
	for _, t := range tags {
		v, ok, err := analyse(c, gitDir, t)
		if err != nil {
			return fmt.Errorf("%s: %w", t.tag, err)
		}
		if ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return fmt.Errorf("no tag has %s", strings.Join(c.dirs, " or "))
	}
	commit, err := mirror.Git(gitDir, "rev-parse", vs[len(vs)-1].tag+"^{commit}")
	if err != nil {
		return err
	}
	src, err := format.Source(render(c, vs, strings.TrimSpace(string(commit))))
	if err != nil {
		return fmt.Errorf("format table: %w", err)
	}
	return os.WriteFile(out, src, 0o644)
}

// tagged is a tag and the chart version it publishes.
type tagged struct {
	tag string
	v   *semver.Version
}

// releaseTags are the chart's release tags, in version order.
func releaseTags(c chart, gitDir string) ([]tagged, error) {
	b, err := mirror.Git(gitDir, "tag")
	if err != nil {
		return nil, err
	}
	var out []tagged
	for _, t := range strings.Fields(string(b)) {
		if v, ok := c.release(t); ok {
			out = append(out, tagged{t, v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v.LessThan(out[j].v) })
	return out, nil
}

// clusterAutoscalerRelease: the chart's tags are
// "cluster-autoscaler-chart-" and its version, from 9.0.0 (the first
// published from this repository; 8.x and older were helm/charts'
// stable/cluster-autoscaler).
func clusterAutoscalerRelease(t string) (*semver.Version, bool) {
	rest, ok := strings.CutPrefix(t, "cluster-autoscaler-chart-")
	if !ok {
		return nil, false
	}
	v, err := semver.StrictNewVersion(rest)
	if err != nil || v.LessThan(semver.MustParse("9.0.0")) || v.Prerelease() != "" || v.Metadata() != "" {
		return nil, false
	}
	return v, true
}

// published is the version as the table writes it: without "v".
func (t tagged) published() string { return strings.TrimPrefix(t.v.Original(), "v") }

// analyse reads the chart at a tag.
func analyse(c chart, gitDir string, t tagged) (version, bool, error) {
	dir, err := chartDirAt(c, gitDir, t.tag)
	if err != nil || dir == "" {
		return version{}, false, err
	}
	names, err := mirror.Git(gitDir, "ls-tree", "-r", "--name-only", t.tag, "--", dir+"/")
	if err != nil {
		return version{}, false, err
	}
	files := map[string]string{}
	var valuesYAML, chartYAML []byte
	for _, n := range strings.Fields(string(names)) {
		rel := strings.TrimPrefix(n, dir+"/")
		if rel != "values.yaml" && rel != "Chart.yaml" && !strings.HasPrefix(rel, "templates/") {
			continue
		}
		b, err := mirror.Git(gitDir, "show", t.tag+":"+n)
		if err != nil {
			return version{}, false, err
		}
		switch rel {
		case "values.yaml":
			valuesYAML = b
		case "Chart.yaml":
			chartYAML = b
		default:
			files[rel] = string(b)
		}
	}
	if chartYAML == nil {
		return version{}, false, nil
	}
	// Karpenter's Chart.yaml at a tag may still carry the previous
	// version: the release (hack/release/common.sh) stamps the tag's
	// version into it and packages with --version, so the chart
	// published as X is the directory at tag vX. The cluster-autoscaler
	// chart is released from its Chart.yaml (chart-releaser tags it), so
	// a tag whose Chart.yaml says otherwise is not that release.
	if c.stampsVersion {
		var meta struct {
			Version string `yaml:"version"`
		}
		if err := yaml.Unmarshal(chartYAML, &meta); err != nil || meta.Version != t.published() {
			fmt.Fprintf(os.Stderr, "%s: Chart.yaml has version %q: skipped\n", t.tag, meta.Version)
			return version{}, false, nil
		}
	}
	tr, err := helm.AnalyzeTemplates(files)
	if err != nil {
		return version{}, false, err
	}
	if len(tr.Missing) > 0 {
		return version{}, false, fmt.Errorf("templates include defines no file holds: %s", strings.Join(tr.Missing, ", "))
	}
	v := version{tag: t.tag, published: t.published(), naming: namingText(c, files)}
	for _, r := range tr.Reads {
		v.reads = append(v.reads, helm.FormatRead(r))
	}
	for _, p := range tr.TplPaths {
		v.tpl = append(v.tpl, helm.FormatRead(lint.ValueRead{Path: p}))
	}
	reportUnread(t.tag, valuesYAML, &lint.ChartReads{Reads: tr.Reads})
	return v, true, nil
}

// chartDirAt is the first of the chart's directories that holds a
// Chart.yaml at a tag, "" when none does.
func chartDirAt(c chart, gitDir, tag string) (string, error) {
	for _, d := range c.dirs {
		b, err := mirror.Git(gitDir, "ls-tree", "--name-only", tag, "--", d+"/Chart.yaml")
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(string(b)) != "" {
			return d, nil
		}
	}
	return "", nil
}

// namingText is what decides the service account's name and namespace:
// the naming defines and the ServiceAccount's metadata lines.
func namingText(c chart, files map[string]string) string {
	var b strings.Builder
	for _, d := range c.naming {
		src, _ := helm.DefineSource(files["templates/_helpers.tpl"], d)
		b.WriteString(d + ": " + src + "\n")
	}
	for _, l := range strings.Split(files["templates/serviceaccount.yaml"], "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "name:") || strings.HasPrefix(t, "namespace:") {
			b.WriteString(t)
		}
	}
	return b.String()
}

// reportUnread lists, on stderr, values.yaml keys no template reads.
func reportUnread(tag string, valuesYAML []byte, reads *lint.ChartReads) {
	var values map[string]any
	if err := yaml.Unmarshal(valuesYAML, &values); err != nil {
		fmt.Fprintf(os.Stderr, "%s: values.yaml: %v\n", tag, err)
		return
	}
	var unread []string
	for _, k := range lint.ValueKeys(values) {
		if !reads.ReadsKey(k.Path) {
			unread = append(unread, k.Key)
		}
	}
	sort.Strings(unread)
	if len(unread) > 0 {
		fmt.Fprintf(os.Stderr, "%s: values.yaml declares keys no template reads: %s\n", tag, strings.Join(unread, ", "))
	}
}

// render writes the table: consecutive versions reading the same keys
// share an entry.
func render(c chart, vs []version, commit string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by scripts/chart-keys; DO NOT EDIT.

package helm

// %s are the values keys %s's templates
// read, by chart version. Source: %s,
// %s/{Chart.yaml,values.yaml,templates/*} at the release tags %s to %s
// (newest tag's commit %s), analysed by AnalyzeTemplates
// (readkeys.go): "a.b" the template reads the value at a.b, "a.b.**"
// every key under a.b too, "*" any one key or list index, "**" every key.
// tpl lists values whose text the chart renders with tpl: template text a
// user writes there may read any key.
//
// The service account's name and namespace (helpers %s,
// and the ServiceAccount's metadata) are the same text %s.
var %s = []chartKeys{
`, c.varName, c.title, c.repo, strings.Join(c.dirs, " or "), vs[0].tag, vs[len(vs)-1].tag, commit, strings.Join(c.naming, ",\n// "), namingRanges(vs), c.varName)
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && same(vs[j+1], vs[i]) {
			j++
		}
		var tags []string
		for _, v := range vs[i : j+1] {
			tags = append(tags, fmt.Sprintf("%q", v.published))
		}
		fmt.Fprintf(&b, "\t{ // %s – %s\n\t\tversions: []string{%s},\n", vs[i].tag, vs[j].tag, strings.Join(tags, ", "))
		fmt.Fprintf(&b, "\t\treads: []string{%s},\n", quoteAll(vs[i].reads))
		if len(vs[i].tpl) > 0 {
			fmt.Fprintf(&b, "\t\ttpl: []string{%s},\n", quoteAll(vs[i].tpl))
		}
		b.WriteString("\t},\n")
		i = j + 1
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// namingRanges says over which tags the naming text stays the same.
func namingRanges(vs []version) string {
	var parts []string
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1].naming == vs[i].naming {
			j++
		}
		parts = append(parts, vs[i].tag+"–"+vs[j].tag)
		i = j + 1
	}
	if len(parts) == 1 {
		return "at every tag, " + parts[0]
	}
	fmt.Fprintf(os.Stderr, "service account naming changes: %s\n", strings.Join(parts, ", "))
	return "within each of " + strings.Join(parts, ", ")
}

func same(a, b version) bool {
	return strings.Join(a.reads, "\n") == strings.Join(b.reads, "\n") && strings.Join(a.tpl, "\n") == strings.Join(b.tpl, "\n")
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
