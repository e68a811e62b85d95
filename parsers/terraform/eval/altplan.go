package eval

import (
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
)

// A constraint that allows several modelled versions of a stand-in
// evaluates the other versions too, only to learn which entities they
// model differently (runModelled). Two versions differ in a few lines, so
// the alternative is evaluated in part: an item (variable, local,
// resource, data source, module call) that is written alike in both, read
// alike by the rest of the module and reads only such items takes the
// value the chosen version gave it, and only the other items are
// evaluated again. The plan of a pair of versions depends on their code
// alone and is worked out once per load.

// altPlan is what evaluating alternative a of chosen version p needs.
type altPlan struct {
	// redo are the items of a evaluated again; every other item of a is
	// in p, alike, and takes p's value.
	redo map[string]bool
	// chosen are the items of p.
	chosen map[string]bool
	// quiet: no item of a in redo is a resource, data source or module
	// call, so evaluating a in part makes no entity (only those make
	// entities; a variable, local or provider configuration makes none).
	quiet bool
}

// altPlan is the plan of alternative a of p, worked out once per load.
func (l *Session) altPlan(p, a *Module) *altPlan {
	key := [2]string{p.Dir, a.Dir}
	if ap, ok := l.keptPlan(key); ok {
		return ap
	}
	ap := &altPlan{redo: l.differing(p, a, 0), chosen: itemSet(p), quiet: true}
	for k := range ap.redo {
		if it, ok := a.graph().items[k]; ok && (it.kind == "resource" || it.kind == "module") {
			ap.quiet = false
		}
	}
	l.keepPlan(key, ap)
	return ap
}

// itemSet are the keys of m's items.
func itemSet(m *Module) map[string]bool {
	items := m.graph().items
	out := make(map[string]bool, len(items))
	for k := range items {
		out[k] = true
	}
	return out
}

// keptPlan is the plan of the pair of directories key worked out or
// taken from the table earlier in the session, if any.
func (l *Session) keptPlan(key [2]string) (*altPlan, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ap, ok := l.altPlans[key]
	return ap, ok
}

// keepPlan keeps the plan of the pair of directories key for the session.
func (l *Session) keepPlan(key [2]string, ap *altPlan) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.altPlans == nil {
		l.altPlans = map[[2]string]*altPlan{}
	}
	l.altPlans[key] = ap
}

