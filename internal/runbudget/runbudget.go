// Package runbudget is the one budget of a whole run: the CPU time that
// Terraform roots, kustomize builds and chart renderings may use together,
// and the memory they may hold at once.
//
// Each input is bounded on its own (a root by its evaluation budget, a
// chart by its renderer's CPU and memory limits), but a pull request can
// hold many hostile inputs, each using all of its own bound. The Ledger
// admits the units of work of a run in a fixed order (the order of
// Enqueue and Group calls: stage by stage, sorted paths within a stage),
// each against what the units before it cost. What it leaves out depends
// only on those costs, never on the machine's load or on which goroutine
// finishes first, so the same inputs are left out on every run.
package runbudget

import (
	"fmt"
	"sync"
	"time"
)

// Limits size a run's budget.
type Limits struct {
	// CPU is the CPU time every run may spend on bounded units, whatever
	// its size.
	CPU time.Duration
	// PerUnit is the CPU time each unit adds to the budget: a large tree
	// of ordinary inputs (each far below it) never meets the budget,
	// while each hostile input costs much more than it brings.
	PerUnit time.Duration
	// Memory bounds what the units running at once may hold: the number
	// of Terraform roots evaluated, and of chart renderers running, at
	// once is what fits in it (see Concurrency).
	Memory int64
}

// Defaults are the limits of a run (README, "Run-wide budget").
var Defaults = Limits{
	CPU:     60 * time.Second,
	PerUnit: 500 * time.Millisecond,
	Memory:  2 << 30,
}

// Concurrency is how many units that may each hold perUnit bytes run at
// once within memory: at least one, at most procs (the cores).
func Concurrency(procs int, memory, perUnit int64) int {
	n := procs
	if perUnit > 0 && memory/perUnit < int64(n) {
		n = int(memory / perUnit)
	}
	return max(n, 1)
}

// Ledger admits units of work against one budget, in the order they were
// enqueued. Unit i runs when the costs of the admitted units before it,
// plus the most unit i may cost, fit in the allowance of the first i+1
// units (Limits.CPU + (i+1)·Limits.PerUnit). The decision is made as soon
// as it is certain: at once while the most every running unit may still
// cost fits, else when the units before have finished. Safe for
// concurrent use. A nil *Ledger admits everything.
type Ledger struct {
	lim    Limits
	mu     sync.Mutex
	cond   *sync.Cond
	groups []*Group
	// next is the first group with an undecided unit (or open).
	next int
	// spent is the cost of the finished units; reserved the most the
	// admitted units still running may cost.
	spent, reserved time.Duration
	// units counts the units enqueued, decided those decided (the first
	// ones in order: the place of the next to decide), left those left
	// out.
	units, decided, left int
}

// New returns a Ledger with the limits lim.
func New(lim Limits) *Ledger {
	l := &Ledger{lim: lim}
	l.cond = sync.NewCond(&l.mu)
	return l
}

// Limits are the ledger's limits (Defaults for a nil ledger).
func (l *Ledger) Limits() Limits {
	if l == nil {
		return Defaults
	}
	return l.lim
}

// Group is a sequence of units whose number is known only as it runs (a
// kustomize build renders the charts it meets): units after the group
// are decided only once it is closed. Its own units are added by one
// goroutine, in order.
type Group struct {
	l      *Ledger
	units  []*Unit
	closed bool
}

// Unit is one piece of work: a root, a build, a rendering.
type Unit struct {
	l                       *Ledger
	most                    time.Duration
	decided, admitted, done bool
	cost                    time.Duration
}

// Enqueue adds units that may each cost at most most[i], in order.
func (l *Ledger) Enqueue(most ...time.Duration) []*Unit {
	out := make([]*Unit, len(most))
	for i, m := range most {
		g := l.Group()
		out[i] = g.Add(m)
		g.Close()
	}
	return out
}

// Group opens a group after every unit enqueued so far.
func (l *Ledger) Group() *Group {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	g := &Group{l: l}
	l.groups = append(l.groups, g)
	return g
}

