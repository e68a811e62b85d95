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

// Defaults are the limits of a run (README, "Run-wide budget"). CPU holds
// two chart renderings stopped at their 20 s bound (21 s each: a worker
// may pass its limit by a second) with 3 s left for the inputs after
// them; PerUnit is ten times what an ordinary rendering or root costs
// (the generated tree at 500 teams: 7.8 s for 2,000 units).
var Defaults = Limits{
	CPU:     45 * time.Second,
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
// enqueued. What unit i may spend, its grant, is what is left of the
// allowance of the first i+1 units (Limits.CPU + (i+1)·Limits.PerUnit)
// after the costs of the units before it, at most the most it may cost;
// it runs when that is at least the least it can run with; otherwise it
// is left out, and so is every unit after it (the budget is spent, even
// if the allowance of later units would leave a little again). The
// decision is made as soon as it is certain: at once
// while the most every running unit may still cost leaves the unit its
// most, else when the units before have finished. Safe for concurrent
// use. A nil *Ledger admits everything, each unit with its most.
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
	l *Ledger
	// least and most are the least the unit can run with and the most
	// it may cost; grant what it was given.
	least, most, grant      time.Duration
	decided, admitted, done bool
	cost                    time.Duration
}

// Enqueue adds n units, in order, that each can run with least and may
// cost at most most.
func (l *Ledger) Enqueue(n int, least, most time.Duration) []*Unit {
	out := make([]*Unit, n)
	for i := range out {
		g := l.Group()
		out[i] = g.Add(least, most)
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

// Add adds a unit to the open group that can run with least and may cost
// at most most (a nil group gives a nil unit, admitted with its most).
func (g *Group) Add(least, most time.Duration) *Unit {
	if g == nil {
		return &Unit{most: most, grant: most, decided: true, admitted: true}
	}
	l := g.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if g.closed {
		panic("runbudget: Add to a closed group")
	}
	most = max(most, 0)
	u := &Unit{l: l, least: min(max(least, 0), most), most: most}
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

// Admit waits until the unit's turn is decided, and returns its grant
// (what it may spend: the bound to run it with) and whether it may run
// at all. A nil unit runs with no grant (0).
func (u *Unit) Admit() (time.Duration, bool) {
	if u == nil {
		return 0, true
	}
	if u.l == nil {
		return u.grant, true
	}
	l := u.l
	l.mu.Lock()
	defer l.mu.Unlock()
	for !u.decided {
		l.cond.Wait()
	}
	return u.grant, u.admitted
}

// Done records what a unit cost (at most its grant: more is counted as
// that); every unit must be done, a unit that did not run with 0, or the
// units after it may wait for ever. Done on a unit left out does nothing.
func (u *Unit) Done(cost time.Duration) {
	if u == nil || u.l == nil {
		return
	}
	l := u.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if u.done || (u.decided && !u.admitted) {
		return
	}
	u.done, u.cost = true, max(cost, 0)
	if u.admitted {
		u.cost = min(u.cost, u.grant)
		l.reserved -= u.grant
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
// whether it did. u gets its most when even the most every running unit
// may cost leaves room for it; otherwise it waits until no unit runs
// (then the costs are exact) and gets what is left, when that is at
// least its least, or is left out; once one unit is left out, every
// later one is. Its place in the run is the number of units decided
// before it (a group may add a unit after a later group
// did: places follow the order of groups, not of calls).
func (l *Ledger) decide(u *Unit) bool {
	allowance := l.lim.CPU + time.Duration(l.decided+1)*l.lim.PerUnit
	switch {
	case l.left > 0:
		u.decided = true
		l.left++
	case l.spent+l.reserved+u.most <= allowance:
		l.admit(u, u.most)
	case l.reserved > 0:
		return false
	case allowance-l.spent >= u.least:
		l.admit(u, allowance-l.spent)
	default:
		u.decided = true
		l.left++
	}
	l.decided++
	return true
}

// admit lets u run with grant.
func (l *Ledger) admit(u *Unit, grant time.Duration) {
	u.decided, u.admitted, u.grant = true, true, grant
	if u.done { // done before its turn: it did not run
		u.cost = min(u.cost, grant)
		l.spent += u.cost
		return
	}
	l.reserved += grant
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
