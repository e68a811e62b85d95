// Package models embeds the built-in stand-ins of well-known registry
// modules (README.md): a call of such a module that is neither local nor
// in the module cache is evaluated from one of them. The tree is
//
//	<namespace>/<name>/<provider>/<subdir or _root>/v<first version>/*.tf
package models

import "embed"

// FS holds the stand-ins, their directories at its root.
//
//go:embed README.md all:aws-ia all:terraform-aws-modules
var FS embed.FS
