// Package report writes a lint result in the formats faultline prints:
// text for people, one line per finding (compact), JSON, SARIF, GitHub
// workflow commands, GitLab Code Quality, Markdown, JUnit and Checkstyle.
// A reporter never judges: it prints the findings the runner and
// post-processing decided, in their order, and escapes every untrusted
// string where the format needs it.
package report
