// Package karpenterplacement is the code of the karpenter-placement
// development tool; its command, scripts/karpenter-placement, is built
// only with the devtools build tag so that `go install ./...` builds the
// product alone. What the tool does is in the command's documentation.
package karpenterplacement

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/devtools/mirror"
)

// chartDir is where the chart is in the repository at every tag read.
const chartDir = "charts/karpenter"

// placementKeys are the values the Deployment's pod spec renders as its
// placement, each under the pod spec field of the same name.
var placementKeys = []string{"nodeSelector", "affinity", "tolerations", "topologySpreadConstraints"}

// facts are what one chart version says of its controller's placement.
type facts struct {
	// defaults are the values.yaml defaults of placementKeys and of each
	// container's resources key, as YAML ("" when unset or null).
	defaults map[string]string
	// containers are the containers the Deployment always has, by the
	// values key of their resources (controller.resources).
	containers []string
	// userContainers are the values that add containers of the user's
	// (controller.sidecarContainer, initContainers): their requests are
	// not known.
	userContainers []string
}

// version is a tag and its facts.
type version struct {
	tag, published string
	facts          facts
}

// Main runs the command on os.Args and exits with its status.
func Main() {
	gitDir := flag.String("git", "", "bare git directory of github.com/aws/karpenter-provider-aws (required)")
	out := flag.String("out", "parsers/helm/karpenter_placement.go", "file to write")
	flag.Parse()
	if *gitDir == "" {
		fmt.Fprintln(os.Stderr, "karpenter-placement: -git is required")
		os.Exit(2)
	}
	if err := Run(*gitDir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "karpenter-placement:", err)
		os.Exit(1)
	}
}

// Run writes the table read from the mirror gitDir to out.
func Run(gitDir, out string) error {
	tags, err := releaseTags(gitDir)
	if err != nil {
		return err
	}
	var vs []version
	for _, t := range tags {
		f, ok, err := read(gitDir, t)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		if ok {
			vs = append(vs, version{tag: t, published: strings.TrimPrefix(t, "v"), facts: f})
		}
	}
	if len(vs) == 0 {
		return fmt.Errorf("no tag has %s", chartDir)
	}
	commit, err := mirror.Git(gitDir, "rev-parse", vs[len(vs)-1].tag+"^{commit}")
	if err != nil {
		return err
	}
	src, err := format.Source(render(vs, strings.TrimSpace(string(commit))))
	if err != nil {
		return fmt.Errorf("format table: %w", err)
	}
	return os.WriteFile(out, src, 0o644)
}

// releaseTags are Karpenter's release tags (mirror.KarpenterRelease), in
// version order.
func releaseTags(gitDir string) ([]string, error) {
	b, err := mirror.Git(gitDir, "tag")
	if err != nil {
		return nil, err
	}
	type tv struct {
		tag string
		v   *semver.Version
	}
	var tags []tv
	for _, t := range strings.Fields(string(b)) {
		if v, ok := mirror.KarpenterRelease(t); ok {
			tags = append(tags, tv{t, v})
		}
	}
	sort.Slice(tags, func(i, j int) bool { return tags[i].v.LessThan(tags[j].v) })
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t.tag
	}
	return out, nil
}

// The pods' labels as faultline models them (parsers/helm's
// karpenterController): the chart's selector labels, its name
// (nameOverride, else the chart's) and the release's, then podLabels.
const (
	selectorLabels = "{{- define \"karpenter.selectorLabels\" -}}\napp.kubernetes.io/name: {{ include \"karpenter.name\" . }}\napp.kubernetes.io/instance: {{ .Release.Name }}\n{{- end }}"
	nameDefine     = "{{- define \"karpenter.name\" -}}\n{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix \"-\" }}\n{{- end }}"
)

var (
	// podLabels is the pod template's labels in deployment.yaml.
	podLabels = regexp.MustCompile(`template:\n\s+metadata:\n\s+labels:\n\s+\{\{- include "karpenter.selectorLabels" \. \| nindent 8 \}\}\n\s+\{\{- with \.Values\.podLabels \}\}`)
	// containerResources finds a container's resources value in the
	// template: `with .Values.<name>.resources`.
	containerResources = regexp.MustCompile(`\.Values\.([A-Za-z]+)\.resources\b`)
	// userContainerValues are the values that add containers.
	userContainerValues = []string{"controller.sidecarContainer", "initContainers"}
)

