// Package mirror reads the git mirrors of upstream repositories the
// development tools take their facts from (the Karpenter chart's
// repository, cluster-autoscaler's): git commands on a bare directory,
// and which of Karpenter's tags are releases.
package mirror

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// Git runs git on the bare directory gitDir and returns its output; an
// error carries git's own message.
func Git(gitDir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--git-dir", gitDir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return b, nil
}

// KarpenterRelease is the chart version a tag of
// github.com/aws/karpenter-provider-aws publishes: the tags are the
// version with "v", from v0.16.0 (the first with the chart as a
// directory), release candidates included; false for any other tag
// (v1.7.3-hash-fix-backport).
func KarpenterRelease(t string) (*semver.Version, bool) {
	v, err := semver.NewVersion(t)
	if err != nil || v.Original() != t || !strings.HasPrefix(t, "v") || v.LessThan(semver.MustParse("0.16.0")) {
		return nil, false
	}
	if v.Metadata() != "" || (v.Prerelease() != "" && !strings.HasPrefix(v.Prerelease(), "rc.")) {
		return nil, false
	}
	return v, true
}
