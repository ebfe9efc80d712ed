package nohttptimeout

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/netip"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// checkClient reports a constructed http.Client (lit, or a new call when lit
// is nil) whose Timeout is never set.
func (c *checker) checkClient(cur inspector.Cursor, n ast.Expr, lit *ast.CompositeLit) {
	t := typematch.Deref(c.pass.TypesInfo.TypeOf(n))
	timeout := structField(t, "Timeout")
	if timeout == nil {
		return
	}
	if lit != nil {
		if v, ok := litField(c.pass.TypesInfo, lit, timeout); ok && !isZeroConst(c.pass.TypesInfo, v) {
			return // Timeout: d in the literal
		}
	}
	if c.bounded(c.destOf(cur, 0), []*types.Var{timeout}, 0) {
		return // Timeout set after construction, by a callee, or by every caller
	}
	msg := "http.Client has no Timeout; a slow server can block its requests forever; set Timeout"
	if lit != nil && c.transportBoundsHeaders(lit) {
		msg = "http.Client has no Timeout; its Transport bounds connecting and response headers, but reading the body is unbounded; set Timeout"
	}
	d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: CategoryClient, Message: msg}
	d.SuggestedFixes = c.insertFieldFix(n, lit, "Timeout", "Add Timeout to http.Client")
	c.report(d)
}

// checkServer reports a constructed http.Server with neither
// ReadHeaderTimeout nor ReadTimeout.
func (c *checker) checkServer(cur inspector.Cursor, n ast.Expr, lit *ast.CompositeLit) {
	info := c.pass.TypesInfo
	t := typematch.Deref(info.TypeOf(n))
	rht, rt, addr := structField(t, "ReadHeaderTimeout"), structField(t, "ReadTimeout"), structField(t, "Addr")
	if rht == nil || rt == nil || addr == nil {
		return
	}
	if lit != nil {
		for _, f := range []*types.Var{rht, rt} {
			if v, ok := litField(info, lit, f); ok && !isZeroConst(info, v) {
				return
			}
		}
		if v, ok := litField(info, lit, addr); ok && isLoopbackAddr(info, v) {
			return // a debug or pprof listener on loopback
		}
	}
	d := c.destOf(cur, 0)
	if c.bounded(d, []*types.Var{rht, rt}, 0) || c.loopbackStored(d, addr) {
		return
	}
	if !c.serverIsLive(d, lit, t) {
		return // an empty Server never served here: a configuration holder (http2.ServeConnOpts.BaseConfig, h2c)
	}
	diag := analysis.Diagnostic{
		Pos: n.Pos(), End: n.End(), Category: CategoryServer,
		Message: "http.Server has neither ReadHeaderTimeout nor ReadTimeout; slow clients can hold its connections forever; set ReadHeaderTimeout",
	}
	diag.SuggestedFixes = c.insertFieldFix(n, lit, "ReadHeaderTimeout", "Add ReadHeaderTimeout to http.Server")
	c.report(diag)
}

// serverIsLive reports whether a constructed server (lit, or a new call
// when lit is nil, stored at d) is configured to serve: it has an Addr or a
// Handler, in the literal or stored later, or it is served in the package.
func (c *checker) serverIsLive(d dest, lit *ast.CompositeLit, t types.Type) bool {
	info := c.pass.TypesInfo
	addr, handler := structField(t, "Addr"), structField(t, "Handler")
	if lit != nil {
		if c.stores.servLits[lit] {
			return true
		}
		for _, f := range []*types.Var{addr, handler} {
			if v, ok := litField(info, lit, f); ok && !info.Types[v].IsNil() {
				return true
			}
		}
	}
	if d.kind != destPath {
		return false
	}
	return c.stores.servedAt(d.p) || c.anySet(d.p, []*types.Var{addr, handler})
}

// loopbackStored reports whether a loopback literal address is stored in
// the Addr field of the server at d.
func (c *checker) loopbackStored(d dest, addr *types.Var) bool {
	if d.kind != destPath {
		return false
	}
	found := false
	c.stores.storesTo(d.p, addr, func(st store) bool {
		found = st.value != nil && isLoopbackAddr(c.pass.TypesInfo, st.value)
		return !found
	})
	return found
}

