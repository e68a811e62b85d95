package eval

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/tffuncs"

	"github.com/hashicorp/go-cty-funcs/cidr"
	"github.com/hashicorp/go-cty-funcs/collection"
	"github.com/hashicorp/go-cty-funcs/crypto"
	"github.com/hashicorp/go-cty-funcs/encoding"
	ctyfs "github.com/hashicorp/go-cty-funcs/filesystem"
	ctyuuid "github.com/hashicorp/go-cty-funcs/uuid"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	ctyyaml "github.com/zclconf/go-cty-yaml"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// maxReadFile bounds file() and templatefile() reads.
const maxReadFile = 4 << 20

// How a function treats sentinels in its arguments.
type sentinelMode int

const (
	// passThrough: the result carries sentinels as they are (join, format,
	// jsonencode, merge, …).
	passThrough sentinelMode = iota
	// perChar: the function maps characters one by one (lower, upper): the
	// literal text is mapped, each hole becomes the hole of the function
	// over it (equal to the same call's elsewhere, not to its source).
	perChar
	// opaque: any sentinel in the arguments makes the result unknown
	// (substr, length of a string, hashes, regex, …): a string result is
	// one hole naming the call.
	opaque
)

// FuncEnv is what the function table needs from the evaluation.
type FuncEnv struct {
	h Holes
	// Tree confines file(), templatefile() and fileexists(); nil reads
	// nothing.
	Tree *treefs.Tree
	// Cwd is the root module's directory (relative paths resolve from it).
	Cwd string
	// Beneath are directories whose files also lie in Cwd, under Cwd's
	// own (RootInputs.Beneath): a relative path not in Cwd resolves in
	// the first that holds it.
	Beneath []string
	// b is the root's evaluation budget; nil for a table without bounds.
	b *budget
	// template, when set, is told every file of the tree templatefile()
	// reads (absolute): a template, never a manifest as written.
	template func(abs string)
	// read, when set, is told every file of the tree file() reads
	// (absolute) and its text: where the documents of a manifest applied
	// from it are written.
	read func(abs, src string)
	// unkept, when set, is told of a read the root's recorded inputs
	// cannot hold (inputs.go).
	unkept func(why string)
	// relative, when set, counts the relative paths resolved against Cwd.
	relative *atomic.Int64
}

// unguarded functions need no budget: try and can take expressions (whose
// evaluation is bounded itself), the others return their argument or
// nothing.
var unguarded = map[string]bool{"try": true, "can": true, "sensitive": true, "nonsensitive": true, "ephemeralasnull": true, "timestamp": true, "uuid": true}

