package helm

import "fmt"

// wireRequest is a Request as a worker receives it. A Pool sends a
// chart's files to a worker once: the worker keeps them by Hash, and
// later requests for the same files set Cached and leave Files out. Drop
// names kept files the worker forgets first (the parent decides, so both
// sides hold the same set).
type wireRequest struct {
	Request
	Hash   string   `json:"hash,omitempty"`
	Cached bool     `json:"cached,omitempty"`
	Drop   []string `json:"drop,omitempty"`
	// CPUSeconds, when above 0 and below the child's Limits.CPUSeconds,
	// bounds this request's CPU time instead (what is left of the run's
	// budget).
	CPUSeconds int64 `json:"cpuSeconds,omitempty"`
}

// sentCharts is the parent's record of the files a worker keeps: at most
// max bytes, the oldest forgotten first.
type sentCharts struct {
	max   int64
	total int64
	size  map[string]int64
	order []string
}

func newSentCharts(max int64) *sentCharts {
	return &sentCharts{max: max, size: map[string]int64{}}
}

// prepare turns req, whose files have hash and size, into what the worker
// is sent, and records that the worker keeps them.
func (s *sentCharts) prepare(req Request, hash string, size int64) wireRequest {
	wr := wireRequest{Request: req}
	if hash == "" || size > s.max {
		return wr
	}
	wr.Hash = hash
	if _, ok := s.size[hash]; ok {
		wr.Cached, wr.Files = true, nil
		return wr
	}
	for s.total+size > s.max && len(s.order) > 0 {
		old := s.order[0]
		s.order = s.order[1:]
		s.total -= s.size[old]
		delete(s.size, old)
		wr.Drop = append(wr.Drop, old)
	}
	s.size[hash], s.total = size, s.total+size
	s.order = append(s.order, hash)
	return wr
}

// filesSize is the bytes of a chart's files.
func filesSize(files []File) int64 {
	n := int64(0)
	for _, f := range files {
		n += int64(len(f.Name) + len(f.Data))
	}
	return n
}

// keptCharts is the worker's side of sentCharts: the files it keeps by
// hash.
type keptCharts map[string][]File

// resolve applies wr's Drop and gives it its files: those it carries are
// kept under its Hash, a Cached request takes the kept ones.
func (k keptCharts) resolve(wr *wireRequest) error {
	for _, h := range wr.Drop {
		delete(k, h)
	}
	switch {
	case wr.Hash == "":
	case wr.Cached:
		files, ok := k[wr.Hash]
		if !ok {
			return fmt.Errorf("request for chart files %s that were never sent", wr.Hash)
		}
		wr.Files = files
	default:
		k[wr.Hash] = wr.Files
	}
	return nil
}
