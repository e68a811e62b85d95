package graph

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/report"
)

// Layout of the HTML page: one band per kind (in kindOrder) from top to
// bottom, its nodes side by side, perRow to a row.
const (
	boxW, boxH   = 230, 54
	colGap       = 270
	rowGap       = 70
	bandGap      = 34
	margin       = 16
	maxBoxLabel  = 30
	maxHTMLNodes = 5000
)

// kindOrder places the kinds from left to right: what runs, what it runs
// as, what launches nodes, their identity, their network and storage.
var kindOrder = []lint.Kind{
	lint.KindRelease, lint.KindWorkload, lint.KindObject, lint.KindServiceAccount, lint.KindPodIdentity,
	lint.KindNodePool, lint.KindNodeClass, lint.KindNodeGroup, lint.KindFargateProfile, lint.KindLaunchTemplate,
	lint.KindAccessEntry, lint.KindInstanceProfile, lint.KindRole, lint.KindOIDCProvider, lint.KindSecurityGroup, lint.KindSubnet,
	lint.KindCluster, lint.KindVolumeClaim, lint.KindStorageClass, lint.KindVolume,
}

// htmlNode is a node as the page's script reads it.
type htmlNode struct {
	Node
	X int `json:"x"`
	Y int `json:"y"`
	// Short is the label cut for the box; the panel shows it whole.
	Short string `json:"short"`
}

type htmlEdge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label"`
}

type htmlData struct {
	Title  string     `json:"title"`
	Width  int        `json:"width"`
	Height int        `json:"height"`
	Nodes  []htmlNode `json:"nodes"`
	Edges  []htmlEdge `json:"edges"`
	Note   string     `json:"note,omitempty"`
}

// layout places the nodes in bands by kind.
func layout(g *Graph, title string) htmlData {
	rank := map[lint.Kind]int{}
	for i, k := range kindOrder {
		rank[k] = i
	}
	rankOf := func(k lint.Kind) int {
		if r, ok := rank[k]; ok {
			return r
		}
		return len(kindOrder)
	}
	d := htmlData{Title: title}
	nodes := g.Nodes
	if len(nodes) > maxHTMLNodes {
		d.Note = fmt.Sprintf("%d more entities not drawn: use --focus", len(nodes)-maxHTMLNodes)
		nodes = nodes[:maxHTMLNodes]
	}
	bands := make([][]int, len(kindOrder)+1)
	widest := 0
	for i, n := range nodes {
		r := rankOf(n.Kind)
		bands[r] = append(bands[r], i)
		widest = max(widest, len(bands[r]))
	}
	perRow := 3
	if widest > 12 {
		perRow = 6
	}
	slot := orderBands(bands, g.Edges, len(nodes), perRow)
	d.Nodes = make([]htmlNode, len(nodes))
	y := margin
	cols := 0
	for _, band := range bands {
		if len(band) == 0 {
			continue
		}
		y += bandGap - 14 // the band's kind heading
		for j, i := range band {
			n := nodes[i]
			d.Nodes[i] = htmlNode{Node: n, X: margin + slot[i]*colGap, Y: y + (j/perRow)*rowGap, Short: short(report.CleanText(n.Label), maxBoxLabel)}
		}
		cols = max(cols, min(len(band), perRow))
		y += ((len(band)+perRow-1)/perRow)*rowGap + 14
	}
	d.Width = 2*margin + max(cols-1, 0)*colGap + boxW + 80
	d.Height = y + margin
	for _, e := range g.Edges {
		if e.From < len(nodes) && e.To < len(nodes) {
			d.Edges = append(d.Edges, htmlEdge{From: g.Nodes[e.From].ID, To: g.Nodes[e.To].ID, Label: e.Label})
		}
	}
	return d
}