// functions returns Terraform's function table, sentinel-aware.
func (e *FuncEnv) functions() map[string]function.Function {
	pt := func(f function.Function) function.Function { return e.wrap("", f, passThrough) }
	op := func(name string, f function.Function) function.Function { return e.wrap(name, f, opaque) }
	pc := func(name string, f function.Function) function.Function { return e.wrap(name, f, perChar) }
	fs := map[string]function.Function{
		// strings
		"format":      e.formatFunc(),
		"formatlist":  pt(stdlib.FormatListFunc),
		"join":        pt(stdlib.JoinFunc),
		"split":       e.splitFunc(op("split", stdlib.SplitFunc)),
		"replace":     e.replaceFunc(),
		"lower":       pc("lower", stdlib.LowerFunc),
		"upper":       pc("upper", stdlib.UpperFunc),
		"title":       pc("title", stdlib.TitleFunc),
		"trimprefix":  e.trimFunc(stdlib.TrimPrefixFunc, true),
		"trimsuffix":  e.trimFunc(stdlib.TrimSuffixFunc, false),
		"trim":        e.trimSetFunc(op("trim", stdlib.TrimFunc)),
		"trimspace":   pt(stdlib.TrimSpaceFunc),
		"chomp":       pt(stdlib.ChompFunc),
		"indent":      pt(stdlib.IndentFunc),
		"substr":      op("substr", stdlib.SubstrFunc),
		"strrev":      op("strrev", stdlib.ReverseFunc),
		"regex":       e.regexFunc(op("regex", stdlib.RegexFunc)),
		"regexall":    op("regexall", stdlib.RegexAllFunc),
		"defaults":    defaultsFunc,
		"startswith":  e.affixFunc(true),
		"endswith":    e.affixFunc(false),
		"strcontains": op("strcontains", strContainsFunc),
		// collections
		"concat":          pt(stdlib.ConcatFunc),
		"merge":           pt(stdlib.MergeFunc),
		"lookup":          e.lookupFunc(),
		"element":         pt(tffuncs.ElementFunc()),
		"coalesce":        pt(collection.CoalesceFunc),
		"coalescelist":    pt(stdlib.CoalesceListFunc),
		"compact":         pt(stdlib.CompactFunc),
		"distinct":        e.distinctFunc(),
		"flatten":         pt(stdlib.FlattenFunc),
		"keys":            pt(stdlib.KeysFunc),
		"values":          pt(stdlib.ValuesFunc),
		"length":          e.lengthFunc(),
		"contains":        op("contains", stdlib.ContainsFunc),
		"index":           op("index", tffuncs.IndexFunc),
		"slice":           pt(stdlib.SliceFunc),
		"reverse":         pt(stdlib.ReverseListFunc),
		"sort":            op("sort", stdlib.SortFunc),
		"zipmap":          pt(stdlib.ZipmapFunc),
		"chunklist":       pt(stdlib.ChunklistFunc),
		"setproduct":      pt(stdlib.SetProductFunc),
		"setunion":        op("setunion", stdlib.SetUnionFunc),
		"setintersection": op("setintersection", stdlib.SetIntersectionFunc),
		"setsubtract":     op("setsubtract", stdlib.SetSubtractFunc),
		"range":           pt(stdlib.RangeFunc),
		"one":             pt(oneFunc),
		"alltrue":         op("alltrue", tffuncs.AllTrueFunc),
		"anytrue":         op("anytrue", tffuncs.AnyTrueFunc),
		"sum":             op("sum", tffuncs.SumFunc),
		"matchkeys":       op("matchkeys", tffuncs.MatchKeysFunc),
		"transpose":       op("transpose", tffuncs.TransposeFunc),
		"min":             op("min", stdlib.MinFunc),
		"max":             op("max", stdlib.MaxFunc),
		"abs":             op("abs", stdlib.AbsoluteFunc),
		"ceil":            op("ceil", stdlib.CeilFunc),
		"floor":           op("floor", stdlib.FloorFunc),
		"parseint":        op("parseint", stdlib.ParseIntFunc),
		"pow":             op("pow", stdlib.PowFunc),
		"log":             op("log", stdlib.LogFunc),
		"signum":          op("signum", stdlib.SignumFunc),
		// conversions
		"tostring": pt(stdlib.MakeToFunc(cty.String)),
		"tonumber": op("tonumber", stdlib.MakeToFunc(cty.Number)),
		"tobool":   op("tobool", stdlib.MakeToFunc(cty.Bool)),
		"tolist":   holeConversion(pt(stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType))), cty.List(cty.DynamicPseudoType)),
		"toset":    holeConversion(e.toSetFunc(), cty.Set(cty.DynamicPseudoType)),
		"tomap":    holeConversion(pt(stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType))), cty.Map(cty.DynamicPseudoType)),
		"try":      holeTryFunc,
		"can":      holeCanFunc,
		// encoding
		"jsonencode":       e.encodeFunc(stdlib.JSONEncodeFunc),
		"jsondecode":       holeConversion(pt(stdlib.JSONDecodeFunc), cty.DynamicPseudoType),
		"yamlencode":       e.encodeFunc(ctyyaml.YAMLEncodeFunc),
		"yamldecode":       holeConversion(pt(ctyyaml.YAMLDecodeFunc), cty.DynamicPseudoType),
		"csvdecode":        op("csvdecode", stdlib.CSVDecodeFunc),
		"base64encode":     op("base64encode", encoding.Base64EncodeFunc),
		"base64decode":     op("base64decode", encoding.Base64DecodeFunc),
		"base64gzip":       op("base64gzip", tffuncs.Base64GzipFunc),
		"base64sha256":     op("base64sha256", tffuncs.Base64SHA256Func),
		"base64sha512":     op("base64sha512", tffuncs.Base64SHA512Func),
		"textencodebase64": op("textencodebase64", tffuncs.TextCodecFunc(true)),
		"textdecodebase64": op("textdecodebase64", tffuncs.TextCodecFunc(false)),
		"urlencode":        op("urlencode", encoding.URLEncodeFunc),
		"md5":              op("md5", crypto.Md5Func),
		"sha1":             op("sha1", crypto.Sha1Func),
		"sha256":           op("sha256", crypto.Sha256Func),
		"sha512":           op("sha512", crypto.Sha512Func),
		"uuidv5":           op("uuidv5", ctyuuid.V5Func),
		// network
		"cidrhost":    op("cidrhost", cidr.HostFunc),
		"cidrnetmask": op("cidrnetmask", tffuncs.NetmaskFunc),
		"cidrsubnet":  op("cidrsubnet", cidr.SubnetFunc),
		"cidrsubnets": op("cidrsubnets", cidr.SubnetsFunc),
		// time
		"formatdate": op("formatdate", stdlib.FormatDateFunc),
		"timeadd":    op("timeadd", stdlib.TimeAddFunc),
		"timecmp":    op("timecmp", tffuncs.TimeCmpFunc),
		// filesystem
		"basename":   op("basename", ctyfs.BasenameFunc),
		"dirname":    op("dirname", ctyfs.DirnameFunc),
		"abspath":    e.abspathFunc(),
		"file":       e.fileFunc(),
		"fileexists": e.fileExistsFunc(),
		// values that only matter at apply time
		"sensitive":       identityFunc,
		"nonsensitive":    identityFunc,
		"ephemeralasnull": identityFunc,
		"pathexpand":      pathExpandFunc,
		"timestamp":       function.New(&function.Spec{Type: function.StaticReturnType(cty.String), Impl: unknownImpl}),
		"uuid":            function.New(&function.Spec{Type: function.StaticReturnType(cty.String), Impl: unknownImpl}),
	}
	for name, f := range e.fileFuncs() {
		fs[name] = f
	}
	for name, f := range e.awsFuncs() {
		fs[name] = f
	}
	for name, f := range fs {
		if !unguarded[name] {
			fs[name] = e.guard(name, f)
		}
	}
	fs["templatestring"] = e.guard("templatestring", e.templateStringFunc(fs))
	fs["templatefile"] = e.guard("templatefile", e.templateFileFunc(fs))
	return fs
}

