package treefs

import (
	"io/fs"
	"sync"
)

// Watcher is told of every file content a read returns: the path it was
// opened by, the file's stat when opened, and the bytes read.
type Watcher func(path string, info fs.FileInfo, data []byte)

// watchers are the Watchers of the process. Every read of a regular file
// — through any Tree, a nil Tree, or ReadExplicit — ends in readOpen,
// which tells them: the result cache records what a run read this way,
// whichever parser read it through whichever Tree.
var watchers struct {
	sync.RWMutex
	next int
	list map[int]Watcher
}

// Watch calls w for every file read from now until stop is called; w
// must be safe for concurrent use. Reads of other goroutines (another
// run in the same process) are reported too.
func Watch(w Watcher) (stop func()) {
	watchers.Lock()
	defer watchers.Unlock()
	if watchers.list == nil {
		watchers.list = map[int]Watcher{}
	}
	id := watchers.next
	watchers.next++
	watchers.list[id] = w
	return func() {
		watchers.Lock()
		defer watchers.Unlock()
		delete(watchers.list, id)
	}
}

// notify tells the watchers of a read.
func notify(path string, info fs.FileInfo, data []byte) {
	watchers.RLock()
	defer watchers.RUnlock()
	for _, w := range watchers.list {
		w(path, info, data)
	}
}
