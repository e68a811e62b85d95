package unitcache

import (
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// The per-unit cache keeps chart loads (helm.ChartCache): a chart whose
// load listed the same directories and read the same files is taken as
// it was loaded — files, values documents, metadata, the values its
// templates read — instead of walked, read and parsed again. An entry is
// its input record, then the load (kept.Wire encodes both: a chart whose
// inputs changed is not decoded further).
//
// The files a kept load rests on are told to the whole-run record
// (runReads) as if read: a run that did not read them would otherwise
// be kept by a record that does not name them.

// chartLoadKey is the store key of the chart load of key (the chart's
// path as given and its real path).
func (u *Units) chartLoadKey(key string) cache.Key {
	return cache.KeyOf([]byte("chart-load"), u.context[:], []byte(key))
}

// Lookup implements helm.ChartCache: the kept load of the chart when
// everything it read is unchanged; an entry that does not decode is a
// miss.
func (u *Units) Lookup(key string) (*helm.KeptChart, bool) {
	sk := u.chartLoadKey(key)
	payload, ok := u.store.Get(sk)
	if !ok {
		return nil, false
	}
	var inputs cache.InputRecord
	rest, err := kept.Wire().Decode(payload, &inputs)
	if err != nil {
		u.store.Remove(sk)
		return nil, false
	}
	same, refreshed := u.checker.Check(inputs)
	if !same {
		return nil, false
	}
	var k helm.KeptChart
	if tail, err := kept.Wire().Decode(rest, &k); err != nil || len(tail) > 0 {
		u.store.Remove(sk)
		return nil, false
	}
	if refreshed != nil {
		// The next run trusts the stats seen now.
		inputs = *refreshed
		if p, err := kept.Wire().Append(nil, refreshed); err == nil {
			u.queue(sk, append(p, rest...))
		}
	}
	if u.runReads != nil {
		u.runReads.AddKept(inputs.Files)
	}
	u.mu.Lock()
	u.report.LoadsKept++
	if u.loadRecords == nil {
		u.loadRecords = map[string]cache.InputRecord{}
	}
	u.loadRecords[key] = inputs
	u.mu.Unlock()
	return &k, true
}

// Refresh implements helm.ChartCache: the load Lookup gave is written
// again with k, under the record Lookup checked (k is worked out from
// the same files), at the end of the run (Flush) after the entry Lookup
// may have queued with its stats refreshed. A key Lookup did not give is
// left alone.
func (u *Units) Refresh(key string, k *helm.KeptChart) {
	u.mu.Lock()
	inputs, ok := u.loadRecords[key]
	if ok {
		u.report.LoadsRefreshed++
	}
	u.mu.Unlock()
	if !ok {
		return
	}
	if p, err := encodeLoad(k, inputs); err == nil {
		u.queue(u.chartLoadKey(key), p)
	}
}

// Keep implements helm.ChartCache: the load is written at once, as a
// kept Terraform root is. It rests on nothing but what its record holds
// (a load that saw the tree change, followed a link or skipped a file is
// never offered), so it needs no proof that the rest of the run held
// still, and the run does not hold every chart's files until its end (50
// copies of the benchmark repositories fill the cache with 250 loads:
// the peak 441–443 → 431–436 MB).
func (u *Units) Keep(key string, k *helm.KeptChart, inputs cache.InputRecord) {
	u.mu.Lock()
	u.report.LoadsMade++
	u.mu.Unlock()
	if p, err := encodeLoad(k, inputs); err == nil {
		_ = u.store.Put(u.chartLoadKey(key), p)
	}
}

// encodeLoad is the entry of load k resting on inputs.
func encodeLoad(k *helm.KeptChart, inputs cache.InputRecord) ([]byte, error) {
	p, err := kept.Wire().Append(nil, &inputs)
	if err != nil {
		return nil, err
	}
	return kept.Wire().Append(p, k)
}

// queue stages an entry on the disk, to be stored at the end of the run
// (Flush) or dropped (Discard).
func (u *Units) queue(key cache.Key, payload []byte) {
	st, err := u.store.Stage(key, payload)
	if err != nil || st == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.pending = append(u.pending, keptPut{key: key, staged: st})
}

// ChartCache is u as the chart loads' cache, nil without one.
func (u *Units) ChartCache() helm.ChartCache {
	if u == nil {
		return nil
	}
	return u
}