// holeConversion makes f (tolist, toset, tomap; jsondecode, yamldecode
// with want cty.DynamicPseudoType, as Terraform decodes an unknown string
// to a value of any type) give an unknown of its
// target type want for a hole that stands for a whole value
// (lint.IsHole: a resource attribute known only after apply, of any
// type), as Terraform's toset(unknown) is an unknown set: so
// `cond ? toset(x) : []` is a set whichever branch is taken, and a false
// condition gives an empty set (zero for_each instances), as in Terraform.
func holeConversion(f function.Function, want cty.Type) function.Function {
	isHole := func(args []cty.Value) bool {
		if len(args) != 1 || !args[0].IsKnown() || args[0].IsNull() {
			return false
		}
		v, _ := args[0].Unmark()
		return v.Type() == cty.String && lint.IsHole(v.AsString())
	}
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		Type: func(args []cty.Value) (cty.Type, error) {
			if isHole(args) {
				return want, nil
			}
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if isHole(args) {
				return cty.UnknownVal(want), nil
			}
			return f.Call(args)
		},
	})
}

func unknownImpl(_ []cty.Value, retType cty.Type) (cty.Value, error) {
	return cty.UnknownVal(retType), nil
}

// wrap makes f, Terraform's function name, sentinel-aware according to
// splitFunc is split, and opaque where its text holds holes (a hole may
// hold the separator: how many parts there are is not known) — except
// for a YAML document separator ("---", "\n---\n") in text written
// around the holes: a value interpolated into a manifest template (a
// name, an ARN, an ID) holds no document separator, so the documents
// are those the written text separates, each with its holes
// (split("---", templatefile(...)) applied one document per instance). A
// text that is one hole as a whole stays opaque.
func (e *FuncEnv) splitFunc(opaque function.Function) function.Function {
	return function.New(&function.Spec{
		Description: opaque.Description(),
		Params:      opaque.Params(),
		Type:        function.StaticReturnType(cty.List(cty.String)),
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			sep, str := args[0], args[1]
			if sep.IsKnown() && !sep.IsNull() && str.IsKnown() && !str.IsNull() && !valueHasSentinel(sep) &&
				strings.Contains(sep.AsString(), "---") && valueHasSentinel(str) && !isWholeHole(str) {
				return stdlib.SplitFunc.Call(args)
			}
			if parts, ok := e.splitIssuerPart(args); ok {
				return parts, nil
			}
			return opaque.Call(args)
		},
	})
}

// regexFunc is regex, which of a cluster's issuer URL or an OIDC
// provider's ARN not known statically gives a hole derived from it when
// the pattern (without capture groups) cuts the same part out of every
// one EKS and IAM give: the issuer's ID (regex("[A-F0-9]{32}$", issuer),
// which a principal rebuilt as "…/id/${id}" places) or the issuer without
// its scheme. Anything else is opaque's.
func (e *FuncEnv) regexFunc(opaque function.Function) function.Function {
	return function.New(&function.Spec{
		Description: opaque.Description(),
		Params:      opaque.Params(),
		Type: func(args []cty.Value) (cty.Type, error) {
			return opaque.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			if v, ok := e.regexIssuerPart(args); ok {
				return v, nil
			}
			return opaque.Call(args)
		},
	})
}

// regexIssuerPart is regexFunc's derived hole, false when the call is not
// one it follows.
func (e *FuncEnv) regexIssuerPart(args []cty.Value) (cty.Value, bool) {
	pat, str := args[0], args[1]
	if !pat.IsKnown() || pat.IsNull() || valueHasSentinel(pat) || !str.IsKnown() || str.IsNull() || str.Type() != cty.String {
		return cty.NilVal, false
	}
	s := str.AsString()
	samples := issuerSamples
	switch {
	case e.h.isClusterIssuer(s):
	case e.h.isProviderARN(s):
		samples = providerARNSamples
	default:
		return cty.NilVal, false
	}
	re, err := regexp.Compile(pat.AsString())
	if err != nil || re.NumSubexp() > 0 {
		return cty.NilVal, false
	}
	for i, sample := range samples {
		bare := strings.TrimPrefix(issuerSamples[i], "https://")
		id := bare[strings.LastIndexByte(bare, '/')+1:]
		if m := re.FindString(sample); m != id && m != bare {
			return cty.NilVal, false
		}
	}
	return e.h.derived(s, "regex", args), true
}

