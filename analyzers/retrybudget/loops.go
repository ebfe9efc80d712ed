package retrybudget

import (
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/cfg"
)

// loopCFG is the part of a function's control-flow graph that one loop
// covers, with the questions the analyzer asks of it.
type loopCFG struct {
	loop ast.Stmt
	head *cfg.Block // the block every iteration starts at
	// observes is the sorted positions of the observations of the context
	// in the loop's function (not in nested function literals).
	observes []token.Pos
	// rangeTicker is set for a range over a ticker channel: the edge out of
	// its head (the channel closed) is never taken.
	rangeTicker bool
	blocks      []*cfg.Block // the live blocks of the loop
}

// never reports whether the edge from b to its i-th successor is never taken.
func (lc *loopCFG) never(b *cfg.Block, i int) bool {
	return lc.rangeTicker && b == lc.head && i == 1
}

// loopGraph returns the control-flow view of the loop lw, or nil when the
// function's graph is not available.
func (c *checker) loopGraph(lw *loopWaits) *loopCFG {
	g := c.cfgOf(lw.fn.Node())
	if g == nil {
		return nil
	}
	lc := &loopCFG{loop: lw.loop.Node().(ast.Stmt)}
	for _, b := range g.Blocks {
		if b.Live && lc.inLoop(b) {
			lc.blocks = append(lc.blocks, b)
		}
		if b.Stmt != lc.loop || !b.Live {
			continue
		}
		switch b.Kind {
		case cfg.KindForLoop, cfg.KindRangeLoop:
			lc.head = b
		case cfg.KindForBody:
			if lc.loop.(*ast.ForStmt).Cond == nil {
				lc.head = b
			}
		}
	}
	if lc.head == nil {
		return nil
	}
	for _, e := range c.idx.byFunc[lw.fn.Node()] {
		if e.kind == evObserve {
			lc.observes = append(lc.observes, e.node.Pos())
		}
	}
	sort.Slice(lc.observes, func(i, j int) bool { return lc.observes[i] < lc.observes[j] })
	return lc
}

// inLoop reports whether block b belongs to the loop: it was created by a
// statement inside the loop, or is one of the loop's own blocks other than
// the one after it.
func (lc *loopCFG) inLoop(b *cfg.Block) bool {
	if b.Stmt == nil {
		return false
	}
	if b.Stmt == lc.loop {
		return b.Kind != cfg.KindForDone && b.Kind != cfg.KindRangeDone
	}
	return lc.loop.Pos() <= b.Stmt.Pos() && b.Stmt.End() <= lc.loop.End()
}

// blockObserves reports whether a node of b observes the context.
func (lc *loopCFG) blockObserves(b *cfg.Block) bool {
	for _, n := range b.Nodes {
		i := sort.Search(len(lc.observes), func(i int) bool { return lc.observes[i] >= n.Pos() })
		if i < len(lc.observes) && lc.observes[i] < n.End() {
			return true
		}
	}
	return false
}

// observesEachIteration reports whether every path through the loop from
// one iteration to the next observes the context (a ctx.Err() check, a
// select on ctx.Done() with a default, a helper that waits on it): no path
// leads from the loop's head back to it without passing an observation.
func (lc *loopCFG) observesEachIteration() bool {
	if lc.blockObserves(lc.head) {
		return true
	}
	seen := map[*cfg.Block]bool{lc.head: true}
	stack := append([]*cfg.Block(nil), lc.head.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == lc.head {
			return false
		}
		if seen[b] || !lc.inLoop(b) || lc.blockObserves(b) {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return true
}

// exitsOnlyOnSuccess reports whether the loop has exits and every one of
// them is reached only through a success edge: an edge taken when an error
// returned by an operation of the loop is nil.
func (lc *loopCFG) exitsOnlyOnSuccess(success func(b *cfg.Block, i int) bool) bool {
	// Does the loop exit at all? (A loop with no exit is periodic, not a retry.)
	exits := false
	seen := map[*cfg.Block]bool{lc.head: true}
	stack := []*cfg.Block{lc.head}
	for len(stack) > 0 && !exits {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(b.Succs) == 0 {
			exits = true // return, panic, os.Exit, log.Fatal
		}
		for i, s := range b.Succs {
			if lc.never(b, i) {
				continue
			}
			if !lc.inLoop(s) {
				exits = true
			} else if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	if !exits {
		return false
	}
	// Can an exit be reached without crossing a success edge?
	clear(seen)
	seen[lc.head] = true
	stack = []*cfg.Block{lc.head}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(b.Succs) == 0 {
			return false
		}
		for i, s := range b.Succs {
			if lc.never(b, i) || success(b, i) {
				continue
			}
			if !lc.inLoop(s) {
				return false
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// betweenIterations reports whether the wait at pos runs between two
// iterations: a path leads from it back to the loop's head. A wait on a
// path that leaves the loop (a delay before returning) is not the loop
// waiting. Waits the graph does not hold (a range over a ticker waits in
// the loop's head) count.
func (lc *loopCFG) betweenIterations(pos token.Pos) bool {
	var from *cfg.Block
	for _, b := range lc.blocks {
		for _, n := range b.Nodes {
			if n.Pos() <= pos && pos < n.End() {
				from = b
				break
			}
		}
		if from != nil {
			break
		}
	}
	if from == nil || from == lc.head {
		return true
	}
	seen := map[*cfg.Block]bool{from: true}
	stack := append([]*cfg.Block(nil), from.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == lc.head {
			return true
		}
		if seen[b] || !lc.inLoop(b) {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// waitPos returns the position betweenIterations looks up for a wait.
func waitPos(w *event) token.Pos {
	if s, ok := w.node.(*ast.SelectStmt); ok {
		return s.Body.List[0].(*ast.CommClause).Comm.Pos() // the graph holds the communications
	}
	return w.node.Pos()
}