// differing are the items whose value may differ between modules p and a
// evaluated from the same inputs: those written or read differently, those
// in a dependency cycle, those that read path.*, module calls whose
// modules are not alike, and everything that reads one of them.
func (l *Session) differing(p, a *Module, depth int) map[string]bool {
	sp, sa := p.summaries(), a.summaries()
	out := map[string]bool{}
	if hasOverride(p) || hasOverride(a) {
		// An override file's content lies outside the ranges compared.
		for _, s := range []map[string]*itemSummary{sp, sa} {
			for k := range s {
				out[k] = true
			}
		}
		return out
	}
	for k, ip := range sp {
		ia, ok := sa[k]
		if !ok || !ip.same(ia) || ip.unstable || ia.unstable {
			out[k] = true
			continue
		}
		if c := ip.call; c != nil && !l.callsAlike(p, a, c, depth) {
			out[k] = true
		}
	}
	for k := range sa {
		if _, ok := sp[k]; !ok {
			out[k] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, s := range []map[string]*itemSummary{sp, sa} {
			for k, it := range s {
				if out[k] {
					continue
				}
				for _, d := range it.deps {
					if out[d] {
						out[k], changed = true, true
						break
					}
				}
			}
		}
	}
	return out
}

// callsAlike reports whether the call c (written alike in p and a) runs
// modules that give the same values and entities: a directory each version
// carries itself, alike in everything.
func (l *Session) callsAlike(p, a *Module, c *Call, depth int) bool {
	if depth >= maxModuleDepth || !modsource.IsLocal(c.Source) {
		return false
	}
	// A stand-in's Dir names its files (modsource.ModelFilePrefix): its
	// directory in models.FS is the rest.
	dp, ok1 := innerModelDir(strings.TrimPrefix(p.Dir, modsource.ModelFilePrefix), c.Source)
	da, ok2 := innerModelDir(strings.TrimPrefix(a.Dir, modsource.ModelFilePrefix), c.Source)
	if !ok1 || !ok2 {
		return false
	}
	cp, ca := l.models.module(dp), l.models.module(da)
	if cp == nil || ca == nil {
		return false
	}
	return len(l.differing(cp, ca, depth+1)) == 0
}

// itemSummary is what decides an item's value besides the values it reads.
type itemSummary struct {
	// text is how it is written; reads how the rest of the module reads it.
	text, reads string
	deps        []string
	// unstable: its value depends on where the module is, or on the
	// order of a dependency cycle.
	unstable bool
	call     *Call
}

func (s *itemSummary) same(o *itemSummary) bool {
	return s.text == o.text && s.reads == o.reads
}

// summaries are summarizeItems of m, worked out once: a version is
// compared with every other its constraint allows.
func (m *Module) summaries() map[string]*itemSummary {
	m.once.summaries.Do(func() { m.cache.summaries = summarizeItems(m) })
	return m.cache.summaries
}

// summarizeItems summarises every item of m's graph.
func summarizeItems(m *Module) map[string]*itemSummary {
	g := m.graph()
	out := make(map[string]*itemSummary, len(g.items))
	reads := readPaths(m)
	cyclic := cycles(g)
	for k, it := range g.items {
		text, exprs, ok := itemText(m, k, it)
		s := &itemSummary{text: text, reads: reads[k], deps: it.deps, unstable: !ok || cyclic[k], call: it.call}
		for _, e := range exprs {
			if e == nil {
				continue
			}
			for _, t := range m.traversals(e) {
				if t.RootName() == "path" {
					s.unstable = true
				}
			}
		}
		out[k] = s
	}
	return out
}

// itemText is how item k is written, and its expressions; false when its
// source is not at hand.
func itemText(m *Module, k string, it *graphItem) (string, []hcl.Expression, bool) {
	var b strings.Builder
	ok := true
	put := func(r hcl.Range) {
		src, has := m.src[r.Filename]
		if !has || r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte > r.End.Byte {
			ok = false
			return
		}
		b.WriteString(strconv.Itoa(r.End.Byte - r.Start.Byte))
		b.WriteByte(':')
		b.Write(src[r.Start.Byte:r.End.Byte])
	}
	expr := func(e hcl.Expression) {
		if e == nil {
			b.WriteString("-")
			return
		}
		put(e.Range())
	}
	var exprs []hcl.Expression
	switch it.kind {
	case "var":
		v := m.variables[it.name]
		expr(v.typ)
		expr(v.def)
		b.WriteString(strconv.FormatBool(v.hasDef) + strconv.FormatBool(v.isSensi) + strconv.FormatBool(v.notNull))
	case "local":
		exprs = []hcl.Expression{m.locals[it.name].Expr}
		expr(exprs[0])
	case "output":
		exprs = []hcl.Expression{m.outputs[it.name].Expr}
		expr(exprs[0])
	case "resource":
		r := it.res
		b.WriteString(r.provider + "\x00")
		put(r.DefRange)
		put(r.Body.rng)
		exprs = append(append(r.Body.expressions(), r.count, r.forEach, r.enabled), r.Commands...)
	case "provider":
		put(it.prov.rng)
		put(it.prov.body.rng)
		exprs = it.prov.body.expressions()
	case "module":
		c := it.call
		b.WriteString(c.Source + "\x00" + c.Version + "\x00")
		put(c.DefRange)
		names := make([]string, 0, len(c.Attrs))
		for n := range c.Attrs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			b.WriteString(n + "=")
			expr(c.Attrs[n].Expr)
			exprs = append(exprs, c.Attrs[n].Expr)
		}
		expr(c.count)
		expr(c.forEach)
		expr(c.providers)
		expr(c.sourceExpr)
		expr(c.versionExpr)
		exprs = append(exprs, c.count, c.forEach, c.enabled)
	default:
		ok = false
	}
	return b.String(), exprs, ok
}

// readPaths renders, by item, the paths the module's expressions read from
// it: what the holes of an unknown value (needed, holeObject) are made of.
func readPaths(m *Module) map[string]string {
	sets := map[string]map[string]bool{}
	for _, e := range m.bodyExpressions() {
		if e == nil {
			continue
		}
		for _, t := range m.traversals(e) {
			key := depKey(t)
			if key == "" {
				continue
			}
			skip := 2
			if strings.HasPrefix(key, "data.") {
				skip = 3
			}
			p := "!"
			if len(t) >= skip {
				p = traversalPath(t[skip:])
			}
			if sets[key] == nil {
				sets[key] = map[string]bool{}
			}
			sets[key][p] = true
		}
	}
	out := make(map[string]string, len(sets))
	for k, set := range sets {
		list := make([]string, 0, len(set))
		for p := range set {
			list = append(list, p)
		}
		sort.Strings(list)
		out[k] = strings.Join(list, "\x00")
	}
	return out
}

