// Package doclinks checks the repository's Markdown: every relative link in
// README.md and docs/ must name a file that exists, and every #anchor a
// heading of the page it points at. Its test is the check.
package doclinks
