package eval

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"strings"

	"github.com/faultline-dev/faultline/internal/hclwire"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// SyntaxCache keeps the syntax trees of module directories between runs
// (internal/hclwire): a root evaluated again after an edit reads back the
// modules it calls instead of parsing them, which is several times
// dearer. (The built-in stand-ins' trees are embedded, syntaxtable.go:
// the cache is used for a stand-in only when its files are not the ones
// embedded.) An entry is addressed by
// the names and contents of a directory's configuration files
// (syntaxKey): the same files anywhere give the same trees but for the
// file names in their ranges, which are the reader's own.
type SyntaxCache interface {
	// LoadSyntax is what KeepSyntax kept under key, if anything.
	LoadSyntax(key [sha256.Size]byte) ([]byte, bool)
	// KeepSyntax offers the encoded trees of the files key names.
	KeepSyntax(key [sha256.Size]byte, data []byte)
}

// sourceFile is one configuration file of a module directory, read: its
// name in the directory, the path its ranges carry, its bytes, or why it
// could not be read.
type sourceFile struct {
	name, path string
	src        []byte
	readDiags  hcl.Diagnostics
}

// addSources parses the files of m, in order. A directory whose files all
// read and are all in the native syntax is first looked up in table (the
// stand-ins' trees encoded at development time, syntaxtable.go), which
// is read only, then in sc: an entry that decodes is read back instead of
// parsing. Otherwise, with sc, a directory whose files all parse without
// a diagnostic is kept. A directory holding a JSON file, a file it could
// not read or one that does not parse cleanly is parsed on every run,
// exactly as without a cache.
func (m *Module) addSources(files []sourceFile, table *syntaxTable, sc SyntaxCache) {
	var key [sha256.Size]byte
	keyable := len(files) > 0
	for _, f := range files {
		keyable = keyable && f.readDiags == nil && !strings.HasSuffix(f.name, ".json")
	}
	if keyable && (table != nil || sc != nil) {
		key = syntaxKey(files)
		if data, ok := table.LoadSyntax(key); ok && m.addDecoded(files, data) {
			return
		}
		if sc != nil {
			if data, ok := sc.LoadSyntax(key); ok && m.addDecoded(files, data) {
				return
			}
		}
	}
	keepable := keyable && sc != nil
	p := hclparse.NewParser()
	bodies := make([]*hclsyntax.Body, 0, len(files))
	for _, f := range files {
		if f.readDiags != nil {
			m.addParsed(f.path, nil, f.readDiags, isOverride(f.name))
			continue
		}
		if why, locked := lockedfile.Why(f.src); locked {
			m.refused = append(m.refused, refusal{f.path, errors.New("it is " + why)})
			continue
		}
		pf, diags := parseSource(p, f.path, f.src)
		if diags.HasErrors() {
			var template bool
			if template, diags = templateDiags(f, diags); template {
				m.refused = append(m.refused, refusal{f.path, errTemplate})
				continue
			}
		}
		m.addParsed(f.path, pf, diags, isOverride(f.name))
		if pf == nil || len(diags) > 0 {
			continue
		}
		if b, ok := pf.Body.(*hclsyntax.Body); ok {
			bodies = append(bodies, b)
		}
	}
	if keepable && len(bodies) == len(files) {
		if data, err := encodeSyntax(files, bodies); err == nil {
			sc.KeepSyntax(key, data)
		}
	}
}

// addDecoded adds the files' trees decoded from data, or nothing and
// false when data does not decode for them.
func (m *Module) addDecoded(files []sourceFile, data []byte) bool {
	bodies, err := decodeSyntax(data, files)
	if err != nil {
		return false
	}
	for i, f := range files {
		m.addParsed(f.path, &hcl.File{Body: bodies[i], Bytes: f.src}, nil, isOverride(f.name))
	}
	return true
}

// syntaxKey digests the files' names and contents.
func syntaxKey(files []sourceFile) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte("faultline module syntax\n"))
	for _, f := range files {
		fmt.Fprintf(h, "%d %s %d\n", len(f.name), f.name, len(f.src))
		h.Write(f.src)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// encodeSyntax writes the trees of a directory's files: their number,
// then each file's name and encoded body.
func encodeSyntax(files []sourceFile, bodies []*hclsyntax.Body) ([]byte, error) {
	out := binary.AppendUvarint(nil, uint64(len(files)))
	for i, f := range files {
		data, err := hclwire.Encode(bodies[i], f.path)
		if err != nil {
			return nil, fmt.Errorf("syntax of %s: %w", f.path, err)
		}
		out = binary.AppendUvarint(out, uint64(len(f.name)))
		out = append(out, f.name...)
		out = binary.AppendUvarint(out, uint64(len(data)))
		out = append(out, data...)
	}
	return out, nil
}

// decodeSyntax reads what encodeSyntax wrote for files of the same names,
// each body's ranges in its file's path.
func decodeSyntax(data []byte, files []sourceFile) ([]*hclsyntax.Body, error) {
	errDamaged := fmt.Errorf("a damaged syntax entry")
	next := func() ([]byte, error) {
		n, w := binary.Uvarint(data)
		if w <= 0 || n > uint64(len(data)-w) {
			return nil, errDamaged
		}
		item := data[w : w+int(n)]
		data = data[w+int(n):]
		return item, nil
	}
	n, w := binary.Uvarint(data)
	if w <= 0 || n != uint64(len(files)) {
		return nil, fmt.Errorf("a syntax entry of another file list")
	}
	data = data[w:]
	bodies := make([]*hclsyntax.Body, len(files))
	for i, f := range files {
		name, err := next()
		if err != nil {
			return nil, err
		}
		if string(name) != f.name {
			return nil, fmt.Errorf("a syntax entry of another file list")
		}
		enc, err := next()
		if err != nil {
			return nil, err
		}
		if bodies[i], err = hclwire.Decode(enc, f.path); err != nil {
			return nil, fmt.Errorf("syntax of %s: %w", f.path, err)
		}
	}
	if len(data) != 0 {
		return nil, errDamaged
	}
	return bodies, nil
}

// errTemplate is why a template of Terraform (a Backstage or cookiecutter
// skeleton) is not read.
var errTemplate = errors.New("it is a template: it holds {{ … }}, {% … %} or <% … %> tags filled in before it is Terraform")

// templateDiags tells whether f, which did not parse, is a template: it
// parses once its template tags are blanked (templatetext.Blanked). When
// it still does not, the errors of the blanked parse are f's own, at
// their places in f (the tags hid them, or made errors of their own);
// when f holds no tag, diags are returned as they are.
func templateDiags(f sourceFile, diags hcl.Diagnostics) (bool, hcl.Diagnostics) {
	if strings.HasSuffix(f.name, ".json") {
		return false, diags
	}
	blank, ok := templatetext.Blanked(f.src)
	if !ok {
		return false, diags
	}
	_, bd := parseSource(hclparse.NewParser(), f.path, blank)
	if !bd.HasErrors() {
		return true, nil
	}
	return false, bd
}