// checkDialer reports a constructed net.Dialer with no Timeout and no
// Deadline that is used through Dial.
func (c *checker) checkDialer(cur inspector.Cursor, n ast.Expr, lit *ast.CompositeLit) {
	info := c.pass.TypesInfo
	t := typematch.Deref(info.TypeOf(n))
	timeout, deadline := structField(t, "Timeout"), structField(t, "Deadline")
	if timeout == nil || deadline == nil {
		return
	}
	if lit != nil {
		if v, ok := litField(info, lit, timeout); ok && !isZeroConst(info, v) {
			return
		}
		if _, ok := litField(info, lit, deadline); ok {
			return
		}
	}
	var dialed bool
	if lit != nil && c.stores.dialLits[lit] {
		dialed = true
	} else {
		d := c.destOf(cur, 0)
		if d.kind != destPath || c.bounded(d, []*types.Var{timeout, deadline}, 0) {
			return
		}
		dialed = c.stores.dialedThrough(d.p)
	}
	if !dialed {
		return // used through DialContext, or not used to dial here
	}
	diag := analysis.Diagnostic{
		Pos: n.Pos(), End: n.End(), Category: CategoryDial,
		Message: "net.Dialer has no Timeout and is used through Dial; an unreachable host blocks until the OS gives up; set Timeout or use DialContext with a deadline",
	}
	diag.SuggestedFixes = c.insertFieldFix(n, lit, "Timeout", "Add Timeout to net.Dialer")
	c.report(diag)
}

// checkZeroVar reports var c http.Client (and Server, and Dialer used to
// Dial) never configured.
func (c *checker) checkZeroVar(cur inspector.Cursor, name *ast.Ident, v *types.Var, kind constructed) {
	s := c.stores
	if s.assigned[v] > 0 || s.addrOf[v] {
		return // assigned a whole value later, or configured through a pointer
	}
	p := path{root: v}
	d := dest{kind: destPath, p: p}
	var fields []*types.Var
	var msg, cat string
	switch kind {
	case httpClient:
		fields = []*types.Var{structField(v.Type(), "Timeout")}
		cat, msg = CategoryClient, "http.Client variable has no Timeout; a slow server can block its requests forever; set Timeout"
	case httpServer:
		fields = []*types.Var{structField(v.Type(), "ReadHeaderTimeout"), structField(v.Type(), "ReadTimeout")}
		if c.loopbackStored(d, structField(v.Type(), "Addr")) || !c.serverIsLive(d, nil, v.Type()) {
			return
		}
		cat, msg = CategoryServer, "http.Server variable has neither ReadHeaderTimeout nor ReadTimeout; slow clients can hold its connections forever; set ReadHeaderTimeout"
	case netDialer:
		if !s.dialedThrough(p) {
			return
		}
		fields = []*types.Var{structField(v.Type(), "Timeout"), structField(v.Type(), "Deadline")}
		cat, msg = CategoryDial, "net.Dialer variable has no Timeout and is used through Dial; an unreachable host blocks until the OS gives up; set Timeout"
	}
	if c.bounded(d, fields, 0) {
		return
	}
	c.report(analysis.Diagnostic{Pos: name.Pos(), End: name.End(), Category: cat, Message: msg})
}

// litField returns the value given to field f in lit, keyed or positional.
func litField(info *types.Info, lit *ast.CompositeLit, f *types.Var) (ast.Expr, bool) {
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == f {
				return kv.Value, true
			}
			continue
		}
		if st, ok := derefUnder(info.TypeOf(lit)).(*types.Struct); ok && i < st.NumFields() && st.Field(i) == f {
			return e, true
		}
	}
	return nil, false
}

// transportBoundsHeaders reports whether the client literal's Transport is
// an http.Transport literal (directly, or through a variable defined by one)
// with a non-zero ResponseHeaderTimeout.
func (c *checker) transportBoundsHeaders(lit *ast.CompositeLit) bool {
	info := c.pass.TypesInfo
	tf := structField(info.TypeOf(lit), "Transport")
	v, ok := litField(info, lit, tf)
	if !ok {
		return false
	}
	v = ast.Unparen(v)
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = ast.Unparen(u.X)
	}
	tlit, ok := v.(*ast.CompositeLit)
	if !ok {
		if id, isIdent := v.(*ast.Ident); isIdent {
			if obj, isVar := info.Uses[id].(*types.Var); isVar {
				rht := structField(obj.Type(), "ResponseHeaderTimeout")
				return rht != nil && c.stores.sets(path{root: obj}, rht) || c.definedByBoundedTransport(obj)
			}
		}
		return false
	}
	rht := structField(info.TypeOf(tlit), "ResponseHeaderTimeout")
	val, ok := litField(info, tlit, rht)
	return ok && !isZeroConst(info, val)
}

