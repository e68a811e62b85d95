package report

import "github.com/faultline-dev/faultline/lint"

// sarifFix is a SARIF fix: the exact replacements that repair a result.
type sarifFix struct {
	Description     *sarifText            `json:"description,omitempty"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifFixRegion `json:"deletedRegion"`
	InsertedContent *sarifContent  `json:"insertedContent,omitempty"`
}

// sarifFixRegion is a replaced span, in lines and columns (the run's
// unicodeCodePoints) and in bytes; an insertion is an empty span.
type sarifFixRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

type sarifContent struct {
	Text string `json:"text"`
}

// sarifFixes is the result's fix, when the finding's fix is resolved and
// the finding is not suppressed: one artifact change per file, in the
// order the edits name them.
func sarifFixes(f lint.Finding) []sarifFix {
	if f.Suppressed != nil || !f.Fix.Resolved() {
		return nil
	}
	var changes []sarifArtifactChange
	at := map[string]int{}
	for _, e := range f.Fix.Edits {
		if e.Range.File == "" || e.Range.Line <= 0 || e.Range.Column <= 0 {
			return nil
		}
		i, ok := at[e.Range.File]
		if !ok {
			i = len(changes)
			at[e.Range.File] = i
			changes = append(changes, sarifArtifactChange{ArtifactLocation: sarifArtifact(e.Range.File)})
		}
		rep := sarifReplacement{DeletedRegion: sarifFixRegion{
			StartLine: e.Range.Line, StartColumn: e.Range.Column, EndLine: e.Range.EndLine, EndColumn: e.Range.EndColumn,
			ByteOffset: e.Offset, ByteLength: e.End - e.Offset,
		}}
		if e.Text != "" {
			rep.InsertedContent = &sarifContent{Text: e.Text}
		}
		changes[i].Replacements = append(changes[i].Replacements, rep)
	}
	fix := sarifFix{ArtifactChanges: changes}
	if f.Fix.Description != "" {
		fix.Description = &sarifText{Text: sarifMessage(f.Fix.Description)}
	}
	return []sarifFix{fix}
}
