package helm

import (
	"slices"
	"strings"
	"testing"

	"github.com/Masterminds/semver/v3"

	"github.com/faultline-dev/faultline/lint"
)

func TestAnalyzeTemplates(t *testing.T) {
	for _, c := range []struct {
		name, tmpl, helpers string
		read, unread        []string
	}{
		{
			name:   "field chains, with and toYaml",
			tmpl:   "replicas: {{ .Values.replicas }}\n{{- with .Values.pod }}{{ toYaml .annotations }}{{ end }}\n{{ toYaml .Values.tolerations }}",
			read:   []string{"replicas", "pod.annotations.team", "tolerations", "pod"},
			unread: []string{"pod.labels.team", "replica"},
		},
		{
			name:   "a test reads the key, not what is under it",
			tmpl:   "{{ if .Values.metrics }}x{{ end }}{{ if .Values.metrics.enabled }}y{{ end }}",
			read:   []string{"metrics.enabled"},
			unread: []string{"metrics.port"},
		},
		{
			name:    "helpers reached through include, with a dict argument",
			tmpl:    `{{ include "x.name" (dict "ctx" . "sa" .Values.serviceAccount) }}`,
			helpers: `{{ define "x.name" }}{{ .ctx.Values.nameOverride }}-{{ .sa.name }}{{ end }}{{ define "unused" }}{{ .Values.ghost }}{{ end }}`,
			read:    []string{"nameOverride", "serviceAccount.name"},
			unread:  []string{"serviceAccount.create", "ghost"},
		},
		{
			name:   "range binds elements; index with a variable is any key",
			tmpl:   "{{ range .Values.ports }}{{ .number }}{{ end }}{{ range $k, $v := .Values.env }}{{ index $.Values.limits $k }}{{ end }}",
			read:   []string{"ports", "env.FOO", "limits.FOO"},
			unread: []string{"portz"},
		},
		{
			name: "flattening a map recursively reads all of it",
			tmpl: `{{ list .Values.settings "" | include "flatten" }}`,
			helpers: `{{- define "flatten" -}}{{- $m := first . -}}{{- range $k, $v := $m -}}` +
				`{{- if kindOf $v | eq "map" -}}{{- list $v $k | include "flatten" -}}{{- else -}}{{ $k }}={{ $v | quote }}{{- end -}}{{- end -}}{{- end -}}`,
			read:   []string{"settings.aws.defaultInstanceProfile", "settings.a.b.c.d.e"},
			unread: []string{"clusterName"},
		},
		{
			name:   "a checksum include of a file by a built name",
			tmpl:   `checksum: {{ include (print $.Template.BasePath "/cm.yaml") . | sha256sum }}`,
			read:   []string{"config.key"},
			unread: []string{"other"},
		},
		{
			name:   "if declares a variable for its body; len counts the keys",
			tmpl:   "{{ if $sa := .Values.serviceAccount }}{{ $sa.name }}{{ end }}{{ if gt (len .Values.extraArgs) 0 }}x{{ end }}",
			read:   []string{"serviceAccount.name", "extraArgs.verbose"},
			unread: []string{"serviceAccount.create"},
		},
		{
			name: "the whole values printed: every key",
			tmpl: "{{ toYaml .Values }}",
			read: []string{"anything.at.all"},
		},
		{
			name: "tpl of chart text with the root context: every key",
			tmpl: `{{ tpl (.Files.Get "conf") . }}`,
			read: []string{"anything"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"templates/deployment.yaml": c.tmpl, "templates/cm.yaml": "{{ .Values.config.key }}"}
			if c.helpers != "" {
				files["templates/_helpers.tpl"] = c.helpers
			}
			tr, err := AnalyzeTemplates(files)
			if err != nil {
				t.Fatal(err)
			}
			cr := &lint.ChartReads{Reads: tr.Reads}
			for _, k := range c.read {
				if !cr.ReadsKey(strings.Split(k, ".")) {
					t.Errorf("%s not read; reads %v", k, formatReads(tr.Reads))
				}
			}
			for _, k := range c.unread {
				if cr.ReadsKey(strings.Split(k, ".")) {
					t.Errorf("%s read; reads %v", k, formatReads(tr.Reads))
				}
			}
		})
	}
}

func formatReads(rs []lint.ValueRead) []string {
	var out []string
	for _, r := range rs {
		out = append(out, FormatRead(r))
	}
	return out
}

