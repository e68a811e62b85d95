package lint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint/iamcond"
)

// TrustStatement is one statement of a role's trust policy.
type TrustStatement struct {
	// Effect is "Allow" or "Deny" as written ("Allow" when absent).
	Effect string
	// Actions are the actions as written (sts:AssumeRoleWithWebIdentity,
	// sts:AssumeRole, sts:TagSession, "*"); an action with a hole is
	// rendered with Value.String.
	Actions []string
	// Federated are the Federated principals (OIDC provider ARNs).
	Federated []Value
	// Services are the Service principals (pods.eks.amazonaws.com, …).
	Services []string
	// AWS are the AWS principals ("*" when the principal is "*").
	AWS        []Value
	Conditions []TrustCondition
	Range      Range
}

// TrustCondition is one operator/key pair of a statement's condition:
// StringEquals { "<issuer>:sub": ["system:serviceaccount:ns:sa"] }.
type TrustCondition struct {
	// Operator is the condition operator as written: StringEquals,
	// StringLike, ForAnyValue:StringLike, …
	Operator string
	// Key is the condition key, symbolic: "${module.eks.oidc_provider}:sub".
	Key    Value
	Values []Value
	Range  Range
}

// Op parses the condition's operator; an operator that is not on IAM's
// list (misspelled, or unknown before apply) is iamcond's zero Operator,
// whose Known is false.
func (c TrustCondition) Op() iamcond.Operator {
	op, err := iamcond.Parse(c.Operator)
	if err != nil {
		return iamcond.Operator{}
	}
	return op
}

// Trust is a role's parsed trust policy.
type Trust struct {
	Statements []TrustStatement
	// Range is where the policy is written (the attribute or field).
	Range Range
	// Known is false when the policy text could not be known statically
	// (not written, or an unknown value): no statement proves anything.
	Known bool
}

// HasAction reports whether the statement allows action: IAM action
// names are not case-sensitive and `*` / `?` are wildcards in them ("*",
// "sts:*", "sts:AssumeRole*").
func (s TrustStatement) HasAction(action string) bool {
	for _, a := range s.Actions {
		if globMatch(strings.ToLower(a), strings.ToLower(action)) {
			return true
		}
	}
	return false
}

// TrustError is a trust policy that is not valid JSON (or not a policy
// document); Line is 1-based within the policy text.
type TrustError struct {
	Line int
	Msg  string
}

func (e *TrustError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// ParseTrustPolicy parses a trust policy document. Sentinels in the text
// (keys and values) decode into holes with h (nil: every hole is wholly
// unknown). Every statement and condition gets rng. Action, principal and
// condition values may be a string or a list. Invalid JSON is a
// *TrustError naming the line of the error.
func ParseTrustPolicy(text string, h *Holes, rng Range) (Trust, error) {
	if h == nil {
		h = NewHoles()
	}
	tr := Trust{Range: rng}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return tr, jsonError(text, err, dec.InputOffset())
	}
	// Anything but white space after the document is an error too.
	if rest := bytes.TrimSpace([]byte(text[dec.InputOffset():])); len(rest) > 0 {
		off := int(dec.InputOffset()) + strings.Index(text[dec.InputOffset():], string(rest[:1])) + 1
		return tr, &TrustError{Line: lineAt(text, off), Msg: "invalid character " + quoteChar(rest) + " after the policy document"}
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return tr, &TrustError{Line: 1, Msg: "the policy is not a JSON object"}
	}
	tr.Known = true
	var stmts []any
	switch s := field(obj, "Statement").(type) {
	case []any:
		stmts = s
	case map[string]any:
		stmts = []any{s}
	}
	for _, s := range stmts {
		so, ok := s.(map[string]any)
		if !ok {
			continue
		}
		tr.Statements = append(tr.Statements, parseTrustStatement(so, h, rng))
	}
	return tr, nil
}

func parseTrustStatement(so map[string]any, h *Holes, rng Range) TrustStatement {
	st := TrustStatement{Effect: "Allow", Range: rng}
	if e, ok := field(so, "Effect").(string); ok {
		st.Effect = h.Decode(e).String()
	}
	for _, a := range strs(field(so, "Action")) {
		st.Actions = append(st.Actions, h.Decode(a).String())
	}
	switch p := field(so, "Principal").(type) {
	case string:
		// "Principal": "*" is anyone (an AWS principal of "*").
		st.AWS = append(st.AWS, h.Decode(p))
	case map[string]any:
		for _, k := range trustKeys(p, h) {
			vals := strs(p[k])
			switch strings.ToLower(k) {
			case "federated":
				for _, v := range vals {
					st.Federated = append(st.Federated, h.Decode(v))
				}
			case "service":
				for _, v := range vals {
					st.Services = append(st.Services, h.Decode(v).String())
				}
			case "aws":
				for _, v := range vals {
					st.AWS = append(st.AWS, h.Decode(v))
				}
			}
		}
	}
	if c, ok := field(so, "Condition").(map[string]any); ok {
		for _, op := range trustKeys(c, h) {
			keys, ok := c[op].(map[string]any)
			if !ok {
				continue
			}
			for _, k := range trustKeys(keys, h) {
				tc := TrustCondition{Operator: op, Key: h.Decode(k), Range: rng}
				for _, v := range strs(keys[k]) {
					tc.Values = append(tc.Values, h.Decode(v))
				}
				st.Conditions = append(st.Conditions, tc)
			}
		}
	}
	return st
}

// field reads a policy element; element names are case-sensitive in IAM
// but written in other cases often enough to accept them.
func field(m map[string]any, name string) any {
	if v, ok := m[name]; ok {
		return v
	}
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return nil
}

// strs reads a string or a list of strings; numbers and booleans print.
func strs(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case json.Number:
		return []string{x.String()}
	case bool:
		if x {
			return []string{"true"}
		}
		return []string{"false"}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, strs(e)...)
		}
		return out
	}
	return nil
}

// trustKeys returns m's keys in an order that is the same in every run:
// by what they say, a hole by the reference it stands for, then as
// written. Sorting by the written text alone would order keys holding
// holes by their sentinels' numbers, which depend on the order the roots
// happened to be evaluated in.
func trustKeys(m map[string]any, h *Holes) []string {
	keys := make([]string, 0, len(m))
	shown := make(map[string]string, len(m))
	for k := range m {
		keys = append(keys, k)
		shown[k] = h.Decode(k).String()
	}
	sort.Slice(keys, func(i, j int) bool {
		if a, b := shown[keys[i]], shown[keys[j]]; a != b {
			return a < b
		}
		return keys[i] < keys[j]
	})
	return keys
}

// jsonError turns a decoding error into a TrustError at its line.
func jsonError(text string, err error, inputOffset int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &TrustError{Line: lineAt(text, int(se.Offset)), Msg: se.Error()}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &TrustError{Line: lineAt(text, len(strings.TrimRight(text, " \t\r\n"))), Msg: "unexpected end of JSON input"}
	}
	return &TrustError{Line: lineAt(text, int(inputOffset)), Msg: err.Error()}
}

// lineAt is the 1-based line of the byte read just before offset (the
// byte an error was detected at).
func lineAt(text string, offset int) int {
	if offset > 0 {
		offset--
	}
	offset = min(max(offset, 0), len(text))
	return 1 + strings.Count(text[:offset], "\n")
}

func quoteChar(b []byte) string {
	r := []rune(string(b))
	return fmt.Sprintf("%q", string(r[:1]))
}
