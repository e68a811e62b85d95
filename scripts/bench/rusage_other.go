//go:build !unix

package main

import "os"

// maxRSS is unknown where there is no rusage.
func maxRSS(*os.ProcessState) int64 { return 0 }
