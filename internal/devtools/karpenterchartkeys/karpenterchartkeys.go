// Package karpenterchartkeys is the code of the karpenter-chart-keys development tool; its command,
// scripts/karpenter-chart-keys, is built only with the devtools build tag so that `go install ./...`
// (pre-commit's golang hook) builds the product alone:
//
//	go run -tags devtools ./scripts/karpenter-chart-keys
//
// What the tool does is in the command's documentation.
package karpenterchartkeys

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
)

const chartDir = "charts/karpenter"

// Main runs the command on os.Args and exits with its status.
func Main() {
	gitDir := flag.String("git", "", "bare git directory of github.com/aws/karpenter-provider-aws")
	out := flag.String("out", "parsers/helm/karpenter_chart_keys.go", "Go file to write")
	flag.Parse()
	if *gitDir == "" {
		fmt.Fprintln(os.Stderr, "karpenter-chart-keys: -git is required")
		os.Exit(2)
	}
	if err := run(*gitDir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "karpenter-chart-keys:", err)
		os.Exit(1)
	}
}

// version is one analysed tag.
type version struct {
	tag   string
	v     *semver.Version
	reads []string
	tpl   []string
	// naming is the text of the helpers that name the service account
	// (karpenter.name, karpenter.fullname, karpenter.serviceAccountName)
	// and of serviceaccount.yaml's metadata, whitespace-normalised.
	naming string
}

func run(gitDir, out string) error {
	tags, err := releaseTags(gitDir)
	if err != nil {
		return err
	}
	var vs []version
	for _, t := range tags {
		v, ok, err := analyse(gitDir, t)
		if err != nil {
			return fmt.Errorf("%s: %w", t.Original(), err)
		}
		if ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return fmt.Errorf("no tag has %s", chartDir)
	}
	commit, err := git(gitDir, "rev-parse", vs[len(vs)-1].tag+"^{commit}")
	if err != nil {
		return err
	}
	src, err := format.Source(render(vs, strings.TrimSpace(string(commit))))
	if err != nil {
		return fmt.Errorf("format table: %w", err)
	}
	return os.WriteFile(out, src, 0o644)
}

// releaseTags are the repository's semver tags from v0.16.0, in order.
func releaseTags(gitDir string) ([]*semver.Version, error) {
	b, err := git(gitDir, "tag")
	if err != nil {
		return nil, err
	}
	var out []*semver.Version
	for _, t := range strings.Fields(string(b)) {
		v, err := semver.NewVersion(t)
		if err != nil || v.Original() != t || !strings.HasPrefix(t, "v") || v.LessThan(semver.MustParse("0.16.0")) {
			continue
		}
		if v.Metadata() != "" || (v.Prerelease() != "" && !strings.HasPrefix(v.Prerelease(), "rc.")) {
			continue // not a release (v1.7.3-hash-fix-backport)
		}
		out = append(out, v)
	}
	sort.Sort(semver.Collection(out))
	return out, nil
}

// analyse reads the chart at a tag.
func analyse(gitDir string, t *semver.Version) (version, bool, error) {
	tag := t.Original()
	names, err := git(gitDir, "ls-tree", "-r", "--name-only", tag, "--", chartDir+"/")
	if err != nil {
		return version{}, false, err
	}
	files := map[string]string{}
	var valuesYAML, chartYAML []byte
	for _, n := range strings.Fields(string(names)) {
		rel := strings.TrimPrefix(n, chartDir+"/")
		if rel != "values.yaml" && rel != "Chart.yaml" && !strings.HasPrefix(rel, "templates/") {
			continue
		}
		b, err := git(gitDir, "show", tag+":"+n)
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
	// Chart.yaml at a tag may still carry the previous version: the
	// release (hack/release/common.sh) stamps the tag's version into it
	// and packages with --version, so the chart published as X is the
	// directory at tag vX.
	tr, err := helm.AnalyzeTemplates(files)
	if err != nil {
		return version{}, false, err
	}
	if len(tr.Missing) > 0 {
		return version{}, false, fmt.Errorf("templates include defines no file holds: %s", strings.Join(tr.Missing, ", "))
	}
	v := version{tag: tag, v: t, naming: namingText(files)}
	for _, r := range tr.Reads {
		v.reads = append(v.reads, helm.FormatRead(r))
	}
	for _, p := range tr.TplPaths {
		v.tpl = append(v.tpl, helm.FormatRead(lint.ValueRead{Path: p}))
	}
	reportUnread(tag, valuesYAML, &lint.ChartReads{Reads: tr.Reads})
	return v, true, nil
}

// namingText is what decides the service account's name and namespace:
// the three naming defines and the ServiceAccount's metadata lines.
func namingText(files map[string]string) string {
	var b strings.Builder
	for _, d := range []string{"karpenter.name", "karpenter.fullname", "karpenter.serviceAccountName"} {
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
func render(vs []version, commit string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by scripts/karpenter-chart-keys; DO NOT EDIT.

package helm

// karpenterChartKeys are the values keys the Karpenter chart's templates
// read, by chart version. Source: github.com/aws/karpenter-provider-aws,
// %s/{Chart.yaml,values.yaml,templates/*} at the release tags %s to %s
// (newest tag's commit %s), analysed by AnalyzeTemplates
// (readkeys.go): "a.b" the template reads the value at a.b, "a.b.**"
// every key under a.b too, "*" any one key or list index, "**" every key.
// tpl lists values whose text the chart renders with tpl: template text a
// user writes there may read any key.
//
// The service account's name and namespace (helpers karpenter.name,
// karpenter.fullname, karpenter.serviceAccountName and the
// ServiceAccount's metadata) are the same text %s.
var karpenterChartKeys = []karpenterKeys{
`, chartDir, vs[0].tag, vs[len(vs)-1].tag, commit, namingRanges(vs))
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && same(vs[j+1], vs[i]) {
			j++
		}
		var tags []string
		for _, v := range vs[i : j+1] {
			tags = append(tags, fmt.Sprintf("%q", strings.TrimPrefix(v.tag, "v")))
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

func git(gitDir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--git-dir", gitDir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return b, nil
}