func TestAnalyzeTemplatesTplValue(t *testing.T) {
	tr, err := AnalyzeTemplates(map[string]string{"templates/d.yaml": `{{ with .Values.settings.clusterName }}{{ tpl (toString .) $ }}{{ end }}`})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.TplPaths) != 1 || strings.Join(tr.TplPaths[0], ".") != "settings.clusterName" {
		t.Fatalf("tpl paths %v", tr.TplPaths)
	}
}

// TestAnalyzeTemplatesTplMadeText: text a function makes from values and
// the chart's plain literals (a separator, a width) is those values'
// text; a range's key over values is their keys' text. Either rendered
// with tpl is a tpl path, not every key.
func TestAnalyzeTemplatesTplMadeText(t *testing.T) {
	for _, c := range []struct {
		tmpl, path string
	}{
		{`{{ tpl (join "," .Values.autoDiscovery.tags) . }}`, "autoDiscovery.tags"},
		{`{{ tpl (toYaml .Values.relabelings | indent 6) . }}`, "relabelings"},
		{`{{ range $k, $v := .Values.sa.annotations }}{{ printf "%s: %s" (tpl $k $) (tpl $v $) }}{{ end }}`, "sa.annotations"},
	} {
		tr, err := AnalyzeTemplates(map[string]string{"templates/d.yaml": c.tmpl})
		if err != nil {
			t.Fatal(err)
		}
		cr := &lint.ChartReads{Reads: tr.Reads}
		if cr.ReadsKey([]string{"unrelated"}) {
			t.Errorf("%s: reads every key: %v", c.tmpl, formatReads(tr.Reads))
		}
		var paths []string
		for _, p := range tr.TplPaths {
			paths = append(paths, strings.Join(p, "."))
		}
		if !slices.Contains(paths, c.path) {
			t.Errorf("%s: tpl paths %v, want %s among them", c.tmpl, paths, c.path)
		}
	}
	// Chart text with template syntax is still any key.
	tr, err := AnalyzeTemplates(map[string]string{"templates/d.yaml": `{{ tpl (printf "{{ .Values.%s }}" .Values.key) . }}`})
	if err != nil {
		t.Fatal(err)
	}
	if !(&lint.ChartReads{Reads: tr.Reads}).ReadsKey([]string{"unrelated"}) {
		t.Errorf("tpl of chart text holding {{ must read every key: %v", formatReads(tr.Reads))
	}
}

func TestAnalyzeTemplatesErrors(t *testing.T) {
	if _, err := AnalyzeTemplates(map[string]string{"templates/d.yaml": "{{ if }}"}); err == nil {
		t.Error("a broken template must not analyse")
	}
	tr, err := AnalyzeTemplates(map[string]string{"templates/d.yaml": `{{ include "lib.labels" . }}`})
	if err != nil || len(tr.Missing) != 1 {
		t.Errorf("an include of a define no file holds is missing: %v %v", tr.Missing, err)
	}
}

// TestKarpenterTableLegacyKeys: the generated table agrees with the
// legacy instance profile keys FL101/FL102 use, at every version.
func TestKarpenterTableLegacyKeys(t *testing.T) {
	for _, tv := range keysTables["karpenter"].versions() {
		cr := &lint.ChartReads{}
		for _, s := range tv.entry.reads {
			cr.Reads = append(cr.Reads, ParseRead(s))
		}
		for _, k := range legacyKeys {
			if got, want := cr.ReadsKey(strings.Split(k.path, ".")), k.reads(tv.v); got != want {
				t.Errorf("chart %s: table reads %s = %v, legacy keys say %v", tv.v, k.path, got, want)
			}
		}
	}
}

func TestKarpenterTableFacts(t *testing.T) {
	for _, c := range []struct {
		version string
		read    []string
		unread  []string
	}{
		{"0.16.3", []string{"clusterName", "clusterEndpoint", "aws.defaultInstanceProfile", "serviceAccount.name"}, []string{"settings.aws.clusterName"}},
		{"0.27.3", []string{"settings.aws.clusterName", "settings.aws.defaultInstanceProfile", "settings.aws.whatever"}, []string{"clusterName", "aws.defaultInstanceProfile"}},
		{"0.32.10", []string{"settings.aws.defaultInstanceProfile", "settings.clusterName", "settings.interruptionQueue"}, []string{"settings.aws.unknownKey"}},
		{"0.37.0", []string{"settings.clusterName", "settings.interruptionQueue", "settings.featureGates.spotToSpotConsolidation", "nodeSelector.kubernetes.io/os", "tolerations", "affinity.nodeAffinity", "replicas", "serviceAccount.annotations.eks.amazonaws.com/role-arn"}, []string{"settings.aws.defaultInstanceProfile", "settings.aws.clusterName", "clusterName"}},
		{"1.0.0", []string{"settings.clusterName", "controller.resources.requests.cpu"}, []string{"settings.aws.interruptionQueueName", "logConfig.enabled"}},
	} {
		entries, ok := keysTables["karpenter"].lookup(c.version)
		if !ok || len(entries) != 1 {
			t.Fatalf("%s: not in the table", c.version)
		}
		cr := &lint.ChartReads{}
		for _, s := range entries[0].reads {
			cr.Reads = append(cr.Reads, ParseRead(s))
		}
		for _, k := range c.read {
			if !cr.ReadsKey(lint.SplitSetName(k)) {
				t.Errorf("%s: %s not read", c.version, k)
			}
		}
		for _, k := range c.unread {
			if cr.ReadsKey(lint.SplitSetName(k)) {
				t.Errorf("%s: %s read", c.version, k)
			}
		}
	}
}

