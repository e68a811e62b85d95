package unitcache

import (
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/parsers/kustomize"
)

// The kustomize root search (kustomize.FindIn) reads every kustomization
// file of the tree and those they name, and probes every path they list,
// to pick the roots and the files their builds own: in a run after an
// edit that touched no kustomization it found what the last run found
// (6 % of core-platform's one-file run). The per-unit cache keeps its
// answer with the record of what it read, listed and probed, under the
// directories it searched; a run whose record still holds takes the
// answer, the search's reads joining the run's own.

// findEntry is what the store holds of one root search.
type findEntry struct {
	Inputs cache.InputRecord
	Roots  []string
	// Owned are the owned files, sorted.
	Owned []string
}

// findKey is the store key of the root search over dirs.
func (u *Units) findKey(dirs []string) cache.Key {
	return cache.KeyOf([]byte("kustomize-roots"), u.context[:], []byte(strings.Join(dirs, "\x00")))
}

// FindKustomizations is kustomize.FindIn over dirs through tree, taken
// from the per-unit cache when the last search's inputs are unchanged,
// and kept for the next run when it read the tree in one state. A nil u
// searches.
func (u *Units) FindKustomizations(tree *treefs.Tree, dirs []string) (roots []string, owned map[string]bool) {
	if u == nil || len(dirs) == 0 {
		return kustomize.FindIn(tree, dirs)
	}
	key := u.findKey(dirs)
	if e, ok := u.lookupFind(key); ok {
		owned = make(map[string]bool, len(e.Owned))
		for _, f := range e.Owned {
			owned[f] = true
		}
		return e.Roots, owned
	}
	inputs := cache.NewInputs()
	roots, owned = kustomize.FindIn(tree.Observed(inputs), dirs)
	u.mu.Lock()
	u.report.FindsMade++
	u.mu.Unlock()
	if inputs.Unstable() == "" {
		u.keepFind(key, findEntry{Inputs: inputs.Record(), Roots: roots, Owned: sortedKeys(owned)})
	}
	return roots, owned
}

// lookupFind is the kept search under key when its record holds.
func (u *Units) lookupFind(key cache.Key) (findEntry, bool) {
	payload, ok := u.store.Get(key)
	if !ok {
		return findEntry{}, false
	}
	var e findEntry
	if rest, err := unitCodec.Decode(payload, &e); err != nil || len(rest) > 0 {
		u.store.Remove(key)
		return findEntry{}, false
	}
	same, refreshed := u.checker.Check(e.Inputs)
	if !same {
		return findEntry{}, false
	}
	if refreshed != nil {
		// The next run trusts the stats seen now.
		e.Inputs = *refreshed
		u.keepFind(key, e)
	}
	if u.runReads != nil {
		u.runReads.AddKept(e.Inputs.Files)
	}
	u.mu.Lock()
	u.report.FindsKept++
	u.mu.Unlock()
	return e, true
}

// keepFind writes a search at once: it rests on nothing but its record
// (never on the run's budget), as a kept Terraform root.
func (u *Units) keepFind(key cache.Key, e findEntry) {
	payload, err := unitCodec.Append(nil, &e)
	if err != nil {
		return
	}
	u.putNow(key, payload)
}

// sortedKeys are the keys of a set, sorted.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
