// Package hclwire writes the body of a parsed HCL native-syntax file as
// bytes and reads it back as the parser gave it: every node, every range,
// every literal value, the operations as hclsyntax's own, and a splat's
// anonymous symbol as one node shared by the splat and what it applies.
// Reading back is several times cheaper than parsing the text again (the
// HCL scanner walks every byte for grapheme clusters), so the evaluator
// keeps the module directories it parses (eval/syntax.go) and reads them
// back on the next run instead of parsing them, and the built-in
// stand-in modules are encoded at development time and embedded
// (eval/syntaxtable.go, parsers/terraform/models/syntax.bin).
//
// What one build writes only the same build reads (the keys of the result
// cache hold the build's identity), so the stream carries no version of
// its own. The embedded table is the exception, written by the build that
// regenerated it: after a change here, regenerate it (go run -tags
// devtools ./scripts/standin-syntax); TestStandInSyntaxFresh in
// parsers/terraform/eval fails until then. A body holding a node this package does not know, a syntax
// error placeholder, a literal of a type the parser never writes, or a
// range in another file is refused when written; bytes that do not decode
// are refused when read, never half read.
package hclwire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Node tags.
const (
	tagNil byte = iota
	tagLiteral
	tagScopeTraversal
	tagRelativeTraversal
	tagFunctionCall
	tagConditional
	tagIndex
	tagTuple
	tagObject
	tagObjectKey
	tagFor
	tagSplat
	tagAnonSymbol
	tagBinaryOp
	tagUnaryOp
	tagTemplate
	tagTemplateJoin
	tagTemplateWrap
	tagParentheses
)

// Traverser tags.
const (
	travRoot byte = iota
	travAttr
	travIndex
	travSplat
)

// Literal value tags.
const (
	valNull byte = iota
	valTrue
	valFalse
	valString
	valNumber
)

// ops are hclsyntax's operations, by their index in the stream: a
// decoded expression holds the package's own pointer, as a parsed one does.
var ops = []*hclsyntax.Operation{
	hclsyntax.OpLogicalOr, hclsyntax.OpLogicalAnd, hclsyntax.OpLogicalNot,
	hclsyntax.OpEqual, hclsyntax.OpNotEqual,
	hclsyntax.OpGreaterThan, hclsyntax.OpGreaterThanOrEqual,
	hclsyntax.OpLessThan, hclsyntax.OpLessThanOrEqual,
	hclsyntax.OpAdd, hclsyntax.OpSubtract, hclsyntax.OpMultiply,
	hclsyntax.OpDivide, hclsyntax.OpModulo, hclsyntax.OpNegate,
}

// Encode writes body, every range of which must lie in filename.
func Encode(body *hclsyntax.Body, filename string) ([]byte, error) {
	e := &encoder{file: filename, anon: map[*hclsyntax.AnonSymbolExpr]uint64{}}
	e.body(body)
	if e.err != nil {
		return nil, e.err
	}
	return e.buf, nil
}

// Decode reads a body Encode wrote, its ranges in filename.
func Decode(data []byte, filename string) (body *hclsyntax.Body, err error) {
	d := &decoder{data: data, file: filename, names: map[string]string{}}
	body = d.body()
	if d.err == nil && d.pos != len(d.data) {
		d.fail("%d bytes after the body", len(d.data)-d.pos)
	}
	if d.err != nil {
		return nil, d.err
	}
	return body, nil
}

type encoder struct {
	buf  []byte
	file string
	// anon numbers the splats' anonymous symbols written.
	anon map[*hclsyntax.AnonSymbolExpr]uint64
	err  error
}

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("hclwire: "+format, args...)
	}
}

func (e *encoder) uint(n uint64) { e.buf = binary.AppendUvarint(e.buf, n) }

func (e *encoder) int(n int) {
	if n < 0 {
		e.fail("negative position %d", n)
		return
	}
	e.uint(uint64(n))
}

func (e *encoder) bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

