package unitcache

import (
	"bytes"
	"encoding/binary"
	"sort"
	"sync"

	"github.com/faultline-dev/faultline/internal/cache"
)

// The manifest parses of a tree, and its chart renderings, are kept in
// one pack entry each besides one entry each: a run after an edit reads
// one file instead of one per manifest (eks-blueprints-add-ons: 120) or
// per rendering (57), and a run filling the cache writes one. A pack
// holds the payloads the run that wrote it used, by key; one made since
// is written on its own, and the pack is written again, with every
// payload the run used, once those made or found on their own are an
// eighth of it or more (so an edit costs one small entry, not the whole
// pack). A pack that does not decode is a miss. Payloads made are held
// for the pack up to packHoldBytes (50 copies of the benchmark
// repositories held 36 MB of encoded parses at the fill's peak); past it
// they are written on their own, as before.
//
// Manifest parses rest on nothing but their text, name and scope: their
// pack is written when the manifests stage ends (FlushParses). A
// rendering is stored only by a run that may store its results (Flush,
// not Discard): its pack is written then.

// packHoldBytes bounds the payloads made held for one pack.
const packHoldBytes = 8 << 20

// Pack kinds, which name their entry.
const (
	parsePackKind  = "manifest-parse-pack"
	renderPackKind = "chart-render-pack"
)

// pack is the run's view of one of the tree's pack entries.
type pack struct {
	kind string
	// keepUnused: when the pack is written again, the payloads of the
	// old one this run did not use are written on their own, not lost. A
	// rendering is worth keeping (a chart edited, then put back — a
	// branch checked out and left — renders again otherwise); a manifest
	// parse is cheaper to make again than to write.
	keepUnused bool
	once       sync.Once
	// kept are the stored pack's payloads by key, aliasing its payload.
	kept map[cache.Key][]byte
	mu   sync.Mutex
	// used are the payloads this run took or made, by key: the next pack.
	used map[cache.Key][]byte
	// apart counts the payloads used that the pack did not hold (found
	// on their own or made); made are the keys of those made and held,
	// heldBytes their size.
	apart     int
	made      []cache.Key
	heldBytes int
}

// packKey is the store key of the tree's pack of kind.
func (u *Units) packKey(kind string) cache.Key {
	return cache.KeyOf([]byte(kind), u.context[:], []byte(u.build))
}

// packed is the payload under key in the tree's pack, read on first use.
func (p *pack) packed(u *Units, key cache.Key) ([]byte, bool) {
	p.once.Do(func() {
		if payload, ok := u.store.Get(u.packKey(p.kind)); ok {
			if p.kept = decodePack(payload); p.kept == nil {
				u.store.Remove(u.packKey(p.kind))
			}
		}
	})
	payload, ok := p.kept[key]
	return payload, ok
}

// payload is the kept payload under key: from the pack, else its own
// entry. Either is recorded as used by the run.
func (p *pack) payload(u *Units, key cache.Key) ([]byte, bool) {
	if payload, ok := p.packed(u, key); ok {
		p.use(key, payload, false)
		return payload, true
	}
	payload, ok := u.store.Get(key)
	if ok {
		p.use(key, payload, true)
	}
	return payload, ok
}

// use records the payload under key as used by the run (apart: not from
// the pack).
func (p *pack) use(key cache.Key, payload []byte, apart bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.used == nil {
		p.used = map[cache.Key][]byte{}
	}
	if _, seen := p.used[key]; seen {
		return
	}
	p.used[key] = payload
	if apart {
		p.apart++
	}
}

// hold keeps a payload just made for the pack (a copy); false, keeping
// nothing, when the payloads held would pass packHoldBytes: the caller
// writes it on its own.
func (p *pack) hold(key cache.Key, payload []byte) bool {
	p.mu.Lock()
	if p.heldBytes+len(payload) > packHoldBytes {
		p.mu.Unlock()
		return false
	}
	p.heldBytes += len(payload)
	p.made = append(p.made, key)
	p.mu.Unlock()
	p.use(key, bytes.Clone(payload), true)
	return true
}

// packEnd is what a run leaves to write of a pack: the pack again
// (pack, nil when it stays as it is), and the payloads to write on their
// own — those made when the pack is not written (or cannot be), those of
// the old pack the run did not use when it is (keepUnused).
type packEnd struct {
	pack         []byte
	made, unused map[cache.Key][]byte
}

