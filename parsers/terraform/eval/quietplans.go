package eval

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// The plan of evaluating one version of a stand-in in place of another
// (altplan.go) depends on the two version directories alone. Most of the
// plans a run needs are quiet (altPlan.quiet; on the public trees, the
// node group versions a constraint allows): the alternative is not
// evaluated at all, yet working out its plan meant loading its module. So the plans
// of the quiet pairs of versions are worked out at development time
// (QuietPlans, written by scripts/standin-syntax to
// models/quietplans.bin) and embedded: a run takes a quiet alternative's
// plan from the table and never loads the alternative. An entry is
// addressed by both directories' names and the names and contents of
// every file beneath each (standInTreeKey: a module a version carries is
// read by its plan too), so a stand-in edited without regenerating the
// table is simply not found and its plan is worked out as before;
// TestQuietPlansFresh fails until the table is regenerated.
//
// The table is
//
//	quietPlansMagic, uvarint count, then count times:
//	  32-byte key, uvarint n, then n times: uvarint length, an item key
//
// in increasing key order, each key once; the item keys are the plan's
// redo set in increasing order.

// quietPlansMagic opens a table.
const quietPlansMagic = "faultline quiet alternatives 1\n"

// quietTable is a read-only index of a table: each entry's encoded redo
// set by key, none decoded until an alternative asks for it.
type quietTable struct {
	entries map[[sha256.Size]byte]string
}

// redo is the redo set of the quiet plan under key, if the table holds
// one (a nil table holds none).
func (t *quietTable) redo(key [sha256.Size]byte) (map[string]bool, bool) {
	if t == nil {
		return nil, false
	}
	data, ok := t.entries[key]
	if !ok {
		return nil, false
	}
	r := tableReader{rest: data}
	n, ok := r.uvarint()
	if !ok || n > uint64(len(data)) {
		return nil, false
	}
	out := make(map[string]bool, n)
	for range n {
		s, ok := r.str()
		if !ok {
			return nil, false
		}
		out[s] = true
	}
	if len(r.rest) != 0 {
		return nil, false
	}
	return out, true
}

// embeddedQuietPlans is the table embedded in this build, indexed on
// first use; nil (every plan worked out) when it does not read.
var embeddedQuietPlans = sync.OnceValue(func() *quietTable {
	t, err := indexQuietPlans(models.QuietPlans())
	if err != nil {
		return nil
	}
	return t
})

// indexQuietPlans finds the entries of a table without decoding them:
// an entry is its redo set's encoding.
func indexQuietPlans(data string) (*quietTable, error) {
	entries, err := indexKeyed(data, quietPlansMagic, "table of quiet alternatives", func(r *tableReader) (string, bool) {
		entry := r.rest
		n, ok := r.uvarint()
		if !ok || n > uint64(len(r.rest)) {
			return "", false
		}
		for range n {
			if _, ok := r.str(); !ok {
				return "", false
			}
		}
		return entry[:len(entry)-len(r.rest)], true
	})
	if err != nil {
		return nil, err
	}
	return &quietTable{entries: entries}, nil
}

// standInTrees are the keys of the stand-in directories hashed in this
// process (standInTreeKey): the stand-ins are embedded, the same for
// every load.
var standInTrees struct {
	mu   sync.Mutex
	keys map[string]treeKey
}

// treeKey is a directory's key; ok false when it holds no file.
type treeKey struct {
	sum [sha256.Size]byte
	ok  bool
}

// standInTreeKey is the key of the embedded directory dir: the names and
// contents of every file beneath it, in walking order; false when it
// holds none or cannot be read.
func standInTreeKey(dir string) ([sha256.Size]byte, bool) {
	s := &standInTrees
	s.mu.Lock()
	k, seen := s.keys[dir]
	s.mu.Unlock()
	if seen {
		return k.sum, k.ok
	}
	k.sum, k.ok = hashTree(models.FS, dir)
	s.mu.Lock()
	if s.keys == nil {
		s.keys = map[string]treeKey{}
	}
	s.keys[dir] = k
	s.mu.Unlock()
	return k.sum, k.ok
}

