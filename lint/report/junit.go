package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/faultline-dev/faultline/lint"
)

// junitReporter writes JUnit XML for CI systems that show test results:
// one test case per finding, failing for errors and warnings. The output
// is valid against the Jenkins JUnit schema (jenkins-junit.xsd, the
// junit-4.xsd of Jenkins's dtkit, which JUnit 5 keeps in its test
// resources), the strictest common reading of the format: testsuites
// carries no skipped count, testcase no file or line (both are in the
// test case's name), and skipped is text without attributes.
type junitReporter struct{}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

// junitCase's children are in the schema's order: skipped, failure,
// system-out.
type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Skipped   *junitSkipped `xml:"skipped"`
	Failure   *junitFailure `xml:"failure"`
	SystemOut *junitCDATA   `xml:"system-out"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

// junitSkipped is the reason a test case was skipped, as the element's
// text: the schema's skipped is a plain string.
type junitSkipped struct {
	Reason string `xml:",chardata"`
}

type junitCDATA struct {
	Body string `xml:",cdata"`
}

// Write prints one suite named faultline. Suppressed findings are skipped
// test cases; a run without findings is one passing test case.
func (junitReporter) Write(w io.Writer, r Report) error {
	suite := junitSuite{Name: "faultline", Cases: []junitCase{}}
	unsuppressed := 0
	for _, f := range r.Result.Findings {
		c := junitCase{
			Classname: xmlText(f.Rule),
			Name:      xmlText(cleanText(junitWhere(f.Range) + " " + f.Message)),
		}
		body := xmlText(findingBody(f, r.Rules))
		switch {
		case f.Suppressed != nil:
			msg := "suppressed: " + f.Suppressed.Reason
			if f.Suppressed.Until != "" {
				msg += " (until " + f.Suppressed.Until + ")"
			}
			c.Skipped = &junitSkipped{Reason: xmlText(cleanText(msg))}
			suite.Skipped++
		case f.Severity >= lint.Warning:
			c.Failure = &junitFailure{Message: xmlText(cleanText(f.Message)), Type: f.Severity.String(), Body: body}
			suite.Failures++
			unsuppressed++
		default:
			c.SystemOut = &junitCDATA{Body: body}
			unsuppressed++
		}
		suite.Cases = append(suite.Cases, c)
	}
	if unsuppressed == 0 {
		suite.Cases = append(suite.Cases, junitCase{
			Classname: "faultline",
			Name:      "faultline",
			SystemOut: &junitCDATA{Body: "no problems found in " + plural(r.Result.Summary.Files, "file", "files") + "\n"},
		})
	}
	suite.Tests = len(suite.Cases)
	out := junitSuites{
		Name: "faultline", Tests: suite.Tests, Failures: suite.Failures,
		Suites: []junitSuite{suite},
	}
	if err := writeXML(w, out); err != nil {
		return fmt.Errorf("write junit report: %w", err)
	}
	return nil
}

// junitWhere renders r as file:line for a test case name.
func junitWhere(r lint.Range) string {
	return rangeText(lint.Range{File: r.File, Line: r.Line})
}

// findingBody is a finding as plain text for XML bodies: where, what, then
// the related locations, chain, hint and inferred evidence.
func findingBody(f lint.Finding, rules []*lint.Rule) string {
	head := rangeText(f.Range) + ": " + f.Severity.String()
	if title := strings.TrimSpace(f.Rule + " " + ruleName(f, rules)); title != "" {
		head += " " + title
	}
	return head + "\n" + findingText(f, true) + "\n"
}

// writeXML prints v as indented XML with a declaration and a trailing
// newline.
func writeXML(w io.Writer, v any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// xmlText replaces runes XML 1.0 cannot carry (most control characters)
// and format characters such as bidi overrides, keeping tabs and line
// breaks. encoding/xml escapes the rest.
func xmlText(s string) string {
	if !strings.ContainsFunc(s, xmlUnsafe) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if xmlUnsafe(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

func xmlUnsafe(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r <= 0xDFFF:
		return true
	}
	return unsafeRune(r)
}
