package unitcache

import (
	"io"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/ignores"
)

// The ignore scan reads every file that fed the model again for the
// ignores written in it (scanIgnores) — in a run after one file changed,
// mostly files no stage read, since their units were kept. The per-unit
// cache keeps what the last scan found in each file, with the file as it
// was read; a file whose stat (or, when that cannot be trusted, content)
// still matches is not read again.

// ignoreEntry is what the store holds of a run's ignore scan: each file
// scanned, as the run read it, with the ignores written in it.
type ignoreEntry struct {
	Files []ignoreFile
}

// ignoreFile is one file of an ignore scan: as read, its name in the
// findings and the kind it was scanned as, and the ignores it holds.
type ignoreFile struct {
	Read    cache.Read
	Rel     string
	Kind    ignores.Kind
	Ignores []lint.Ignore
}

// IgnoreScanKey is the store key of the tree's ignore scan.
func (u *Units) IgnoreScanKey() cache.Key {
	return cache.KeyOf([]byte("ignore-scan"), []byte(u.build), u.context[:])
}

// keptIgnores is the last ignore scan's files, by path; nil when there
// is none or it does not decode (then removed).
func (u *Units) keptIgnores() map[string]ignoreFile {
	payload, ok := u.store.Get(u.IgnoreScanKey())
	if !ok {
		return nil
	}
	var e ignoreEntry
	if rest, err := unitCodec.Decode(payload, &e); err != nil || len(rest) != 0 {
		u.store.Remove(u.IgnoreScanKey())
		return nil
	}
	byPath := make(map[string]ignoreFile, len(e.Files))
	for _, f := range e.Files {
		byPath[f.Read.Path] = f
	}
	return byPath
}

// ScanFiles is scan (ignores.ScanEach) over files, but for the files the
// last scan found unchanged: scanned as the same name and kind, and — for
// a file this run read (Data set) — read with the same content, else —
// not read by this run — of the same stat, or content when its stat
// cannot be trusted (cache.Checker). A file taken so joins the run's
// record as a kept unit's files do. The scan is kept again when it
// differs from the last. u may be nil (no cache).
func (u *Units) ScanFiles(scan func([]ignores.File) [][]lint.Ignore, files []ignores.File) [][]lint.Ignore {
	if u == nil {
		return scan(files)
	}
	kept := u.keptIgnores()
	found := make([][]lint.Ignore, len(files))
	var rest []ignores.File
	var at []int
	var reads []cache.Read
	changed := len(kept) != len(files)
	for i, f := range files {
		if rd, ok := u.keptIgnore(kept, f); ok {
			if rd != kept[f.Path].Read {
				changed = true
			}
			found[i] = kept[f.Path].Ignores
			if f.Data == nil {
				reads = append(reads, rd)
			}
			continue
		}
		rest = append(rest, f)
		at = append(at, i)
	}
	if u.runReads != nil {
		u.runReads.AddKept(reads)
	}
	u.mu.Lock()
	u.report.IgnoresKept += len(files) - len(rest)
	u.report.IgnoresScanned += len(rest)
	u.mu.Unlock()
	for j, ign := range scan(rest) {
		found[at[j]] = ign
	}
	if changed || len(rest) > 0 {
		u.keepIgnores(files, found)
	}
	return found
}

// keptIgnore says whether the last scan of f holds, with f's read now.
func (u *Units) keptIgnore(kept map[string]ignoreFile, f ignores.File) (cache.Read, bool) {
	kf, ok := kept[f.Path]
	if !ok || kf.Rel != f.Rel || kf.Kind != f.Kind {
		return cache.Read{}, false
	}
	if f.Data != nil {
		rd, ok := u.runReads.Get(f.Path)
		return rd, ok && rd.Hash == kf.Read.Hash
	}
	same, refreshed := u.checker.Check(cache.InputRecord{Files: []cache.Read{kf.Read}})
	if !same {
		return cache.Read{}, false
	}
	if refreshed != nil {
		return refreshed.Files[0], true
	}
	return kf.Read, true
}

// keepIgnores writes the scan of files (what each holds in found), each
// as the run's record has it; a file the record lacks (it could not be
// read) is left out, to be read again by the next run. Nothing is kept
// without the run's record.
func (u *Units) keepIgnores(files []ignores.File, found [][]lint.Ignore) {
	if u.runReads == nil {
		return
	}
	e := ignoreEntry{Files: make([]ignoreFile, 0, len(files))}
	for i, f := range files {
		rd, ok := u.runReads.Get(f.Path)
		if !ok {
			continue
		}
		e.Files = append(e.Files, ignoreFile{Read: rd, Rel: f.Rel, Kind: f.Kind, Ignores: found[i]})
	}
	// Encoded when stored: the scan's files, names and ignores are the
	// run's own, where an encoding held until then would be a copy (on
	// 50 copies of the benchmark repositories, 16,000 files).
	u.mu.Lock()
	defer u.mu.Unlock()
	u.pending = append(u.pending, keptPut{key: u.IgnoreScanKey(), stream: func(w io.Writer) error { return unitCodec.Encode(w, &e) }})
}
