package modsource

import (
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/go-version"
)

// ModelFilePrefix starts the file names of stand-in code: positions in
// them are never reported (anchorModel moves them into the user's file).
const ModelFilePrefix = "faultline-model:"

// IsModelFile reports whether a file name (as parsed or reported) is the
// code of a stand-in.
func IsModelFile(name string) bool { return strings.HasPrefix(name, ModelFilePrefix) }

// ModelDir is one version directory of a stand-in.
type ModelDir struct {
	// Dir is the directory in models.FS.
	Dir string
	// Span are the versions it models.
	Span VersionRange
	// First is its version as named ("20.1.0").
	First string
}

// ModelIndex lists the version directories of each modelled module, by
// key ("terraform-aws-modules/eks/aws" or "…/aws//modules/karpenter"),
// oldest first.
type ModelIndex map[string][]ModelDir

// BuildModelIndex walks the embedded stand-ins.
func BuildModelIndex(fsys fs.FS) ModelIndex {
	type found struct {
		v   *version.Version
		dir string
	}
	byKey := map[string][]found{}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		base := path.Base(p)
		if !strings.HasPrefix(base, "v") {
			return nil
		}
		v, verr := version.NewVersion(base[1:])
		if verr != nil || v.Prerelease() != "" {
			return nil
		}
		parts := strings.Split(path.Dir(p), "/")
		if len(parts) < 4 {
			return nil
		}
		key := strings.Join(parts[:3], "/")
		if sub := strings.Join(parts[3:], "/"); sub != "_root" {
			key += "//" + sub
		}
		byKey[key] = append(byKey[key], found{v, p})
		return fs.SkipDir
	})
	ix := ModelIndex{}
	for key, fs := range byKey {
		sort.Slice(fs, func(i, j int) bool { return fs[i].v.LessThan(fs[j].v) })
		for i, f := range fs {
			hi := nextMajor(f.v)
			if i+1 < len(fs) {
				hi = fs[i+1].v
			}
			ix[key] = append(ix[key], ModelDir{Dir: f.dir, First: f.v.String(), Span: VersionRange{Lo: VersionBound{Version: f.v, Inclusive: true}, Hi: VersionBound{Version: hi}}})
		}
	}
	return ix
}

// newer is the first version of the newest directory any module of
// package pkg (its root or a submodule) is modelled at, when that is at
// or past hi; "" otherwise.
func (ix ModelIndex) newer(pkg string, hi VersionBound) string {
	if hi.Version == nil {
		return ""
	}
	var best *version.Version
	for key, dirs := range ix {
		if k, _, _ := strings.Cut(key, "//"); k != pkg || len(dirs) == 0 {
			continue
		}
		v := dirs[len(dirs)-1].Span.Lo.Version
		if v != nil && !v.LessThan(hi.Version) && (best == nil || v.GreaterThan(best)) {
			best = v
		}
	}
	if best == nil {
		return ""
	}
	return best.String()
}

// nextMajor is the first version of the next major version.
func nextMajor(v *version.Version) *version.Version {
	s := v.Segments()
	n, _ := version.NewVersion(strconv.Itoa(s[0]+1) + ".0.0")
	return n
}

// ModelKey names the module a registry or git source calls, as the
// index keys it ("terraform-aws-modules/eks/aws//modules/karpenter"), and
// the version a git ref pins ("" when none); ok is false for sources that
// name no registry module (local paths, private registry hosts, other
// repositories). Registry addresses on registry.terraform.io and
// registry.opentofu.org name the same module.
func ModelKey(src string) (key, ref string, ok bool) {
	if a, isRegistry := parseRegistrySource(src); isRegistry {
		return a.key(), "", a.public()
	}
	s := normalSource(src)
	if i := strings.Index(s, "?"); i >= 0 {
		for _, kv := range strings.Split(s[i+1:], "&") {
			if r, found := strings.CutPrefix(kv, "ref="); found {
				ref = r
			}
		}
		s = s[:i]
	}
	repo, sub, _ := strings.Cut(s, "//")
	parts := strings.Split(repo, "/")
	if len(parts) != 3 || parts[0] != "github.com" {
		return "", "", false
	}
	// github.com/<owner>/terraform-<provider>-<name>
	rest, found := strings.CutPrefix(parts[2], "terraform-")
	provider, name, dash := strings.Cut(rest, "-")
	if !found || !dash || provider == "" || name == "" {
		return "", "", false
	}
	key = parts[1] + "/" + name + "/" + provider
	// "//." (Terragrunt writes it to mark the repository's root) names
	// the root module, as no subdirectory does.
	if sub := path.Clean(strings.Trim(sub, "/")); sub != "." {
		key += "//" + sub
	}
	return key, ref, true
}