func (e *encoder) string(s string) {
	e.uint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

func (e *encoder) rng(r hcl.Range) {
	if r.Filename != e.file {
		e.fail("a range in %q, not %q", r.Filename, e.file)
		return
	}
	e.pos(r.Start)
	e.pos(r.End)
}

func (e *encoder) pos(p hcl.Pos) {
	e.int(p.Line)
	e.int(p.Column)
	e.int(p.Byte)
}

func (e *encoder) body(b *hclsyntax.Body) {
	if b == nil {
		e.bool(false)
		return
	}
	e.bool(true)
	names := make([]string, 0, len(b.Attributes))
	for n := range b.Attributes {
		names = append(names, n)
	}
	sort.Strings(names)
	if b.Attributes == nil {
		e.uint(0)
	} else {
		e.uint(uint64(len(names)) + 1)
	}
	for _, n := range names {
		a := b.Attributes[n]
		if a == nil || a.Name != n {
			e.fail("attribute %q is filed under %q", attrName(a), n)
			return
		}
		e.string(a.Name)
		e.expr(a.Expr)
		e.rng(a.SrcRange)
		e.rng(a.NameRange)
		e.rng(a.EqualsRange)
	}
	if b.Blocks == nil {
		e.uint(0)
	} else {
		e.uint(uint64(len(b.Blocks)) + 1)
	}
	for _, blk := range b.Blocks {
		e.block(blk)
	}
	e.rng(b.SrcRange)
	e.rng(b.EndRange)
}

func attrName(a *hclsyntax.Attribute) string {
	if a == nil {
		return "<nil>"
	}
	return a.Name
}

func (e *encoder) block(b *hclsyntax.Block) {
	if b == nil {
		e.fail("a nil block")
		return
	}
	e.string(b.Type)
	e.strings(b.Labels)
	e.body(b.Body)
	e.rng(b.TypeRange)
	e.ranges(b.LabelRanges)
	e.rng(b.OpenBraceRange)
	e.rng(b.CloseBraceRange)
}

// strings writes a list, nil and empty told apart.
func (e *encoder) strings(ss []string) {
	if ss == nil {
		e.uint(0)
		return
	}
	e.uint(uint64(len(ss)) + 1)
	for _, s := range ss {
		e.string(s)
	}
}

func (e *encoder) ranges(rs []hcl.Range) {
	if rs == nil {
		e.uint(0)
		return
	}
	e.uint(uint64(len(rs)) + 1)
	for _, r := range rs {
		e.rng(r)
	}
}

func (e *encoder) exprs(xs []hclsyntax.Expression) {
	if xs == nil {
		e.uint(0)
		return
	}
	e.uint(uint64(len(xs)) + 1)
	for _, x := range xs {
		e.expr(x)
	}
}

func (e *encoder) op(o *hclsyntax.Operation) {
	for i, known := range ops {
		if o == known {
			e.uint(uint64(i))
			return
		}
	}
	e.fail("an operation that is not hclsyntax's own")
}

func (e *encoder) expr(x hclsyntax.Expression) {
	if e.err != nil {
		return
	}
	switch x := x.(type) {
	case nil:
		e.buf = append(e.buf, tagNil)
	case *hclsyntax.LiteralValueExpr:
		e.buf = append(e.buf, tagLiteral)
		e.value(x.Val)
		e.rng(x.SrcRange)
	case *hclsyntax.ScopeTraversalExpr:
		e.buf = append(e.buf, tagScopeTraversal)
		e.traversal(x.Traversal)
		e.rng(x.SrcRange)
	case *hclsyntax.RelativeTraversalExpr:
		e.buf = append(e.buf, tagRelativeTraversal)
		e.expr(x.Source)
		e.traversal(x.Traversal)
		e.rng(x.SrcRange)
	case *hclsyntax.FunctionCallExpr:
		e.buf = append(e.buf, tagFunctionCall)
		e.string(x.Name)
		e.exprs(x.Args)
		e.bool(x.ExpandFinal)
		e.rng(x.NameRange)
		e.rng(x.OpenParenRange)
		e.rng(x.CloseParenRange)
	case *hclsyntax.ConditionalExpr:
		e.buf = append(e.buf, tagConditional)
		e.expr(x.Condition)
		e.expr(x.TrueResult)
		e.expr(x.FalseResult)
		e.rng(x.SrcRange)
	case *hclsyntax.IndexExpr:
		e.buf = append(e.buf, tagIndex)
		e.expr(x.Collection)
		e.expr(x.Key)
		e.rng(x.SrcRange)
		e.rng(x.OpenRange)
		e.rng(x.BracketRange)
	case *hclsyntax.TupleConsExpr:
		e.buf = append(e.buf, tagTuple)
		e.exprs(x.Exprs)
		e.rng(x.SrcRange)
		e.rng(x.OpenRange)
	case *hclsyntax.ObjectConsExpr:
		e.buf = append(e.buf, tagObject)
		if x.Items == nil {
			e.uint(0)
		} else {
			e.uint(uint64(len(x.Items)) + 1)
		}
		for _, it := range x.Items {
			e.expr(it.KeyExpr)
			e.expr(it.ValueExpr)
		}
		e.rng(x.SrcRange)
		e.rng(x.OpenRange)
	case *hclsyntax.ObjectConsKeyExpr:
		e.buf = append(e.buf, tagObjectKey)
		e.expr(x.Wrapped)
		e.bool(x.ForceNonLiteral)
	case *hclsyntax.ForExpr:
		e.buf = append(e.buf, tagFor)
		e.string(x.KeyVar)
		e.string(x.ValVar)
		e.expr(x.CollExpr)
		e.expr(x.KeyExpr)
		e.expr(x.ValExpr)
		e.expr(x.CondExpr)
		e.bool(x.Group)
		e.rng(x.SrcRange)
		e.rng(x.OpenRange)
		e.rng(x.CloseRange)
	case *hclsyntax.SplatExpr:
		e.buf = append(e.buf, tagSplat)
		e.expr(x.Source)
		// The symbol first: Each refers to it.
		e.anonSymbol(x.Item)
		e.expr(x.Each)
		e.rng(x.SrcRange)
		e.rng(x.MarkerRange)
	case *hclsyntax.AnonSymbolExpr:
		e.buf = append(e.buf, tagAnonSymbol)
		n, ok := e.anon[x]
		if !ok {
			e.fail("an anonymous symbol outside its splat")
			return
		}
		e.uint(n)
	case *hclsyntax.BinaryOpExpr:
		e.buf = append(e.buf, tagBinaryOp)
		e.expr(x.LHS)
		e.op(x.Op)
		e.expr(x.RHS)
		e.rng(x.SrcRange)
	case *hclsyntax.UnaryOpExpr:
		e.buf = append(e.buf, tagUnaryOp)
		e.op(x.Op)
		e.expr(x.Val)
		e.rng(x.SrcRange)
		e.rng(x.SymbolRange)
	case *hclsyntax.TemplateExpr:
		e.buf = append(e.buf, tagTemplate)
		e.exprs(x.Parts)
		e.rng(x.SrcRange)
	case *hclsyntax.TemplateJoinExpr:
		e.buf = append(e.buf, tagTemplateJoin)
		e.expr(x.Tuple)
	case *hclsyntax.TemplateWrapExpr:
		e.buf = append(e.buf, tagTemplateWrap)
		e.expr(x.Wrapped)
		e.rng(x.SrcRange)
	case *hclsyntax.ParenthesesExpr:
		e.buf = append(e.buf, tagParentheses)
		e.expr(x.Expression)
		e.rng(x.SrcRange)
	default:
		e.fail("an expression of type %T", x)
	}
}

// anonSymbol writes a splat's symbol and numbers it for the references
// its Each makes.
func (e *encoder) anonSymbol(a *hclsyntax.AnonSymbolExpr) {
	if a == nil {
		e.fail("a splat without its symbol")
		return
	}
	if _, dup := e.anon[a]; dup {
		e.fail("an anonymous symbol shared by two splats")
		return
	}
	e.anon[a] = uint64(len(e.anon))
	e.rng(a.SrcRange)
}

func (e *encoder) traversal(t hcl.Traversal) {
	if t == nil {
		e.uint(0)
		return
	}
	e.uint(uint64(len(t)) + 1)
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			e.buf = append(e.buf, travRoot)
			e.string(s.Name)
			e.rng(s.SrcRange)
		case hcl.TraverseAttr:
			e.buf = append(e.buf, travAttr)
			e.string(s.Name)
			e.rng(s.SrcRange)
		case hcl.TraverseIndex:
			e.buf = append(e.buf, travIndex)
			e.value(s.Key)
			e.rng(s.SrcRange)
		case hcl.TraverseSplat:
			e.buf = append(e.buf, travSplat)
			e.traversal(s.Each)
			e.rng(s.SrcRange)
		default:
			e.fail("a traversal step of type %T", step)
		}
	}
}

