package terraform

import (
	"path/filepath"
	"sort"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
)

// modInfo is what the load keeps of a module directory once its parsed
// code is released: what collect reports and what roots are planned from.
type modInfo struct {
	// exists is false when the directory holds no configuration.
	exists bool
	files  []string
	diags  hcl.Diagnostics
	// children are the local module directories it calls.
	children []string
	// remote is set when it reads another root's state (remotestate.go).
	remote bool
}

// summarize is the summary of a parsed module (nil: no configuration).
func summarize(m *module) *modInfo {
	if m == nil {
		return &modInfo{}
	}
	inf := &modInfo{exists: true, files: m.files, diags: m.diags}
	for _, r := range m.resources {
		if _, ok := remoteStateTypes[r.typ]; ok && r.data {
			inf.remote = true
		}
	}
	for _, c := range m.calls {
		if child := filepath.Clean(filepath.Join(m.dir, c.source)); modsource.IsLocal(c.source) && child != m.dir {
			inf.children = append(inf.children, child)
		}
	}
	return inf
}

// size is the bytes of source of a parsed module.
func (m *module) size() int {
	n := 0
	for _, b := range m.src {
		n += len(b)
	}
	return n
}

// firstParse reports whether dir is parsed for the first time, and marks
// it parsed.
func (l *session) firstParse(dir string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.info == nil {
		l.info = map[string]*modInfo{}
	}
	if _, seen := l.info[dir]; seen {
		return false
	}
	l.info[dir] = &modInfo{}
	return true
}

// setInfo records the summary of dir's first parse.
func (l *session) setInfo(dir string, inf *modInfo) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info[dir] = inf
}

// infoOf is the summary of dir, nil when it was never parsed.
func (l *session) infoOf(dir string) *modInfo {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.info[filepath.Clean(dir)]
}

// parsedDirs are the directories parsed that hold configuration, sorted.
func (l *session) parsedDirs() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]string, 0, len(l.info))
	for d, inf := range l.info {
		if inf.exists {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

// release drops the parsed code of dir; a later request parses it again.
func (l *session) release(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.mods, filepath.Clean(dir))
}

// module is the module in dir, recorded as used by this root.
func (e *evaluator) module(dir string) *module {
	if e.used == nil {
		e.used = map[string]bool{}
	}
	e.used[filepath.Clean(dir)] = true
	return e.l.module(dir)
}

// rootOutput is what a load keeps of an evaluated root.
type rootOutput struct {
	entities  []lint.Entity
	notes     []lint.Note
	calls     map[string][]lint.Range
	embedded  []Embedded
	templates []string
	varFiles  []string
	varDiags  []lint.Diagnostic
	// reads are its remote-state reads (remotestate.go).
	reads []remoteRead
}

// output is what the load keeps of e: nothing that refers to parsed code
// or evaluated values.
func (e *evaluator) output() rootOutput {
	return rootOutput{entities: e.entities, notes: e.notes, calls: e.calls, embedded: e.embedded, templates: e.templates, varFiles: e.varFiles, varDiags: e.varDiags, reads: e.remoteReads}
}

// readsRemoteState reports whether a module parsed reads another root's
// state.
func (l *session) readsRemoteState() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, inf := range l.info {
		if inf.remote {
			return true
		}
	}
	return false
}