// read reads the facts of the chart at tag; false when the tag has no
// chart.
func read(gitDir, tag string) (facts, bool, error) {
	tmpl, err := mirror.Git(gitDir, "show", tag+":"+chartDir+"/templates/deployment.yaml")
	if err != nil {
		return facts{}, false, nil
	}
	valuesYAML, err := mirror.Git(gitDir, "show", tag+":"+chartDir+"/values.yaml")
	if err != nil {
		return facts{}, false, err
	}
	var values map[string]any
	if err := yaml.Unmarshal(valuesYAML, &values); err != nil {
		return facts{}, false, fmt.Errorf("values.yaml: %w", err)
	}
	text := string(tmpl)
	helpers, err := mirror.Git(gitDir, "show", tag+":"+chartDir+"/templates/_helpers.tpl")
	if err != nil {
		return facts{}, false, err
	}
	// The pods' labels, the same at every tag (a tag where they are
	// not stops the tool): the selector labels and podLabels.
	if !podLabels.MatchString(text) || !strings.Contains(string(helpers), selectorLabels) || !strings.Contains(string(helpers), nameDefine) {
		return facts{}, false, fmt.Errorf("the pod template's labels are not karpenter.selectorLabels and podLabels as faultline models them")
	}
	f := facts{defaults: map[string]string{}}
	for _, k := range placementKeys {
		if !strings.Contains(text, ".Values."+k) {
			return facts{}, false, fmt.Errorf("deployment.yaml does not render .Values.%s", k)
		}
		f.defaults[k] = yamlOf(values[k])
	}
	seen := map[string]bool{}
	for _, m := range containerResources.FindAllStringSubmatch(text, -1) {
		key := m[1] + ".resources"
		if seen[key] {
			continue
		}
		seen[key] = true
		f.containers = append(f.containers, key)
		section, _ := values[m[1]].(map[string]any)
		f.defaults[key] = yamlOf(section["resources"])
	}
	if len(f.containers) == 0 {
		return facts{}, false, fmt.Errorf("deployment.yaml renders no container's resources")
	}
	for _, k := range userContainerValues {
		if strings.Contains(text, ".Values."+k) {
			f.userContainers = append(f.userContainers, k)
		}
	}
	return f, true, nil
}

// yamlOf is v as YAML, "" for nil and empty collections.
func yamlOf(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case map[string]any:
		if len(x) == 0 {
			return ""
		}
	case []any:
		if len(x) == 0 {
			return ""
		}
	}
	b, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// same reports whether two versions' facts are alike.
func same(a, b facts) bool {
	return fmt.Sprint(a.defaults) == fmt.Sprint(b.defaults) && strings.Join(a.containers, ",") == strings.Join(b.containers, ",") &&
		strings.Join(a.userContainers, ",") == strings.Join(b.userContainers, ",")
}

// render writes the Go table.
func render(vs []version, commit string) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by scripts/karpenter-placement; DO NOT EDIT.\n\npackage helm\n\n")
	fmt.Fprintf(&b, "// karpenterPlacements are where the Karpenter chart places its controller's\n"+
		"// pods, by chart version. Source: github.com/aws/karpenter-provider-aws,\n"+
		"// %s/{values.yaml,templates/deployment.yaml} at the release tags %s to %s\n"+
		"// (newest tag's commit %s): the defaults of the values the Deployment\n"+
		"// renders as its pod's placement and each container's resources, the\n"+
		"// containers it always has, and the values that add containers of the user's.\n",
		chartDir, vs[0].tag, vs[len(vs)-1].tag, commit)
	b.WriteString("var karpenterPlacements = []karpenterPlacement{\n")
	for i := 0; i < len(vs); {
		j := i + 1
		for j < len(vs) && same(vs[i].facts, vs[j].facts) {
			j++
		}
		f := vs[i].facts
		fmt.Fprintf(&b, "\t{ // %s – %s\n\t\tversions: []string{", vs[i].tag, vs[j-1].tag)
		for k := i; k < j; k++ {
			if k > i {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", vs[k].published)
		}
		b.WriteString("},\n\t\tdefaults: map[string]string{\n")
		keys := make([]string, 0, len(f.defaults))
		for k := range f.defaults {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "\t\t\t%q: %q,\n", k, f.defaults[k])
		}
		b.WriteString("\t\t},\n")
		fmt.Fprintf(&b, "\t\tcontainers: %#v,\n", f.containers)
		if len(f.userContainers) > 0 {
			fmt.Fprintf(&b, "\t\tuserContainers: %#v,\n", f.userContainers)
		}
		b.WriteString("\t},\n")
		i = j
	}
	b.WriteString("}\n")
	return b.Bytes()
}