// definedByBoundedTransport reports whether local variable v is defined by
// an http.Transport literal with a ResponseHeaderTimeout. It finds the one
// defining identifier by position (not by scanning the package's
// assignments, which made a package with many clients quadratic).
func (c *checker) definedByBoundedTransport(v *types.Var) bool {
	idc, ok := c.inspect.Root().FindByPos(v.Pos(), v.Pos())
	if !ok {
		return false
	}
	id, ok := idc.Node().(*ast.Ident)
	if !ok || c.pass.TypesInfo.Defs[id] != v {
		return false
	}
	var lhs, rhs []ast.Expr
	switch n := idc.Parent().Node().(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, name := range n.Names {
			lhs = append(lhs, name)
		}
		rhs = n.Values
	}
	if len(lhs) != len(rhs) {
		return false
	}
	for i, l := range lhs {
		if l != id {
			continue
		}
		r := ast.Unparen(rhs[i])
		if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
			r = ast.Unparen(u.X)
		}
		if tlit, ok := r.(*ast.CompositeLit); ok && typematch.IsTypeNamed(c.pass.TypesInfo.TypeOf(tlit), "net/http", "Transport") {
			rht := structField(c.pass.TypesInfo.TypeOf(tlit), "ResponseHeaderTimeout")
			val, ok := litField(c.pass.TypesInfo, tlit, rht)
			return ok && !isZeroConst(c.pass.TypesInfo, val)
		}
		return false
	}
	return false
}

// isLoopbackAddr reports whether e is a constant "host:port" whose host is
// localhost or a loopback IP, or such a constant "host:" plus a port.
func isLoopbackAddr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		// "localhost:" + port: a constant loopback host, a computed port.
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			return false
		}
		tv, ok := info.Types[b.X]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return false
		}
		host, found := strings.CutSuffix(constant.StringVal(tv.Value), ":")
		return found && isLoopbackHost(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	}
	host, ok := splitHost(constant.StringVal(tv.Value))
	return ok && isLoopbackHost(host)
}

// The two functions below follow net.SplitHostPort and net.ParseIP with
// IP.IsLoopback (a test checks them against package net), without
// importing net: net links cgo's resolver into the command, and a
// dynamically linked binary starts a millisecond slower, once per package
// under go vet.

// splitHost returns the host of a "host:port" or "[host]:port" address, and
// whether net.SplitHostPort accepts the address.
func splitHost(hostport string) (string, bool) {
	i := strings.LastIndexByte(hostport, ':')
	if i < 0 {
		return "", false // missing port
	}
	var host string
	j, k := 0, 0
	if hostport[0] == '[' {
		end := strings.IndexByte(hostport, ']')
		if end < 0 || end+1 != i {
			return "", false // no ']', or it is not just before the last ':'
		}
		host = hostport[1:end]
		j, k = 1, end+1
	} else {
		host = hostport[:i]
		if strings.IndexByte(host, ':') >= 0 {
			return "", false // too many colons
		}
	}
	if strings.IndexByte(hostport[j:], '[') >= 0 || strings.IndexByte(hostport[k:], ']') >= 0 {
		return "", false
	}
	return host, true
}

// isLoopbackHost reports whether host is localhost or a loopback IP, as
// net.ParseIP parses IPs: no zone, IPv4-mapped IPv6 addresses as IPv4.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Zone() == "" && ip.Unmap().IsLoopback()
}

// checkDefaultHelper reports http.Get, Head, Post and PostForm.
func (c *checker) checkDefaultHelper(call *ast.CallExpr, fn *types.Func) {
	if c.defaultClientBounded() {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: CategoryDefaultClient,
		Message: fmt.Sprintf("http.%s uses http.DefaultClient, which has no timeout; send with a client that has a Timeout, or a request whose context has a deadline", fn.Name()),
	})
}

// defaultClientBounded reports whether the package sets
// http.DefaultClient.Timeout somewhere (typically in main or init).
func (c *checker) defaultClientBounded() bool {
	if c.defaultSet != 0 {
		return c.defaultSet > 0
	}
	c.defaultSet = -1
	obj := lookupPkgVar(c.pass.Pkg, "net/http", "DefaultClient")
	if obj != nil {
		if f := structField(obj.Type(), "Timeout"); f != nil && c.stores.sets(path{root: obj}, f) {
			c.defaultSet = 1
		}
	}
	return c.defaultSet > 0
}

