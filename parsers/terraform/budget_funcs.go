package terraform

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"go.yaml.in/yaml/v3"
)

// guard bounds a function by the root's budget: it spends one evaluation,
// walks the arguments (what the function will read), checks an estimate of
// what it would build before it runs (estimators), and walks the result.
// The guard converts the arguments to the parameter types itself (hcl would
// otherwise, before any check could run), quickly where go-cty would take
// quadratic time. Over budget, the result is unknown, without an error.
func (e *funcEnv) guard(name string, f function.Function) function.Function {
	if e.b == nil {
		return f
	}
	g := &guarded{name: name, f: f, env: e, params: f.Params(), vp: f.VarParam(), est: estimators[name], to: toTypes[name]}
	loose := make([]function.Parameter, len(g.params))
	for i, p := range g.params {
		loose[i] = looseParam(p)
	}
	var varLoose *function.Parameter
	if g.vp != nil {
		l := looseParam(*g.vp)
		varLoose = &l
	}
	return function.New(&function.Spec{Description: f.Description(), Params: loose, VarParam: varLoose, Type: dynamicType, Impl: g.call})
}

// guarded is one function under the budget.
type guarded struct {
	name string
	f    function.Function
	// env holds the budget of the root the table serves (a table is
	// reused by the roots evaluated after it: funcTable).
	env    *funcEnv
	params []function.Parameter
	vp     *function.Parameter
	est    estimator
	to     cty.Type
}

// call runs the function within the budget.
func (g *guarded) call(args []cty.Value, _ cty.Type) (cty.Value, error) {
	b := g.env.b
	if !b.step() {
		return cty.DynamicVal, nil
	}
	var buf [4]size
	sizes, ok := g.measure(args, buf[:0])
	if !ok {
		return cty.DynamicVal, nil
	}
	if g.est != nil {
		if x := g.est(args, sizes); !b.need(x, g.name) || x.quiet {
			return cty.DynamicVal, nil
		}
	}
	if args = convertArgs(b, args, sizes, g.params, g.vp, g.to, g.name); !b.ok() {
		return cty.DynamicVal, nil
	}
	if g.name == "distinct" && !valueHasSentinel(args[0]) {
		if v, ok := distinctStrings(args[0]); ok {
			return v, nil
		}
		// go-cty compares every pair, each comparison costing about as
		// much as walking a dozen values.
		if !b.spend(12*sizes[0].elements*sizes[0].elements, g.name) {
			return cty.DynamicVal, nil
		}
	}
	v, err := g.f.Call(args)
	if err != nil {
		return cty.DynamicVal, err
	}
	if !b.charge(v, g.name) {
		return cty.DynamicVal, nil
	}
	return v, nil
}

// measure walks the arguments into sizes (buf's storage when it fits).
func (g *guarded) measure(args []cty.Value, buf []size) ([]size, bool) {
	sizes := buf
	if len(args) > cap(buf) {
		sizes = make([]size, 0, len(args))
	}
	for _, a := range args {
		s, ok := g.env.b.measure(a, g.name)
		if !ok {
			return nil, false
		}
		sizes = append(sizes, s)
	}
	return sizes, true
}

// convertArgs converts the arguments to the parameter types (to, for the
// conversion functions), copying args only when one changes.
func convertArgs(b *budget, args []cty.Value, sizes []size, params []function.Parameter, vp *function.Parameter, to cty.Type, what string) []cty.Value {
	out := args
	for i, a := range args {
		ty := cty.DynamicPseudoType
		switch {
		case to != cty.NilType:
			ty = to
		case i < len(params):
			ty = params[i].Type
		case vp != nil:
			ty = vp.Type
		}
		if ty == cty.DynamicPseudoType {
			continue
		}
		c := b.convert(a, ty, sizes[i], what)
		if !b.ok() {
			return args
		}
		if c.Type().Equals(a.Type()) {
			continue
		}
		if &out[0] == &args[0] {
			out = append([]cty.Value(nil), args...)
		}
		out[i] = c
	}
	return out
}

// dynamicType is the guard's return type: whatever the function returns.
func dynamicType([]cty.Value) (cty.Type, error) { return cty.DynamicPseudoType, nil }

// looseParam accepts any argument; the guard converts it, and the wrapped
// function applies its own parameter rules.
func looseParam(p function.Parameter) function.Parameter {
	return function.Parameter{Name: p.Name, Description: p.Description, Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true}
}

