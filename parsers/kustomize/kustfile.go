package kustomize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/yamlpos"
)

// kustFileNames are the names kustomize recognises, in its order.
var kustFileNames = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

// maxFileSize bounds one file read into a kustomization tree.
const maxFileSize = 8 << 20

// kustomization is one parsed kustomization file.
type kustomization struct {
	dir  string // absolute directory
	real string // dir with symlinks resolved
	file string // absolute path of the file
	// outside names a kustomization file that is a symlink out of the tree.
	outside string
	data    []byte
	doc     *yaml.Node // document node
	top     *yaml.Node // top-level mapping (nil when the file is not one)
	err     error      // read or parse error
	errLine int        // the line err is at, when it is not a YAML error
	aliases int64      // nodes its aliases added when expanded
	// builds counts the kustomizations krusty builds for this one (itself
	// and, once per path, every base and component below it); weight the
	// input bytes those builds read.
	builds int
	weight int64
}

// component reports whether the file is a kind: Component.
func (k *kustomization) component() bool {
	return str(get(k.top, "kind")) == "Component"
}

// readKust reads and parses the kustomization file in dir.
func readKust(src source, dir string) *kustomization {
	k := &kustomization{dir: dir, real: src.real(dir), builds: 1}
	k.file, k.outside = src.kustFile(dir)
	if k.file == "" {
		k.err = errors.New("no kustomization file")
		return k
	}
	k.data, k.err = src.read(k.file, maxFileSize)
	if k.err != nil {
		return k
	}
	k.weight = int64(len(k.data))
	d, shared := src.cache.kustDoc(k.file, k.data)
	d.into(k, shared)
	return k
}

// kustDoc is what reading a kustomization file's content gives, before
// any build rewrites it.
type kustDoc struct {
	doc, top *yaml.Node
	err      error
	errLine  int
	aliases  int64
}

// parseKustDoc parses a kustomization file's content: aliases expanded
// (bounded), keys in their canonical spelling.
func parseKustDoc(data []byte) kustDoc {
	var d kustDoc
	d.doc, d.top, d.err = parseKust(data)
	if d.err != nil {
		// A block collection that cannot go on: at the token that stopped it.
		d.errLine, _, _, _ = yamlpos.ErrorAt(data, d.err.Error())
	}
	if d.err != nil || d.top == nil {
		return d
	}
	// krusty reads entries through aliases too: expand them so every entry
	// is vetted where it is used (bounded first, as krusty would not be).
	if d.aliases, d.errLine, d.err = measureAliases(data, maxAliasNodes); d.err != nil {
		return d
	}
	if d.aliases > 0 {
		expandAliases(d.doc)
	}
	if err := canonicalKeys(d.top, kustomizationType, 0); err != nil {
		d.err = err
		var ke keyError
		if errors.As(err, &ke) {
			d.errLine = ke.line
		}
	}
	return d
}

// into sets what d says on k; a shared d's document is copied (a build
// rewrites it).
func (d kustDoc) into(k *kustomization, shared bool) {
	k.err, k.errLine, k.aliases = d.err, d.errLine, d.aliases
	if d.doc == nil || !shared {
		k.doc, k.top = d.doc, d.top
		return
	}
	k.doc = cloneTree(d.doc)
	if d.top != nil {
		k.top = k.doc.Content[0]
	}
}

// cloneTree is a deep copy of n whose aliases point into the copy.
func cloneTree(n *yaml.Node) *yaml.Node {
	var aliases []*yaml.Node
	var walk func(n *yaml.Node, seen map[*yaml.Node]*yaml.Node) *yaml.Node
	walk = func(n *yaml.Node, seen map[*yaml.Node]*yaml.Node) *yaml.Node {
		c := *n
		if seen != nil {
			seen[n] = &c
		}
		if c.Kind == yaml.AliasNode {
			aliases = append(aliases, &c)
		}
		if n.Content != nil {
			c.Content = make([]*yaml.Node, len(n.Content))
			for i, x := range n.Content {
				c.Content[i] = walk(x, seen)
			}
		}
		return &c
	}
	out := walk(n, nil)
	if len(aliases) == 0 {
		return out
	}
	seen := map[*yaml.Node]*yaml.Node{}
	aliases = nil
	out = walk(n, seen)
	for _, a := range aliases {
		if t, ok := seen[a.Alias]; ok {
			a.Alias = t
		}
	}
	return out
}

// expandAliases replaces every alias below n by a copy of the node it
// names, in document order (so the copy holds no aliases itself). The
// aliases were measured: no loops, a bounded expansion.
func expandAliases(n *yaml.Node) {
	for i, c := range n.Content {
		if c.Kind == yaml.AliasNode && c.Alias != nil {
			c = copyNode(c.Alias)
			n.Content[i] = c
		}
		expandAliases(c)
	}
	n.Anchor = ""
}

