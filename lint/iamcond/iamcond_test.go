package iamcond

import "testing"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in        string
		want      Operator
		canonical string
	}{
		{"StringEquals", Operator{Base: StringEquals}, "StringEquals"},
		{"stringlike", Operator{Base: StringLike}, "StringLike"},
		{"ForAnyValue:StringLike", Operator{Set: ForAnyValue, Base: StringLike}, "ForAnyValue:StringLike"},
		{"forallvalues:StringEqualsIgnoreCase", Operator{Set: ForAllValues, Base: StringEqualsIgnoreCase}, "ForAllValues:StringEqualsIgnoreCase"},
		{"StringLikeIfExists", Operator{Base: StringLike, IfExists: true}, "StringLikeIfExists"},
		{"ForAllValues:ArnNotLikeIfExists", Operator{Set: ForAllValues, Base: ArnNotLike, IfExists: true}, "ForAllValues:ArnNotLikeIfExists"},
		{"NotIpAddress", Operator{Base: NotIPAddress}, "NotIpAddress"},
		{"NumericGreaterThanEqualsIfExists", Operator{Base: NumericGreaterThanEquals, IfExists: true}, "NumericGreaterThanEqualsIfExists"},
		{"Null", Operator{Base: Null}, "Null"},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if s := got.String(); s != c.canonical {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, s, c.canonical)
		}
	}
	for _, bad := range []string{"", "StringLikes", "StringsEquals", "StringEqual", "ForAnyValues:StringLike", "ForAnyValue:", "NullIfExists", "IfExists", "StringLikeIfExistsIfExists", "${var.test}", "Not:StringLike"} {
		if got, err := Parse(bad); err == nil || got.Known() {
			t.Errorf("Parse(%q) = %+v, %v; want an error and an unknown operator", bad, got, err)
		}
	}
}

func TestProperties(t *testing.T) {
	for _, c := range []struct {
		op                  string
		negated, wild, fold bool
		family              Family
	}{
		{"StringEquals", false, false, false, FamilyString},
		{"StringNotEquals", true, false, false, FamilyString},
		{"StringEqualsIgnoreCase", false, false, true, FamilyString},
		{"StringNotEqualsIgnoreCase", true, false, true, FamilyString},
		{"StringLike", false, true, false, FamilyString},
		{"StringNotLike", true, true, false, FamilyString},
		{"ArnEquals", false, true, false, FamilyARN},
		{"ArnNotLike", true, true, false, FamilyARN},
		{"NumericLessThan", false, false, false, FamilyNumeric},
		{"DateNotEquals", true, false, false, FamilyDate},
		{"Bool", false, false, false, FamilyBool},
		{"BinaryEquals", false, false, false, FamilyBinary},
		{"IpAddress", false, false, false, FamilyIP},
		{"NotIpAddress", true, false, false, FamilyIP},
		{"Null", false, false, false, FamilyNull},
	} {
		o, err := Parse(c.op)
		if err != nil {
			t.Fatal(err)
		}
		if o.Negated() != c.negated || o.Wildcards() != c.wild || o.IgnoreCase() != c.fold || o.Base.Family() != c.family {
			t.Errorf("%s: negated %v wildcards %v ignore case %v family %v; want %v %v %v %v",
				c.op, o.Negated(), o.Wildcards(), o.IgnoreCase(), o.Base.Family(), c.negated, c.wild, c.fold, c.family)
		}
	}
	var zero Operator
	if zero.Known() || zero.Negated() || zero.Wildcards() || zero.Base.Family() != FamilyUnknown || zero.String() != "" {
		t.Error("the zero operator must be unknown and have no property")
	}
}

// TestEveryBaseRoundTrips: each listed name parses to itself, alone, with
// IfExists (but Null) and under both set operators.
func TestEveryBaseRoundTrips(t *testing.T) {
	for b := StringEquals; b <= Null; b++ {
		forms := []string{b.String(), "ForAnyValue:" + b.String(), "ForAllValues:" + b.String()}
		if b != Null {
			forms = append(forms, b.String()+"IfExists")
		}
		for _, f := range forms {
			o, err := Parse(f)
			if err != nil || o.Base != b || o.String() != f {
				t.Errorf("Parse(%q) = %+v (%q), %v", f, o, o.String(), err)
			}
		}
	}
	if Base(-1).String() != "" || Base(len(names)).String() != "" {
		t.Error("out-of-range bases have no name")
	}
}