// splitIssuerPart is split(sep, s) of an OIDC provider's ARN or a
// cluster's issuer URL not known statically, when sep cuts every ARN IAM
// gives a provider (every issuer EKS gives a cluster) into as many parts:
// the part that is the issuer without its scheme in every one
// (element(split("oidc-provider/", arn), 1)), or the issuer's ID
// (split("/", issuer)[4], which a principal rebuilt as "…/id/${id}"
// places), is a hole derived from s, as replace(arn, "/^(.*provider/)/",
// "") makes it; the others are holes of the call. False otherwise.
func (e *FuncEnv) splitIssuerPart(args []cty.Value) (cty.Value, bool) {
	sep, str := args[0], args[1]
	if !sep.IsKnown() || sep.IsNull() || valueHasSentinel(sep) || !str.IsKnown() || str.IsNull() {
		return cty.NilVal, false
	}
	s, cut := str.AsString(), sep.AsString()
	samples := providerARNSamples
	switch {
	case cut == "":
		return cty.NilVal, false
	case e.h.isProviderARN(s):
	case e.h.isClusterIssuer(s):
		samples = issuerSamples
	default:
		return cty.NilVal, false
	}
	n := -1
	issuer := -1
	for j, sample := range samples {
		parts := strings.Split(sample, cut)
		if n >= 0 && len(parts) != n {
			return cty.NilVal, false
		}
		n = len(parts)
		bare := strings.TrimPrefix(issuerSamples[j], "https://")
		id := bare[strings.LastIndexByte(bare, '/')+1:]
		at := slices.Index(parts, bare)
		if at < 0 {
			at = slices.Index(parts, id)
		}
		if j > 0 && at != issuer {
			at = -1
		}
		issuer = at
	}
	out := make([]cty.Value, n)
	for i := range out {
		if i == issuer {
			out[i] = e.h.derived(s, "split", []cty.Value{sep, str, cty.NumberIntVal(int64(i))})
			continue
		}
		out[i] = e.h.called("split", []cty.Value{sep, str, cty.NumberIntVal(int64(i))})
	}
	return cty.ListVal(out), true
}

// mode.
func (e *FuncEnv) wrap(name string, f function.Function, mode sentinelMode) function.Function {
	if mode == passThrough {
		return f
	}
	spec := &function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			tainted := false
			for _, a := range args {
				if valueHasSentinel(a) {
					tainted = true
					break
				}
			}
			if !tainted {
				return f.Call(args)
			}
			if mode == perChar {
				if len(args) != 1 || args[0].Type() != cty.String || args[0].IsNull() {
					return cty.UnknownVal(retType), nil
				}
				if name == "title" {
					// Whether a hole's first letter is capitalised depends
					// on the text before it.
					out, err := f.Call(args)
					if err != nil || !out.IsKnown() || out.Type() != cty.String {
						return cty.UnknownVal(retType), nil
					}
					return cty.StringVal(e.h.anonymize(out.AsString())), nil
				}
				failed := false
				out := e.h.perHole(args[0].AsString(), func(text string) string {
					v, err := f.Call([]cty.Value{cty.StringVal(text)})
					if err != nil || !v.IsKnown() || v.Type() != cty.String {
						failed = true
						return text
					}
					return v.AsString()
				}, name)
				if failed {
					return cty.UnknownVal(retType), nil
				}
				return cty.StringVal(out), nil
			}
			if retType == cty.String {
				// A string made from a hole: an anonymous hole in place, so
				// the text around the call survives ("${substr(x, 0, 8)}:sub"),
				// equal to the same call elsewhere.
				return e.h.called(name, args), nil
			}
			return cty.UnknownVal(retType), nil
		},
	}
	return function.New(spec)
}

// encodeFunc is jsonencode / yamlencode: a value known only in part is
// encoded with an anonymous hole for each part that is not known (a map
// variable without a value among a release's values), so the document
// keeps its known parts, as it keeps the holes of strings; a value not
// known at all is one hole.
func (e *FuncEnv) encodeFunc(f function.Function) function.Function {
	p := f.Params()[0]
	p.AllowUnknown = true
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      []function.Parameter{p},
		Type:        function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			v := args[0]
			if v.IsWhollyKnown() {
				return f.Call(args)
			}
			if !v.IsKnown() {
				return e.h.anon(), nil
			}
			return f.Call([]cty.Value{e.holeUnknowns(v, true)})
		},
	})
}