// orderBands orders each band's nodes to cut edge crossings: sweeps down
// and up the bands, each node moved to the barycentre (mean column) of its
// neighbours in the bands already placed, the usual layered-drawing
// heuristic; nodes with no such neighbour keep their relative place
// (address order) after the others. Edges to nodes beyond n (not drawn) are
// ignored. It returns each node's column: in a band that fits one row, a
// node sits as near as the row allows to the mean column of its
// neighbours above (so a role many node groups use sits under them);
// a longer band fills its rows from the left.
func orderBands(bands [][]int, edges []Edge, n, perRow int) []int {
	adj := make([][]int, n)
	for _, e := range edges {
		if e.From < n && e.To < n && e.From != e.To {
			adj[e.From] = append(adj[e.From], e.To)
			adj[e.To] = append(adj[e.To], e.From)
		}
	}
	col := make([]float64, n)
	band := make([]int, n)
	for b, ns := range bands {
		for j, i := range ns {
			col[i], band[i] = float64(j%perRow), b
		}
	}
	for pass := range 4 {
		down := pass%2 == 0
		for k := range bands {
			b := k
			if !down {
				b = len(bands) - 1 - k
			}
			reorder(bands[b], adj, col, band, b, down, perRow)
		}
	}
	return place(bands, adj, col, band, perRow)
}

// place gives each node its column, top band first (see orderBands).
func place(bands [][]int, adj [][]int, col []float64, band []int, perRow int) []int {
	slot := make([]int, len(col))
	for b, ns := range bands {
		last := -1
		for j, i := range ns {
			slot[i] = j % perRow
			if len(ns) > perRow {
				continue
			}
			want, cnt := 0.0, 0
			for _, o := range adj[i] {
				if band[o] < b {
					want += float64(slot[o])
					cnt++
				}
			}
			s := last + 1
			if cnt > 0 {
				s = max(s, min(int(want/float64(cnt)+0.5), perRow-len(ns)+j))
			}
			slot[i], col[i], last = s, float64(s), s
		}
	}
	return slot
}

// reorder sorts one band by its nodes' barycentres against the bands above
// (down) or below (up), stably, and records the new columns.
func reorder(ns []int, adj [][]int, col []float64, band []int, b int, down bool, perRow int) {
	key := make(map[int]float64, len(ns))
	for j, i := range ns {
		sum, cnt := 0.0, 0
		for _, o := range adj[i] {
			if down && band[o] < b || !down && band[o] > b {
				sum += col[o]
				cnt++
			}
		}
		key[i] = float64(len(ns) + j) // no placed neighbour: after the rest
		if cnt > 0 {
			key[i] = sum / float64(cnt)
		}
	}
	sort.SliceStable(ns, func(x, y int) bool { return key[ns[x]] < key[ns[y]] })
	for j, i := range ns {
		col[i] = float64(j % perRow)
	}
}

// short cuts s to n characters with an ellipsis.
func short(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// WriteHTML renders g as one self-contained HTML page: the graph's data as
// JSON in a <script type="application/json"> block (encoding/json escapes
// <, > and &, so no input text ends it), an inline script that draws it as
// SVG with DOM calls and textContent (never markup from the data), and an
// inline style; nothing is loaded from the network. Clicking a node shows
// its kind, address, scope, source and file:line.
func WriteHTML(w io.Writer, g *Graph, title string) error {
	data, err := json.Marshal(layout(g, title))
	if err != nil {
		return fmt.Errorf("encoding the graph: %w", err)
	}
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(report.CleanText(title)),
		"{{DATA}}", string(data),
		"{{W}}", fmt.Sprint(boxW), "{{H}}", fmt.Sprint(boxH),
	).Replace(pageTemplate)
	_, err = io.WriteString(w, page)
	return err
}