// Add adds a unit that may cost at most most to the open group.
func (g *Group) Add(most time.Duration) *Unit {
	if g == nil {
		return nil
	}
	l := g.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if g.closed {
		panic("runbudget: Add to a closed group")
	}
	u := &Unit{l: l, most: max(most, 0)}
	l.units++
	g.units = append(g.units, u)
	l.settle()
	return u
}

// Close says the group has no more units.
func (g *Group) Close() {
	if g == nil {
		return
	}
	g.l.mu.Lock()
	defer g.l.mu.Unlock()
	g.closed = true
	g.l.settle()
}

// Admit waits until the unit's turn is decided and reports whether it may
// run. A unit that runs must call Done.
func (u *Unit) Admit() bool {
	if u == nil {
		return true
	}
	l := u.l
	l.mu.Lock()
	defer l.mu.Unlock()
	for !u.decided {
		l.cond.Wait()
	}
	return u.admitted
}

// Done records what a unit cost (at most what it said it may cost: more
// is counted as that); every unit must be done, a unit that did not run
// with 0, or the units after it may wait for ever. Done on a unit left
// out does nothing.
func (u *Unit) Done(cost time.Duration) {
	if u == nil {
		return
	}
	l := u.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if u.done || (u.decided && !u.admitted) {
		return
	}
	u.done, u.cost = true, min(max(cost, 0), u.most)
	if u.admitted {
		l.reserved -= u.most
		l.spent += u.cost
	}
	l.settle()
}

// settle decides every unit that can be decided, in order, and wakes the
// waiters.
func (l *Ledger) settle() {
	for l.next < len(l.groups) {
		g := l.groups[l.next]
		for _, u := range g.units {
			if !u.decided && !l.decide(u) {
				l.cond.Broadcast()
				return
			}
		}
		if !g.closed {
			break
		}
		l.next++
	}
	l.cond.Broadcast()
}

// decide decides u, the next unit in order, when it is certain, and says
// whether it did: u fits when even the most every running unit may cost
// leaves room for u's most; it does not fit when that fails with no unit
// running (then the costs are exact). Its place in the run is the number
// of units decided before it (a group may add a unit after a later group
// did: places follow the order of groups, not of calls).
func (l *Ledger) decide(u *Unit) bool {
	allowance := l.lim.CPU + time.Duration(l.decided+1)*l.lim.PerUnit
	switch {
	case l.spent+l.reserved+u.most <= allowance:
		u.decided, u.admitted = true, true
		if u.done { // done before its turn: it did not run
			l.spent += u.cost
		} else {
			l.reserved += u.most
		}
	case l.reserved == 0:
		u.decided = true
		l.left++
	}
	if u.decided {
		l.decided++
	}
	return u.decided
}

// Report is what a run's budget spent.
type Report struct {
	// Spent is the cost of the units that ran; Allowance the budget of
	// every unit enqueued.
	Spent, Allowance time.Duration
	// Units counts the units enqueued, LeftOut those left out.
	Units, LeftOut int
}

// Report says what was spent so far.
func (l *Ledger) Report() Report {
	if l == nil {
		return Report{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return Report{Spent: l.spent, Allowance: l.lim.CPU + time.Duration(l.units)*l.lim.PerUnit, Units: l.units, LeftOut: l.left}
}

// String reads as "12.3s of 96s spent by 72 units; 2 left out".
func (r Report) String() string {
	return fmt.Sprintf("%s of %s spent by %d units; %d left out", r.Spent.Round(10*time.Millisecond), r.Allowance, r.Units, r.LeftOut)
}

// LeftOut is the sentence a unit the budget left out reports.
func LeftOut(lim Limits) string {
	return fmt.Sprintf("left out: the run's budget of CPU time (%gs, plus %gs per input) was spent by the inputs before it in path order; lint it on its own to check it", lim.CPU.Seconds(), lim.PerUnit.Seconds())
}