// formatFunc is Terraform's format: an argument string not known at
// all is an anonymous hole in the text it makes, so the text around it
// survives (format("oidc.eks.%s.amazonaws.com/id/%s", var.region, id)
// keeps its issuer shape), as in a template's interpolation. When such
// an argument meets a verb that is not for strings, the result is not
// known.
func (e *FuncEnv) formatFunc() function.Function {
	f := stdlib.FormatFunc
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type:        function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if !args[0].IsKnown() || args[0].IsNull() {
				return cty.UnknownVal(cty.String), nil
			}
			args = slices.Clone(args)
			filled := false
			for i, a := range args[1:] {
				if !a.IsKnown() && (a.Type() == cty.String || a.Type() == cty.DynamicPseudoType) {
					args[i+1], filled = e.h.anon(), true
				}
			}
			out, err := f.Call(args)
			if err != nil && filled {
				return cty.UnknownVal(cty.String), nil
			}
			return out, err
		},
	})
}

// replaceFunc is Terraform's replace: a /regex/ search uses regexes. A
// literal one-character search on a string with holes replaces in the known
// parts; each hole becomes the hole of that replace over it (its content
// may have changed). Any other search on a string with holes gives an
// anonymous hole in place:
// "${replace(<issuer>, "https://", "")}:sub" is "<hole>:sub", a hole that
// still names the reference it was derived from when the string was that
// one reference (see Holes.derived).
func (e *FuncEnv) replaceFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{
			{Name: "str", Type: cty.String},
			{Name: "substr", Type: cty.String},
			{Name: "replace", Type: cty.String},
		},
		Type: function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			str, sub, repl := args[0].AsString(), args[1].AsString(), args[2].AsString()
			isRegex := len(sub) > 1 && strings.HasPrefix(sub, "/") && strings.HasSuffix(sub, "/")
			if hasSentinel(sub) || hasSentinel(repl) && isRegex {
				return e.h.anon(), nil
			}
			if isRegex {
				if hasSentinel(str) {
					if e.h.replacesNothingInIssuer(str, sub[1:len(sub)-1], true) {
						return args[0], nil
					}
					if v, ok := e.roleNameOfARN(str, sub[1:len(sub)-1], repl); ok {
						return v, nil
					}
					// What it was derived from is kept, as for a plain
					// replace: the IRSA module's condition key is
					// replace(provider_arn, "/^(.*provider/)/", "").
					return e.h.derived(str, "replace", args), nil
				}
				return stdlib.RegexReplace(args[0], cty.StringVal(sub[1:len(sub)-1]), args[2])
			}
			if !hasSentinel(str) {
				return cty.StringVal(strings.ReplaceAll(str, sub, repl)), nil
			}
			if e.h.replacesNothingInIssuer(str, sub, false) {
				return args[0], nil
			}
			if len([]rune(sub)) != 1 {
				return e.h.derived(str, "replace", args), nil
			}
			// One character is never split between a hole and the text
			// around it: each part is replaced on its own.
			return cty.StringVal(e.h.perHole(str, func(text string) string {
				return strings.ReplaceAll(text, sub, repl)
			}, "replace", args[1], args[2])), nil
		},
	})
}

// trimSetFunc is trim: as opaque does it, but a cluster's issuer URL
// trimmed of a set of characters that cuts off the same prefix from
// every issuer EKS gives (its scheme: trim(issuer, "https://")) is that
// issuer with the prefix cut off, as trimprefix makes it.
func (e *FuncEnv) trimSetFunc(opaque function.Function) function.Function {
	return function.New(&function.Spec{
		Params: opaque.Params(),
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if args[0].IsKnown() && !args[0].IsNull() && args[1].IsKnown() && !args[1].IsNull() {
				str, cutset := args[0].AsString(), args[1].AsString()
				if prefix, ok := e.h.trimmedIssuerPrefix(str, cutset); ok && !hasSentinel(cutset) {
					if prefix == "" {
						return args[0], nil
					}
					return e.h.derived(str, "trimprefix", []cty.Value{args[0], cty.StringVal(prefix)}), nil
				}
			}
			return opaque.Call(args)
		},
	})
}

// trimFunc is trimprefix / trimsuffix: known when the affix lies wholly in
// the literal start (or end) of the string.
func (e *FuncEnv) trimFunc(f function.Function, prefix bool) function.Function {
	fname := "trimsuffix"
	if prefix {
		fname = "trimprefix"
	}
	return function.New(&function.Spec{
		Params: f.Params(),
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			s, affix := args[0].AsString(), args[1].AsString()
			if !hasSentinel(s) && !hasSentinel(affix) {
				return f.Call(args)
			}
			if hasSentinel(affix) {
				return e.h.anon(), nil
			}
			if prefix {
				lit := lint.LiteralPrefix(s)
				if strings.HasPrefix(lit, affix) {
					return cty.StringVal(s[len(affix):]), nil
				}
				if !strings.HasPrefix(affix, lit) {
					return cty.StringVal(s), nil // cannot start with affix
				}
			} else {
				lit := lint.LiteralSuffix(s)
				if strings.HasSuffix(lit, affix) {
					return cty.StringVal(s[:len(s)-len(affix)]), nil
				}
				if !strings.HasSuffix(affix, lit) {
					return cty.StringVal(s), nil
				}
			}
			// An affix no issuer URL (or provider ARN) starts or ends
			// with leaves one as it is.
			anchored := "^" + regexp.QuoteMeta(affix)
			if !prefix {
				anchored = regexp.QuoteMeta(affix) + "$"
			}
			if e.h.replacesNothingInIssuer(s, anchored, true) {
				return cty.StringVal(s), nil
			}
			return e.h.derived(s, fname, args), nil
		},
	})
}

