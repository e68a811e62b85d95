package unitcache

import (
	"bytes"
	"encoding/binary"
	"sort"
	"sync"

	"github.com/faultline-dev/faultline/internal/cache"
)

// The manifest parses of a tree are kept in one pack entry besides one
// entry each: a run after an edit reads one file instead of one per
// manifest (eks-blueprints-add-ons: 120), and a run filling the cache
// writes one. The pack holds the parses the run that wrote it used, by
// key; a parse made since is written on its own, and the pack is written
// again, with every parse the run used, once those made or found on
// their own are an eighth of it or more (so an edit costs one small
// entry, not the whole pack). A pack that does not decode is a miss.
// Parses made are held for the pack up to packHoldBytes (50 copies of the
// benchmark repositories held 36 MB of encoded parses at the fill's
// peak); past it they are written on their own at once, as before.

// packHoldBytes bounds the parses made held for the pack.
const packHoldBytes = 8 << 20

// parsePack is the run's view of the tree's parse pack.
type parsePack struct {
	once sync.Once
	// kept are the stored pack's parses by key, aliasing its payload.
	kept map[cache.Key][]byte
	mu   sync.Mutex
	// used are the parses this run took or made, by key: the next pack.
	used map[cache.Key][]byte
	// apart counts the parses used that the pack did not hold (found on
	// their own or made); made are the parses made and held, their bytes
	// held; overflow says some were written on their own instead.
	apart     int
	made      []cache.Key
	heldBytes int
	overflow  bool
}

// packKey is the store key of the tree's parse pack.
func (u *Units) packKey() cache.Key {
	return cache.KeyOf([]byte("manifest-parse-pack"), u.context[:], []byte(u.build))
}

// packed is the parse under key in the tree's pack, read on first use.
func (u *Units) packed(key cache.Key) ([]byte, bool) {
	p := &u.pack
	p.once.Do(func() {
		if payload, ok := u.store.Get(u.packKey()); ok {
			if p.kept = decodePack(payload); p.kept == nil {
				u.store.Remove(u.packKey())
			}
		}
	})
	payload, ok := p.kept[key]
	return payload, ok
}

// parsePayload is the kept parse under key: from the pack, else its own
// entry. Either is recorded as used by the run.
func (u *Units) parsePayload(key cache.Key) ([]byte, bool) {
	if payload, ok := u.packed(key); ok {
		u.usePacked(key, payload, false)
		return payload, true
	}
	payload, ok := u.store.Get(key)
	if ok {
		u.usePacked(key, payload, true)
	}
	return payload, ok
}

// usePacked records the parse under key as used by the run (apart: not
// from the pack).
func (u *Units) usePacked(key cache.Key, payload []byte, apart bool) {
	p := &u.pack
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

// holdParse keeps a parse just made for the pack, or writes it on its
// own when the parses held would pass packHoldBytes.
func (u *Units) holdParse(key cache.Key, payload []byte) {
	p := &u.pack
	p.mu.Lock()
	if p.heldBytes+len(payload) > packHoldBytes {
		p.overflow = true
		p.mu.Unlock()
		u.putNow(key, payload)
		return
	}
	p.heldBytes += len(payload)
	p.made = append(p.made, key)
	p.mu.Unlock()
	u.usePacked(key, bytes.Clone(payload), true)
}

// FlushParses ends the run's manifest parses (the manifests stage calls
// it): the pack is written again when the parses apart from it are an
// eighth of those used or more (or there was none), else the parses
// made are written on their own. A pack over the store's bound for an
// entry is not stored: the parses are then written on their own. Nothing
// is done on a nil receiver.
func (u *Units) FlushParses() {
	if u == nil {
		return
	}
	p := &u.pack
	p.mu.Lock()
	used, apart, made := p.used, p.apart, p.made
	p.used, p.made, p.apart, p.heldBytes = nil, nil, 0, 0
	p.mu.Unlock()
	if apart == 0 {
		return // every parse came from the pack: it holds as it is
	}
	if 8*apart >= len(used) || p.kept == nil {
		if u.putPack(used) {
			u.mu.Lock()
			u.report.ParsePacks++
			u.mu.Unlock()
			return
		}
	}
	for _, k := range made {
		u.putNow(k, used[k])
	}
}

// putPack writes used as the tree's parse pack; false when the store
// did not take it.
func (u *Units) putPack(used map[cache.Key][]byte) bool {
	keys := make([]cache.Key, 0, len(used))
	size := 0
	for k, v := range used {
		keys = append(keys, k)
		size += len(k) + binary.MaxVarintLen64 + len(v)
	}
	if int64(size) > u.store.MaxPayload() {
		return false // built only to be refused
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i][:], keys[j][:]) < 0 })
	buf := make([]byte, 0, size+binary.MaxVarintLen64)
	buf = binary.AppendUvarint(buf, uint64(len(keys)))
	for _, k := range keys {
		buf = append(buf, k[:]...)
		buf = binary.AppendUvarint(buf, uint64(len(used[k])))
		buf = append(buf, used[k]...)
	}
	st, err := u.store.Stage(u.packKey(), buf)
	if err != nil || st == nil || st.Commit() != nil {
		return false
	}
	u.mu.Lock()
	u.report.Stored++
	u.mu.Unlock()
	return true
}

// decodePack reads a pack written by putPack: nil when it does not
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