// copyNode is a deep copy of n.
func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = copyNode(x)
	}
	return &c
}

// real is p with symlinks resolved (the directories on the way once per
// run, by the tree), or p cleaned.
func (s source) real(p string) string {
	if r, err := s.tree.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// parseKust parses a kustomization file into its document and top-level
// mapping.
func parseKust(data []byte) (doc, top *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal parser error: %v", r)
		}
	}()
	var d yaml.Node
	if err := yaml.Unmarshal(data, &d); err != nil {
		return nil, nil, err
	}
	if d.Kind != yaml.DocumentNode || len(d.Content) == 0 {
		// An empty file: kustomize reports it as empty.
		return &d, nil, nil
	}
	if d.Content[0].Kind != yaml.MappingNode {
		return &d, nil, errors.New("a kustomization must be a YAML mapping")
	}
	return &d, d.Content[0], nil
}

// get returns the value of key in mapping m.
func get(m *yaml.Node, key string) *yaml.Node {
	_, v := getPair(m, key)
	return v
}

// getPair returns the key and value nodes of key in mapping m.
func getPair(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// str returns the scalar text of n, or "".
func str(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return n.Value
}

// removeItem removes item from sequence seq (by identity).
func removeItem(seq, item *yaml.Node) {
	seq.Content = slices.DeleteFunc(seq.Content, func(n *yaml.Node) bool { return n == item })
}

// removeKey removes the entry whose key node is key from mapping m.
func removeKey(m, key *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i] == key {
			m.Content = append(m.Content[:i], m.Content[i+2:]...)
			return
		}
	}
}

// setKey sets key in mapping m to v, adding the entry when missing.
func setKey(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
}

// refKind says what a path written in a kustomization may name.
type refKind int

const (
	// refResource is a file or a kustomization directory (resources, bases).
	refResource refKind = iota
	// refDir is a kustomization directory (components).
	refDir
	// refFile is a file (patch paths, generator files, crds, …).
	refFile
	// refAny is a file, a kustomization directory or inline YAML
	// (generators, transformers, validators, patchesStrategicMerge).
	refAny
)

// ref is a path written in a kustomization file.
type ref struct {
	field string     // the kustomization field ("resources", "patches", …)
	value string     // the path as written
	node  *yaml.Node // the scalar holding it
	kind  refKind
	// remove drops the entry from the kustomization.
	remove func()
}

// isInline reports whether a refAny value is inline YAML rather than a path.
func (r ref) isInline() bool {
	v := strings.TrimSpace(r.value)
	return r.kind == refAny && (strings.Contains(v, "\n") || strings.Contains(v, ": ") ||
		strings.HasPrefix(v, "{") || strings.HasPrefix(v, "["))
}

// refs lists the paths a kustomization file names.
func (k *kustomization) refs() []ref {
	var out []ref
	if k.top == nil {
		return nil
	}
	scalars := func(field string, seq *yaml.Node, kind refKind) {
		if seq == nil || seq.Kind != yaml.SequenceNode {
			return
		}
		for _, it := range seq.Content {
			if s := str(it); s != "" {
				out = append(out, ref{field: field, value: s, node: it, kind: kind, remove: func() { removeItem(seq, it) }})
			}
		}
	}
	for i := 0; i+1 < len(k.top.Content); i += 2 {
		field, val := k.top.Content[i].Value, k.top.Content[i+1]
		switch field {
		case "resources", "bases":
			scalars(field, val, refResource)
		case "components":
			scalars(field, val, refDir)
		case "crds", "configurations":
			scalars(field, val, refFile)
		case "generators", "transformers", "validators", "patchesStrategicMerge":
			scalars(field, val, refAny)
		case "patches", "patchesJson6902", "replacements":
			if val.Kind != yaml.SequenceNode {
				continue
			}
			for _, it := range val.Content {
				if p := get(it, "path"); str(p) != "" {
					out = append(out, ref{field: field, value: p.Value, node: p, kind: refFile, remove: func() { removeItem(val, it) }})
				}
			}
		case "configMapGenerator", "secretGenerator":
			if val.Kind != yaml.SequenceNode {
				continue
			}
			for _, it := range val.Content {
				for _, key := range []string{"files", "envs"} {
					seq := get(it, key)
					if seq == nil || seq.Kind != yaml.SequenceNode {
						continue
					}
					for _, f := range seq.Content {
						s := str(f)
						if key == "files" {
							if _, after, ok := strings.Cut(s, "="); ok {
								s = after
							}
						}
						if s != "" {
							out = append(out, ref{field: field, value: s, node: f, kind: refFile, remove: func() { removeItem(seq, f) }})
						}
					}
				}
				if kn, e := getPair(it, "env"); str(e) != "" {
					out = append(out, ref{field: field, value: e.Value, node: e, kind: refFile, remove: func() { removeKey(it, kn) }})
				}
			}
		case "openapi":
			if kn, p := getPair(val, "path"); str(p) != "" {
				out = append(out, ref{field: field, value: p.Value, node: p, kind: refFile, remove: func() { removeKey(val, kn) }})
			}
		}
	}
	return out
}

