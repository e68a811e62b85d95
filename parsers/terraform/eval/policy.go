package eval

import (
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// policyDocument computes the `json` of a data "aws_iam_policy_document"
// from its evaluated statements, as the AWS provider renders it. Holes in
// principals, condition variables (object keys) and values survive as
// sentinels.
func (mi *ModInst) policyDocument(v cty.Value) cty.Value {
	var stmts []cty.Value
	sids := map[string]int{}
	addStmt := func(s cty.Value, override bool) {
		sid := ""
		if x := GetAttr(s, "Sid"); x != cty.NilVal && x.IsKnown() && !x.IsNull() && x.Type() == cty.String {
			sid = x.AsString()
		}
		if i, ok := sids[sid]; ok && sid != "" && override {
			stmts[i] = s
			return
		}
		if sid != "" {
			sids[sid] = len(stmts)
		}
		stmts = append(stmts, s)
	}
	fromDocs := func(attr string, override bool) bool {
		docs := GetAttr(v, attr)
		if docs == cty.NilVal || docs.IsNull() {
			return true
		}
		if !docs.IsWhollyKnown() || !docs.CanIterateElements() {
			return false
		}
		for it := docs.ElementIterator(); it.Next(); {
			_, d := it.Element()
			if d.IsNull() || d.Type() != cty.String {
				continue
			}
			dec, err := stdlib.JSONDecode(d)
			if err != nil {
				return false
			}
			for _, s := range BlockList(GetAttr(dec, "Statement")) {
				addStmt(s, override)
			}
		}
		return true
	}
	if !fromDocs("source_policy_documents", false) {
		return setAttr(v, "json", cty.UnknownVal(cty.String))
	}
	if st := GetAttr(v, "statement"); st != cty.NilVal && !st.IsKnown() {
		// A dynamic statement block whose for_each is not known.
		return setAttr(v, "json", cty.UnknownVal(cty.String))
	}
	for _, s := range BlockList(GetAttr(v, "statement")) {
		addStmt(statementJSON(s, mi.Evaluator.Holes.anon), true)
	}
	if !fromDocs("override_policy_documents", true) {
		return setAttr(v, "json", cty.UnknownVal(cty.String))
	}
	doc := map[string]cty.Value{"Version": cty.StringVal("2012-10-17"), "Statement": cty.TupleVal(stmts)}
	if len(stmts) == 0 {
		doc["Statement"] = cty.EmptyTupleVal
	}
	if id := GetAttr(v, "policy_id"); id != cty.NilVal && !id.IsNull() {
		doc["Id"] = id
	}
	js, err := stdlib.JSONEncode(cty.ObjectVal(doc))
	if err != nil {
		js = cty.UnknownVal(cty.String)
	}
	v = setAttr(v, "json", js)
	return setAttr(v, "minified_json", js)
}

// statementJSON turns one evaluated statement block into its JSON shape.
// A condition a dynamic block over what is not known may add holds
// values not known: each is an anonymous hole (hole), so the statement
// reads as JSON with a subject nothing can match.
func statementJSON(s cty.Value, hole func() cty.Value) cty.Value {
	out := map[string]cty.Value{}
	copyAttr := func(from, to string) {
		if x := GetAttr(s, from); x != cty.NilVal && !x.IsNull() {
			out[to] = x
		}
	}
	copyAttr("sid", "Sid")
	out["Effect"] = cty.StringVal("Allow")
	copyAttr("effect", "Effect")
	copyAttr("actions", "Action")
	copyAttr("not_actions", "NotAction")
	copyAttr("resources", "Resource")
	copyAttr("not_resources", "NotResource")
	principals := func(block, key string) {
		list, maybe := BlockList(GetAttr(s, block)), false
		if x := GetAttr(s, block); x != cty.NilVal && !x.IsKnown() {
			maybe = true
			// Dynamic blocks over what is not known: the principals they
			// would name, each with what is not known of it.
			list = MaybeBlocks(s, block)
			if len(list) == 0 {
				out[key] = cty.DynamicVal
				return
			}
		}
		m := map[string]cty.Value{}
		for _, p := range list {
			t := GetAttr(p, "type")
			ids := GetAttr(p, "identifiers")
			if maybe && ids != cty.NilVal && !ids.IsWhollyKnown() {
				ids = cty.TupleVal([]cty.Value{hole()})
			}
			if t == cty.NilVal || !t.IsKnown() || t.IsNull() || t.Type() != cty.String || ids == cty.NilVal {
				continue
			}
			m[t.AsString()] = ids
		}
		if len(m) > 0 {
			out[key] = cty.ObjectVal(m)
		}
	}
	principals("principals", "Principal")
	principals("not_principals", "NotPrincipal")
	conds := map[string]map[string]cty.Value{}
	// Dynamic condition blocks whose for_each is not known: each is taken
	// to be there with what is not known of it (a :sub condition with
	// subjects not known decides nothing; one that may be absent cannot
	// prove a subject allowed either), and the statement's other
	// conditions stay known.
	condList := BlockList(GetAttr(s, "condition"))
	unknownCond := false
	if x := GetAttr(s, "condition"); x != cty.NilVal && !x.IsKnown() {
		condList = MaybeBlocks(s, "condition")
		unknownCond = len(condList) == 0
	}
	for _, c := range condList {
		test, variable, values := GetAttr(c, "test"), GetAttr(c, "variable"), GetAttr(c, "values")
		if values != cty.NilVal && !values.IsWhollyKnown() {
			// Values not known (a list a function of what is not known
			// makes, a dynamic block's): one value not known, so the
			// statement's other conditions stay known.
			values = cty.TupleVal([]cty.Value{hole()})
		}
		if test == cty.NilVal || variable == cty.NilVal || values == cty.NilVal {
			continue
		}
		if !test.IsKnown() || !variable.IsKnown() {
			// A condition that cannot be read is never "no condition": the
			// statement's conditions as a whole are unknown.
			unknownCond = true
			continue
		}
		if test.IsNull() || test.Type() != cty.String || variable.IsNull() || variable.Type() != cty.String {
			continue
		}
		t := test.AsString()
		if conds[t] == nil {
			conds[t] = map[string]cty.Value{}
		}
		if prev, ok := conds[t][variable.AsString()]; ok {
			// Two blocks with one test and variable: the AWS provider
			// (since 5.14.0) renders one key holding both blocks' values.
			values = joinValues(prev, values, hole)
		}
		conds[t][variable.AsString()] = values
	}
	switch {
	case unknownCond:
		out["Condition"] = cty.DynamicVal
	case len(conds) > 0:
		m := map[string]cty.Value{}
		for t, vars := range conds {
			m[t] = cty.ObjectVal(vars)
		}
		out["Condition"] = cty.ObjectVal(m)
	}
	return cty.ObjectVal(out)
}

// joinValues is the values of two condition blocks with one test and
// variable, as one list: a's then b's. When either is not a known list,
// the list holds one value not known.
func joinValues(a, b cty.Value, hole func() cty.Value) cty.Value {
	var out []cty.Value
	for _, v := range []cty.Value{a, b} {
		if !v.IsKnown() || v.IsNull() || !v.CanIterateElements() {
			return cty.TupleVal([]cty.Value{hole()})
		}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, e)
		}
	}
	return cty.TupleVal(out)
}