// value writes a literal the parser makes: null, a bool, a string, a
// number (its exact binary form: precision, mode and mantissa).
func (e *encoder) value(v cty.Value) {
	switch {
	case v.Type() == cty.NilType:
		e.fail("a literal without a type")
	case v.IsMarked() || !v.IsKnown():
		e.fail("a marked or unknown literal")
	case v.IsNull():
		if v.Type() != cty.DynamicPseudoType {
			e.fail("a null literal of type %s", v.Type().FriendlyName())
			return
		}
		e.buf = append(e.buf, valNull)
	case v.Type() == cty.Bool:
		if v.True() {
			e.buf = append(e.buf, valTrue)
		} else {
			e.buf = append(e.buf, valFalse)
		}
	case v.Type() == cty.String:
		e.buf = append(e.buf, valString)
		e.string(v.AsString())
	case v.Type() == cty.Number:
		b, err := v.AsBigFloat().GobEncode()
		if err != nil {
			e.fail("a number: %v", err)
			return
		}
		e.buf = append(e.buf, valNumber)
		e.string(string(b))
	default:
		e.fail("a literal of type %s", v.Type().FriendlyName())
	}
}

type decoder struct {
	data []byte
	// names are the strings decoded, each allocated once: a body holds
	// its own strings, never the whole encoding (which is twice its
	// source), and a name met again is the same string.
	names map[string]string
	pos   int
	file  string
	anon  []*hclsyntax.AnonSymbolExpr
	err   error
}