// toTypes are the conversion functions' targets, converted by the guard.
var toTypes = map[string]cty.Type{
	"tolist": cty.List(cty.DynamicPseudoType),
	"toset":  cty.Set(cty.DynamicPseudoType),
	"tomap":  cty.Map(cty.DynamicPseudoType),
}

// convert converts v to ty as hcl would for a function argument. A tuple or
// object whose elements share one type becomes a list, set or map directly;
// other conversions of large tuples and objects are charged first (go-cty
// takes time quadratic in their length). A failed conversion leaves v as
// it is, for the function to report.
func (b *budget) convert(v cty.Value, ty cty.Type, s size, what string) cty.Value {
	if c, err := b.convertErr(v, ty, s, what); err == nil {
		return c
	}
	return v
}

// convertErr is convert that reports a failed conversion; over budget the
// value is unknown.
func (b *budget) convertErr(v cty.Value, ty cty.Type, s size, what string) (cty.Value, error) {
	switch {
	case ty == cty.DynamicPseudoType || v.Type().Equals(ty):
		return v, nil
	case ty.IsPrimitiveType() || !v.IsKnown() || v.IsNull():
		return convert.Convert(v, ty)
	}
	if c, ok := convertUniform(v, ty); ok {
		return c, nil
	}
	if !b.spend(s.convert/8, what) {
		return cty.UnknownVal(ty), nil
	}
	return convert.Convert(v, ty)
}

// convertUniform converts a tuple or object whose elements all have the
// same type to a list, set or map of that type, in linear time. ok is false
// when v is not of that shape.
func convertUniform(v cty.Value, ty cty.Type) (cty.Value, bool) {
	vt := v.Type()
	if v.IsMarked() || !(ty.IsListType() || ty.IsSetType() || ty.IsMapType()) {
		return cty.NilVal, false
	}
	var etys []cty.Type
	switch {
	case vt.IsTupleType() && !ty.IsMapType():
		etys = vt.TupleElementTypes()
	case vt.IsObjectType() && ty.IsMapType():
		for _, t := range vt.AttributeTypes() {
			etys = append(etys, t)
		}
	default:
		return cty.NilVal, false
	}
	if len(etys) == 0 || etys[0] == cty.DynamicPseudoType {
		return cty.NilVal, false
	}
	want := ty.ElementType()
	if want != cty.DynamicPseudoType && !want.Equals(etys[0]) {
		return cty.NilVal, false
	}
	for _, t := range etys[1:] {
		if !t.Equals(etys[0]) {
			return cty.NilVal, false
		}
	}
	for it := v.ElementIterator(); it.Next(); {
		if _, x := it.Element(); x.IsMarked() {
			return cty.NilVal, false
		}
	}
	switch {
	case ty.IsListType():
		return cty.ListVal(v.AsValueSlice()), true
	case ty.IsSetType():
		return cty.SetVal(v.AsValueSlice()), true
	}
	return cty.MapVal(v.AsValueMap()), true
}

// distinctStrings is distinct for a known list of known strings, in linear
// time (go-cty compares every pair).
func distinctStrings(v cty.Value) (cty.Value, bool) {
	if !v.IsWhollyKnown() || v.IsNull() || v.IsMarked() || !v.Type().Equals(cty.List(cty.String)) || v.LengthInt() == 0 {
		return cty.NilVal, false
	}
	seen := map[string]bool{}
	var out []cty.Value
	for it := v.ElementIterator(); it.Next(); {
		_, x := it.Element()
		if x.IsMarked() || x.IsNull() {
			return cty.NilVal, false
		}
		if s := x.AsString(); !seen[s] {
			seen[s] = true
			out = append(out, x)
		}
	}
	return cty.ListVal(out), true
}

// estimate is what a function would build from its arguments: elements of
// its largest collection, bytes of its largest string, the nesting of what
// it decodes. quiet is set when the function is not to be called although
// no bound is reached (input it would reject anyway).
type estimate struct {
	elements, bytes float64
	depth           int
	quiet           bool
}

// estimator estimates a call before it runs.
type estimator func(args []cty.Value, sizes []size) estimate

