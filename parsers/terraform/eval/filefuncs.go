package eval

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash"
	"path"
	"path/filepath"
	"sort"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// maxFileSetEntries bounds the directory entries fileset() walks.
const maxFileSetEntries = 20_000

// readBytes reads a file of the tree as bytes (filebase64, file hashes):
// never outside it, at most maxReadFile bytes.
func (e *FuncEnv) readBytes(p string) ([]byte, error) {
	abs, ok := e.Inside(p)
	if !ok {
		return nil, fmt.Errorf("%s is outside the scanned tree", p)
	}
	b, err := e.Tree.ReadFile(abs, maxReadFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return b, nil
}

// fileBytesFunc is a function of a file's bytes to a string: filebase64
// and the file hashes.
func (e *FuncEnv) fileBytesFunc(f func([]byte) string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if hasSentinel(p) {
				return cty.UnknownVal(cty.String), nil
			}
			b, err := e.readBytes(p)
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			return cty.StringVal(f(b)), nil
		},
	})
}

// hexHash and base64Hash print a digest of the bytes.
func hexHash(h func() hash.Hash) func([]byte) string {
	return func(b []byte) string {
		x := h()
		x.Write(b)
		return hex.EncodeToString(x.Sum(nil))
	}
}

func base64Hash(h func() hash.Hash) func([]byte) string {
	return func(b []byte) string {
		x := h()
		x.Write(b)
		return base64.StdEncoding.EncodeToString(x.Sum(nil))
	}
}

// fileFuncs are Terraform's functions of a file's bytes.
func (e *FuncEnv) fileFuncs() map[string]function.Function {
	return map[string]function.Function{
		"filebase64":       e.fileBytesFunc(base64.StdEncoding.EncodeToString),
		"filemd5":          e.fileBytesFunc(hexHash(md5.New)),
		"filesha1":         e.fileBytesFunc(hexHash(sha1.New)),
		"filesha256":       e.fileBytesFunc(hexHash(sha256.New)),
		"filesha512":       e.fileBytesFunc(hexHash(sha512.New)),
		"filebase64sha256": e.fileBytesFunc(base64Hash(sha256.New)),
		"filebase64sha512": e.fileBytesFunc(base64Hash(sha512.New)),
		"fileset":          e.fileSetFunc(),
	}
}

// fileSetFunc is Terraform's fileset(path, pattern): the regular files
// under path (inside the tree) whose path relative to it matches the glob
// pattern. A walk beyond maxFileSetEntries gives an unknown set.
func (e *FuncEnv) fileSetFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}, {Name: "pattern", Type: cty.String}},
		Type:   function.StaticReturnType(cty.Set(cty.String)),
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			base, pattern := args[0].AsString(), args[1].AsString()
			if hasSentinel(base) || hasSentinel(pattern) {
				return cty.UnknownVal(retType), nil
			}
			dir, ok := e.Inside(base)
			if !ok {
				return cty.UnknownVal(retType), fmt.Errorf("%s is outside the scanned tree", base)
			}
			pattern = path.Clean(filepath.ToSlash(pattern))
			if !doublestar.ValidatePattern(pattern) {
				return cty.UnknownVal(retType), fmt.Errorf("failed to glob pattern (%s): syntax error in pattern", pattern)
			}
			files, complete := e.walkFiles(dir)
			if !complete {
				return cty.UnknownVal(retType), nil
			}
			var out []cty.Value
			for _, f := range files {
				if doublestar.MatchUnvalidated(pattern, f) {
					out = append(out, cty.StringVal(f))
				}
			}
			if len(out) == 0 {
				return cty.SetValEmpty(cty.String), nil
			}
			return cty.SetVal(out), nil
		},
	})
}

// walkFiles lists the regular files below dir, relative to it with
// slashes; complete is false when the walk stopped at its bound.
func (e *FuncEnv) walkFiles(dir string) (files []string, complete bool) {
	seen := 0
	var walk func(abs, rel string) bool
	walk = func(abs, rel string) bool {
		ents, err := e.Tree.ReadDir(abs)
		if err != nil {
			return true // unreadable or outside: nothing from it
		}
		for _, ent := range ents {
			if seen++; seen > maxFileSetEntries {
				return false
			}
			r := path.Join(rel, ent.Name())
			a := filepath.Join(abs, ent.Name())
			switch {
			case e.Tree.IsDir(a):
				if !walk(a, r) {
					return false
				}
			case e.Tree.IsFile(a):
				files = append(files, r)
			}
		}
		return true
	}
	if e.Tree == nil {
		return nil, false
	}
	complete = walk(dir, "")
	sort.Strings(files)
	return files, complete
}