// errShort is the error of a stream that ends early.
var errShort = errors.New("hclwire: the data ends early")

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("hclwire: "+format, args...)
	}
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if d.pos >= len(d.data) {
		d.err = errShort
		return 0
	}
	b := d.data[d.pos]
	d.pos++
	return b
}

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	n, w := binary.Uvarint(d.data[d.pos:])
	if w <= 0 {
		if w == 0 {
			d.err = errShort
		} else {
			d.fail("a number overflows at byte %d", d.pos)
		}
		return 0
	}
	d.pos += w
	return n
}

// int is a position or a count: it must fit what is left to read when
// count says it counts items of at least one byte.
func (d *decoder) int() int {
	n := d.uint()
	if n > 1<<31 {
		d.fail("a position of %d", n)
		return 0
	}
	return int(n)
}

// count is a list's length (a stored length minus one: zero is nil), or
// -1 for nil. Every item takes a byte at least, so a count beyond what is
// left is refused before anything is allocated.
func (d *decoder) count() int {
	n := d.uint()
	if n == 0 || d.err != nil {
		return -1
	}
	if n-1 > uint64(len(d.data)-d.pos) {
		d.fail("a list of %d items in %d bytes", n-1, len(d.data)-d.pos)
		return -1
	}
	return int(n - 1)
}

func (d *decoder) bool() bool {
	switch d.byte() {
	case 0:
		return false
	case 1:
		return true
	default:
		d.fail("a flag that is neither 0 nor 1 at byte %d", d.pos-1)
		return false
	}
}