// estimators cover the functions whose result can be much larger than
// their arguments, or whose work grows faster than them.
var estimators = map[string]estimator{
	"setproduct": estSetProduct,
	"format":     estFormat,
	"formatlist": estFormatList,
	"join":       estJoin,
	"indent":     estIndent,
	"replace":    estReplace,
	"jsonencode": estEncode,
	"yamlencode": estEncode,
	"yamldecode": estYAMLDecode,
	"jsondecode": estJSONDecode,
	"csvdecode":  estCSVDecode,
	"split":      estSplit,
	"regexall":   estRegexAll,
	"chunklist":  estChunkList,
	"flatten":    estFlatten,
}

// str returns a known, non-null string argument.
func str(args []cty.Value, i int) (string, bool) {
	if i >= len(args) {
		return "", false
	}
	v, _ := args[i].UnmarkDeep()
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return "", false
	}
	return v.AsString(), true
}

// num returns a known, non-null number argument as a float.
func num(args []cty.Value, i int) (float64, bool) {
	if i >= len(args) {
		return 0, false
	}
	v, _ := args[i].UnmarkDeep()
	n, err := convert.Convert(v, cty.Number)
	if err != nil || !n.IsKnown() || n.IsNull() {
		return 0, false
	}
	f, _ := n.AsBigFloat().Float64()
	return f, true
}

// length returns the length of a known collection argument.
func length(v cty.Value) (float64, bool) {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() || !v.CanIterateElements() {
		return 0, false
	}
	return float64(v.LengthInt()), true
}

func estSetProduct(args []cty.Value, _ []size) estimate {
	if len(args) == 0 {
		return estimate{}
	}
	n := 1.0
	for _, a := range args {
		l, ok := length(a)
		if !ok {
			return estimate{}
		}
		n = mulSat(n, l)
	}
	return estimate{elements: mulSat(n, float64(len(args)+1))}
}

// formatWidths sums the widths and precisions of a format string's verbs:
// the padding they may add.
func formatWidths(f string) float64 {
	total := 0.0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && strings.IndexByte("+-# 0", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == '[' {
			for i < len(f) && f[i] != ']' {
				i++
			}
			i++
		}
		total += digits(f, &i)
		if i < len(f) && f[i] == '.' {
			i++
			total += digits(f, &i)
		}
	}
	return total
}

// digits reads a decimal number at f[*i:], advancing *i.
func digits(f string, i *int) float64 {
	n := 0.0
	for *i < len(f) && f[*i] >= '0' && f[*i] <= '9' {
		n = n*10 + float64(f[*i]-'0')
		*i++
	}
	if math.IsInf(n, 0) {
		return math.MaxFloat64
	}
	return n
}

// argBytes estimates the text of printed arguments.
func argBytes(sizes []size) float64 {
	t := 0.0
	for _, s := range sizes {
		t += s.bytes + 32*s.elements
	}
	return t
}

func estFormat(args []cty.Value, sizes []size) estimate {
	f, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	return estimate{bytes: float64(len(f)) + formatWidths(f) + argBytes(sizes[1:])}
}

func estFormatList(args []cty.Value, sizes []size) estimate {
	f, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	rows := 1.0
	for _, a := range args[1:] {
		if a.Type().IsListType() || a.Type().IsTupleType() || a.Type().IsSetType() {
			if l, ok := length(a); ok && l > rows {
				rows = l
			}
		}
	}
	row := float64(len(f)) + formatWidths(f)
	return estimate{elements: rows, bytes: math.Max(mulSat(rows, row), argBytes(sizes[1:]))}
}

func estJoin(args []cty.Value, sizes []size) estimate {
	sep, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	total, n := 0.0, 0.0
	for _, s := range sizes[1:] {
		total += s.bytes
		n += s.elements
	}
	return estimate{bytes: total + mulSat(float64(len(sep)), n)}
}

