//go:build !unix

package bench

import "os"

// maxRSS is unknown where there is no rusage.
func maxRSS(*os.ProcessState) int64 { return 0 }
