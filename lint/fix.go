package lint

// Fix is a deterministic repair a rule offers with a finding: what to
// change, asked in model terms (Target), and, once the fixer has read the
// source, the exact edits that make the change (Edits). A fix whose target
// cannot be located exactly in the source (a subject built by a function,
// a policy written as a heredoc, two candidates where one is wanted) keeps
// no edits and is never shown or applied.
type Fix struct {
	// Description says in one line what the fix does.
	Description string
	// Target is what the rule asks to change; the fixer resolves it.
	Target FixTarget
	// Edits are the exact replacements in the source, filled in by the
	// fixer (internal/fixer); empty until then, and when the target could
	// not be located exactly.
	Edits []Edit
}

// Resolved reports whether the fix has edits to apply.
func (f *Fix) Resolved() bool { return f != nil && len(f.Edits) > 0 }

// FixKind says what kind of change a FixTarget asks for.
type FixKind string

// Fix kinds.
const (
	// FixReplaceString replaces the one string literal whose value is Old,
	// written inside In as the value of a ":<Claim>" condition key, with
	// New.
	FixReplaceString FixKind = "replace-string"
	// FixAddAudience adds `"<issuer>:aud" = "sts.amazonaws.com"` next to
	// the one `"<issuer>:sub"` key of a StringEquals object written
	// inside In, with the issuer part of the key copied as written.
	FixAddAudience FixKind = "add-audience"
	// FixReplaceValue replaces the value written at In — an HCL
	// attribute whose expression is one quoted literal, or a YAML string
	// scalar — when it is exactly Old, with New, in the same quoting.
	FixReplaceValue FixKind = "replace-value"
)

// FixTarget is the change a rule asks for, in terms of what the model
// knows: the construct the change lies in and the values involved.
type FixTarget struct {
	Kind FixKind
	// In is the written construct the change lies in: the trust policy's
	// attribute or field, or (FixReplaceValue) the attribute or scalar
	// replaced.
	In Range
	// Old is the value to replace (FixReplaceString, FixReplaceValue), as
	// parsed.
	Old string
	// New is the value to write (FixReplaceString, FixReplaceValue) or the value of the
	// added condition (FixAddAudience), unescaped.
	New string
	// Claim is the claim whose condition value is replaced
	// (FixReplaceString): the literal must be the value (or a list
	// element of the value) of a key ending in ":<Claim>".
	Claim string
}

// Edit is one exact replacement in a file: the bytes [Offset, End) become
// Text. Range says the same in lines and columns.
type Edit struct {
	// Range is the replaced span: 1-based lines, columns in Unicode code
	// points (SARIF's unicodeCodePoints), the end exclusive; an insertion
	// has Range's start equal to its end.
	Range Range
	// Offset and End are the replaced span in bytes from the file's start.
	Offset, End int
	// Text is what is written instead, already escaped for the file's
	// syntax (an HCL quoted string, a YAML scalar).
	Text string
	// Lines are the whole lines the edit touches as they read after it,
	// and LinesRange those lines (Line to EndLine): what a GitHub
	// suggestion block replaces.
	Lines      string
	LinesRange Range
}
