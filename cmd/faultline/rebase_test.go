package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestWorkingDirectoryIndependence runs the CLI in a git repository from
// its top level and from a subdirectory (the Action's working-directory):
// the fingerprints, the SARIF URIs (relative to the repository root, with
// SRCROOT declared) and the GitHub annotations are the same; the text-like
// formats show paths relative to where the run is; and a baseline written
// at the top level suppresses every finding of a run from the
// subdirectory.
func TestWorkingDirectoryIndependence(t *testing.T) {
	requireTool(t, "git")
	root := repoRoot(t)
	repo := filepath.Join(t.TempDir(), "repo")
	copyTree(t, filepath.Join(root, "examples", "atlantis", "repo"), repo)
	gitIn(t, repo, "init", "-q", "-b", "main")
	gitIn(t, repo, "add", "-A")
	gitIn(t, repo, "commit", "-q", "-m", "initial")
	sub := filepath.Join(repo, "infra")
	out := t.TempDir()

	type run struct {
		fingerprints, files []string
		uris                []string
		srcroot             string
		annotations         string
	}
	lintFrom := func(dir, arg, name string) run {
		t.Helper()
		sarifFile := filepath.Join(out, name+".sarif")
		githubFile := filepath.Join(out, name+".github")
		stdout, stderr, code := runCLI(t, dir, "lint", "--format", "json", "--output", "sarif="+sarifFile, "--output", "github="+githubFile, arg)
		if code != exitFindings {
			t.Fatalf("%s: exit %d, want 1\n%s%s", name, code, stdout, stderr)
		}
		var js struct {
			Findings []struct {
				Fingerprint string `json:"fingerprint"`
				Location    struct {
					File string `json:"file"`
				} `json:"location"`
				Related []struct {
					File string `json:"file"`
				} `json:"related"`
			} `json:"findings"`
		}
		if err := json.Unmarshal([]byte(stdout), &js); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, stdout)
		}
		var r run
		for _, f := range js.Findings {
			r.fingerprints = append(r.fingerprints, f.Fingerprint)
			r.files = append(r.files, f.Location.File)
			for _, rel := range f.Related {
				r.files = append(r.files, rel.File)
			}
		}
		var sarif struct {
			Runs []struct {
				OriginalURIBaseIDs map[string]struct {
					URI string `json:"uri"`
				} `json:"originalUriBaseIds"`
				Results []struct {
					PartialFingerprints map[string]string `json:"partialFingerprints"`
					Locations           []sarifLocT       `json:"locations"`
					RelatedLocations    []sarifLocT       `json:"relatedLocations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(readFile(t, sarifFile)), &sarif); err != nil {
			t.Fatalf("%s: sarif: %v", name, err)
		}
		r.srcroot = sarif.Runs[0].OriginalURIBaseIDs["SRCROOT"].URI
		for _, res := range sarif.Runs[0].Results {
			for _, l := range append(res.Locations, res.RelatedLocations...) {
				a := l.PhysicalLocation.ArtifactLocation
				r.uris = append(r.uris, a.URIBaseID+":"+a.URI)
			}
		}
		r.annotations = readFile(t, githubFile)
		sort.Strings(r.fingerprints)
		return r
	}
	top := lintFrom(repo, ".", "top")
	below := lintFrom(sub, "..", "below")

	if len(top.fingerprints) == 0 || strings.Join(top.fingerprints, ",") != strings.Join(below.fingerprints, ",") {
		t.Errorf("fingerprints differ: from the top level %v, from infra/ %v", top.fingerprints, below.fingerprints)
	}
	if len(top.uris) == 0 || strings.Join(top.uris, ",") != strings.Join(below.uris, ",") {
		t.Errorf("SARIF URIs differ: from the top level %v, from infra/ %v", top.uris, below.uris)
	}
	for _, u := range top.uris {
		if !strings.HasPrefix(u, "SRCROOT:") || strings.Contains(u, "..") {
			t.Errorf("SARIF URI %s: want relative to the repository root, against SRCROOT", u)
		}
	}
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	if want := "file://" + filepath.ToSlash(real) + "/"; top.srcroot != want || below.srcroot != want {
		t.Errorf("originalUriBaseIds SRCROOT: %q from the top level, %q from infra/, want %q", top.srcroot, below.srcroot, want)
	}
	if top.annotations == "" || top.annotations != below.annotations || !strings.Contains(top.annotations, "file=k8s/karpenter/ec2nodeclass.yaml,") {
		t.Errorf("GitHub annotations differ or are not relative to the repository root:\n%s\n---\n%s", top.annotations, below.annotations)
	}
	// Text-like formats: relative to where the run is.
	if !contains(top.files, "k8s/karpenter/ec2nodeclass.yaml") || !contains(top.files, "infra/node-groups.tf") {
		t.Errorf("JSON from the top level: files %v", top.files)
	}
	if !contains(below.files, "../k8s/karpenter/ec2nodeclass.yaml") || !contains(below.files, "node-groups.tf") {
		t.Errorf("JSON from infra/: files %v, want them relative to infra/", below.files)
	}

	// A baseline written at the top level, used from infra/.
	bl := filepath.Join(out, "baseline.json")
	if _, stderr, code := runCLI(t, repo, "lint", "--write-baseline", bl, "."); code != exitOK {
		t.Fatalf("--write-baseline: exit %d\n%s", code, stderr)
	}
	var b lint.Baseline
	if data, err := os.ReadFile(bl); err != nil || json.Unmarshal(data, &b) != nil {
		t.Fatalf("baseline: %v\n%s", err, data)
	}
	stdout, stderr, code := runCLI(t, sub, "lint", "--no-color", "--baseline", bl, "..")
	if code != exitOK || !strings.Contains(stderr, "already in the baseline") || strings.Contains(stderr, "match no finding") || strings.Contains(stdout, "FL1") {
		t.Errorf("from infra/ with the top level's baseline: exit %d, want 0 with every finding suppressed\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// And the other way round.
	if _, stderr, code := runCLI(t, sub, "lint", "--write-baseline", bl, ".."); code != exitOK {
		t.Fatalf("--write-baseline from infra/: exit %d\n%s", code, stderr)
	}
	if stdout, stderr, code := runCLI(t, repo, "lint", "--no-color", "--baseline", bl, "."); code != exitOK || strings.Contains(stderr, "match no finding") {
		t.Errorf("from the top level with infra/'s baseline: exit %d\n%s%s", code, stdout, stderr)
	}
}

// sarifLocT is a SARIF location as the test reads it.
type sarifLocT struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId"`
		} `json:"artifactLocation"`
	} `json:"physicalLocation"`
}