// hashTree hashes the names and contents of the files beneath dir.
func hashTree(fsys fs.FS, dir string) ([sha256.Size]byte, bool) {
	h := sha256.New()
	h.Write([]byte("faultline stand-in tree\n"))
	files := 0
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		files++
		fmt.Fprintf(h, "%d %s %d\n", len(p), p, len(data))
		h.Write(data)
		return nil
	})
	var sum [sha256.Size]byte
	if err != nil || files == 0 {
		return sum, false
	}
	h.Sum(sum[:0])
	return sum, true
}

// quietPlanKey addresses the plan of alternative directory a of chosen
// directory p (directories of models.FS); false when either holds no
// file.
func quietPlanKey(p, a string) ([sha256.Size]byte, bool) {
	kp, ok1 := standInTreeKey(p)
	ka, ok2 := standInTreeKey(a)
	if !ok1 || !ok2 {
		return [sha256.Size]byte{}, false
	}
	h := sha256.New()
	fmt.Fprintf(h, "faultline quiet alternative\n%d %s\n", len(p), p)
	h.Write(kp[:])
	fmt.Fprintf(h, "%d %s\n", len(a), a)
	h.Write(ka[:])
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum, true
}

// quietPlan is the plan of alternative directory a of the stand-in p when
// it is quiet and the embedded table holds it: a's module is not loaded.
// Nil when the plan must be worked out from a's module (altPlan): not in
// the table, or not quiet, or the session evaluates every alternative
// whole or every quiet one (tests compare).
func (l *Session) quietPlan(p *Module, a string) *altPlan {
	if l.WholeAlternatives || l.EvaluateQuiet {
		return nil
	}
	key := [2]string{p.Dir, modsource.ModelFilePrefix + a}
	if ap, ok := l.keptPlan(key); ok {
		if ap.quiet {
			return ap
		}
		return nil
	}
	pdir, isModel := strings.CutPrefix(p.Dir, modsource.ModelFilePrefix)
	if !isModel {
		return nil
	}
	k, ok := quietPlanKey(pdir, a)
	if !ok {
		return nil
	}
	redo, ok := embeddedQuietPlans().redo(k)
	if !ok {
		return nil
	}
	l.Tabled.Add(1)
	ap := &altPlan{redo: redo, chosen: itemSet(p), quiet: true}
	l.keepPlan(key, ap)
	return ap
}

// QuietPlans encodes the table of the quiet plans of every ordered pair
// of version directories of each stand-in models.FS indexes, worked out
// exactly as a run works them out (altPlan). The same stand-ins give the
// same bytes.
func QuietPlans() ([]byte, error) {
	l := NewSession(Options{}, nil)
	entries := map[[sha256.Size]byte][]string{}
	index := l.models.idx()
	keys := make([]string, 0, len(index))
	for k := range index {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		dirs := index[k]
		for _, p := range dirs {
			for _, a := range dirs {
				if p.Dir == a.Dir {
					continue
				}
				ap := l.altPlan(l.models.module(p.Dir), l.models.module(a.Dir))
				if !ap.quiet {
					continue
				}
				key, ok := quietPlanKey(p.Dir, a.Dir)
				if !ok {
					return nil, fmt.Errorf("stand-in %s or %s: no files", p.Dir, a.Dir)
				}
				redo := make([]string, 0, len(ap.redo))
				for item := range ap.redo {
					redo = append(redo, item)
				}
				sort.Strings(redo)
				entries[key] = redo
			}
		}
	}
	sums := make([][sha256.Size]byte, 0, len(entries))
	for k := range entries {
		sums = append(sums, k)
	}
	sort.Slice(sums, func(i, j int) bool { return bytes.Compare(sums[i][:], sums[j][:]) < 0 })
	out := []byte(quietPlansMagic)
	out = binary.AppendUvarint(out, uint64(len(sums)))
	for _, k := range sums {
		out = append(out, k[:]...)
		out = binary.AppendUvarint(out, uint64(len(entries[k])))
		for _, item := range entries[k] {
			out = binary.AppendUvarint(out, uint64(len(item)))
			out = append(out, item...)
		}
	}
	return out, nil
}
