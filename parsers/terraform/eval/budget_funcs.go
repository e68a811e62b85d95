package eval

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/tffuncs"
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
func (e *FuncEnv) guard(name string, f function.Function) function.Function {
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
	env    *FuncEnv
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
	if g.name == "element" && len(args) == 2 {
		// Plain arguments: the element is picked without walking the
		// list (tffuncs.ElementAt), and only it is charged.
		if v, ok := tffuncs.ElementAt(args[0], args[1]); ok {
			if !b.charge(v, g.name) {
				return cty.DynamicVal, nil
			}
			return v, nil
		}
	}
	if selecting[g.name] {
		// The strings inside the collections are the arguments' own:
		// neither read nor built again (see selecting).
		b.shallow = true
		defer func() { b.shallow = false }()
	}
	var buf [4]size
	sizes, ok := g.measure(args, buf[:0])
	if !ok {
		return cty.DynamicVal, nil
	}
	if g.est != nil {
		if x := g.est(b, args, sizes); !b.need(x, g.name) || x.quiet {
			return cty.DynamicVal, nil
		}
	}
	if args = convertArgs(b, args, sizes, g.params, g.vp, g.to, g.name); !b.Ok() {
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
		if slices.ContainsFunc(args, isWholeHole) {
			// A hole may be a value of the type the function wants (a
			// list to concat): what it returns is not known, as
			// Terraform has it for an unknown argument.
			return cty.DynamicVal, nil
		}
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
		c := a
		if isWholeHole(a) && !ty.IsPrimitiveType() {
			// A hole stands for a value not known, of any type: a
			// collection argument not known (sort(data.x.ids)).
			c = cty.UnknownVal(ty)
		} else {
			c = b.convert(a, ty, sizes[i], what)
		}
		if !b.Ok() {
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

// isWholeHole reports whether v is a known string that is one hole and
// nothing else.
func isWholeHole(v cty.Value) bool {
	if !v.IsKnown() || v.IsNull() {
		return false
	}
	v, _ = v.Unmark()
	return v.Type() == cty.String && lint.IsHole(v.AsString())
}

// selecting are the functions that pick, count or regroup the elements of
// their collection arguments without reading the strings inside them, and
// return those same strings: the strings were charged when they were
// built, and are not charged again at each call (element() over an
// install manifest's 60 documents, once per count index). A string
// argument or result itself is still charged (length() of a string reads
// it).
var selecting = map[string]bool{
	"element": true, "slice": true, "length": true, "concat": true, "flatten": true,
	"reverse": true, "coalescelist": true, "compact": true, "chunklist": true,
	"keys": true, "values": true, "one": true,
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
type estimator func(b *budget, args []cty.Value, sizes []size) estimate

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
	"regex":      estRegex,
	"matchkeys":  estMatchKeys,
	// The codecs' results are a fixed multiple of their input at most.
	"base64encode":     estScale(4.0 / 3),
	"base64decode":     estScale(3.0 / 4),
	"base64gzip":       estScale(4.0 / 3),
	"textencodebase64": estScale(16.0 / 3),
	"textdecodebase64": estScale(9.0 / 4),
	"urlencode":        estScale(3),
	"strrev":           estScale(1),
	"chunklist":        estChunkList,
	"flatten":          estFlatten,
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

func estSetProduct(_ *budget, args []cty.Value, _ []size) estimate {
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

func estFormat(_ *budget, args []cty.Value, sizes []size) estimate {
	f, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	return estimate{bytes: float64(len(f)) + formatWidths(f) + argBytes(sizes[1:])}
}

// estFormatList: every row prints the format, one element of each list
// and the whole of each other argument (repeated in every row).
func estFormatList(_ *budget, args []cty.Value, sizes []size) estimate {
	f, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	rows := 1.0
	var lists, scalars []size
	for i, a := range args[1:] {
		ty := a.Type()
		if ty.IsListType() || ty.IsTupleType() || ty.IsSetType() {
			if l, ok := length(a); ok && l > rows {
				rows = l
			}
			lists = append(lists, sizes[i+1])
			continue
		}
		scalars = append(scalars, sizes[i+1])
	}
	row := float64(len(f)) + formatWidths(f) + argBytes(scalars)
	return estimate{elements: rows, bytes: mulSat(rows, row) + argBytes(lists)}
}

func estJoin(_ *budget, args []cty.Value, sizes []size) estimate {
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

func estIndent(_ *budget, args []cty.Value, _ []size) estimate {
	n, ok1 := num(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	return estimate{bytes: float64(len(s)) + mulSat(math.Max(n, 0), float64(strings.Count(s, "\n")+1))}
}

func estReplace(b *budget, args []cty.Value, sizes []size) estimate {
	sub, ok := str(args, 1)
	if ok && len(sub) > 1 && strings.HasPrefix(sub, "/") && strings.HasSuffix(sub, "/") {
		return estRegexReplace(b, args, sizes)
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

// estScale: the result's bytes are at most factor times the string
// argument's.
func estScale(factor float64) estimator {
	return func(_ *budget, args []cty.Value, _ []size) estimate {
		s, ok := str(args, 0)
		if !ok {
			return estimate{}
		}
		return estimate{bytes: factor*float64(len(s)) + 64}
	}
}

// estEncode: jsonencode escapes a byte in at most six (<, > and & as
// \u003c), yamlencode too (\uXXXX) and indents each element by its depth.
func estEncode(_ *budget, args []cty.Value, sizes []size) estimate {
	esc, depth := encodedSize(args[0], 0)
	return estimate{bytes: esc + mulSat(sizes[0].elements, 16+2*float64(depth))}
}

// encodedSize is the escaped bytes of the strings (keys included) in v, at
// most six per byte, and v's depth. The guard has walked v already, so
// this walk is within the budget.
func encodedSize(v cty.Value, depth int) (float64, int) {
	v, _ = v.Unmark()
	if !v.IsKnown() || v.IsNull() {
		return 0, depth
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return escapedLen(v.AsString()), depth
	case !v.CanIterateElements():
		return 0, depth
	}
	total, deepest := 0.0, depth
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		if ty.IsMapType() || ty.IsObjectType() {
			total += escapedLen(k.AsString())
		}
		n, d := encodedSize(x, depth+1)
		total += n
		deepest = max(deepest, d)
	}
	return total, deepest
}

// escapedLen bounds the bytes of s once quoted and escaped: six for each
// byte or rune that may be escaped as \uXXXX (twelve for a surrogate
// pair), one for the other bytes.
func escapedLen(s string) float64 {
	n := 2.0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0xf0:
			n += 12
		case c >= 0xc0 || c < 0x20 || c == '<' || c == '>' || c == '&' || c == '"' || c == '\\' || c == 0x7f:
			n += 6
		case c >= 0x80: // a continuation byte, counted with its rune
		default:
			n++
		}
	}
	return n
}

func estCSVDecode(_ *budget, args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	return estimate{elements: float64(strings.Count(s, ",") + strings.Count(s, "\n") + 1)}
}

func estSplit(_ *budget, args []cty.Value, _ []size) estimate {
	sep, ok1 := str(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	return estimate{elements: float64(strings.Count(s, sep) + 1)}
}

// estFlatten: the result holds at most every element walked.
func estFlatten(_ *budget, _ []cty.Value, sizes []size) estimate {
	return estimate{elements: sizes[0].elements}
}

// estMatchKeys: matchkeys compares every key with every searched value.
func estMatchKeys(b *budget, args []cty.Value, _ []size) estimate {
	keys, ok1 := length(args[1])
	search, ok2 := length(args[2])
	if ok1 && ok2 && !b.spend(mulSat(keys, search), "matchkeys") {
		return estimate{quiet: true}
	}
	return estimate{}
}

func estChunkList(_ *budget, args []cty.Value, _ []size) estimate {
	l, ok1 := length(args[0])
	n, ok2 := num(args, 1)
	if !ok1 || !ok2 || n < 1 {
		return estimate{}
	}
	return estimate{elements: l + l/n}
}

// estJSONDecode scans the document: its nesting and the values it holds.
func estJSONDecode(_ *budget, args []cty.Value, _ []size) estimate {
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

// estYAMLDecode bounds the document's nodes with a scan that builds
// nothing (yamlNodeBound): a document whose parse tree alone would hold
// more nodes than a collection may is refused before it is parsed. Then
// it parses the document without expanding aliases and counts the nodes
// the expansion would build, and their depth.
func estYAMLDecode(b *budget, args []cty.Value, _ []size) estimate {
	s, ok := str(args, 0)
	if !ok {
		return estimate{}
	}
	if nodes, depth := yamlNodeBound(s); nodes > float64(b.lim.valueLen) {
		// Too large to parse; the nesting is only estimated, so it is
		// named only when that is the larger problem.
		if depth <= b.lim.depth {
			depth = 0
		}
		b.need(estimate{elements: nodes, depth: depth}, "yamldecode's parse")
		return estimate{quiet: true}
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