func lookupPkgVar(pkg *types.Package, path, name string) types.Object {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return imp.Scope().Lookup(name)
		}
	}
	return nil
}

// checkDefaultClientSelector reports http.DefaultClient used to send.
func (c *checker) checkDefaultClientSelector(cur inspector.Cursor, sel *ast.SelectorExpr) {
	info := c.pass.TypesInfo
	if !typematch.IsPackageVar(info.Uses[sel.Sel], "net/http", "DefaultClient") {
		return
	}
	if c.defaultClientBounded() || !c.sendsUnbounded(cur) {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: sel.Pos(), End: sel.End(), Category: CategoryDefaultClient,
		Message: "http.DefaultClient has no timeout; send with a client that has a Timeout, or a request whose context has a deadline",
	})
}

// sendsUnbounded reports whether the client value at cur is used to send a
// request that nothing bounds, or escapes to code that may.
func (c *checker) sendsUnbounded(cur inspector.Cursor) bool {
	info := c.pass.TypesInfo
	for {
		if _, ok := cur.Parent().Node().(*ast.ParenExpr); !ok {
			break
		}
		cur = cur.Parent()
	}
	n := cur.Node()
	switch p := cur.Parent().Node().(type) {
	case *ast.SelectorExpr:
		selection, ok := info.Selections[p]
		if !ok || selection.Kind() == types.FieldVal {
			return false // reading or writing a field
		}
		switch p.Sel.Name {
		case "CloseIdleConnections":
			return false
		case "Do":
			call, ok := cur.Parent().Parent().Node().(*ast.CallExpr)
			if ok && call.Fun == p && len(call.Args) == 1 {
				return !c.origins.Of(call.Args[0]).Bounded()
			}
		}
		return true
	case *ast.StarExpr:
		return false // a copy: judged where it is configured
	case *ast.BinaryExpr:
		return p.Op != token.EQL && p.Op != token.NEQ
	case *ast.AssignStmt:
		i := indexOf(p.Rhs, n)
		if i < 0 || len(p.Lhs) != len(p.Rhs) {
			return true
		}
		return c.localSendsUnbounded(cur, p.Lhs[i])
	case *ast.ValueSpec:
		i := indexOf(p.Values, n)
		if i < 0 || len(p.Names) != len(p.Values) {
			return true
		}
		return c.localSendsUnbounded(cur, p.Names[i])
	}
	return true
}

// localSendsUnbounded reports whether the local variable lhs, assigned a
// client at cur, is used to send an unbounded request or escapes.
func (c *checker) localSendsUnbounded(cur inspector.Cursor, lhs ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return true // stored in a field or elsewhere: escapes
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return true // a package variable: used anywhere
	}
	fc, ok := astutil.EnclosingFuncDecl(cur)
	if !ok {
		return true
	}
	for use := range fc.Preorder((*ast.Ident)(nil)) {
		uid := use.Node().(*ast.Ident)
		if uid == id || info.Uses[uid] != v {
			continue
		}
		if _, isAssign := use.Parent().Node().(*ast.AssignStmt); isAssign && isLHS(use) {
			continue // reassigned: the other value is judged on its own
		}
		if c.sendsUnbounded(use) {
			return true
		}
	}
	return false
}

// isLHS reports whether the identifier at cur is on the left of an assignment.
func isLHS(cur inspector.Cursor) bool {
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	return ok && indexOf(as.Lhs, cur.Node()) >= 0
}

// checkServe reports http.ListenAndServe and friends.
func (c *checker) checkServe(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	if len(call.Args) == 0 {
		return
	}
	switch fn.Name() {
	case "ListenAndServe", "ListenAndServeTLS":
		if isLoopbackAddr(c.pass.TypesInfo, call.Args[0]) {
			return // a debug or pprof listener on loopback
		}
	case "Serve", "ServeTLS":
		if c.isLoopbackListener(cur, call.Args[0]) {
			return
		}
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: CategoryServe,
		Message: fmt.Sprintf("http.%s uses a Server without timeouts; slow clients can hold its connections forever; use an http.Server with ReadHeaderTimeout", fn.Name()),
	}
	d.SuggestedFixes = c.serveFix(call, fn.Name())
	c.report(d)
}