// cycles are the items of g on a dependency cycle: in a strongly
// connected component of more than one item, or reading themselves
// (Tarjan's algorithm; a dependency on no item of g is no edge).
func cycles(g *itemGraph) map[string]bool {
	out := map[string]bool{}
	keys := make([]string, 0, len(g.items))
	for k := range g.items {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	index := make(map[string]int, len(keys))
	low := make(map[string]int, len(keys))
	onStack := make(map[string]bool, len(keys))
	var stack []string
	var connect func(k string)
	connect = func(k string) {
		index[k], low[k] = len(index), len(index)
		stack = append(stack, k)
		onStack[k] = true
		for _, d := range g.items[k].deps {
			if _, ok := g.items[d]; !ok {
				continue
			}
			if d == k {
				out[k] = true
			}
			if _, seen := index[d]; !seen {
				connect(d)
				low[k] = min(low[k], low[d])
			} else if onStack[d] {
				low[k] = min(low[k], index[d])
			}
		}
		if low[k] != index[k] {
			return
		}
		i := len(stack) - 1
		for stack[i] != k {
			i--
		}
		if len(stack)-i > 1 {
			for _, m := range stack[i:] {
				out[m] = true
			}
		}
		for _, m := range stack[i:] {
			onStack[m] = false
		}
		stack = stack[:i]
	}
	for _, k := range keys {
		if _, seen := index[k]; !seen {
			connect(k)
		}
	}
	return out
}

// itemOf is the item of the module instance at path that the entity
// address addr belongs to, "" when addr is not an address inside it.
func itemOf(addr, prefix string) string {
	rest, ok := strings.CutPrefix(addr, prefix)
	if !ok {
		return ""
	}
	end := func(s string) int {
		if i := strings.IndexAny(s, "[.#"); i >= 0 {
			return i
		}
		return len(s)
	}
	parts := 2
	if strings.HasPrefix(rest, "module.") {
		parts = 1
		rest = rest[len("module."):]
	} else if strings.HasPrefix(rest, "data.") {
		rest = rest[len("data."):]
	}
	var key []string
	for i := 0; i < parts; i++ {
		if i == parts-1 {
			n := end(rest)
			if n == 0 {
				return ""
			}
			key = append(key, rest[:n])
			break
		}
		dot := strings.IndexByte(rest, '.')
		if dot <= 0 {
			return ""
		}
		key, rest = append(key, rest[:dot]), rest[dot+1:]
	}
	k := strings.Join(key, ".")
	switch {
	case strings.HasPrefix(addr[len(prefix):], "module."):
		return "module." + k
	case strings.HasPrefix(addr[len(prefix):], "data."):
		return "data." + k
	}
	return k
}

// altReuse is an alternative version's instance evaluated in part: the
// items not in redo take the values of from, the chosen version's
// instance of the same call.
type altReuse struct {
	from *ModInst
	redo map[string]bool
}

// take gives mi item key from the chosen version, or skips it (outputs:
// what an alternative gives is dropped); false when it is evaluated.
func (r *altReuse) take(mi *ModInst, key string, it *graphItem) bool {
	switch {
	case it.kind == "output":
		return true
	case it.kind == "provider" || r.redo[key]:
		return false
	}
	f := r.from
	switch it.kind {
	case "var":
		if v, ok := f.vars[it.name]; ok {
			mi.vars[it.name] = v
		}
	case "local":
		if v, ok := f.locals[it.name]; ok {
			mi.locals[it.name] = v
		}
	case "resource":
		src := f.resources
		if it.res.Data {
			src = f.data
		}
		if v, ok := src[it.res.Type][it.res.Name]; ok {
			mi.store(it.res, v)
		}
	case "module":
		if v, ok := f.modules[it.name]; ok {
			mi.modules[it.name] = v
			delete(mi.preset, it.name)
		}
	default:
		return false
	}
	if f.possible[key] {
		if mi.possible == nil {
			mi.possible = map[string]bool{}
		}
		mi.possible[key] = true
	}
	return true
}

// covers reports whether every entity of the chosen version's instance at
// prefix belongs to one of its items (so what the items not evaluated
// again would give is known).
func (ap *altPlan) covers(ents []lint.Entity, prefix string) bool {
	for _, ent := range ents {
		if k := itemOf(ent.Base().Addr, prefix); k == "" || !ap.chosen[k] {
			return false
		}
	}
	return true
}

// freshAnonymous are the addresses of the entities that hold an anonymous
// hole numbered start or later: made while the chosen version was
// evaluated, so made anew, unequal, in every other evaluation.
func freshAnonymous(ents []lint.Entity, start int) map[string]bool {
	out := map[string]bool{}
	fresh := func(obj string, anonymous bool) bool {
		n, ok := anonymousNumber(obj)
		return anonymous && ok && n >= start
	}
	for _, ent := range ents {
		if holdsHole(reflect.ValueOf(ent), fresh, nil) {
			out[ent.Base().Addr] = true
		}
	}
	return out
}

// anonymousNumber is the number of a fresh anonymous hole's object
// ("anonymous#12").
func anonymousNumber(obj string) (int, bool) {
	rest, ok := strings.CutPrefix(obj, "anonymous#")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// hasOverride reports whether m has an override file.
func hasOverride(m *Module) bool {
	for _, f := range m.files {
		if isOverride(path.Base(f)) {
			return true
		}
	}
	return false
}