func estIndent(args []cty.Value, _ []size) estimate {
	n, ok1 := num(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	return estimate{bytes: float64(len(s)) + mulSat(math.Max(n, 0), float64(strings.Count(s, "\n")+1))}
}

func estReplace(args []cty.Value, sizes []size) estimate {
	sub, ok := str(args, 1)
	if ok && len(sub) > 1 && strings.HasPrefix(sub, "/") && strings.HasSuffix(sub, "/") {
		return estRegexReplace(args, sizes)
	}
	s, ok1 := str(args, 0)
	repl, ok2 := str(args, 2)
	if !ok || !ok1 || !ok2 {
		return estimate{}
	}
	var n float64
	if sub == "" {
		n = float64(utf8.RuneCountInString(s) + 1)
	} else {
		n = float64(strings.Count(s, sub))
	}
	return estimate{bytes: float64(len(s)) + mulSat(n, math.Max(float64(len(repl)-len(sub)), 0))}
}

// estRegexReplace bounds a regular expression replacement: every position
// may match, and each $ reference copies at most the whole string.
func estRegexReplace(args []cty.Value, _ []size) estimate {
	s, ok1 := str(args, 0)
	repl, ok2 := str(args, 2)
	if !ok1 || !ok2 {
		return estimate{}
	}
	l := float64(len(s))
	return estimate{bytes: l + mulSat(l+1, float64(len(repl))) + mulSat(float64(strings.Count(repl, "$")), l)}
}

func estEncode(_ []cty.Value, sizes []size) estimate {
	return estimate{bytes: 2*sizes[0].bytes + 16*sizes[0].elements}
}

func estCSVDecode(args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	return estimate{elements: float64(strings.Count(s, ",") + strings.Count(s, "\n") + 1)}
}

func estSplit(args []cty.Value, _ []size) estimate {
	sep, ok1 := str(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	return estimate{elements: float64(strings.Count(s, sep) + 1)}
}

func estRegexAll(args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	return estimate{elements: float64(len(s) + 1)}
}

// estFlatten: the result holds at most every element walked.
func estFlatten(_ []cty.Value, sizes []size) estimate {
	return estimate{elements: sizes[0].elements}
}

func estChunkList(args []cty.Value, _ []size) estimate {
	l, ok1 := length(args[0])
	n, ok2 := num(args, 1)
	if !ok1 || !ok2 || n < 1 {
		return estimate{}
	}
	return estimate{elements: l + l/n}
}

// estJSONDecode scans the document: its nesting and the values it holds.
func estJSONDecode(args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	depth, maxDepth, items := 0, 0, 1.0
	inStr, esc := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			depth++
			items++
			maxDepth = max(maxDepth, depth)
		case c == ']' || c == '}':
			depth--
		case c == ',':
			items++
		}
	}
	return estimate{elements: items, depth: maxDepth}
}

// estYAMLDecode parses the document without expanding aliases and counts
// the nodes the expansion would build, and their depth.
func estYAMLDecode(args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		// yaml.v3 refuses nesting beyond 10000 levels and what is not
		// YAML; go-cty-yaml, which has no such bound, is not asked to try.
		return estimate{depth: yamlDepthScan(s), quiet: true}
	}
	y := yamlCount{memo: map[*yaml.Node][2]float64{}}
	n, depth := y.count(&doc)
	return estimate{elements: n, depth: int(math.Min(depth, math.MaxInt32))}
}

// yamlCount counts expanded YAML nodes with aliases resolved, memoised.
type yamlCount struct {
	memo map[*yaml.Node][2]float64
}

// count returns the expanded node count and depth of n.
func (y yamlCount) count(n *yaml.Node) (float64, float64) {
	if n == nil {
		return 0, 0
	}
	if r, ok := y.memo[n]; ok {
		return r[0], r[1]
	}
	y.memo[n] = [2]float64{math.Inf(1), math.Inf(1)} // an alias cycle
	total, depth := 1.0, 0.0
	if n.Kind == yaml.AliasNode {
		total, depth = y.count(n.Alias)
	}
	for _, c := range n.Content {
		t, d := y.count(c)
		total += t
		depth = math.Max(depth, d)
	}
	if n.Kind != yaml.AliasNode {
		depth++
	}
	y.memo[n] = [2]float64{total, depth}
	return total, depth
}

// yamlDepthScan estimates the nesting of YAML that does not parse: flow
// brackets, and per line the indentation plus the compact "- " entries.
func yamlDepthScan(s string) int {
	flow, deepest := 0, 0
	for _, line := range strings.Split(s, "\n") {
		i := 0
		for i < len(line) && line[i] == ' ' {
			i++
		}
		lvl := i
		for i+1 < len(line) && (line[i] == '-' || line[i] == '?') && (line[i+1] == ' ' || line[i+1] == '\t') {
			lvl++
			i += 2
			for i < len(line) && line[i] == ' ' {
				i++
			}
		}
		for ; i < len(line); i++ {
			switch line[i] {
			case '[', '{':
				flow++
			case ']', '}':
				flow--
			}
			deepest = max(deepest, flow)
		}
		deepest = max(deepest, lvl)
	}
	return deepest
}
