package engine

import (
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// A run without a snapshot's listing (--no-cache, or one filling the
// cache) keeps what its Terraform stage lists while the stage runs: the
// Terragrunt units look through the same directories again, and those
// looks are answered from memory. A run answered by its snapshot keeps
// nothing of its own. Either way the run is a fresh run's.
func TestTerraformStageKeepsWhatItLists(t *testing.T) {
	root := t.TempDir()
	write(t, root, tgTree)
	var memos []*treefs.Memo
	terraformMemoSeen = func(m *treefs.Memo) { memos = append(memos, m) }
	defer func() { terraformMemoSeen = nil }()

	opts := Options{Paths: []string{root}, Cwd: root}
	if _, _, err := Run(opts, rules.All, lint.Options{}); err != nil {
		t.Fatal(err)
	}
	if len(memos) != 1 {
		t.Fatalf("%d memos handed over by a run without a cache, want 1", len(memos))
	}
	if m := memos[0]; m.Len() == 0 || m.Hits() <= 0 {
		t.Fatalf("the Terraform stage kept %d directories and answered %d listings from them, want some of each", m.Len(), m.Hits())
	}

	c := testCache(t)
	memos = nil
	if _, _, err := RunCached(opts, rules.All, lint.Options{}, c); err != nil {
		t.Fatal(err)
	}
	if len(memos) != 1 {
		t.Fatalf("%d memos handed over by a run filling the cache, want 1", len(memos))
	}
	write(t, root, map[string]string{"modules/nodes/main.tf": tgTree["modules/nodes/main.tf"] + "\n"})
	memos = nil
	l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(memos) != 0 {
		t.Errorf("a run answered by its snapshot kept listings of its own (%d memos)", len(memos))
	}
	sameAsFresh(t, "after an edit", opts, l, got)
}
