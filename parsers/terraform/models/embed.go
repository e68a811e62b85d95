// Package models embeds the built-in stand-ins of well-known registry
// modules (README.md): a call of such a module that is neither local nor
// in the module cache is evaluated from one of them. The tree is
//
//	<namespace>/<name>/<provider>/<subdir or _root>/v<first version>/*.tf
//
// syntax.bin beside them holds their syntax trees, encoded at development
// time (scripts/standin-syntax), so that a run decodes them instead of
// parsing them; quietplans.bin, written by the same tool, the plans of
// the alternatives a run need not evaluate, so that it does not load them.
package models

import "embed"

// FS holds the stand-ins, their directories at its root.
//
//go:embed README.md all:aws-ia all:terraform-aws-modules
var FS embed.FS

// syntaxTable is syntax.bin: the encoded syntax trees of every stand-in
// directory of FS, as eval.StandInSyntax writes them.
//
//go:generate go run -tags devtools ../../../scripts/standin-syntax -o syntax.bin -plans quietplans.bin
//go:embed syntax.bin
var syntaxTable string

// SyntaxTable is syntax.bin, the stand-ins' syntax trees encoded when
// they were last regenerated (go run -tags devtools ./scripts/standin-syntax):
// eval decodes a stand-in from it when its files are the ones encoded.
func SyntaxTable() string { return syntaxTable }

// quietPlans is quietplans.bin: the plans of the quiet alternatives of
// every stand-in, as eval.QuietPlans writes them.
//
//go:embed quietplans.bin
var quietPlans string

// QuietPlans is quietplans.bin, the plans of evaluating one version of a
// stand-in in place of another that make no entity, worked out when the
// stand-ins were last regenerated (go run -tags devtools
// ./scripts/standin-syntax): eval takes such a plan from it instead of
// loading the other version.
func QuietPlans() string { return quietPlans }
