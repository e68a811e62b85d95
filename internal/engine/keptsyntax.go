package engine

import (
	"crypto/sha256"

	"github.com/faultline-dev/faultline/internal/cache"
)

// The per-root cache also keeps the syntax trees of module directories
// (eval.SyntaxCache): a root evaluated again after an edit reads back the
// modules it calls instead of parsing them, which cost a quarter to a
// third of such a run (the built-in stand-ins come from a table embedded
// in the binary, and reach the store only when it lacks one). An entry
// is keyed by the build (its encoding is the build's) and by the digest
// of the directory's file names and contents, so copies of one module
// share it and an edited file is never answered by its old trees.

// syntaxKey is the store key of the trees eval digests to key.
func (k *keptRoots) syntaxKey(key [sha256.Size]byte) cache.Key {
	return cache.KeyOf([]byte("module-syntax"), []byte(k.build), key[:])
}

// LoadSyntax is the kept trees under key, if the store holds them.
func (k *keptRoots) LoadSyntax(key [sha256.Size]byte) ([]byte, bool) {
	data, ok := k.store.Get(k.syntaxKey(key))
	if ok {
		k.mu.Lock()
		k.report.SyntaxRead++
		k.mu.Unlock()
	}
	return data, ok
}

// KeepSyntax writes the trees under key, once per run: copies of a module
// parsed in one run are written once.
func (k *keptRoots) KeepSyntax(key [sha256.Size]byte, data []byte) {
	k.mu.Lock()
	if k.syntaxWritten == nil {
		k.syntaxWritten = map[[sha256.Size]byte]bool{}
	}
	dup := k.syntaxWritten[key]
	k.syntaxWritten[key] = true
	k.mu.Unlock()
	if dup || k.store.Put(k.syntaxKey(key), data) != nil {
		return
	}
	k.mu.Lock()
	k.report.SyntaxWritten++
	k.mu.Unlock()
}
