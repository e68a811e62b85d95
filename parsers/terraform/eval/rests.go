package eval

import "slices"

// restsOn sets what the block at key rests on that is inferred: what
// every block it reads rests on. Items are evaluated in dependency order,
// so what it reads is settled already (a cycle is read with what is
// there). Everything an instance of a module call makes rests on what
// the call does (instanceMarks).
func (mi *ModInst) restsOn(key string, it *graphItem) {
	var rests []string
	for _, d := range it.deps {
		for _, text := range mi.rests[d] {
			if !slices.Contains(rests, text) {
				rests = append(rests, text)
			}
		}
	}
	if len(rests) == 0 {
		return
	}
	slices.Sort(rests) // deps are in no fixed order
	if mi.rests == nil {
		mi.rests = map[string][]string{}
	}
	mi.rests[key] = rests
}

// restOn records that the block at key (a remote-state data source)
// rests on text, inferred: so does everything that reads it.
func (mi *ModInst) restOn(key, text string) {
	if mi.rests == nil {
		mi.rests = map[string][]string{}
	}
	if !slices.Contains(mi.rests[key], text) {
		mi.rests[key] = append(mi.rests[key], text)
		slices.Sort(mi.rests[key])
	}
}
