package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// gitlabJob is the part of a GitLab CI job the example relies on.
type gitlabJob struct {
	Rules []struct {
		If        string            `yaml:"if"`
		Variables map[string]string `yaml:"variables"`
	} `yaml:"rules"`
	Script    []string `yaml:"script"`
	Artifacts struct {
		When    string `yaml:"when"`
		Reports struct {
			CodeQuality string `yaml:"codequality"`
		} `yaml:"reports"`
	} `yaml:"artifacts"`
}

// TestGitLabExample checks examples/gitlab: the job runs in merge
// requests and on the default branch (the widget compares with the target
// branch's report), keeps its report when faultline fails it, and its
// faultline command line, run on a small tree, writes the report the job
// declares: the one examples/gitlab/README.md shows.
func TestGitLabExample(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "examples", "gitlab", ".gitlab-ci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var ci map[string]yaml.Node
	if err := yaml.Unmarshal(data, &ci); err != nil {
		t.Fatal(err)
	}
	node, ok := ci["faultline"]
	if !ok {
		t.Fatal("no faultline job")
	}
	var job gitlabJob
	if err := node.Decode(&job); err != nil {
		t.Fatal(err)
	}
	var ifs []string
	for _, r := range job.Rules {
		ifs = append(ifs, r.If)
	}
	for _, want := range []string{`$CI_PIPELINE_SOURCE == "merge_request_event"`, `$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH`} {
		if !slices.Contains(ifs, want) {
			t.Errorf("the job does not run when %s (rules: %q)", want, ifs)
		}
	}
	if job.Artifacts.When != "always" {
		t.Errorf("artifacts: when: %q, want always (faultline fails the job when it finds something)", job.Artifacts.When)
	}
	report := job.Artifacts.Reports.CodeQuality
	if report == "" {
		t.Fatal("no artifacts: reports: codequality:")
	}

	var args []string
	for _, line := range job.Script {
		if strings.HasPrefix(line, "faultline lint ") {
			args = strings.Fields(line)[1:]
		}
	}
	if args == nil {
		t.Fatalf("no faultline lint line in the script: %q", job.Script)
	}
	// Expand the job's variables as the default branch sets them; the
	// merge-request-only --base needs a repository with history.
	vars := map[string]string{`"$FAULTLINE_FAIL_ON"`: "never", "$FAULTLINE_BASE": "", "$FAULTLINE_ARGS": ""}
	var run1 []string
	for _, a := range args {
		if v, ok := vars[a]; ok {
			if v != "" {
				run1 = append(run1, v)
			}
			continue
		}
		if strings.Contains(a, "$") {
			t.Fatalf("argument %q: a variable the test does not know", a)
		}
		run1 = append(run1, a)
	}
	if !slices.Contains(run1, "--output") || !slices.Contains(run1, "gitlab="+report) {
		t.Errorf("the job writes no --output gitlab=%s: %q", report, args)
	}
	dir := fixture(t, shared)
	code, stdout, stderr := run(t, dir, nil, run1...)
	if code != 0 || !strings.Contains(stdout, "FL101") || stderr != "" {
		t.Errorf("faultline %s: exit %d\n%s\n%s", strings.Join(run1, " "), code, stdout, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, report))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "examples", "gitlab", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```json\n"+string(got)+"```\n") {
		t.Errorf("examples/gitlab/README.md does not show the report the job writes on this tree:\n%s", got)
	}
}