func (d *decoder) string() string {
	n := d.uint()
	if d.err != nil {
		return ""
	}
	if n > uint64(len(d.data)-d.pos) {
		d.err = errShort
		return ""
	}
	b := d.data[d.pos : d.pos+int(n)]
	d.pos += int(n)
	if s, ok := d.names[string(b)]; ok {
		return s
	}
	s := string(b)
	d.names[s] = s
	return s
}

func (d *decoder) rng() hcl.Range {
	return hcl.Range{Filename: d.file, Start: d.position(), End: d.position()}
}

func (d *decoder) position() hcl.Pos {
	return hcl.Pos{Line: d.int(), Column: d.int(), Byte: d.int()}
}

func (d *decoder) body() *hclsyntax.Body {
	if !d.bool() || d.err != nil {
		return nil
	}
	b := &hclsyntax.Body{}
	n := d.count()
	if n >= 0 {
		b.Attributes = make(hclsyntax.Attributes, n)
	}
	attrs := make([]hclsyntax.Attribute, max(n, 0))
	for i := range attrs {
		a := &attrs[i]
		a.Name = d.string()
		a.Expr = d.expr()
		a.SrcRange, a.NameRange, a.EqualsRange = d.rng(), d.rng(), d.rng()
		b.Attributes[a.Name] = a
	}
	if m := d.count(); m >= 0 {
		b.Blocks = make(hclsyntax.Blocks, m)
		blocks := make([]hclsyntax.Block, m)
		for i := range blocks {
			d.block(&blocks[i])
			b.Blocks[i] = &blocks[i]
		}
	}
	b.SrcRange, b.EndRange = d.rng(), d.rng()
	if d.err != nil {
		return nil
	}
	return b
}

func (d *decoder) block(b *hclsyntax.Block) {
	b.Type = d.string()
	b.Labels = d.strings()
	b.Body = d.body()
	b.TypeRange = d.rng()
	b.LabelRanges = d.ranges()
	b.OpenBraceRange, b.CloseBraceRange = d.rng(), d.rng()
}

func (d *decoder) strings() []string {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.string()
	}
	return out
}

func (d *decoder) ranges() []hcl.Range {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]hcl.Range, n)
	for i := range out {
		out[i] = d.rng()
	}
	return out
}

func (d *decoder) exprs() []hclsyntax.Expression {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]hclsyntax.Expression, n)
	for i := range out {
		out[i] = d.expr()
	}
	return out
}

func (d *decoder) op() *hclsyntax.Operation {
	i := d.uint()
	if i >= uint64(len(ops)) {
		d.fail("operation %d", i)
		return nil
	}
	return ops[i]
}

