package terraform

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/go-version"
)

// vbound is one end of a version range; a nil version is unbounded.
type vbound struct {
	v    *version.Version
	incl bool
}

// String renders the bound as a key: "" when unbounded, else the version
// and "]" when it is included.
func (b vbound) String() string {
	if b.v == nil {
		return ""
	}
	if b.incl {
		return b.v.String() + "]"
	}
	return b.v.String()
}

// vrange is the versions between lo and hi.
type vrange struct{ lo, hi vbound }

// anyVersion allows every version.
var anyVersion = vrange{}

// intersect is the versions both ranges allow.
func (r vrange) intersect(o vrange) vrange {
	out := r
	if o.lo.v != nil && (out.lo.v == nil || o.lo.v.GreaterThan(out.lo.v) || o.lo.v.Equal(out.lo.v) && !o.lo.incl) {
		out.lo = o.lo
	}
	if o.hi.v != nil && (out.hi.v == nil || o.hi.v.LessThan(out.hi.v) || o.hi.v.Equal(out.hi.v) && !o.hi.incl) {
		out.hi = o.hi
	}
	return out
}

// empty reports whether the range allows no version.
func (r vrange) empty() bool {
	if r.lo.v == nil || r.hi.v == nil {
		return false
	}
	if r.lo.v.Equal(r.hi.v) {
		return !(r.lo.incl && r.hi.incl)
	}
	return r.lo.v.GreaterThan(r.hi.v)
}

var constraintPart = regexp.MustCompile(`^\s*(<=|>=|!=|~>|<|>|=|)\s*v?(` + version.VersionRegexpRaw + `)\s*$`)

// parseConstraint reads a version constraint ("~> 20.0", ">= 19, < 21",
// "20.8.4") as the range it allows; `!=` parts exclude one version only
// and are ignored. ok is false when the constraint cannot be read.
func parseConstraint(c string) (vrange, bool) {
	r := anyVersion
	if strings.TrimSpace(c) == "" {
		return r, true
	}
	for _, part := range strings.Split(c, ",") {
		m := constraintPart.FindStringSubmatch(part)
		if m == nil {
			return r, false
		}
		v, err := version.NewVersion(m[2])
		if err != nil {
			return r, false
		}
		var p vrange
		switch m[1] {
		case "", "=":
			p = vrange{lo: vbound{v, true}, hi: vbound{v, true}}
		case "!=":
			continue
		case ">":
			p = vrange{lo: vbound{v, false}}
		case ">=":
			p = vrange{lo: vbound{v, true}}
		case "<":
			p = vrange{hi: vbound{v, false}}
		case "<=":
			p = vrange{hi: vbound{v, true}}
		case "~>":
			p = vrange{lo: vbound{v, true}, hi: vbound{pessimisticEnd(m[2], v), false}}
		}
		r = r.intersect(p)
	}
	return r, true
}

// pessimisticEnd is the first version `~> text` excludes: the next major
// for "20" and "20.1", the next minor for "20.1.4".
func pessimisticEnd(text string, v *version.Version) *version.Version {
	s := v.Segments()
	if strings.Count(strings.SplitN(text, "-", 2)[0], ".") >= 2 {
		n, _ := version.NewVersion(strconv.Itoa(s[0]) + "." + strconv.Itoa(s[1]+1) + ".0")
		return n
	}
	return nextMajor(v)
}

// callVersions are the versions a call may install: its version
// constraint, or the version a git ref names (exact); constraint is the
// text the messages quote ("" when nothing restricts the version).
func callVersions(c *moduleCall, ref string) (allowed vrange, constraint string, ok bool) {
	if c.version != "" {
		r, ok := parseConstraint(c.version)
		return r, c.version, ok
	}
	if ref != "" {
		if v, err := version.NewVersion(strings.TrimPrefix(ref, "v")); err == nil {
			return vrange{lo: vbound{v, true}, hi: vbound{v, true}}, "ref=" + ref, true
		}
	}
	return anyVersion, "", true
}
