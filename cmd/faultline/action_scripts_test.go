package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/report"
)

// The Action's install and comment scripts, run against loopback and
// stand-ins only: a local release served on 127.0.0.1, a fake curl.

// fakeRelease is a release directory as GoReleaser lays it out
// (.goreleaser.yaml): <tag>/faultline_<version>_<os>_<arch>.tar.gz (zip on
// Windows) holding faultline and faultline-render at the top level, and
// <tag>/checksums.txt.
type fakeRelease struct {
	dir  string
	sums map[string]string // archive name -> sha256
}

const releaseTag = "v0.1.0"

// exeScript is the stand-in for an executable in an archive.
func exeScript(name string) string {
	return "#!/bin/sh\necho \"" + name + " " + releaseTag + " stand-in\"\n"
}

func newFakeRelease(t *testing.T) *fakeRelease {
	t.Helper()
	r := &fakeRelease{dir: t.TempDir(), sums: map[string]string{}}
	if err := os.MkdirAll(filepath.Join(r.dir, releaseTag), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, osArch := range [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "arm64"}, {"windows", "amd64"}} {
		var buf bytes.Buffer
		name := fmt.Sprintf("faultline_%s_%s_%s", strings.TrimPrefix(releaseTag, "v"), osArch[0], osArch[1])
		files := []string{"faultline", "faultline-render", "LICENSE", "README.md"}
		if osArch[0] == "windows" {
			name += ".zip"
			zw := zip.NewWriter(&buf)
			for _, f := range files {
				fn := f
				if !strings.Contains(f, ".") && f != "LICENSE" {
					fn += ".exe"
				}
				w, err := zw.Create(fn)
				if err != nil {
					t.Fatal(err)
				}
				_, _ = w.Write([]byte(exeScript(f)))
			}
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
		} else {
			name += ".tar.gz"
			gz := gzip.NewWriter(&buf)
			tw := tar.NewWriter(gz)
			for _, f := range files {
				body := []byte(exeScript(f))
				if err := tw.WriteHeader(&tar.Header{Name: f, Mode: 0o755, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
					t.Fatal(err)
				}
				_, _ = tw.Write(body)
			}
			if err := tw.Close(); err != nil {
				t.Fatal(err)
			}
			if err := gz.Close(); err != nil {
				t.Fatal(err)
			}
		}
		sum := sha256.Sum256(buf.Bytes())
		r.sums[name] = hex.EncodeToString(sum[:])
		writeFileT(t, filepath.Join(r.dir, releaseTag, name), buf.String(), 0o644)
	}
	r.writeSums(t, nil)
	return r
}

// writeSums writes checksums.txt in sha256sum's format, leaving out the
// archives skip names.
func (r *fakeRelease) writeSums(t *testing.T, skip map[string]bool) {
	t.Helper()
	var b strings.Builder
	for _, name := range sortedKeys(r.sums) {
		if !skip[name] {
			fmt.Fprintf(&b, "%s  %s\n", r.sums[name], name)
		}
	}
	writeFileT(t, filepath.Join(r.dir, releaseTag, "checksums.txt"), b.String(), 0o644)
}

func sortedKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// TestGitHubActionInstall runs scripts/github-action-install.sh against a
// release served on 127.0.0.1 (and once as a file:// URL): a good archive
// is verified and both executables installed; a tampered archive, an
// archive checksums.txt does not list, a missing archive and a runner OS
// or architecture without a release all fail with a message saying so,
// and install nothing.
func TestGitHubActionInstall(t *testing.T) {
	requireTool(t, "bash")
	needTool(t, "curl")
	root := repoRoot(t)
	script := filepath.Join(root, "scripts", "github-action-install.sh")
	rel := newFakeRelease(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(rel.dir)))
	defer srv.Close()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("the test server is not on loopback: %s", srv.URL)
	}

	run := func(t *testing.T, base string, set map[string]string) (bin, stderr string, code int) {
		t.Helper()
		tmp := t.TempDir()
		bin = filepath.Join(tmp, "bin")
		env := map[string]string{
			"VERSION": releaseTag, "BIN": bin, "RUNNER_TEMP": tmp,
			"RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
			"FAULTLINE_RELEASES_URL": base,
			// Loopback only, whatever proxy the machine has.
			"http_proxy": "", "HTTP_PROXY": "", "https_proxy": "", "HTTPS_PROXY": "", "ALL_PROXY": "", "all_proxy": "",
			"no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost",
			"FAULTLINE_OS": "", "FAULTLINE_ARCH": "",
		}
		for k, v := range set {
			env[k] = v
		}
		cmd := exec.Command("bash", script)
		cmd.Env = environ(env)
		_, stderr, code = runCmd(t, cmd)
		return bin, stderr, code
	}
	installed := func(t *testing.T, bin, exe string) {
		t.Helper()
		for _, name := range []string{"faultline", "faultline-render"} {
			p := filepath.Join(bin, name+exe)
			st, err := os.Stat(p)
			if err != nil {
				t.Errorf("%s not installed: %v", name+exe, err)
				continue
			}
			if st.Mode()&0o111 == 0 {
				t.Errorf("%s is not executable: %v", p, st.Mode())
			}
			if got := readFile(t, p); got != exeScript(name) {
				t.Errorf("%s holds %q, want the archive's", p, got)
			}
		}
	}
	nothingInstalled := func(t *testing.T, bin string) {
		t.Helper()
		if entries, _ := os.ReadDir(bin); len(entries) > 0 {
			t.Errorf("%s holds %d files after a failed install", bin, len(entries))
		}
	}

	t.Run("linux amd64", func(t *testing.T) {
		bin, stderr, code := run(t, srv.URL, nil)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		installed(t, bin, "")
		if !strings.Contains(stderr, "faultline "+releaseTag+" stand-in") {
			t.Errorf("the installed faultline's version is not reported:\n%s", stderr)
		}
	})
	t.Run("darwin arm64 from a file URL", func(t *testing.T) {
		bin, stderr, code := run(t, "file://"+filepath.ToSlash(rel.dir), map[string]string{"RUNNER_OS": "macOS", "RUNNER_ARCH": "ARM64"})
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		installed(t, bin, "")
	})
	t.Run("windows zip", func(t *testing.T) {
		needTool(t, "unzip")
		bin, stderr, code := run(t, srv.URL, map[string]string{"RUNNER_OS": "Windows"})
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		installed(t, bin, ".exe")
	})
	t.Run("tampered archive", func(t *testing.T) {
		name := "faultline_0.1.0_linux_arm64.tar.gz"
		p := filepath.Join(rel.dir, releaseTag, name)
		orig := readFile(t, p)
		defer writeFileT(t, p, orig, 0o644)
		writeFileT(t, p, orig+"\x00", 0o644)
		bin, stderr, code := run(t, srv.URL, map[string]string{"RUNNER_ARCH": "ARM64"})
		if code == 0 || !strings.Contains(stderr, name+" does not match checksums.txt of "+releaseTag) {
			t.Errorf("exit %d, stderr:\n%s\nwant a failure naming the checksum mismatch", code, stderr)
		}
		nothingInstalled(t, bin)
	})
	t.Run("no checksum line", func(t *testing.T) {
		name := "faultline_0.1.0_linux_amd64.tar.gz"
		rel.writeSums(t, map[string]bool{name: true})
		defer rel.writeSums(t, nil)
		bin, stderr, code := run(t, srv.URL, nil)
		if code == 0 || !strings.Contains(stderr, "checksums.txt of "+releaseTag+" has no line for "+name) {
			t.Errorf("exit %d, stderr:\n%s\nwant a failure naming the missing line", code, stderr)
		}
		nothingInstalled(t, bin)
	})
	t.Run("no such release", func(t *testing.T) {
		bin, stderr, code := run(t, srv.URL, map[string]string{"VERSION": "v9.9.9"})
		if code == 0 || !strings.Contains(stderr, "could not download "+srv.URL+"/v9.9.9/checksums.txt") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
		nothingInstalled(t, bin)
	})
	t.Run("no archive for the platform", func(t *testing.T) {
		bin, stderr, code := run(t, srv.URL, map[string]string{"RUNNER_OS": "macOS"}) // darwin/amd64 is not in the fake release
		if code == 0 || !strings.Contains(stderr, "could not download "+srv.URL+"/"+releaseTag+"/faultline_0.1.0_darwin_amd64.tar.gz") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
		nothingInstalled(t, bin)
	})
	for _, tc := range []struct{ os, arch, want string }{
		{"FreeBSD", "X64", "no faultline release for the runner OS 'FreeBSD'"},
		{"Linux", "X86", "no faultline release for the runner architecture 'X86'"},
		{"Linux", "ARM", "no faultline release for the runner architecture 'ARM'"},
	} {
		t.Run("unknown "+tc.os+" "+tc.arch, func(t *testing.T) {
			bin, stderr, code := run(t, srv.URL, map[string]string{"RUNNER_OS": tc.os, "RUNNER_ARCH": tc.arch})
			if code == 0 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant %q", code, stderr, tc.want)
			}
			nothingInstalled(t, bin)
		})
	}
}