// end ends the run's use of the pack. The pack is written again when the
// payloads apart from it are an eighth of those used or more, or there
// was none; nothing is to be written when every payload came from it.
func (p *pack) end(u *Units) packEnd {
	p.mu.Lock()
	used, apart, madeKeys := p.used, p.apart, p.made
	p.used, p.made, p.apart, p.heldBytes = nil, nil, 0, 0
	p.mu.Unlock()
	var e packEnd
	if apart == 0 {
		return e // every payload came from the pack: it holds as it is
	}
	e.made = make(map[cache.Key][]byte, len(madeKeys))
	for _, k := range madeKeys {
		e.made[k] = used[k]
	}
	if 8*apart < len(used) && p.kept != nil {
		return e
	}
	buf, ok := encodePack(used, u.store.MaxPayload())
	if !ok {
		return e
	}
	e.pack = buf
	if p.keepUnused {
		for k, v := range p.kept {
			if _, ok := used[k]; !ok {
				if e.unused == nil {
					e.unused = map[cache.Key][]byte{}
				}
				e.unused[k] = v
			}
		}
	}
	return e
}

// write writes what end left: the pack, then the old pack's unused
// payloads, or the payloads made when there is no pack to write or it
// was refused; report counts the pack. The run's other puts go through
// put.
func (e packEnd) write(u *Units, kind string, put func(cache.Key, []byte)) (packed bool) {
	if e.pack != nil && u.store.Put(u.packKey(kind), e.pack) == nil {
		u.mu.Lock()
		u.report.Stored++
		u.mu.Unlock()
		for k, v := range e.unused {
			put(k, v)
		}
		return true
	}
	for k, v := range e.made {
		put(k, v)
	}
	return false
}

// drop forgets what the run used and made: a run that may not store its
// results (Units.Discard) leaves the pack as it was.
func (p *pack) drop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.used, p.made, p.apart, p.heldBytes = nil, nil, 0, 0
}

// FlushParses ends the run's manifest parses (the manifests stage calls
// it): the parse pack is written again, or the parses made on their own
// (pack.end). Nothing is done on a nil receiver.
func (u *Units) FlushParses() {
	if u == nil {
		return
	}
	if u.parses.end(u).write(u, u.parses.kind, u.putNow) {
		u.mu.Lock()
		u.report.ParsePacks++
		u.mu.Unlock()
	}
}

// holdParse keeps a parse just made for the pack, or writes it on its
// own when the parses held would pass packHoldBytes.
func (u *Units) holdParse(key cache.Key, payload []byte) {
	if !u.parses.hold(key, payload) {
		u.putNow(key, payload)
	}
}

// encodePack is used written as a pack; false when it would be over max,
// the store's bound for an entry (built only to be refused).
func encodePack(used map[cache.Key][]byte, max int64) ([]byte, bool) {
	keys := make([]cache.Key, 0, len(used))
	size := 0
	for k, v := range used {
		keys = append(keys, k)
		size += len(k) + binary.MaxVarintLen64 + len(v)
	}
	if int64(size) > max {
		return nil, false
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i][:], keys[j][:]) < 0 })
	buf := make([]byte, 0, size+binary.MaxVarintLen64)
	buf = binary.AppendUvarint(buf, uint64(len(keys)))
	for _, k := range keys {
		buf = append(buf, k[:]...)
		buf = binary.AppendUvarint(buf, uint64(len(used[k])))
		buf = append(buf, used[k]...)
	}
	return buf, true
}

// decodePack reads a pack written by encodePack: nil when it does not
// decode whole.
func decodePack(data []byte) map[cache.Key][]byte {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data)) {
		return nil
	}
	data = data[k:]
	out := make(map[cache.Key][]byte, n)
	for i := uint64(0); i < n; i++ {
		var key cache.Key
		if len(data) < len(key) {
			return nil
		}
		copy(key[:], data)
		data = data[len(key):]
		l, k := binary.Uvarint(data)
		if k <= 0 || l > uint64(len(data)-k) {
			return nil
		}
		out[key] = data[k : k+int(l) : k+int(l)]
		data = data[k+int(l):]
	}
	if len(data) != 0 {
		return nil
	}
	return out
}