func TestKarpenterTableEntries(t *testing.T) {
	for v, want := range map[string]bool{
		"0.37.0": true, "v0.37.0": true, "~0.36.0": true, "0.28.0-rc.1": true, ">=0.33.0, <0.34.0": true, "0.37": true, "v1.0": true,
		"": false, "0.15.0": false, "0.37.9": false, ">=1.0.0": false, "latest": false, "~0.15": false,
	} {
		if _, ok := keysTables["karpenter"].lookup(v); ok != want {
			t.Errorf("%q: known %v, want %v", v, ok, want)
		}
	}
	if es, _ := keysTables["karpenter"].lookup("0.37"); len(es) != 3 {
		t.Errorf("0.37 is 0.37.x: %d entries, want the three of 0.37.0–0.37.8", len(es))
	}
	// Versions in order, each once.
	var prev *semver.Version
	for _, tv := range keysTables["karpenter"].versions() {
		if prev != nil && !prev.LessThan(tv.v) {
			t.Errorf("table versions out of order at %s", tv.v)
		}
		prev = tv.v
	}
}

// TestClusterAutoscalerTable: the chart names its account under
// rbac.serviceAccount at every version; a top-level serviceAccount is
// never read. Versions outside the table (helm/charts' 8.x) are unknown.
func TestClusterAutoscalerTable(t *testing.T) {
	ca := keysTables["cluster-autoscaler"]
	for _, v := range []string{"9.0.0", "9.29.0", "9.59.0", "~9.29.0"} {
		entries, ok := ca.lookup(v)
		if !ok {
			t.Fatalf("%s: not in the table", v)
		}
		cr := &lint.ChartReads{}
		for _, e := range entries {
			for _, s := range e.reads {
				cr.Reads = append(cr.Reads, ParseRead(s))
			}
		}
		for _, k := range []string{"rbac.serviceAccount.name", "rbac.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn", "autoDiscovery.clusterName", "awsRegion"} {
			if !cr.ReadsKey(lint.SplitSetName(k)) {
				t.Errorf("%s: %s not read", v, k)
			}
		}
		for _, k := range []string{"serviceAccount.name", "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"} {
			if cr.ReadsKey(lint.SplitSetName(k)) {
				t.Errorf("%s: %s read", v, k)
			}
		}
	}
	for _, v := range []string{"9.29.x", ">=9.0.0, <9.30.0", "=9.29.0"} {
		if _, ok := ca.lookup(v); !ok {
			t.Errorf("%s: unknown, want every allowed version in the table", v)
		}
	}
	for _, v := range []string{"8.0.0", "9.60.0", ">=9.0.0", "~8.0", "~> 9", "^9.29.0", "<9.1.0", "8.1.0 || 9.29.0", "!=9.29.0"} {
		if _, ok := ca.lookup(v); ok {
			t.Errorf("%s: known, want unknown", v)
		}
	}
	if !templatedAt(map[string]any{"sa": map[string]any{"{{ .Values.k }}": "x"}}, []string{"sa"}) {
		t.Error("a key holding template text is template text tpl renders")
	}
}

func TestFormatParseRead(t *testing.T) {
	for _, r := range []lint.ValueRead{{Path: []string{"a", "b.c"}, Whole: true}, {Path: []string{"x", "*"}}, {Whole: true}} {
		if got := ParseRead(FormatRead(r)); FormatRead(got) != FormatRead(r) || got.Whole != r.Whole || len(got.Path) != len(r.Path) {
			t.Errorf("%v → %q → %v", r, FormatRead(r), got)
		}
	}
}