// affixFunc is startswith / endswith, decided on the literal parts when it
// can be.
func (e *FuncEnv) affixFunc(prefix bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "string", Type: cty.String}, {Name: "affix", Type: cty.String}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			s, affix := args[0].AsString(), args[1].AsString()
			if hasSentinel(affix) {
				return cty.UnknownVal(cty.Bool), nil
			}
			if !hasSentinel(s) {
				if prefix {
					return cty.BoolVal(strings.HasPrefix(s, affix)), nil
				}
				return cty.BoolVal(strings.HasSuffix(s, affix)), nil
			}
			var lit string
			var has, compatible bool
			if prefix {
				lit = lint.LiteralPrefix(s)
				has, compatible = strings.HasPrefix(lit, affix), strings.HasPrefix(affix, lit)
			} else {
				lit = lint.LiteralSuffix(s)
				has, compatible = strings.HasSuffix(lit, affix), strings.HasSuffix(affix, lit)
			}
			switch {
			case has:
				return cty.True, nil
			case !compatible:
				return cty.False, nil
			}
			return cty.UnknownVal(cty.Bool), nil
		},
	})
}

// lengthFunc counts collection elements (holes do not change that); the
// length of a string with holes is unknown.
func (e *FuncEnv) lengthFunc() function.Function {
	return function.New(&function.Spec{
		Params: tffuncs.LengthFunc.Params(),
		Type:   function.StaticReturnType(cty.Number),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if args[0].Type() == cty.String && args[0].IsKnown() && !args[0].IsNull() && hasSentinel(args[0].AsString()) {
				return cty.UnknownVal(cty.Number), nil
			}
			return tffuncs.LengthFunc.Call(args)
		},
	})
}

// Inside resolves p against the root module directory and reports whether
// it stays inside the tree (symlinks followed).
func (e *FuncEnv) Inside(p string) (string, bool) {
	if homeRelative(p) {
		return p, false
	}
	if !filepath.IsAbs(p) {
		e.countRelative()
		p = e.beneath(p)
	}
	p = filepath.Clean(p)
	if e.Tree == nil {
		return p, false
	}
	return p, e.Tree.Contains(p)
}

// homeRelative reports whether path p starts with ~, which Terraform's
// file functions expand to the home directory of whoever runs it (go-homedir:
// "~" and "~/…"; "~user" is an error there): a file of that machine, never
// of the tree.
func homeRelative(p string) bool {
	return strings.HasPrefix(p, "~")
}

// Resolve is path p as the root's working directory resolves it: as it
// is when absolute, else beneath.
func (e *FuncEnv) Resolve(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Clean(e.beneath(p))
}

// beneath is relative path rel in the working directory: in Cwd, else in
// the first of Beneath that holds it (Cwd when none does).
func (e *FuncEnv) beneath(rel string) string {
	p := filepath.Join(e.Cwd, rel)
	if len(e.Beneath) == 0 || e.Tree == nil {
		return p
	}
	if _, err := e.Tree.Stat(p); err == nil {
		return p
	}
	for _, d := range e.Beneath {
		if q := filepath.Join(d, rel); e.Tree.Contains(q) {
			if _, err := e.Tree.Stat(q); err == nil {
				return q
			}
		}
	}
	return p
}

// readFile reads a file of the tree for file() and templatefile(): never
// outside it, never a FIFO or device, at most maxReadFile bytes.
func (e *FuncEnv) readFile(p string) (string, error) {
	abs, ok := e.Inside(p)
	if !ok {
		return "", fmt.Errorf("%s is outside the scanned tree", p)
	}
	b, err := e.Tree.ReadFile(abs, maxReadFile)
	if err != nil {
		return "", fmt.Errorf("%s: %w", p, err)
	}
	if !utf8.Valid(b) {
		return "", fmt.Errorf("%s: contents are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead", p)
	}
	return string(b), nil
}

func (e *FuncEnv) fileFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if hasSentinel(p) {
				return cty.UnknownVal(cty.String), nil
			}
			s, err := e.readFile(p)
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			if abs, ok := e.Inside(p); ok && e.read != nil {
				e.read(abs, s)
			}
			return cty.StringVal(s), nil
		},
	})
}

func (e *FuncEnv) fileExistsFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			abs, ok := e.Inside(p)
			if hasSentinel(p) || !ok {
				return cty.UnknownVal(cty.Bool), nil
			}
			if e.Tree.IsDir(abs) {
				return cty.UnknownVal(cty.Bool), fmt.Errorf("%q is a directory, not a file", p)
			}
			return cty.BoolVal(e.Tree.IsFile(abs)), nil
		},
	})
}