func (d *decoder) expr() hclsyntax.Expression {
	tag := d.byte()
	if d.err != nil {
		return nil
	}
	switch tag {
	case tagNil:
		return nil
	case tagLiteral:
		return &hclsyntax.LiteralValueExpr{Val: d.value(), SrcRange: d.rng()}
	case tagScopeTraversal:
		return &hclsyntax.ScopeTraversalExpr{Traversal: d.traversal(), SrcRange: d.rng()}
	case tagRelativeTraversal:
		return &hclsyntax.RelativeTraversalExpr{Source: d.expr(), Traversal: d.traversal(), SrcRange: d.rng()}
	case tagFunctionCall:
		return &hclsyntax.FunctionCallExpr{Name: d.string(), Args: d.exprs(), ExpandFinal: d.bool(),
			NameRange: d.rng(), OpenParenRange: d.rng(), CloseParenRange: d.rng()}
	case tagConditional:
		return &hclsyntax.ConditionalExpr{Condition: d.expr(), TrueResult: d.expr(), FalseResult: d.expr(), SrcRange: d.rng()}
	case tagIndex:
		return &hclsyntax.IndexExpr{Collection: d.expr(), Key: d.expr(), SrcRange: d.rng(), OpenRange: d.rng(), BracketRange: d.rng()}
	case tagTuple:
		return &hclsyntax.TupleConsExpr{Exprs: d.exprs(), SrcRange: d.rng(), OpenRange: d.rng()}
	case tagObject:
		return d.object()
	case tagObjectKey:
		return &hclsyntax.ObjectConsKeyExpr{Wrapped: d.expr(), ForceNonLiteral: d.bool()}
	case tagFor:
		return &hclsyntax.ForExpr{KeyVar: d.string(), ValVar: d.string(), CollExpr: d.expr(), KeyExpr: d.expr(),
			ValExpr: d.expr(), CondExpr: d.expr(), Group: d.bool(), SrcRange: d.rng(), OpenRange: d.rng(), CloseRange: d.rng()}
	case tagSplat:
		x := &hclsyntax.SplatExpr{Source: d.expr()}
		x.Item = &hclsyntax.AnonSymbolExpr{SrcRange: d.rng()}
		d.anon = append(d.anon, x.Item)
		x.Each = d.expr()
		x.SrcRange, x.MarkerRange = d.rng(), d.rng()
		return x
	case tagAnonSymbol:
		i := d.uint()
		if i >= uint64(len(d.anon)) {
			d.fail("anonymous symbol %d of %d", i, len(d.anon))
			return nil
		}
		return d.anon[i]
	case tagBinaryOp:
		return &hclsyntax.BinaryOpExpr{LHS: d.expr(), Op: d.op(), RHS: d.expr(), SrcRange: d.rng()}
	case tagUnaryOp:
		return &hclsyntax.UnaryOpExpr{Op: d.op(), Val: d.expr(), SrcRange: d.rng(), SymbolRange: d.rng()}
	case tagTemplate:
		return &hclsyntax.TemplateExpr{Parts: d.exprs(), SrcRange: d.rng()}
	case tagTemplateJoin:
		return &hclsyntax.TemplateJoinExpr{Tuple: d.expr()}
	case tagTemplateWrap:
		return &hclsyntax.TemplateWrapExpr{Wrapped: d.expr(), SrcRange: d.rng()}
	case tagParentheses:
		return &hclsyntax.ParenthesesExpr{Expression: d.expr(), SrcRange: d.rng()}
	default:
		d.fail("node tag %d at byte %d", tag, d.pos-1)
		return nil
	}
}

func (d *decoder) object() hclsyntax.Expression {
	x := &hclsyntax.ObjectConsExpr{}
	if n := d.count(); n >= 0 {
		x.Items = make([]hclsyntax.ObjectConsItem, n)
		for i := range x.Items {
			x.Items[i] = hclsyntax.ObjectConsItem{KeyExpr: d.expr(), ValueExpr: d.expr()}
		}
	}
	x.SrcRange, x.OpenRange = d.rng(), d.rng()
	return x
}

func (d *decoder) traversal() hcl.Traversal {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make(hcl.Traversal, n)
	for i := range out {
		switch tag := d.byte(); tag {
		case travRoot:
			out[i] = hcl.TraverseRoot{Name: d.string(), SrcRange: d.rng()}
		case travAttr:
			out[i] = hcl.TraverseAttr{Name: d.string(), SrcRange: d.rng()}
		case travIndex:
			out[i] = hcl.TraverseIndex{Key: d.value(), SrcRange: d.rng()}
		case travSplat:
			out[i] = hcl.TraverseSplat{Each: d.traversal(), SrcRange: d.rng()}
		default:
			d.fail("traversal tag %d at byte %d", tag, d.pos-1)
			return nil
		}
	}
	return out
}

func (d *decoder) value() cty.Value {
	switch tag := d.byte(); tag {
	case valNull:
		return cty.NullVal(cty.DynamicPseudoType)
	case valTrue:
		return cty.True
	case valFalse:
		return cty.False
	case valString:
		return cty.StringVal(d.string())
	case valNumber:
		f := new(big.Float)
		s := d.string()
		if d.err != nil {
			return cty.DynamicVal
		}
		if err := f.GobDecode([]byte(s)); err != nil {
			d.fail("a number: %v", err)
			return cty.DynamicVal
		}
		return cty.NumberVal(f)
	default:
		d.fail("value tag %d at byte %d", tag, d.pos-1)
		return cty.DynamicVal
	}
}