// isLoopbackListener reports whether e is a local variable defined in the
// enclosing function by net.Listen on a loopback literal address.
func (c *checker) isLoopbackListener(cur inspector.Cursor, e ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	fc, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	for ac := range fc.Preorder((*ast.AssignStmt)(nil)) {
		as := ac.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			continue
		}
		if lid, ok := as.Lhs[0].(*ast.Ident); !ok || info.ObjectOf(lid) != v {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return false
		}
		fn := typematch.CalleeFunc(info, call)
		return typematch.IsFunctionNamed(fn, "net", "Listen") && isLoopbackAddr(info, call.Args[1])
	}
	return false
}

// isTCP reports whether network is a TCP network name.
func isTCP(network string) bool {
	return network == "tcp" || network == "tcp4" || network == "tcp6"
}

// constNetworks returns the values of the network argument of a dial when
// they are all known constants: a constant, or a variable ranging over a
// literal list of constants (for _, network := range []string{"unixgram",
// "unix"}), directly or through a local variable defined by that literal.
func (c *checker) constNetworks(e ast.Expr) ([]string, bool) {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}, true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	rng, ok := c.definingNode(info.Uses[id]).(*ast.RangeStmt)
	if !ok || rng.Value == nil || info.Defs[identOf(rng.Value)] != info.Uses[id] {
		return nil, false
	}
	x := ast.Unparen(rng.X)
	if xid, ok := x.(*ast.Ident); ok {
		as, ok := c.definingNode(info.Uses[xid]).(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return nil, false
		}
		x = nil
		for i, l := range as.Lhs {
			if identOf(l) != nil && info.Defs[identOf(l)] == info.Uses[xid] {
				x = ast.Unparen(as.Rhs[i])
			}
		}
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return nil, false
	}
	var nets []string
	for _, el := range lit.Elts {
		tv, ok := info.Types[el]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		nets = append(nets, constant.StringVal(tv.Value))
	}
	return nets, true
}

// definingNode returns the statement that defines the local variable obj
// (the parent of its defining identifier), or nil.
func (c *checker) definingNode(obj types.Object) ast.Node {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil // not a local variable
	}
	cur, ok := c.inspect.Root().FindByPos(v.Pos(), v.Pos())
	if !ok {
		return nil
	}
	if id, ok := cur.Node().(*ast.Ident); !ok || c.pass.TypesInfo.Defs[id] != v {
		return nil
	}
	return cur.Parent().Node()
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// checkDialCall reports net.Dial and tls.Dial on a network that blocks on
// connect.
func (c *checker) checkDialCall(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	if len(call.Args) < 2 {
		return
	}
	if c.isPassThrough(cur, call.Args[:2]) || c.implementsDial(cur) {
		return // a wrapper or a Dialer that mirrors Dial's contract (net/rpc.Dial, proxy.Direct, a SOCKS dialer's Dial): its callers choose the bound
	}
	if nets, ok := c.constNetworks(call.Args[0]); ok && !slices.ContainsFunc(nets, isTCP) {
		return // udp, unix, ip: connecting does not wait on the network
	}
	pkg := "net"
	if fn.Pkg().Path() == "crypto/tls" {
		pkg = "tls"
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: CategoryDial,
		Message: pkg + ".Dial has no timeout; an unreachable host blocks until the OS gives up; use " + map[string]string{"net": "net.DialTimeout", "tls": "tls.DialWithDialer"}[pkg] + " or a net.Dialer with Timeout",
	}
	if pkg == "net" {
		d.SuggestedFixes = c.dialFix(call)
	}
	c.report(d)
}

// durationField describes a checked duration field.
type durationField struct {
	label string
	idle  bool // an idle timeout: never too large
}

// durationFieldOf returns the description of f if it is a checked duration field.
func durationFieldOf(f *types.Var) (durationField, bool) {
	for _, df := range []struct {
		path, typ, name string
		idle            bool
	}{
		{"net/http", "Client", "Timeout", false},
		{"net/http", "Server", "ReadTimeout", false},
		{"net/http", "Server", "ReadHeaderTimeout", false},
		{"net/http", "Server", "WriteTimeout", false},
		{"net/http", "Server", "IdleTimeout", true},
		{"net/http", "Transport", "TLSHandshakeTimeout", false},
		{"net/http", "Transport", "ResponseHeaderTimeout", false},
		{"net/http", "Transport", "ExpectContinueTimeout", false},
		{"net/http", "Transport", "IdleConnTimeout", true},
		{"net", "Dialer", "Timeout", false},
	} {
		if f.Name() == df.name && typematch.IsField(f, df.path, df.typ, df.name) {
			prefix := "http."
			if df.path == "net" {
				prefix = "net."
			}
			return durationField{label: prefix + df.typ + " " + df.name, idle: df.idle}, true
		}
	}
	return durationField{}, false
}