// TestActionInstallModes runs action.yml's first step, which decides how
// the binary is had: a release tag (in version, or the ref in uses:)
// downloads the release, a commit or a branch is built with go install,
// and an empty version with a ref that is no release (v1, main, a local
// action) builds the action's own source; only a branch is not cached.
func TestActionInstallModes(t *testing.T) {
	requireTool(t, "bash")
	root := repoRoot(t)
	var a actionMeta
	decodeStrict(t, filepath.Join(root, "action.yml"), &a)
	var script string
	for _, s := range a.Runs.Steps {
		if s.ID == "install" {
			script = s.Run
		}
	}
	if script == "" {
		t.Fatal("action.yml has no step with id install")
	}
	sha := strings.Repeat("0123456789", 4)
	for _, tc := range []struct {
		version, ref         string
		mode, key, cacheable string
	}{
		{"", "v0.1.0", "release", "faultline-Linux-X64-release-v0.1.0", "true"},
		{"v0.2.0-rc.1", "v0.1.0", "release", "faultline-Linux-X64-release-v0.2.0-rc.1", "true"},
		{"", "v1", "source", "faultline-Linux-X64-src-", "true"},
		{"", "main", "source", "faultline-Linux-X64-src-", "true"},
		{"", "", "source", "faultline-Linux-X64-src-", "true"},
		{sha, "v0.1.0", "module", "faultline-Linux-X64-commit-" + sha, "true"},
		{"main", "v0.1.0", "module", "faultline-Linux-X64-ref-main", "false"},
	} {
		tmp := t.TempDir()
		cmd := exec.Command("bash", "-c", script)
		cmd.Env = environ(map[string]string{
			"VERSION": tc.version, "ACTION_REF": tc.ref, "RUNNER_OS_ARCH": "Linux-X64",
			"GITHUB_ACTION_PATH": root, "RUNNER_TEMP": tmp, "GITHUB_OUTPUT": filepath.Join(tmp, "out"),
		})
		_, stderr, code := runCmd(t, cmd)
		if code != 0 {
			t.Fatalf("version %q ref %q: exit %d\n%s", tc.version, tc.ref, code, stderr)
		}
		out := map[string]string{}
		for _, l := range strings.Split(strings.TrimSpace(readFile(t, filepath.Join(tmp, "out"))), "\n") {
			k, v, _ := strings.Cut(l, "=")
			out[k] = v
		}
		if out["mode"] != tc.mode || !strings.HasPrefix(out["key"], tc.key) || out["cacheable"] != tc.cacheable {
			t.Errorf("version %q ref %q: outputs %v, want mode %s, key %s…, cacheable %s", tc.version, tc.ref, out, tc.mode, tc.key, tc.cacheable)
		}
		if tc.mode == "source" && len(out["key"]) != len(tc.key)+32 {
			t.Errorf("version %q ref %q: key %q: want the source hash", tc.version, tc.ref, out["key"])
		}
	}
}