// pageTemplate is the page; {{DATA}} is JSON, {{TITLE}} escaped text.
const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>{{TITLE}}</title>
<style>
body { margin: 0; font: 13px/1.4 system-ui, sans-serif; color: #1f2328; background: #ffffff; display: flex; height: 100vh; }
#canvas { flex: 1; overflow: auto; }
#panel { width: 280px; border-left: 1px solid #d0d7de; padding: 12px 16px; overflow: auto; background: #f6f8fa; }
#panel h2 { font-size: 15px; margin: 0 0 8px; }
#panel dt { font-weight: 600; margin-top: 8px; }
#panel dd { margin: 0; word-break: break-all; }
#panel li { word-break: break-all; }
.node rect { fill: #ddf4ff; stroke: #0969da; stroke-width: 1.5; rx: 6; cursor: pointer; }
.node.focus rect { fill: #ffebe9; stroke: #cf222e; stroke-width: 3; }
.node.selected rect { stroke: #8250df; stroke-width: 3; }
.node text { pointer-events: none; }
.node .kind { font-size: 10px; fill: #57606a; }
.node .label { font-size: 12px; fill: #1f2328; }
.edge { fill: none; stroke: #8c959f; stroke-width: 1.2; }
.edge-label { font-size: 10px; fill: #57606a; }
.edge-label.hidden { display: none; }
.edge.lit { stroke: #8250df; stroke-width: 2.2; }
.edge-label.lit { display: inline; fill: #8250df; font-weight: 600; }
.column { font-size: 11px; font-weight: 600; fill: #57606a; }
</style>
</head>
<body>
<div id="canvas"><svg id="graph" xmlns="http://www.w3.org/2000/svg"></svg></div>
<div id="panel"><h2>{{TITLE}}</h2><p id="hint">Click an entity to see its kind, address, scope and file:line.</p><dl id="details"></dl><ul id="relations"></ul><p id="note"></p></div>
<script type="application/json" id="graph-data">{{DATA}}</script>
<script>
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var W = {{W}}, H = {{H}};
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var svg = document.getElementById("graph");
  // Fit the drawing to the window (never above its natural size); the
  // canvas scrolls when that would make it unreadable.
  var canvas = document.getElementById("canvas");
  var roomW = canvas.clientWidth || data.width, roomH = canvas.clientHeight || data.height;
  var scale = Math.max(0.5, Math.min(1, roomW / data.width, roomH / data.height));
  svg.setAttribute("width", Math.round(data.width * scale));
  svg.setAttribute("height", Math.round(data.height * scale));
  svg.setAttribute("viewBox", "0 0 " + data.width + " " + data.height);
  var byId = Object.create(null);
  data.nodes.forEach(function (n) { byId[n.id] = n; });
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    parent.appendChild(e);
    return e;
  }
  function text(parent, cls, x, y, s) {
    var t = el("text", {"class": cls, x: x, y: y}, parent);
    t.textContent = s;
    return t;
  }
  // Each kind's heading sits over the left of its band's first row.
  var heads = Object.create(null), kinds = [];
  data.nodes.forEach(function (n) {
    var h = heads[n.kind];
    if (!h) { h = heads[n.kind] = {x: n.x, y: n.y}; kinds.push(n.kind); }
    h.x = Math.min(h.x, n.x); h.y = Math.min(h.y, n.y);
  });
  kinds.forEach(function (k) { text(svg, "column", heads[k].x, heads[k].y - 6, k); });
  var edges = el("g", {"id": "edges"}, svg);
  var labelBoxes = [], edgesOf = Object.create(null), lit = [], arcs = 0;
  data.edges.forEach(function (e) {
    var a = byId[e.from], b = byId[e.to];
    if (!a || !b) { return; }
    var x1 = a.x + W / 2, x2 = b.x + W / 2, y1, y2, d;
    if (Math.abs(a.y - b.y) > 2 * H && Math.abs(a.x - b.x) < W) {
      // Past the boxes between them in one column: an arc in the gap on
      // the right, from side to side, each a little wider than the last.
      x1 = a.x + W; x2 = b.x + W; y1 = a.y + H / 2; y2 = b.y + H / 2;
      var bulge = Math.max(x1, x2) + 14 + (arcs++ % 3) * 7;
      d = "M" + x1 + "," + y1 + " C" + bulge + "," + y1 + " " + bulge + "," + y2 + " " + x2 + "," + y2;
      x1 = x2 = bulge - 4;
    } else if (a.y === b.y) {
      y1 = a.y + H; y2 = b.y + H;
      d = "M" + x1 + "," + y1 + " C" + x1 + "," + (y1 + 30) + " " + x2 + "," + (y2 + 30) + " " + x2 + "," + y2;
    } else {
      if (a.y < b.y) { y1 = a.y + H; y2 = b.y; } else { y1 = a.y; y2 = b.y + H; }
      var my = (y1 + y2) / 2;
      d = "M" + x1 + "," + y1 + " C" + x1 + "," + my + " " + x2 + "," + my + " " + x2 + "," + y2;
    }
    var p = el("path", {"class": "edge", d: d, "marker-end": "url(#arrow)"}, edges);
    var t = document.createElementNS(NS, "title");
    t.textContent = e.label;
    p.appendChild(t);
    // A label that would cover one already drawn is shown only while an
    // end of its edge is selected (its tooltip and the panel name it).
    var lx = (x1 + x2) / 2 + 4, ly = (y1 + y2) / 2, box = [lx, ly - 9, lx + 5.5 * e.label.length, ly + 2];
    var clash = labelBoxes.some(function (o) { return box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3]; });
    var lt = text(edges, "edge-label" + (clash ? " hidden" : ""), lx, ly, e.label);
    if (!clash) { labelBoxes.push(box); }
    [e.from, e.to].forEach(function (id) { (edgesOf[id] = edgesOf[id] || []).push(p, lt); });
  });
  var defs = el("defs", {}, svg);
  var marker = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse"}, defs);
  el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#8c959f"}, marker);
  var nodes = el("g", {"id": "nodes"}, svg);
  var selected = null, drawn = Object.create(null);
  data.nodes.forEach(function (n) {
    var g = el("g", {"class": "node" + (n.focus ? " focus" : ""), "data-id": n.id, transform: "translate(" + n.x + "," + n.y + ")"}, nodes);
    el("rect", {width: W, height: H, rx: 6}, g);
    text(g, "kind", 8, 16, n.kind);
    text(g, "label", 8, 34, n.short);
    text(g, "kind", 8, 48, n.where ? n.where.split("/").pop() : "");
    var t = document.createElementNS(NS, "title");
    t.textContent = n.addr;
    g.appendChild(t);
    drawn[n.id] = g;
    g.addEventListener("click", function () { show(n, g); });
  });
  function row(dl, name, value) {
    if (!value) { return; }
    var dt = document.createElement("dt"); dt.textContent = name; dl.appendChild(dt);
    var dd = document.createElement("dd"); dd.textContent = value; dl.appendChild(dd);
  }
  function show(n, g) {
    if (selected) { selected.classList.remove("selected"); }
    selected = g; g.classList.add("selected");
    lit.forEach(function (x) { x.classList.remove("lit"); });
    lit = edgesOf[n.id] || [];
    lit.forEach(function (x) { x.classList.add("lit"); });
    document.getElementById("hint").textContent = "";
    var dl = document.getElementById("details");
    while (dl.firstChild) { dl.removeChild(dl.firstChild); }
    row(dl, "Kind", n.kind);
    row(dl, "Label", n.label);
    row(dl, "Name", n.name);
    row(dl, "Address", n.addr);
    row(dl, "Scope", n.scope || "(unknown)");
    row(dl, "Source", n.source);
    row(dl, "File:line", n.where || "(unknown)");
    var ul = document.getElementById("relations");
    while (ul.firstChild) { ul.removeChild(ul.firstChild); }
    data.edges.forEach(function (e) {
      var other = null, s = "";
      if (e.from === n.id) { other = byId[e.to]; s = e.label + " \u2192 "; }
      else if (e.to === n.id) { other = byId[e.from]; s = "\u2190 " + e.label + " of "; }
      if (!other) { return; }
      var li = document.createElement("li");
      li.textContent = s + other.label;
      ul.appendChild(li);
    });
  }
  // page.html#n3 opens with entity n3 shown, as a click shows it.
  var want = location.hash.slice(1);
  if (byId[want] && drawn[want]) { show(byId[want], drawn[want]); }
  document.getElementById("note").textContent = data.note || (data.nodes.length + " entities, " + data.edges.length + " relations");
  document.body.setAttribute("data-drawn", String(nodes.childNodes.length));
})();
</script>
</body>
</html>
`
