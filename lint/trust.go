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
	// FederatedRanges, when set, are where each of Federated is written
	// apart from the statement (a provider ARN passed into a built-in
	// module's argument: the statement itself is in the module's code);
	// a zero entry is at Range.
	FederatedRanges []Range
	// Services are the Service principals (pods.eks.amazonaws.com, …).
	Services []string
	// AWS are the AWS principals ("*" when the principal is "*").
	AWS        []Value
	Conditions []TrustCondition
	Range      Range
	// NotActions are the NotAction elements as written: the statement
	// applies to every action but these.
	NotActions []string
	// NotPrincipal is set when the statement has a NotPrincipal element:
	// it applies to every principal but those named.
	NotPrincipal bool
	// Unread is set when part of what the statement grants could not be
	// read: an action or a principal type with a hole, an effect that is
	// not known, an Action or Principal element of another shape.
	Unread bool
	// ActionsRead is set when its effect and actions are read and its
	// only holes are in AWS principals (an account's root ARN, a role's):
	// such a statement grants only the actions it lists, and to no
	// service (pods.eks.amazonaws.com) or identity provider.
	ActionsRead bool
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
	// ValueRanges, when set, are where each of Values is written apart
	// from the condition (a subject passed into a built-in module's
	// argument: the condition itself is in the module's code); a zero
	// entry is at Range.
	ValueRanges []Range
}

// FederatedRange is where the statement's i-th Federated principal is
// written: its own position when it has one, else the statement's.
func (s TrustStatement) FederatedRange(i int) Range {
	if i < len(s.FederatedRanges) && s.FederatedRanges[i].File != "" {
		return s.FederatedRanges[i]
	}
	return s.Range
}

// ValueRange is where the condition's i-th value is written: its own
// position when it has one, else the condition's.
func (c TrustCondition) ValueRange(i int) Range {
	if i < len(c.ValueRanges) && c.ValueRanges[i].File != "" {
		return c.ValueRanges[i]
	}
	return c.Range
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
	// Incomplete is set when some statement could not be read at all (a
	// Statement element or list entry that is not an object): what the
	// statements read allow is then not all the policy allows.
	Incomplete bool
	// EmptyDefaults are the root variables ("var.oidc_issuer_url") left
	// at an empty default ("") that the module call making the role
	// passes in: a root may be a module read alone, its caller giving
	// them, so what the trust lacks for want of them is not judged.
	EmptyDefaults []string
	// Invalid is set when the policy text is known but is not a policy
	// (not JSON, or not its shape): an FL000 reports it where it is
	// written, so no coverage note calls it unknown.
	Invalid bool
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
	case nil:
	default:
		tr.Incomplete = true
	}
	for _, s := range stmts {
		so, ok := s.(map[string]any)
		if !ok {
			tr.Incomplete = true
			continue
		}
		tr.Statements = append(tr.Statements, parseTrustStatement(so, h, rng))
	}
	return tr, nil
}

