package kube

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestUnrenderedTemplateIsANote(t *testing.T) {
	src := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\n{{- if .Values.on }}\nkind: ConfigMap\n{{- end }}\n")
	var notes []lint.Note
	ents, diags := Parse("t.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(diags) != 0 || len(notes) != 1 || notes[0].Range.Line != 6 || notes[0].Kind != lint.Skipped {
		t.Fatalf("diags %v, notes %v: want one skipped note at line 6", diags, notes)
	}
	if len(ents) != 1 {
		t.Errorf("the good document before the template: %d entities, want 1", len(ents))
	}
	// Without OnTemplate (rendered output) the same text is broken input.
	if _, diags := Parse("t.yaml", src, Options{}); len(diags) != 1 || diags[0].Summary != "invalid YAML" {
		t.Errorf("rendered output: %v, want one invalid YAML diagnostic", diags)
	}
	// A broken document without a placeholder stays a diagnostic even when
	// an earlier document quotes one.
	broken := []byte("a: \"${x}\"\n---\nb: c\n  d: e\n")
	if _, diags := Parse("t.yaml", broken, Options{Templates: true, Notes: func(lint.Note) { t.Error("called for a broken document") }}); len(diags) != 1 {
		t.Errorf("broken document: %v, want one diagnostic", diags)
	}
}

func TestRenderWithAHoleIsANote(t *testing.T) {
	h := lint.NewHoles()
	zones := h.Sentinel(lint.HoleRef{Object: "local.zones"})
	// Helm's toYaml of a real list would give "- a" lines here; a hole
	// stands alone on the line and is not valid YAML in that place.
	src := []byte("kind: NodePool\nspec:\n  requirements:\n  - key: zone\n    values:\n    " + zones + "\n  - key: arch\n")
	var notes []lint.Note
	_, diags := Parse("r.yaml", src, Options{Holes: h, Notes: func(n lint.Note) { notes = append(notes, n) },
		MapDiagnostic: func(r lint.Range) lint.Range { r.File = "chart/templates/pool.yaml"; return r }})
	if len(diags) != 0 || len(notes) != 1 || notes[0].Kind != lint.Unresolved || notes[0].Range.File != "chart/templates/pool.yaml" || notes[0].Range.Line != 6 {
		t.Fatalf("diags %v, notes %+v: want one unresolved note at the mapped line 6", diags, notes)
	}
	// Without a hole the same shape is broken input.
	broken := []byte("kind: NodePool\nspec:\n  requirements:\n  - key: zone\n    values:\n    plain\n  - key: arch\n")
	if _, diags := Parse("r.yaml", broken, Options{Holes: h, Notes: func(lint.Note) { t.Error("note for broken input") }}); len(diags) != 1 {
		t.Errorf("broken render: %v, want one diagnostic", diags)
	}
}

// TestTemplateNoteNamesThePlaceholderLine: the note names a placeholder
// on a line of YAML before one in a comment above it.
func TestTemplateNoteNamesThePlaceholderLine(t *testing.T) {
	src := []byte("# rendered by templatefile() with ${cluster_name}\napiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nspec:\n  subnetSelectorTerms:\n    {{ range .subnets }}\n    - id: x\n  amiSelectorTerms:\n    - alias: al2023@latest\n")
	var notes []lint.Note
	Parse("t.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(notes) != 1 || notes[0].Range.Line != 6 {
		t.Fatalf("notes %v: want one at line 6", notes)
	}
}