var gitUser = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9-]*@`)

// isRemote reports whether kustomize would fetch s over the network: clone
// it with git (its repo-spec syntax: a URL scheme, user@host:, github.com/…)
// or download it over HTTP. It errs on the side of remote: krusty must never
// exec git or open a connection.
func isRemote(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	l = strings.TrimPrefix(l, "git::")
	switch {
	case strings.Contains(l, "://"),
		strings.HasPrefix(l, "http:"), strings.HasPrefix(l, "https:"),
		strings.HasPrefix(l, "ssh:"), strings.HasPrefix(l, "file:"),
		gitUser.MatchString(l),
		strings.HasPrefix(l, "github.com/"), strings.HasPrefix(l, "github.com:"),
		strings.Contains(l, "?ref="), strings.Contains(l, "?version="):
		return true
	}
	return false
}

// helmGeneratorKind is the builtin that would exec helm.
var helmGeneratorKind = regexp.MustCompile(`(?m)^\s*kind:\s*["']?HelmChartInflationGenerator["']?\s*$`)

// mayHoldHelmGenerator reports whether text has a line naming the kind
// HelmChartInflationGenerator (what is done about it is decided on parsed
// documents, or, for text that does not parse, on this). The literal test
// first spares the line scan of a large file that never names it.
func mayHoldHelmGenerator(text []byte) bool {
	return bytes.Contains(text, []byte("HelmChartInflationGenerator")) && helmGeneratorKind.Match(text)
}

// pluginPathKeys are the keys of builtin plugin configs that name files.
var pluginPathKeys = map[string]bool{"path": true, "paths": true, "files": true, "envs": true, "env": true, "valuesFile": true, "additionalValuesFiles": true}

// isPathKey reports whether a plugin config key names files; krusty
// decodes plugin configs through JSON, which ignores case.
func isPathKey(k string) bool {
	for p := range pluginPathKeys {
		if strings.EqualFold(p, k) {
			return true
		}
	}
	return false
}

// pluginDocs splits YAML that may hold builtin plugin configs into its
// documents. ok is false when it does not parse.
func pluginDocs(data []byte) (docs []*yaml.Node, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			docs, ok = nil, false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var d yaml.Node
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return docs, true
		}
		if err != nil {
			return docs, false
		}
		docs = append(docs, &d)
	}
}

// docRoot returns the content of a document node.
func docRoot(d *yaml.Node) *yaml.Node {
	if d != nil && d.Kind == yaml.DocumentNode && len(d.Content) > 0 {
		return d.Content[0]
	}
	return d
}

// pluginPaths returns the file paths a builtin plugin config names.
func pluginPaths(doc *yaml.Node) []string {
	var out []string
	m := docRoot(doc)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > 8 {
			return
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i].Value, n.Content[i+1]
				if isPathKey(k) {
					if s := str(v); s != "" {
						out = append(out, s)
					}
					if v.Kind == yaml.SequenceNode {
						for _, it := range v.Content {
							s := str(it)
							if _, after, ok := strings.Cut(s, "="); ok && strings.EqualFold(k, "files") {
								s = after
							}
							if s != "" {
								out = append(out, s)
							}
						}
					}
					continue
				}
				walk(v, depth+1)
			}
		case yaml.SequenceNode:
			for _, it := range n.Content {
				walk(it, depth+1)
			}
		}
	}
	walk(m, 0)
	return out
}

// kindOf returns a document's kind.
func kindOf(doc *yaml.Node) string { return str(get(docRoot(doc), "kind")) }

// isBuiltinPlugin reports whether a document configures a kustomize builtin
// plugin (apiVersion: builtin).
func isBuiltinPlugin(doc *yaml.Node) bool {
	return str(get(docRoot(doc), "apiVersion")) == "builtin"
}

// IsKustomizationFile reports whether path names a kustomization file
// (kustomization.yaml, kustomization.yml or Kustomization).
func IsKustomizationFile(path string) bool {
	return slices.Contains(kustFileNames, filepath.Base(path))
}
