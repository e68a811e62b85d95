package eval

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"strings"
)

// The tables embedded at development time (syntaxtable.go,
// quietplans.go) share one layout:
//
//	magic, uvarint count, then count times: 32-byte key, an entry
//
// where each table says what an entry is.

// indexKeyed finds the entries of a table opened by magic (what names
// it in errors): entry reads one entry from r and returns its bytes,
// false when they are damaged. The entries are substrings of data.
func indexKeyed(data, magic, what string, entry func(r *tableReader) (string, bool)) (map[[sha256.Size]byte]string, error) {
	rest, ok := strings.CutPrefix(data, magic)
	if !ok {
		return nil, errors.New("not a " + what)
	}
	errDamaged := errors.New("a damaged " + what)
	r := tableReader{rest: rest}
	count, ok := r.uvarint()
	if !ok || count > uint64(len(r.rest)) {
		return nil, errDamaged
	}
	entries := make(map[[sha256.Size]byte]string, count)
	for range count {
		if len(r.rest) < sha256.Size {
			return nil, errDamaged
		}
		var key [sha256.Size]byte
		copy(key[:], r.rest)
		r.rest = r.rest[sha256.Size:]
		e, ok := entry(&r)
		if !ok {
			return nil, errDamaged
		}
		entries[key] = e
	}
	if len(r.rest) != 0 || len(entries) != int(count) {
		return nil, errDamaged
	}
	return entries, nil
}

// tableReader reads the uvarints and strings of an embedded table.
type tableReader struct{ rest string }

// uvarint reads a uvarint; false when the table ends inside one.
func (r *tableReader) uvarint() (uint64, bool) {
	n, w := binary.Uvarint([]byte(r.rest[:min(len(r.rest), binary.MaxVarintLen64)]))
	if w <= 0 {
		return 0, false
	}
	r.rest = r.rest[w:]
	return n, true
}

// str reads a uvarint length and that many bytes; false when the table
// is shorter.
func (r *tableReader) str() (string, bool) {
	n, ok := r.uvarint()
	if !ok || n > uint64(len(r.rest)) {
		return "", false
	}
	s := r.rest[:n]
	r.rest = r.rest[n:]
	return s, true
}