// ChooseModel picks the version directory of key that a call with the
// given allowed versions is evaluated from: the one directory the
// versions allow (proven); else the newest allowed, with why it is
// assumed and, when a constraint allows several, the other allowed
// directories (alts: what they model differently is inferred). It says
// why not when no directory is allowed. A submodule called from a
// stand-in (nested) is looked up within the versions its caller is
// modelled at.
func (ix ModelIndex) ChooseModel(key string, allowed VersionRange, constraint string, nested bool) (chosen ModelDir, alts []ModelDir, assumed, why string) {
	dirs := ix[key]
	if len(dirs) == 0 {
		return ModelDir{}, nil, "", "no built-in model of " + key
	}
	var ok []ModelDir
	for _, d := range dirs {
		if !d.Span.Intersect(allowed).Empty() {
			ok = append(ok, d)
		}
	}
	switch {
	case len(ok) == 0 && nested:
		return ModelDir{}, nil, "", "the built-in model of " + key + " does not cover the version its caller is modelled at"
	case len(ok) == 0:
		return ModelDir{}, nil, "", "the built-in model of " + key + " covers " + VersionRange{Lo: dirs[0].Span.Lo, Hi: dirs[len(dirs)-1].Span.Hi}.Label() + "; the call asks for " + constraint
	case len(ok) == 1 && (constraint != "" || nested):
		return ok[0], nil, "", ""
	case constraint == "" && !nested:
		last := ok[len(ok)-1]
		if pkg, _, sub := strings.Cut(key, "//"); sub && ix.newer(pkg, last.Span.Hi) != "" {
			// The package has a newer major this submodule's model does
			// not reach: init installs that, where the submodule may be
			// gone or renamed.
			return last, nil, "no version constraint: terraform init installs the newest release (v" + ix.newer(pkg, last.Span.Hi) + " or later of " + pkg + "), which the built-in model of this submodule does not reach, and where it may be gone or renamed; its model of v" + last.First + " and later in that major is assumed", ""
		}
		return last, nil, "no version constraint: the newest modelled version is assumed", ""
	}
	last := ok[len(ok)-1]
	return last, ok[:len(ok)-1], "the constraint " + constraintText(constraint) + " allows versions that model differently", ""
}

func constraintText(c string) string {
	if c == "" {
		return "of its caller"
	}
	return c
}

// EKSModule is the terraform-aws-modules EKS module, the one whose
// submodules registry.go reads from the call (see RegistryModule).
const EKSModule = "terraform-aws-modules/eks/aws"

// RegistryModule names a known registry module and its subdirectory
// ("terraform-aws-modules/eks/aws", "modules/aws-auth"), or "" when the
// source is another module: a registry address on the public namespace
// (either host) or the module's GitHub repository, read by modelKey.
func RegistryModule(src string) (name, sub string) {
	key, _, ok := ModelKey(src)
	if !ok {
		return "", ""
	}
	name, sub, _ = strings.Cut(key, "//")
	if name != EKSModule {
		return "", ""
	}
	return name, sub
}

// ModelledModule reports whether the call's inputs are read here, for a
// submodule call no built-in stand-in answers (models.go).
func ModelledModule(src string) bool {
	name, sub := RegistryModule(src)
	return name == EKSModule && (sub == "modules/aws-auth" || sub == "modules/karpenter")
}
