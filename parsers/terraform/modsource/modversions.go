package modsource

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/go-version"
)

// VersionBound is one end of a version range; a nil version is unbounded.
type VersionBound struct {
	Version   *version.Version
	Inclusive bool
}

// String renders the bound as a key: "" when unbounded, else the version
// and "]" when it is included.
func (b VersionBound) String() string {
	if b.Version == nil {
		return ""
	}
	if b.Inclusive {
		return b.Version.String() + "]"
	}
	return b.Version.String()
}

// VersionRange is the versions between lo and hi.
type VersionRange struct{ Lo, Hi VersionBound }

// AnyVersion allows every version.
var AnyVersion = VersionRange{}

// Intersect is the versions both ranges allow.
func (r VersionRange) Intersect(o VersionRange) VersionRange {
	out := r
	if o.Lo.Version != nil && (out.Lo.Version == nil || o.Lo.Version.GreaterThan(out.Lo.Version) || o.Lo.Version.Equal(out.Lo.Version) && !o.Lo.Inclusive) {
		out.Lo = o.Lo
	}
	if o.Hi.Version != nil && (out.Hi.Version == nil || o.Hi.Version.LessThan(out.Hi.Version) || o.Hi.Version.Equal(out.Hi.Version) && !o.Hi.Inclusive) {
		out.Hi = o.Hi
	}
	return out
}

// Empty reports whether the range allows no version.
func (r VersionRange) Empty() bool {
	if r.Lo.Version == nil || r.Hi.Version == nil {
		return false
	}
	if r.Lo.Version.Equal(r.Hi.Version) {
		return !(r.Lo.Inclusive && r.Hi.Inclusive)
	}
	return r.Lo.Version.GreaterThan(r.Hi.Version)
}

var constraintPart = regexp.MustCompile(`^\s*(<=|>=|!=|~>|<|>|=|)\s*v?(` + version.VersionRegexpRaw + `)\s*$`)

// ParseConstraint reads a version constraint ("~> 20.0", ">= 19, < 21",
// "20.8.4") as the range it allows; `!=` parts exclude one version only
// and are ignored. ok is false when the constraint cannot be read.
func ParseConstraint(c string) (VersionRange, bool) {
	r := AnyVersion
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
		var p VersionRange
		switch m[1] {
		case "", "=":
			p = VersionRange{Lo: VersionBound{v, true}, Hi: VersionBound{v, true}}
		case "!=":
			continue
		case ">":
			p = VersionRange{Lo: VersionBound{v, false}}
		case ">=":
			p = VersionRange{Lo: VersionBound{v, true}}
		case "<":
			p = VersionRange{Hi: VersionBound{v, false}}
		case "<=":
			p = VersionRange{Hi: VersionBound{v, true}}
		case "~>":
			p = VersionRange{Lo: VersionBound{v, true}, Hi: VersionBound{pessimisticEnd(m[2], v), false}}
		}
		r = r.Intersect(p)
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

// CallVersions are the versions a call may install: its version
// constraint as written, or the version a git ref names (exact); constraint is the
// text the messages quote ("" when nothing restricts the version).
func CallVersions(written, ref string) (allowed VersionRange, constraint string, ok bool) {
	if written != "" {
		r, ok := ParseConstraint(written)
		return r, written, ok
	}
	if ref != "" && !IsCommitRef(ref) {
		// A commit hash that starts with digits parses as a version
		// (1123456789abcdef… as 1123456789.0.0-abcdef…): not one.
		if v, err := version.NewVersion(strings.TrimPrefix(ref, "v")); err == nil {
			return VersionRange{Lo: VersionBound{v, true}, Hi: VersionBound{v, true}}, "ref=" + ref, true
		}
	}
	return AnyVersion, "", true
}

// IsCommitRef reports whether a git source's ref is a commit hash (7 to
// 40 hexadecimal digits) rather than a tag or a branch: the call is
// pinned to that commit, whatever release it belongs to.
func IsCommitRef(ref string) bool {
	if len(ref) < 7 || len(ref) > 40 {
		return false
	}
	for _, r := range ref {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}

// Label names the versions of r for a message, as a reader expects a
// version to be written: "v19.21.0" (one version), "v19.x" (a whole
// major), "v19.12.0 and later v19.x" (to the end of a major), "v20.0.0
// to before v20.33.0", "v5.0.0 and later", "any version".
func (r VersionRange) Label() string {
	lo, hi := r.Lo, r.Hi
	switch {
	case lo.Version == nil && hi.Version == nil:
		return "any version"
	case lo.Version == nil:
		if hi.Inclusive {
			return "v" + hi.Version.String() + " and earlier"
		}
		return "before v" + hi.Version.String()
	case hi.Version == nil:
		return "v" + lo.Version.String() + " and later"
	case lo.Inclusive && hi.Inclusive && lo.Version.Equal(hi.Version):
		return "v" + lo.Version.String()
	}
	major := strconv.Itoa(lo.Version.Segments()[0])
	if !hi.Inclusive && hi.Version.Equal(nextMajor(lo.Version)) {
		if s := lo.Version.Segments(); lo.Inclusive && s[1] == 0 && s[2] == 0 {
			return "v" + major + ".x"
		}
		return lowLabel(lo) + " and later v" + major + ".x"
	}
	if hi.Inclusive {
		return lowLabel(lo) + " to v" + hi.Version.String()
	}
	return lowLabel(lo) + " to before v" + hi.Version.String()
}

// lowLabel names a lower bound: "v19.12.0", or "after v19.12.0".
func lowLabel(b VersionBound) string {
	if b.Inclusive {
		return "v" + b.Version.String()
	}
	return "after v" + b.Version.String()
}
