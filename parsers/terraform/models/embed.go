// Package models embeds the built-in stand-ins of well-known registry
// modules (README.md): a call of such a module that is neither local nor
// in the module cache is evaluated from one of them. The tree is
//
//	<namespace>/<name>/<provider>/<subdir or _root>/v<first version>/*.tf
//
// syntax.bin beside them holds their syntax trees, encoded at development
// time (scripts/standin-syntax), so that a run decodes them instead of
// parsing them.
package models

import "embed"

// FS holds the stand-ins, their directories at its root.
//
//go:embed README.md all:aws-ia all:terraform-aws-modules
var FS embed.FS

// syntaxTable is syntax.bin: the encoded syntax trees of every stand-in
// directory of FS, as eval.StandInSyntax writes them.
//
//go:generate go run -tags devtools ../../../scripts/standin-syntax -o syntax.bin
//go:embed syntax.bin
var syntaxTable string

// SyntaxTable is syntax.bin, the stand-ins' syntax trees encoded when
// they were last regenerated (go run -tags devtools ./scripts/standin-syntax):
// eval decodes a stand-in from it when its files are the ones encoded.
func SyntaxTable() string { return syntaxTable }
