// Package iamcond parses IAM condition operators ("StringEquals",
// "ForAnyValue:StringLike", "ArnNotLikeIfExists") into their parts, so that
// rules decide on the operator IAM evaluates rather than on substrings of
// its name.
//
// The names are those of the IAM User Guide, "IAM JSON policy elements:
// Condition operators": a base operator, optionally preceded by a set
// operator (ForAnyValue:, ForAllValues:) and followed by IfExists (not with
// Null). They are read without regard to case: the guide writes one
// spelling and policy simulators accept any; a name that is not on the
// list is an error, never a guess.
package iamcond

import (
	"fmt"
	"strings"
)

// Base is a base condition operator.
type Base int

// The base operators of IAM's list.
const (
	Unknown Base = iota
	StringEquals
	StringNotEquals
	StringEqualsIgnoreCase
	StringNotEqualsIgnoreCase
	StringLike
	StringNotLike
	NumericEquals
	NumericNotEquals
	NumericLessThan
	NumericLessThanEquals
	NumericGreaterThan
	NumericGreaterThanEquals
	DateEquals
	DateNotEquals
	DateLessThan
	DateLessThanEquals
	DateGreaterThan
	DateGreaterThanEquals
	Bool
	BinaryEquals
	IPAddress
	NotIPAddress
	ArnEquals
	ArnLike
	ArnNotEquals
	ArnNotLike
	Null
)

var names = [...]string{
	Unknown:                   "",
	StringEquals:              "StringEquals",
	StringNotEquals:           "StringNotEquals",
	StringEqualsIgnoreCase:    "StringEqualsIgnoreCase",
	StringNotEqualsIgnoreCase: "StringNotEqualsIgnoreCase",
	StringLike:                "StringLike",
	StringNotLike:             "StringNotLike",
	NumericEquals:             "NumericEquals",
	NumericNotEquals:          "NumericNotEquals",
	NumericLessThan:           "NumericLessThan",
	NumericLessThanEquals:     "NumericLessThanEquals",
	NumericGreaterThan:        "NumericGreaterThan",
	NumericGreaterThanEquals:  "NumericGreaterThanEquals",
	DateEquals:                "DateEquals",
	DateNotEquals:             "DateNotEquals",
	DateLessThan:              "DateLessThan",
	DateLessThanEquals:        "DateLessThanEquals",
	DateGreaterThan:           "DateGreaterThan",
	DateGreaterThanEquals:     "DateGreaterThanEquals",
	Bool:                      "Bool",
	BinaryEquals:              "BinaryEquals",
	IPAddress:                 "IpAddress",
	NotIPAddress:              "NotIpAddress",
	ArnEquals:                 "ArnEquals",
	ArnLike:                   "ArnLike",
	ArnNotEquals:              "ArnNotEquals",
	ArnNotLike:                "ArnNotLike",
	Null:                      "Null",
}

// String is the operator's name as IAM's documentation spells it.
func (b Base) String() string {
	if b < 0 || int(b) >= len(names) {
		return ""
	}
	return names[b]
}

// Family is the kind of values a base operator compares.
type Family int

// The operator families.
const (
	FamilyUnknown Family = iota
	FamilyString
	FamilyNumeric
	FamilyDate
	FamilyBool
	FamilyBinary
	FamilyIP
	FamilyARN
	FamilyNull
)

// Family says what kind of values b compares.
func (b Base) Family() Family {
	switch {
	case b >= StringEquals && b <= StringNotLike:
		return FamilyString
	case b >= NumericEquals && b <= NumericGreaterThanEquals:
		return FamilyNumeric
	case b >= DateEquals && b <= DateGreaterThanEquals:
		return FamilyDate
	case b == Bool:
		return FamilyBool
	case b == BinaryEquals:
		return FamilyBinary
	case b == IPAddress || b == NotIPAddress:
		return FamilyIP
	case b >= ArnEquals && b <= ArnNotLike:
		return FamilyARN
	case b == Null:
		return FamilyNull
	}
	return FamilyUnknown
}

// Set is a set operator prefix.
type Set int

// The set operators: none, ForAnyValue:, ForAllValues:.
const (
	Single Set = iota
	ForAnyValue
	ForAllValues
)

// Operator is a parsed condition operator.
type Operator struct {
	Set  Set
	Base Base
	// IfExists is set for the …IfExists form: the condition is true when
	// the key is absent from the request.
	IfExists bool
}

// Parse reads a condition operator. An operator that is not on IAM's list
// is an error and the zero Operator (Base Unknown).
func Parse(op string) (Operator, error) {
	var o Operator
	rest := op
	if head, tail, ok := strings.Cut(rest, ":"); ok {
		switch strings.ToLower(head) {
		case "foranyvalue":
			o.Set = ForAnyValue
		case "forallvalues":
			o.Set = ForAllValues
		default:
			return Operator{}, fmt.Errorf("condition operator %q: unknown set operator %q", op, head)
		}
		rest = tail
	}
	if b, ok := lookup(rest); ok {
		o.Base = b
		return o, nil
	}
	const ifExists = "ifexists"
	if n := len(rest) - len(ifExists); n > 0 && strings.EqualFold(rest[n:], ifExists) {
		if b, ok := lookup(rest[:n]); ok && b != Null {
			o.Base, o.IfExists = b, true
			return o, nil
		}
	}
	return Operator{}, fmt.Errorf("condition operator %q is not an IAM condition operator", op)
}

func lookup(name string) (Base, bool) {
	for b := StringEquals; int(b) < len(names); b++ {
		if strings.EqualFold(names[b], name) {
			return b, true
		}
	}
	return Unknown, false
}

// Known reports whether o was parsed from a listed operator.
func (o Operator) Known() bool { return o.Base != Unknown }

// Negated reports whether the operator matches values that are not listed
// (StringNotEquals, ArnNotLike, NotIpAddress, …).
func (o Operator) Negated() bool {
	switch o.Base {
	case StringNotEquals, StringNotEqualsIgnoreCase, StringNotLike, NumericNotEquals,
		DateNotEquals, NotIPAddress, ArnNotEquals, ArnNotLike:
		return true
	}
	return false
}

// Wildcards reports whether `*` and `?` in the listed values are
// wildcards: the …Like operators, and ArnEquals/ArnNotEquals, which IAM
// evaluates as ArnLike/ArnNotLike.
func (o Operator) Wildcards() bool {
	switch o.Base {
	case StringLike, StringNotLike, ArnEquals, ArnLike, ArnNotEquals, ArnNotLike:
		return true
	}
	return false
}

// IgnoreCase reports whether the comparison ignores case.
func (o Operator) IgnoreCase() bool {
	return o.Base == StringEqualsIgnoreCase || o.Base == StringNotEqualsIgnoreCase
}

// String renders the operator in the documentation's spelling ("" for an
// unknown operator).
func (o Operator) String() string {
	if !o.Known() {
		return ""
	}
	s := o.Base.String()
	if o.IfExists {
		s += "IfExists"
	}
	switch o.Set {
	case ForAnyValue:
		s = "ForAnyValue:" + s
	case ForAllValues:
		s = "ForAllValues:" + s
	}
	return s
}