// A file that does not parse, whose lines before the error show it is no
// Kubernetes object — an OpenAPI document, a GitHub Actions workflow or
// issue form, a YAML list (an Ansible playbook) — is a note; a manifest broken before its kind, or a mapping
// with other keys, stays a diagnostic.
func TestBrokenNonManifestIsANote(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		note      string // "" for a diagnostic
	}{
		{"openapi", "openapi: 3.0.3\ninfo:\n  title: Orders\npaths: {}\ncomponents:\n  description: send `Authorization: Bearer x`\n", "an OpenAPI document (openapi 3.0.3)"},
		{"swagger after a good document", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\nswagger: \"2.0\"\ninfo:\n  description: a: b\n", "an OpenAPI document (swagger 2.0)"},
		{"playbook", "- hosts: all\n  tasks:\n    - name: run\n      shell: echo a: b\n      args: x\n    bad\n", "a YAML list"},
		{"workflow", "name: scan\non:\n  push:\n    branches: [main]\njobs:\n  scan:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          depth: 1\n           extra: x\n", "a GitHub Actions workflow (its keys on and jobs)"},
		{"workflow broken in its triggers", "name: scan\non:\n  push:\n    branches: [main]\n     tags: [v*]\n", "a GitHub Actions workflow (its keys on and jobs)"},
		{"issue form", "name: Bug\ndescription: report a bug\nbody:\n  - type: markdown\n    attributes:\n      value: thanks\n  - type: checkboxes\n    attributes:\n      options:\n        - label: Searched: nothing found\n", "a GitHub issue or discussion form (its body of form elements)"},
		{"body of other items", "name: Bug\nbody:\n  - type: widget\n    id: a\n    label: a: b\n", ""},
		{"body of a kind", "apiVersion: v1\nkind: ConfigMap\nbody:\n  - type: input\n    label: a: b\n", ""},
		{"ini sections", "# mounted as fluent-bit.conf\n[SERVICE]\n    Flush 5\n\n[INPUT]\n    Name tail\n", "a YAML list"},
		{"playbook in a merge conflict", "<<<<<<< HEAD\n- name: token\n  command: openssl rand -hex 8\n=======\n>>>>>>> topic\n- name: show\n  debug:\n    var: tok\n", "a YAML list"},
		{"playbook in a diff3 conflict", "- name: show\n  debug: {}\n<<<<<<< ours\n- name: a\n||||||| base\n- name: b\n=======\n- c: d: e\n>>>>>>> theirs\n", "a YAML list"},
		{"manifest in a merge conflict", "<<<<<<< HEAD\napiVersion: v1\nkind: ConfigMap\n=======\napiVersion: v1\nkind: Secret\n>>>>>>> topic\nmetadata:\n  name: a\n", ""},
		{"playbook with an unclosed conflict", "<<<<<<< HEAD\n- name: token\n  command: x\n=======\n- name: other\n", ""},
		{"shell heredoc", "#!/bin/sh\ncat <<EOF | envsubst | kubectl apply -f -\napiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: gpu\nEOF\n", "a shell script (a here-document opens at line 2)"},
		{"shell heredoc, quoted and indented", "kubectl apply -f - <<-'END'\n\tapiVersion: v1\n\tkind: ConfigMap\n\tEND\n", "a shell script (a here-document opens at line 1)"},
		{"jenkins pipeline", "// build and push\npipeline {\n  agent any\n  stages {\n    stage('x') {\n      steps {\n        // log in: then push\n        sh 'true'\n      }\n    }\n  }\n}\n", "a Jenkins pipeline (Groovy: its block opens at line 2)"},
		{"scripted jenkins pipeline", "node('linux') {\n  stage('a') { sh 'make: all' }\n}\n", "a Jenkins pipeline (Groovy: its block opens at line 1)"},
		// bash reads a here-document left open to the end of the file.
		{"heredoc never closed", "cat <<EOF\napiVersion: v1\nkind: ConfigMap\n", "a shell script (a here-document opens at line 1)"},
		{"heredoc before a document separator", "cat <<END | kubectl apply -f -\n---\napiVersion: v1\nkind: ConfigMap\nEND\n", "a shell script (a here-document opens at line 1)"},
		{"heredoc in a value", "apiVersion: v1\nkind: ConfigMap\ndata:\n  run.sh: cat <<EOF\n  a: b: c\nEOF\n", ""},
		{"manifest", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a: b\n", ""},
		{"manifest, then garbage", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  b\n", ""},
		{"manifest with a key jobs", "apiVersion: batch/v1\nkind: Job\njobs:\n  a: 1\nspec:\n  template: a: b\n", ""},
		{"openapi not first", "info:\n  title: x\nopenapi: 3.0.0\npaths:\n  a: b: c\n", ""},
		{"error on the first line", "openapi: 3.0.0: x\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var notes []lint.Note
			_, diags := Parse("f.yaml", []byte(tc.src), Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
			if tc.note == "" {
				if len(diags) != 1 || len(notes) != 0 {
					t.Errorf("diags %v, notes %v: want one diagnostic", diags, notes)
				}
				return
			}
			if len(diags) != 0 || len(notes) != 1 || notes[0].Kind != lint.Skipped || !strings.Contains(notes[0].What, tc.note+", no Kubernetes manifest") {
				t.Errorf("diags %v, notes %v: want one note saying it is %s", diags, notes, tc.note)
			}
		})
	}
}

// The note names the placeholder nearest the error: an earlier one in a
// scalar (a release template) is valid YAML and breaks nothing.
func TestTemplateNoteNamesTheNearestPlaceholder(t *testing.T) {
	src := []byte("releases:\n  - name: web\n    values:\n      - conf/{{`{{ .Release.Name }}`}}/values.yaml\n\n{{ if eq .Environment.Name \"prod\" }}\n  - name: jobs\n{{ end }}\n")
	var notes []lint.Note
	Parse("helmfile.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(notes) != 1 || notes[0].Range.Line != 6 {
		t.Fatalf("notes %v: want one at line 6, the {{ if }}", notes)
	}
}

// TestTemplateErrorOnItsTagLineIsANote: a file whose YAML error is on a
// line holding a template tag is a template, even when blanking the tags
// leaves the same error there (a value written at column 0 by toYaml).
func TestTemplateErrorOnItsTagLineIsANote(t *testing.T) {
	src := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n{{ toYaml .Values.extra }}\n")
	var notes []lint.Note
	_, diags := Parse("t.yaml", src, Options{Templates: true, Notes: func(n lint.Note) { notes = append(notes, n) }})
	if len(diags) != 0 || len(notes) != 1 {
		t.Fatalf("diagnostics %v, notes %v: want one note", diags, notes)
	}
}
