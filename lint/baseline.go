package lint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// Baseline is a recorded set of findings (`faultline lint --write-baseline
// FILE`); a later run with `--baseline FILE` reports only findings not in
// it. Findings are matched by rule and fingerprint (rule, file and key: it
// survives line shifts), as a multiset: two recorded findings excuse two.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
	// unmatched counts the entries the last Filter matched to nothing.
	unmatched int
}

// BaselineEntry is one recorded finding. File and Message are for people
// reading the file; matching uses Rule and Fingerprint.
type BaselineEntry struct {
	Rule        string `json:"rule"`
	Fingerprint string `json:"fingerprint"`
	File        string `json:"file"`
	Message     string `json:"message"`
}

// NewBaseline records the findings a user sees: not suppressed, and not of
// an unsuppressible rule (FL000: a broken input is never baselined).
func NewBaseline(res Result, rules []*Rule) *Baseline {
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	for _, f := range res.Findings {
		if f.Suppressed != nil || unsuppressible(rules, f.Rule) {
			continue
		}
		b.Findings = append(b.Findings, BaselineEntry{Rule: f.Rule, Fingerprint: f.Fingerprint, File: f.Range.File, Message: f.Message})
	}
	sort.SliceStable(b.Findings, func(i, j int) bool {
		x, y := b.Findings[i], b.Findings[j]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Rule != y.Rule {
			return x.Rule < y.Rule
		}
		if x.Fingerprint != y.Fingerprint {
			return x.Fingerprint < y.Fingerprint
		}
		return x.Message < y.Message
	})
	return b
}

// WriteBaseline writes the baseline of a result as indented JSON.
func WriteBaseline(w io.Writer, res Result, rules []*Rule) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(NewBaseline(res, rules)); err != nil {
		return fmt.Errorf("write baseline: %w", err)
	}
	return nil
}

// ReadBaseline reads a baseline file, strictly: unknown fields, another
// version, an entry without rule or fingerprint, or trailing data are
// errors.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read baseline: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("baseline is not a faultline baseline: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("baseline is not a faultline baseline: data after the JSON object")
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline has version %d; this faultline reads version %d (write it again with --write-baseline)", b.Version, BaselineVersion)
	}
	if b.Findings == nil {
		return nil, errors.New("baseline has no findings list")
	}
	for i, e := range b.Findings {
		if e.Rule == "" || e.Fingerprint == "" {
			return nil, fmt.Errorf("baseline finding %d has no rule or fingerprint", i+1)
		}
	}
	return &b, nil
}

// Filter removes the findings the baseline records (each recorded finding
// excuses one) and counts the rest again. Suppressed findings and findings
// of unsuppressible rules stay.
func (b *Baseline) Filter(res Result, rules []*Rule) Result {
	left := map[[2]string]int{}
	for _, e := range b.Findings {
		left[[2]string{e.Rule, e.Fingerprint}]++
	}
	var out []Finding
	for _, f := range res.Findings {
		k := [2]string{f.Rule, f.Fingerprint}
		if f.Suppressed == nil && left[k] > 0 && !unsuppressible(rules, f.Rule) {
			left[k]--
			continue
		}
		out = append(out, f)
	}
	res.Findings = out
	res.Summary = Summarize(out, res.Summary.Notes, res.Summary.Files)
	b.unmatched = 0
	for _, n := range left {
		b.unmatched += n
	}
	return res
}

// Unmatched is the number of entries the last Filter matched to no finding.
func (b *Baseline) Unmatched() int { return b.unmatched }

// Len is the number of entries.
func (b *Baseline) Len() int { return len(b.Findings) }

func unsuppressible(rules []*Rule, id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return r.Unsuppressible
		}
	}
	return false
}
