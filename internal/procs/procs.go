// Package procs is what a run asks of the process it runs in: the CPU
// time it has used, and work spread over its cores.
package procs

import (
	"runtime"
	"sync"
)

// Parallel runs f(0) … f(n-1) on GOMAXPROCS goroutines, taking i in
// order, and returns when every call has.
func Parallel(n int, f func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
