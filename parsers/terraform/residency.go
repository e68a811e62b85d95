package terraform

import (
	"path/filepath"
)

// A parsed module is many times the size of its source, so a load never
// holds the parsed tree whole: parseAll keeps the first keepParsed bytes
// of source parsed and summarises every directory (modInfo); a root parses
// the modules it needs while it is evaluated, and a module is released
// once every root that calls it (planned from the summaries) is done.
// What a finished root leaves is its output alone.

// keepParsed is how many bytes of source parseAll keeps parsed for the
// roots evaluated first (a loader's default): a tree this small is parsed
// once.
const keepParsed = 4 << 20

// plan records, for each root, the local modules it may call (through
// local calls, transitively), and for each module how many roots may.
func (l *loader) plan(roots []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reach, l.pending = map[string][]string{}, map[string]int{}
	for _, r := range roots {
		r = filepath.Clean(r)
		seen := map[string]bool{r: true}
		queue := []string{r}
		for len(queue) > 0 {
			d := queue[0]
			queue = queue[1:]
			if inf := l.InfoOf(d); inf != nil {
				for _, c := range inf.Children {
					if !seen[c] {
						seen[c] = true
						queue = append(queue, c)
					}
				}
			}
		}
		for d := range seen {
			l.reach[r] = append(l.reach[r], d)
			l.pending[d]++
		}
	}
}

// finish releases, once root is evaluated, the modules no root still to
// be evaluated needs: those planned for it whose last planned root it
// was, and those it used unplanned (cached code).
func (l *loader) finish(root string, used map[string]bool) {
	root = filepath.Clean(root)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.reach[root] {
		l.pending[d]--
	}
	for _, d := range l.reach[root] {
		if l.pending[d] <= 0 {
			l.Release(d)
		}
	}
	for d := range used {
		if l.pending[d] <= 0 {
			l.Release(d)
		}
	}
	delete(l.reach, root)
}
