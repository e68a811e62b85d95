package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixKarpenterNamespaceMove: `lint --fix` on a copy of
// examples/karpenter-namespace-move/broken writes the trust subject of
// fixed/, prints exactly that change as a diff, exits with the re-lint's
// code (clean), and a second lint finds nothing.
func TestFixKarpenterNamespaceMove(t *testing.T) {
	root := repoRoot(t)
	work := t.TempDir()
	copyDir(t, filepath.Join(root, "examples", "karpenter-namespace-move", "broken"), filepath.Join(work, "broken"))

	stdout, stderr, code := runCLI(t, work, "lint", "--no-color", "--fix", "broken")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	wantDiff := `--- a/broken/infra/karpenter.tf
+++ b/broken/infra/karpenter.tf
@@ -11,7 +11,7 @@
       Principal = { Federated = module.eks.oidc_provider_arn }
       Condition = {
         StringEquals = {
-          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:karpenter:karpenter"
+          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:karpenter"
           "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
         }
       }
`
	if !strings.HasPrefix(stdout, wantDiff) || !strings.Contains(stdout, "faultline: no problems found in 4 files") {
		t.Fatalf("stdout:\n%s", stdout)
	}
	if !strings.Contains(stderr, "applied 1 fix to 1 file") {
		t.Errorf("stderr: %s", stderr)
	}

	// The fixed file is fixed/'s, but for the comment above the role.
	got, err := os.ReadFile(filepath.Join(work, "broken", "infra", "karpenter.tf"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, "examples", "karpenter-namespace-move", "fixed", "infra", "karpenter.tf"))
	if err != nil {
		t.Fatal(err)
	}
	if afterComment(string(got)) != afterComment(string(want)) {
		t.Fatalf("fixed file differs from fixed/:\n%s", got)
	}

	stdout, _, code = runCLI(t, work, "lint", "--no-color", "broken")
	if code != exitOK || !strings.HasPrefix(stdout, "faultline: no problems found") {
		t.Fatalf("second lint: exit %d\n%s", code, stdout)
	}
	stdout, stderr, code = runCLI(t, work, "lint", "--no-color", "--fix", "broken")
	if code != exitOK || strings.Contains(stdout, "---") || !strings.Contains(stderr, "no fixes to apply") {
		t.Fatalf("fix on a clean tree: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestFixNeverSuppressed: a suppressed finding's fix is not applied.
func TestFixNeverSuppressed(t *testing.T) {
	root := repoRoot(t)
	work := t.TempDir()
	dir := filepath.Join(work, "broken")
	copyDir(t, filepath.Join(root, "examples", "karpenter-namespace-move", "broken"), dir)
	file := filepath.Join(dir, "infra", "karpenter.tf")
	src, _ := os.ReadFile(file)
	suppressed := strings.Replace(string(src), "  assume_role_policy = jsonencode({", "  # faultline:ignore FL201 moving the release back next week\n  assume_role_policy = jsonencode({", 1)
	if err := os.WriteFile(file, []byte(suppressed), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCLI(t, work, "lint", "--no-color", "--fix", "broken")
	after, _ := os.ReadFile(file)
	if string(after) != suppressed || strings.Contains(stdout, "+++") || code != exitOK {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestFixWantsTextFormat(t *testing.T) {
	_, stderr, code := runCLI(t, repoRoot(t), "lint", "--fix", "--format", "sarif", "examples/karpenter-namespace-move/fixed")
	if code != exitError || !strings.Contains(stderr, "--fix") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// afterComment drops the leading comment lines of an HCL file.
func afterComment(s string) string {
	for strings.HasPrefix(s, "#") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return s
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