func (e *FuncEnv) abspathFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if hasSentinel(p) {
				return cty.UnknownVal(cty.String), nil
			}
			if !filepath.IsAbs(p) {
				e.countRelative()
				p = filepath.Join(e.Cwd, p)
			}
			return cty.StringVal(filepath.ToSlash(filepath.Clean(p))), nil
		},
	})
}

// templateFileFunc is Terraform's templatefile: the file (inside the tree)
// is an HCL template evaluated with the given variables and the same
// functions (templatefile itself excluded, as in Terraform).
func (e *FuncEnv) templateFileFunc(funcs map[string]function.Function) function.Function {
	inner := make(map[string]function.Function, len(funcs))
	for k, v := range funcs {
		inner[k] = v
	}
	return function.New(&function.Spec{
		Params: []function.Parameter{
			{Name: "path", Type: cty.String},
			{Name: "vars", Type: cty.DynamicPseudoType},
		},
		Type: function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if hasSentinel(p) {
				if e.template != nil {
					for _, abs := range e.templatesLike(p) {
						e.template(abs)
					}
				}
				return cty.DynamicVal, nil
			}
			if abs, ok := e.Inside(p); ok && e.template != nil {
				e.template(abs)
			}
			src, err := e.readFile(p)
			if err != nil {
				return cty.DynamicVal, err
			}
			return e.renderTemplate(src, p, args[1], inner, nil)
		},
	})
}

// maxTemplatesLike bounds the files one templatefile() path with unknown
// parts stands for.
const maxTemplatesLike = 64

// templatesLike are the files of the tree a templatefile() path with
// unknown parts may name (overlays/${var.environment}/kustomization.yaml):
// each directory segment holding a hole is any one directory; the file
// name must be known. Terraform reads the one it names as a template,
// so none of them is a manifest where it is written. Nil when the path
// leaves the tree or names nothing.
func (e *FuncEnv) templatesLike(p string) []string {
	if e.Tree == nil {
		return nil
	}
	const any = "\x00"
	p = lint.MapSentinels(p, func(string) string { return any })
	if !filepath.IsAbs(p) {
		p = e.beneath(p)
	}
	segs := strings.Split(filepath.ToSlash(filepath.Clean(p)), "/")
	if len(segs) < 2 || strings.Contains(segs[len(segs)-1], any) {
		return nil
	}
	dirs := []string{"/"}
	if segs[0] != "" {
		return nil // not absolute after beneath: nothing to list
	}
	for i, seg := range segs[1:] {
		last := i == len(segs)-2
		var next []string
		for _, d := range dirs {
			if !strings.Contains(seg, any) {
				c := filepath.Join(d, seg)
				if last && e.Tree.Contains(c) || !last {
					next = append(next, c)
				}
				continue
			}
			ents, err := e.Tree.ReadDir(d)
			if err != nil {
				continue
			}
			for _, ent := range ents {
				if ent.IsDir() && segmentMatches(seg, any, ent.Name()) {
					next = append(next, filepath.Join(d, ent.Name()))
				}
			}
		}
		if dirs = next; len(dirs) == 0 || len(dirs) > maxTemplatesLike {
			return nil
		}
	}
	var out []string
	for _, f := range dirs {
		if abs, ok := e.Inside(f); ok {
			if st, err := e.Tree.Stat(abs); err == nil && !st.IsDir() {
				out = append(out, abs)
			}
		}
	}
	return out
}

// segmentMatches reports whether name fits seg, a path segment whose
// parts any stands for are any text (the rest literal).
func segmentMatches(seg, any, name string) bool {
	parts := strings.Split(seg, any)
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	rest := name[len(parts[0]):]
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, part)
		if i < 0 {
			return false
		}
		rest = rest[i+len(part):]
	}
	return strings.HasSuffix(rest, parts[len(parts)-1]) && rest != ""
}

// templateStringFunc is Terraform's templatestring: a string value is an
// HCL template evaluated like templatefile's file (without templatefile
// and templatestring).
func (e *FuncEnv) templateStringFunc(funcs map[string]function.Function) function.Function {
	inner := make(map[string]function.Function, len(funcs))
	for k, v := range funcs {
		if k != "templatestring" {
			inner[k] = v
		}
	}
	return function.New(&function.Spec{
		Params: []function.Parameter{
			{Name: "template", Type: cty.String},
			{Name: "vars", Type: cty.DynamicPseudoType},
		},
		Type: function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			src := args[0].AsString()
			if hasSentinel(src) {
				return cty.DynamicVal, nil
			}
			return e.renderTemplate(src, "<templatestring>", args[1], inner, nil)
		},
	})
}