// checkDurationFields checks the duration fields set in a literal.
func (c *checker) checkDurationFields(lit *ast.CompositeLit, t types.Type) {
	if kindOf(t) == notConstructed && !typematch.IsTypeNamed(t, "net/http", "Transport") {
		return
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		f, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		if df, ok := durationFieldOf(f); ok {
			c.checkDuration(kv.Value, df.label, !df.idle)
		}
	}
}

// checkTimeoutAssign checks x.Field = constant for the checked fields.
func (c *checker) checkTimeoutAssign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		f, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
		if !ok || !f.IsField() {
			continue
		}
		if df, ok := durationFieldOf(f); ok {
			c.checkDuration(as.Rhs[i], df.label, !df.idle)
		}
	}
}

// checkDuration reports a constant duration e that is a bare untyped number
// below a millisecond (timeout-unit), or, when checkMax, above -max.
func (c *checker) checkDuration(e ast.Expr, label string, checkMax bool) {
	info := c.pass.TypesInfo
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	if !exact {
		if checkMax && constant.Sign(tv.Value) > 0 {
			c.reportTooLarge(e, label, "an overflowing value")
		}
		return
	}
	switch {
	case v > 0 && v < int64(time.Millisecond) && typematch.IsUntypedConstExpr(info, e):
		d := analysis.Diagnostic{
			Pos: e.Pos(), End: e.End(), Category: CategoryUnit,
			Message: fmt.Sprintf("%s of untyped %d is %v, not seconds; multiply by a time unit such as time.Second", label, v, time.Duration(v)),
		}
		d.SuggestedFixes = c.unitFix(e)
		c.report(d)
	case checkMax && v > int64(c.max):
		c.reportTooLarge(e, label, time.Duration(v).String())
	}
}

func (c *checker) reportTooLarge(e ast.Expr, label, value string) {
	c.report(analysis.Diagnostic{
		Pos: e.Pos(), End: e.End(), Category: CategoryTooLarge,
		Message: fmt.Sprintf("%s of %s is above the %v limit (-max); a slow dependency can hold callers that long; lower it", label, value, c.max),
	})
}

// isPassThrough reports whether every one of args is a parameter of the
// function enclosing cur.
func (c *checker) isPassThrough(cur inspector.Cursor, args []ast.Expr) bool {
	fc, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	var ft *ast.FuncType
	switch fn := fc.Node().(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	params := make(map[types.Object]bool)
	for _, f := range ft.Params.List {
		for _, name := range f.Names {
			params[c.pass.TypesInfo.Defs[name]] = true
		}
	}
	for _, a := range args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || !params[c.pass.TypesInfo.Uses[id]] {
			return false
		}
	}
	return true
}

// implementsDial reports whether the function enclosing cur is a method
// with net.Dial's shape, func(network, address string) (net.Conn, error),
// whose type also has the context variant (the same name plus "Context",
// taking a context first): the non-context Dial of a dialer such as
// golang.org/x/net/proxy's, unbounded by contract like net.Dial, next to
// the bounded one.
func (c *checker) implementsDial(cur inspector.Cursor) bool {
	fc, ok := astutil.EnclosingFuncDecl(cur)
	if !ok {
		return false
	}
	decl := fc.Node().(*ast.FuncDecl)
	if lit, ok := astutil.EnclosingFunc(cur); !ok || lit.Node() != decl {
		return false // inside a function literal of the method
	}
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok || fn.Signature().Recv() == nil || !isDialShape(fn.Signature(), 0) {
		return false
	}
	variant, _, _ := types.LookupFieldOrMethod(fn.Signature().Recv().Type(), true, fn.Pkg(), fn.Name()+"Context")
	v, ok := variant.(*types.Func)
	return ok && isDialShape(v.Signature(), 1) && typematch.IsContext(v.Signature().Params().At(0).Type())
}

// isDialShape reports whether sig is (skip leading parameters, then)
// (network, address string) (net.Conn, error).
func isDialShape(sig *types.Signature, skip int) bool {
	if sig.Params().Len() != skip+2 || sig.Results().Len() != 2 {
		return false
	}
	isString := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.String
	}
	return isString(sig.Params().At(skip).Type()) && isString(sig.Params().At(skip+1).Type()) &&
		typematch.IsTypeNamed(sig.Results().At(0).Type(), "net", "Conn") &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}
