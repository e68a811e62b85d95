package parsefloor

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// smallTree has one file of every kind, a broken one of each parser,
// files that are no input and a directory faultline skips.
var smallTree = map[string]string{
	"README.md":                      "# not input\n",
	"infra/main.tf":                  "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
	"infra/terraform.tfvars":         "region = \"eu-west-1\"\n",
	"infra/broken.tf":                "resource \"x\" {\n",
	"infra/override.tf.json":         `{"variable": {"env": {"default": "dev"}}}`,
	"infra/bad.tfvars.json":          `{"region": `,
	"infra/.terraform/modules/x.tf":  "skipped = true\n",
	"k8s/app.yaml":                   "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: Service\n---\n",
	"k8s/one.yml":                    "a: 1\n",
	"k8s/broken.yaml":                "a: [1, 2\n",
	"chart/Chart.yaml":               "apiVersion: v2\nname: c\nversion: 0.1.0\n",
	"chart/values.yaml":              "replicaCount: 1\n",
	"chart/templates/cm.yaml":        "kind: ConfigMap\ndata: {{ toYaml .Values | nindent 2 }}\n",
	"chart/templates/_helpers.tpl":   "{{- define \"c.name\" -}}c{{- end }}\n",
	"chart/templates/sub/extra.yaml": "{{ if .Values.x }}\n",
	"chart/charts/dep-0.1.0.tgz":     "not really gzip",
	"other/templates/plain.yaml":     "no: chart here\n",
	"packer/build.pkr.hcl":           "source \"amazon-ebs\" \"x\" {}\n",
}

func TestWalkKinds(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, smallTree)
	files, err := Walk(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Kind{
		"infra/main.tf": HCL, "infra/terraform.tfvars": HCL, "infra/broken.tf": HCL,
		"infra/override.tf.json": HCLJSON, "infra/bad.tfvars.json": HCLJSON,
		"k8s/app.yaml": YAML, "k8s/one.yml": YAML, "k8s/broken.yaml": YAML,
		"chart/Chart.yaml": YAML, "chart/values.yaml": YAML, "other/templates/plain.yaml": YAML,
		"chart/templates/cm.yaml": ReadOnly, "chart/templates/_helpers.tpl": ReadOnly,
		"chart/templates/sub/extra.yaml": ReadOnly, "chart/charts/dep-0.1.0.tgz": ReadOnly,
	}
	got := map[string]Kind{}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f.Path)
		got[filepath.ToSlash(rel)] = f.Kind
	}
	if len(got) != len(want) {
		t.Errorf("walked %d files, want %d: %v", len(got), len(want), got)
	}
	for p, k := range want {
		if gk, ok := got[p]; !ok || gk != k {
			t.Errorf("%s: kind %v (found %t), want %v", p, gk, ok, k)
		}
	}
}

// In a Terragrunt tree every .hcl a unit may read is parsed, but the
// lock file, test files and faultline's settings; a Terragrunt tree's
// generated stack directory is not entered.
func TestWalkTerragrunt(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"live/root.hcl":                         "locals {}\n",
		"live/prod/region.hcl":                  "locals { region = \"eu-west-1\" }\n",
		"live/prod/vpc/terragrunt.hcl":          "include \"root\" { path = find_in_parent_folders(\"root.hcl\") }\n",
		"live/prod/terragrunt.stack.hcl":        "unit \"vpc\" {}\n",
		"live/prod/vpc/.terraform.lock.hcl":     "provider \"x\" {}\n",
		"live/prod/vpc/.terragrunt-stack/a.hcl": "x = 1\n",
		"modules/vpc/vpc.tftest.hcl":            "run \"a\" {}\n",
		".faultline.hcl":                        "\n",
	})
	files, err := Walk(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f.Path)
		if f.Kind != HCL {
			t.Errorf("%s: kind %v, want HCL", rel, f.Kind)
		}
		got = append(got, filepath.ToSlash(rel))
	}
	want := []string{"live/prod/region.hcl", "live/prod/terragrunt.stack.hcl", "live/prod/vpc/terragrunt.hcl", "live/root.hcl"}
	if !slices.Equal(got, want) {
		t.Errorf("walked %v, want %v", got, want)
	}
}

func TestRunCounts(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, smallTree)
	var bytes int64
	files, err := Walk(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		st, err := os.Stat(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		bytes += st.Size()
	}
	for _, workers := range []int{1, 3} {
		r, err := Parse(files, workers)
		if err != nil {
			t.Fatal(err)
		}
		want := Result{Files: 15, Parsed: 11, Bytes: bytes, HCLFiles: 3, JSONFiles: 2, YAMLFiles: 6,
			// app.yaml 3 (yaml.v3 decodes the empty document after the
			// trailing "---"), one.yml, Chart.yaml, values.yaml, plain.yaml
			// 1 each; broken.yaml none.
			YAMLDocs: 7, ParseErrors: 3}
		if r != want {
			t.Errorf("workers=%d:\n got %+v\nwant %+v", workers, r, want)
		}
	}
	r, err := Run(dir)
	if err != nil || r.Files != 15 {
		t.Errorf("Run: %+v, %v", r, err)
	}
}

func TestUnreadable(t *testing.T) {
	_, err := Parse([]File{{Path: filepath.Join(t.TempDir(), "gone.tf"), Kind: HCL}}, 2)
	if err == nil {
		t.Error("a missing file: no error")
	}
	if _, err := Run(filepath.Join(t.TempDir(), "nowhere")); err == nil {
		t.Error("a missing root: no error")
	}
}