// renderTemplate evaluates template source src with the variables of vars
// (a map or object) and funcs, within the budget. With parts non-nil, a
// template of several parts is rendered part by part, each part's text
// appended to parts (see TemplateSegments).
func (e *FuncEnv) renderTemplate(src, name string, vars cty.Value, funcs map[string]function.Function, parts *[]TemplateSegment) (cty.Value, error) {
	if !e.b.chargeBytes(len(src), "templatefile") {
		return cty.DynamicVal, nil
	}
	expr, x, diags := parseTemplate(src, name)
	if x != nil {
		return cty.DynamicVal, fmt.Errorf("%s: %s", name, x.Error())
	}
	if diags.HasErrors() {
		return cty.DynamicVal, diags
	}
	if !vars.IsKnown() || vars.IsNull() {
		return cty.DynamicVal, nil
	}
	partly := !vars.IsWhollyKnown()
	if partly {
		// A value unknown before apply is an anonymous hole in the text,
		// so the rest of the rendered manifest is still read.
		vars = e.holeUnknowns(vars, false)
	}
	ty := vars.Type()
	if !ty.IsObjectType() && !ty.IsMapType() {
		return cty.DynamicVal, fmt.Errorf("invalid vars value: must be a map")
	}
	ctxVars := map[string]cty.Value{}
	for it := vars.ElementIterator(); it.Next(); {
		k, v := it.Element()
		ctxVars[k.AsString()] = v
	}
	if e.b != nil {
		ctxVars[budgetVar] = e.b.capsule
	}
	ctx := &hcl.EvalContext{Variables: ctxVars, Functions: funcs}
	if parts != nil {
		if t, ok := expr.(*hclsyntax.TemplateExpr); ok {
			return renderParts(t, ctx, parts)
		}
	}
	v, diags := expr.Value(ctx)
	if partly && (diags.HasErrors() || !v.IsWhollyKnown()) {
		return cty.DynamicVal, nil // a hole used where a known value is needed
	}
	if diags.HasErrors() {
		return cty.DynamicVal, diags
	}
	return v, nil
}

// holeUnknowns is v with each part not known an anonymous hole: a string
// or a value of no known type, and with whole set (an encoded document)
// a collection or object too; lists and sets become tuples and maps
// objects, whose elements may differ in type, which encode alike. An
// unknown collection is kept otherwise (a template may iterate it), and
// so are a set's unknown members without whole.
func (e *FuncEnv) holeUnknowns(v cty.Value, whole bool) cty.Value {
	if v.IsWhollyKnown() || v.IsNull() {
		return v
	}
	ty := v.Type()
	if !v.IsKnown() {
		if whole || ty.IsPrimitiveType() || ty == cty.DynamicPseudoType {
			return e.h.anon()
		}
		return v
	}
	switch {
	case ty.IsObjectType():
		m := map[string]cty.Value{}
		for k := range ty.AttributeTypes() {
			m[k] = e.holeUnknowns(v.GetAttr(k), whole)
		}
		return cty.ObjectVal(m)
	case ty.IsTupleType() || ty.IsListType() || (whole && ty.IsSetType()):
		var out []cty.Value
		for it := v.ElementIterator(); it.Next(); {
			_, x := it.Element()
			out = append(out, e.holeUnknowns(x, whole))
		}
		if len(out) == 0 {
			return cty.EmptyTupleVal
		}
		return cty.TupleVal(out)
	case ty.IsMapType():
		m := map[string]cty.Value{}
		for it := v.ElementIterator(); it.Next(); {
			k, x := it.Element()
			m[k.AsString()] = e.holeUnknowns(x, whole)
		}
		return cty.ObjectVal(m)
	}
	return v // a set: its unknown members have no place to keep
}

var identityFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowMarked: true}},
	Type: func(args []cty.Value) (cty.Type, error) {
		return args[0].Type(), nil
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) { return args[0], nil },
})

// pathExpandFunc is pathexpand: a path starting with ~ names the home
// directory of whoever runs Terraform, unknown here (an anonymous hole
// would do no better: the rest of the path is rarely read); any other path
// is returned as it is.
var pathExpandFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "path", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if p := args[0].AsString(); strings.HasPrefix(p, "~") {
			return cty.UnknownVal(cty.String), nil
		}
		return args[0], nil
	},
})

var strContainsFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String}, {Name: "substr", Type: cty.String}},
	Type:   function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.BoolVal(strings.Contains(args[0].AsString(), args[1].AsString())), nil
	},
})

var oneFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		switch {
		case ty.IsListType() || ty.IsSetType():
			return ty.ElementType(), nil
		case ty.IsTupleType():
			ets := ty.TupleElementTypes()
			if len(ets) == 0 {
				return cty.DynamicPseudoType, nil
			}
			return ets[0], nil
		}
		return cty.NilType, fmt.Errorf("must be a list, set, or tuple value with either zero or one elements")
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		v := args[0]
		if !v.IsKnown() {
			return cty.UnknownVal(retType), nil
		}
		switch v.LengthInt() {
		case 0:
			return cty.NullVal(retType), nil
		case 1:
			it := v.ElementIterator()
			it.Next()
			_, e := it.Element()
			return e, nil
		}
		return cty.NilVal, fmt.Errorf("must be a list, set, or tuple value with either zero or one elements")
	},
})

// countRelative counts a relative path resolved against Cwd.
func (e *FuncEnv) countRelative() {
	if e.relative != nil {
		e.relative.Add(1)
	}
}