func parseTrustStatement(so map[string]any, h *Holes, rng Range) TrustStatement {
	st := TrustStatement{Effect: "Allow", Range: rng}
	if e, ok := field(so, "Effect").(string); ok {
		d := h.Decode(e)
		st.Effect = d.String()
		st.Unread = st.Unread || !d.IsKnown()
	} else if field(so, "Effect") != nil {
		st.Unread = true
	}
	st.Actions, st.Unread = readActions(field(so, "Action"), h, st.Unread)
	st.NotActions, st.Unread = readActions(field(so, "NotAction"), h, st.Unread)
	actionsRead := !st.Unread
	st.NotPrincipal = field(so, "NotPrincipal") != nil
	switch p := field(so, "Principal").(type) {
	case nil:
	case string:
		// "Principal": "*" is anyone (an AWS principal of "*").
		st.AWS = append(st.AWS, h.Decode(p))
		st.Unread = st.Unread || HasSentinel(p)
		actionsRead = actionsRead && !HasSentinel(p)
	case map[string]any:
		for _, k := range trustKeys(p, h) {
			vals := strs(p[k])
			if HasSentinel(k) {
				st.Unread = true // a principal type not known
				actionsRead = false
			}
			for _, v := range vals {
				if HasSentinel(v) && !strings.EqualFold(k, "federated") {
					// A service or AWS principal with a hole (it may be
					// "*"); a Federated one is still a federated
					// principal, whichever provider the hole names.
					st.Unread = true
					actionsRead = actionsRead && strings.EqualFold(k, "aws")
				}
			}
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
	default:
		st.Unread = true
		actionsRead = false
	}
	st.ActionsRead = actionsRead
	switch c := field(so, "Condition").(type) {
	case nil:
	case map[string]any:
		for _, op := range trustKeys(c, h) {
			keys, ok := c[op].(map[string]any)
			if !ok {
				// An operator's keys of another shape: a hole where a
				// map is (a value known only at apply, encoded) is a
				// condition on a key not known.
				if hole, isHole := c[op].(string); isHole && HasSentinel(hole) {
					st.Conditions = append(st.Conditions, TrustCondition{Operator: op, Key: h.Decode(hole), Range: rng})
				}
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
	case string:
		// A hole where the condition is: a condition on a key not known.
		if HasSentinel(c) {
			st.Conditions = append(st.Conditions, TrustCondition{Key: h.Decode(c), Range: rng})
		}
	}
	return st
}

// readActions reads an Action or NotAction element; unread is set (or
// kept) when an action has a hole or the element is of another shape.
func readActions(v any, h *Holes, unread bool) ([]string, bool) {
	var out []string
	for _, a := range strs(v) {
		out = append(out, h.Decode(a).String())
		unread = unread || HasSentinel(a)
	}
	switch v.(type) {
	case nil, string, []any:
	default:
		unread = true
	}
	return out, unread
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

// PrincipalMatch says whether a statement's Principal names the principal
// a caller asks about: Yes, No, or Maybe when it cannot tell.
type PrincipalMatch func(TrustStatement) Tri

// FederatedPrincipal matches a statement with a Federated principal: an
// identity provider (OIDC or SAML), whichever one it names.
func FederatedPrincipal(s TrustStatement) Tri {
	if len(s.Federated) > 0 {
		return Yes
	}
	return No
}

// ServicePrincipal matches a statement naming the AWS service principal
// name ("pods.eks.amazonaws.com").
func ServicePrincipal(name string) PrincipalMatch {
	return func(s TrustStatement) Tri {
		for _, svc := range s.Services {
			if strings.EqualFold(svc, name) {
				return Yes
			}
		}
		return No
	}
}

// Admits says whether the trust can let principal call action: No when
// no Allow statement can apply to both — every statement is read, and
// each names other principals, or other actions (NotAction included);
// Yes when an Allow statement names both; Maybe otherwise (a statement
// with a hole in its effect, principal or actions, a NotPrincipal, a
// Principal of "*", a statement not read, an unknown policy). Conditions
// and Deny statements are not weighed: they only narrow what Allow
// statements grant, so No is IAM's answer whatever they say, and Yes
// means "granted unless a condition or a Deny refuses it".
func (t Trust) Admits(principal PrincipalMatch, action string) Tri {
	if !t.Known {
		return Maybe
	}
	out := No
	if t.Incomplete {
		out = Maybe
	}
	for _, s := range t.Statements {
		if strings.EqualFold(s.Effect, "Deny") {
			continue // a Deny grants nothing
		}
		if s.Unread && s.ActionsRead && len(s.NotActions) == 0 && !s.HasAction(action) {
			continue // whoever it names, it grants other actions only
		}
		if s.Unread || s.NotPrincipal || !strings.EqualFold(s.Effect, "Allow") {
			out = Maybe
			continue
		}
		who := principal(s)
		for _, a := range s.AWS {
			if str, ok := a.Str(); ok && str == "*" && who != Yes {
				who = Maybe // anyone
			}
		}
		what := No
		if len(s.NotActions) > 0 {
			what = Yes // every action but those listed
			for _, a := range s.NotActions {
				if globMatch(strings.ToLower(a), strings.ToLower(action)) {
					what = No
				}
			}
		}
		if s.HasAction(action) {
			what = Yes
		}
		switch {
		case who == No || what == No:
		case who == Yes && what == Yes:
			return Yes
		default:
			out = Maybe
		}
	}
	return out
}