// TestGitHubActionComment runs scripts/github-action-comment.sh with a
// fake curl: a first run posts the Markdown report as a comment, a later
// run finds it by the report's marker (on the second page of comments)
// and updates it in place; forks and other events are skipped with a
// notice and no request; a failed request is a warning, not a failure;
// the token never appears on a command line.
func TestGitHubActionComment(t *testing.T) {
	requireTool(t, "bash")
	needTool(t, "jq")
	root := repoRoot(t)
	script := filepath.Join(root, "scripts", "github-action-comment.sh")

	// The marker the script looks for is the Markdown report's.
	var md bytes.Buffer
	rep, err := report.New("markdown", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Write(&md, report.Report{Result: lint.Result{}}); err != nil {
		t.Fatal(err)
	}
	marker, _, _ := strings.Cut(md.String(), "\n")
	if !strings.HasPrefix(marker, "<!--") || !strings.Contains(readFile(t, script), "marker='"+marker+"'") {
		t.Fatalf("the script does not look for the Markdown report's marker %q", marker)
	}

	const token = "ghs_secretTOKENvalue"
	type result struct {
		stdout, stderr string
		code           int
		calls          []string // "METHOD URL"
		body           string   // the JSON sent
	}
	run := func(t *testing.T, pages []string, set map[string]string) result {
		t.Helper()
		dir := t.TempDir()
		for i, p := range pages {
			writeFileT(t, filepath.Join(dir, fmt.Sprintf("page%d.json", i+1)), p, 0o644)
		}
		writeFileT(t, filepath.Join(dir, "bin", "curl"), `#!/usr/bin/env bash
printf '%s\n' "$*" >>"$FAKE/argv"
method=GET url= data=
while [ $# -gt 0 ]; do
  case "$1" in
    -X) method="$2"; shift ;;
    --data-binary) data="${2#@}"; shift ;;
    -H) case "$2" in @*) cat "${2#@}" >>"$FAKE/headers" ;; *) echo "$2" >>"$FAKE/headers" ;; esac; shift ;;
    http*) url="$1" ;;
  esac
  shift
done
printf '%s\n' "$method $url" >>"$FAKE/calls"
[ -z "$FAKE_FAIL" ] || { echo "curl: (22) The requested URL returned error: 403" >&2; exit 22; }
case "$method" in
  GET) page="${url##*page=}"; cat "$FAKE/page$page.json" 2>/dev/null || echo '[]' ;;
  *) cp "$data" "$FAKE/body.json"; echo '{"id": 1}' ;;
esac
`, 0o755)
		report := filepath.Join(dir, "report.md")
		writeFileT(t, report, marker+"\n## faultline\n\n| rule | file |\n|---|---|\n| FL101 | k8s/a.yaml |\n", 0o644)
		env := map[string]string{
			"PATH":              filepath.Join(dir, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
			"FAKE":              dir,
			"FAKE_FAIL":         "",
			"MARKDOWN_FILE":     report,
			"GITHUB_TOKEN":      token,
			"GITHUB_REPOSITORY": "acme/infra",
			"GITHUB_API_URL":    "https://api.github.invalid",
			"PR_NUMBER":         "7",
			"IS_FORK_PR":        "false",
			"RUNNER_TEMP":       dir,
		}
		for k, v := range set {
			env[k] = v
		}
		cmd := exec.Command("bash", "-x", script) // -x: every command line, to check the token is on none
		cmd.Env = environ(env)
		var r result
		r.stdout, r.stderr, r.code = runCmd(t, cmd)
		if b, err := os.ReadFile(filepath.Join(dir, "calls")); err == nil {
			r.calls = strings.Split(strings.TrimSpace(string(b)), "\n")
		}
		if b, err := os.ReadFile(filepath.Join(dir, "body.json")); err == nil {
			r.body = string(b)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "argv")); err == nil && strings.Contains(string(b), token) {
			t.Errorf("the token is on curl's command line:\n%s", b)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "headers")); err == nil && !strings.Contains(string(b), "Authorization: Bearer "+token) {
			t.Errorf("no Authorization header with the token sent:\n%s", b)
		}
		return r
	}
	comments := func(n int, withMarkerID int) string {
		var cs []map[string]any
		for i := 1; i <= n; i++ {
			body := fmt.Sprintf("a review comment %d mentioning %s in passing", i, marker)
			if i == withMarkerID {
				body = marker + "\n## faultline\n\nan old report"
			}
			cs = append(cs, map[string]any{"id": 1000 + i, "body": body, "user": map[string]string{"login": "github-actions[bot]"}})
		}
		b, _ := json.Marshal(cs)
		if cs == nil {
			return "[]"
		}
		return string(b)
	}
	checkBody := func(t *testing.T, r result) {
		t.Helper()
		var sent struct{ Body string }
		if err := json.Unmarshal([]byte(r.body), &sent); err != nil || !strings.HasPrefix(sent.Body, marker+"\n") || !strings.Contains(sent.Body, "| FL101 | k8s/a.yaml |") {
			t.Errorf("body sent %q (%v): want the Markdown report", r.body, err)
		}
	}

	t.Run("first run posts", func(t *testing.T) {
		r := run(t, []string{comments(3, 0)}, nil)
		want := []string{
			"GET https://api.github.invalid/repos/acme/infra/issues/7/comments?per_page=100&page=1",
			"POST https://api.github.invalid/repos/acme/infra/issues/7/comments",
		}
		if r.code != 0 || strings.Join(r.calls, "\n") != strings.Join(want, "\n") {
			t.Errorf("exit %d, calls:\n%s\nwant:\n%s\n%s", r.code, strings.Join(r.calls, "\n"), strings.Join(want, "\n"), r.stderr)
		}
		checkBody(t, r)
		if strings.Contains(r.stderr, token) || strings.Contains(r.stdout, token) {
			t.Error("the token appears in the step's output or on a command line")
		}
	})
	t.Run("later run updates in place", func(t *testing.T) {
		r := run(t, []string{comments(100, 0), comments(5, 4)}, nil)
		want := []string{
			"GET https://api.github.invalid/repos/acme/infra/issues/7/comments?per_page=100&page=1",
			"GET https://api.github.invalid/repos/acme/infra/issues/7/comments?per_page=100&page=2",
			"PATCH https://api.github.invalid/repos/acme/infra/issues/comments/1004",
		}
		if r.code != 0 || strings.Join(r.calls, "\n") != strings.Join(want, "\n") {
			t.Errorf("exit %d, calls:\n%s\nwant:\n%s\n%s", r.code, strings.Join(r.calls, "\n"), strings.Join(want, "\n"), r.stderr)
		}
		checkBody(t, r)
	})
	t.Run("fork", func(t *testing.T) {
		r := run(t, nil, map[string]string{"IS_FORK_PR": "true"})
		if r.code != 0 || len(r.calls) != 0 || !strings.Contains(r.stdout, "::notice") || !strings.Contains(r.stdout, "fork") {
			t.Errorf("exit %d, calls %q, stdout %q: want a notice and no request", r.code, r.calls, r.stdout)
		}
	})
	t.Run("not a pull request", func(t *testing.T) {
		r := run(t, nil, map[string]string{"PR_NUMBER": ""})
		if r.code != 0 || len(r.calls) != 0 || !strings.Contains(r.stdout, "::notice") {
			t.Errorf("exit %d, calls %q, stdout %q: want a notice and no request", r.code, r.calls, r.stdout)
		}
	})
	t.Run("forbidden", func(t *testing.T) {
		r := run(t, nil, map[string]string{"FAKE_FAIL": "1"})
		if r.code != 0 || len(r.calls) != 1 || !strings.Contains(r.stdout, "::warning") || !strings.Contains(r.stdout, "pull-requests: write") || r.body != "" {
			t.Errorf("exit %d, calls %q, stdout %q: want a warning naming the permission, exit 0", r.code, r.calls, r.stdout)
		}
	})
}
