"""Draw a file graph (the ``graph`` socket method's result) as JSON, Graphviz DOT or HTML.

Standard library only: the client must not import manoled.

The HTML page is self-contained (no CDN, no external files): the graph is
inlined as JSON and laid out by a small force simulation written in plain JS
on an SVG. Click a node to see its path and its edges in the side panel;
drag a node to move it, drag the background to pan, use the wheel to zoom.
"""

from __future__ import annotations

import json
from typing import Any

FORMATS = ("json", "dot", "html")

EDGE_STYLE = {  # type: (colour, DOT style)
    "similarity": ("#3b7dd8", "dashed"),
    "reference": ("#d9534f", "solid"),
    "structure": ("#9aa0a6", "dotted"),
}
KIND_COLOUR = {
    "text": "#7fb3ff",
    "pdf": "#ff9f80",
    "doc": "#8fd19e",
    "image": "#f7d774",
    "other": "#cfcfcf",
    "folder": "#b9a6e0",
}


def render(graph: dict[str, Any], fmt: str) -> str:
    """Render ``graph`` ({"nodes": [...], "edges": [...]}) as ``json``, ``dot`` or ``html``."""
    fmt = (fmt or "").lower()
    if fmt == "json":
        return json.dumps(graph, indent=2, ensure_ascii=False) + "\n"
    if fmt in ("dot", "gv"):
        return to_dot(graph)
    if fmt == "html":
        return to_html(graph)
    raise ValueError(f"unknown graph format {fmt!r}; use one of {', '.join(FORMATS)}")


# -- DOT --------------------------------------------------------------------------


def _q(s: Any) -> str:
    text = str(s).replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
    return f'"{text}"'


def to_dot(graph: dict[str, Any]) -> str:
    lines = [
        "graph manole {",
        '  graph [overlap=false, splines=true, fontname="Helvetica"];',
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=8];',
    ]
    for n in graph.get("nodes", []):
        kind = "folder" if n.get("type") == "folder" else n.get("kind", "other")
        attrs = {
            "label": n.get("name") or n.get("path") or n["id"],
            "tooltip": n.get("path", ""),
            "fillcolor": KIND_COLOUR.get(kind, KIND_COLOUR["other"]),
        }
        if n.get("type") == "folder":
            attrs["shape"] = "folder"
        if n.get("center"):
            attrs["penwidth"] = "3"
        lines.append(f"  {_q(n['id'])} [" + ", ".join(f"{k}={_q(v)}" for k, v in attrs.items()) + "];")
    for e in graph.get("edges", []):
        colour, style = EDGE_STYLE.get(e.get("type", ""), ("#000000", "solid"))
        weight = float(e.get("weight", 0.0))
        attrs = {"color": colour, "style": style, "penwidth": f"{0.5 + 2.5 * max(0.0, min(weight, 1.0)):.2f}"}
        if e.get("type") != "structure":
            label = f"{weight:.2f}"
            ents = e.get("entities") or []
            if ents:
                label += "\n" + "\n".join(str(x.get("value", "")) for x in ents[:3])
            attrs["label"] = label  # _q turns the newlines into DOT's \n
        attrs["tooltip"] = e.get("type", "")
        body = ", ".join(f"{k}={_q(v)}" for k, v in attrs.items())
        lines.append(f"  {_q(e['source'])} -- {_q(e['target'])} [{body}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- HTML -------------------------------------------------------------------------


def _json_for_script(data: Any) -> str:
    """JSON that is safe inside a <script> element (no '</script>', no HTML parsing surprises)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def to_html(graph: dict[str, Any], title: str = "manole file graph") -> str:
    style = {"edges": {k: v[0] for k, v in EDGE_STYLE.items()}, "kinds": KIND_COLOUR}
    page = _PAGE.replace("__TITLE__", _html_escape(title))
    page = page.replace("__STYLE__", _json_for_script(style))
    return page.replace("__DATA__", _json_for_script(graph))


def _html_escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


_PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>__TITLE__</title>
<style>
  html, body { margin: 0; height: 100%; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; }
  body { display: flex; flex-direction: column; }
  header { padding: 6px 10px; border-bottom: 1px solid #ddd; display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 14px; margin: 0; }
  header label { cursor: pointer; user-select: none; }
  .swatch { display: inline-block; width: 18px; height: 3px; vertical-align: middle; margin-right: 3px; }
  main { flex: 1; display: flex; min-height: 0; }
  #graph { flex: 1; background: #fafbfc; cursor: grab; }
  #graph.panning { cursor: grabbing; }
  #details { width: 340px; border-left: 1px solid #ddd; padding: 10px 12px; overflow: auto; }
  #details h2 { font-size: 15px; margin: 0 0 4px; word-break: break-all; }
  #details .path { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; color: #444; }
  #details ul { padding-left: 16px; }
  #details li { margin: 4px 0; }
  #details a { color: #1a5fb4; cursor: pointer; text-decoration: underline; }
  .muted { color: #777; }
  .node { cursor: pointer; }
  .node circle { stroke: #fff; stroke-width: 1.5px; }
  .node.folder circle { stroke: #6b5b95; stroke-dasharray: 2 1; }
  .node.center circle { stroke: #000; stroke-width: 2.5px; }
  .node.selected circle { stroke: #000; stroke-width: 3px; }
  .node text { font-size: 10px; fill: #333; pointer-events: none; }
  .edge { stroke-opacity: .7; }
  .edge.structure { stroke-dasharray: 2 3; }
  .edge.similarity { stroke-dasharray: 6 3; }
  .dim { opacity: .15; }
  #search { padding: 2px 6px; }
</style>
</head>
<body>
<header>
  <h1>__TITLE__</h1>
  <span id="summary" class="muted"></span>
  <span id="filters"></span>
  <input id="search" type="search" placeholder="find a file">
</header>
<main>
  <svg id="graph" data-state="running" xmlns="http://www.w3.org/2000/svg"><g id="viewport"><g id="edges"></g><g id="nodes"></g></g></svg>
  <aside id="details"><p class="muted">Click a node to see its path and its edges.</p></aside>
</main>
<script id="graph-style" type="application/json">__STYLE__</script>
<script id="graph-data" type="application/json">__DATA__</script>
<script>
"use strict";
(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("graph-data").textContent);
  const style = JSON.parse(document.getElementById("graph-style").textContent);
  const svg = document.getElementById("graph");
  const viewport = document.getElementById("viewport");
  const details = document.getElementById("details");
  const nodes = (data.nodes || []).map(function (n) { return Object.assign({}, n); });
  const byId = new Map(nodes.map(function (n) { return [n.id, n]; }));
  const edges = (data.edges || []).filter(function (e) { return byId.has(e.source) && byId.has(e.target); })
    .map(function (e) { return Object.assign({}, e, { s: byId.get(e.source), t: byId.get(e.target) }); });
  const incident = new Map(nodes.map(function (n) { return [n.id, []]; }));
  edges.forEach(function (e) { incident.get(e.source).push(e); incident.get(e.target).push(e); });
  // parallel edges (e.g. similarity and reference between the same two files) are drawn side by side
  const parallel = new Map();
  edges.forEach(function (e) {
    const key = e.source < e.target ? e.source + "\n" + e.target : e.target + "\n" + e.source;
    const list = parallel.get(key) || [];
    list.push(e); parallel.set(key, list);
  });
  parallel.forEach(function (list) { list.forEach(function (e, i) { e.offset = (i - (list.length - 1) / 2) * 4; }); });
  const hidden = new Set();
  let selected = null;

  // summary and edge-type filters
  const counts = {};
  edges.forEach(function (e) { counts[e.type] = (counts[e.type] || 0) + 1; });
  document.getElementById("summary").textContent =
    nodes.filter(function (n) { return n.type === "file"; }).length + " files, " + edges.length + " edges" +
    (data.truncated ? " (truncated)" : "");
  const filters = document.getElementById("filters");
  ["similarity", "reference", "structure"].forEach(function (type) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox"; box.checked = true; box.dataset.edgeType = type;
    box.addEventListener("change", function () { if (box.checked) hidden.delete(type); else hidden.add(type); draw(); });
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = style.edges[type] || "#000";
    label.append(box, " ", sw, type + " (" + (counts[type] || 0) + ")");
    filters.append(label, " ");
  });

  // deterministic initial positions: a golden-angle spiral
  nodes.forEach(function (n, i) {
    const r = 12 * Math.sqrt(i + 1), a = i * 2.399963;
    n.x = r * Math.cos(a); n.y = r * Math.sin(a); n.vx = 0; n.vy = 0;
    n.deg = incident.get(n.id).length;
    n.r = n.type === "folder" ? 7 : 5 + Math.min(9, Math.sqrt(n.deg) * 2);
  });

  // elements
  const edgeEls = edges.map(function (e) {
    const line = document.createElementNS(SVGNS, "line");
    line.setAttribute("class", "edge " + e.type);
    line.setAttribute("stroke", style.edges[e.type] || "#000");
    line.setAttribute("stroke-width", String(0.6 + 2.4 * Math.max(0, Math.min(1, e.weight || 0))));
    line.dataset.source = e.source; line.dataset.target = e.target; line.dataset.edgeType = e.type;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = e.type + " " + (e.weight || 0).toFixed(2) +
      (e.entities && e.entities.length ? ": " + e.entities.map(function (x) { return x.value; }).join(", ") : "");
    line.appendChild(t);
    document.getElementById("edges").appendChild(line);
    e.el = line;
    return line;
  });
  nodes.forEach(function (n) {
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "node " + n.type + (n.center ? " center" : ""));
    g.dataset.nodeId = n.id;
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("r", String(n.r));
    c.setAttribute("fill", style.kinds[n.type === "folder" ? "folder" : n.kind] || style.kinds.other);
    const label = document.createElementNS(SVGNS, "text");
    label.setAttribute("x", String(n.r + 3)); label.setAttribute("y", "3");
    label.textContent = n.name || n.id;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = n.path || n.id;
    g.append(c, label, t);
    document.getElementById("nodes").appendChild(g);
    n.el = g;
    g.addEventListener("pointerdown", function (ev) { startDrag(ev, n); });
    g.addEventListener("click", function (ev) {
      ev.stopPropagation();
      if (n.dragMoved) { n.dragMoved = false; return; }
      select(n);
    });
  });

  // view transform (pan and zoom)
  const view = { x: 0, y: 0, k: 1 };
  function applyView() { viewport.setAttribute("transform", "translate(" + view.x + "," + view.y + ") scale(" + view.k + ")"); }
  function fit() {
    const w = svg.clientWidth || 800, h = svg.clientHeight || 600;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    nodes.forEach(function (n) { x0 = Math.min(x0, n.x); y0 = Math.min(y0, n.y); x1 = Math.max(x1, n.x); y1 = Math.max(y1, n.y); });
    if (!nodes.length) { x0 = y0 = -1; x1 = y1 = 1; }
    const pad = 50, labels = 140;  // room on the right for the labels
    const k = Math.min(2, Math.min((w - 2 * pad - labels) / Math.max(1, x1 - x0), (h - 2 * pad) / Math.max(1, y1 - y0)));
    view.k = Math.max(0.05, k);
    view.x = (w - labels) / 2 - view.k * (x0 + x1) / 2; view.y = h / 2 - view.k * (y0 + y1) / 2;
    applyView();
  }
  function toGraph(ev) {
    const rect = svg.getBoundingClientRect();
    return { x: (ev.clientX - rect.left - view.x) / view.k, y: (ev.clientY - rect.top - view.y) / view.k };
  }
  let drag = null;
  function startDrag(ev, n) {
    ev.stopPropagation();
    drag = { node: n, start: toGraph(ev), moved: false };
  }
  svg.addEventListener("pointerdown", function (ev) {
    if (drag) return;
    drag = { pan: true, sx: ev.clientX, sy: ev.clientY, vx: view.x, vy: view.y, moved: false };
    svg.classList.add("panning");
  });
  window.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    if (drag.pan) {
      view.x = drag.vx + ev.clientX - drag.sx; view.y = drag.vy + ev.clientY - drag.sy;
      if (Math.abs(ev.clientX - drag.sx) + Math.abs(ev.clientY - drag.sy) > 3) drag.moved = true;
      applyView();
      return;
    }
    const p = toGraph(ev);
    if (!drag.moved && Math.hypot(p.x - drag.start.x, p.y - drag.start.y) * view.k < 4) return;
    drag.moved = true;
    drag.node.x = p.x; drag.node.y = p.y; drag.node.fixed = true; drag.node.vx = drag.node.vy = 0;
    draw();
  });
  window.addEventListener("pointerup", function () {
    if (drag && drag.node && drag.moved) drag.node.dragMoved = true;
    if (drag && drag.pan && !drag.moved) select(null);
    drag = null; svg.classList.remove("panning");
  });
  svg.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    const rect = svg.getBoundingClientRect(), mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
    const f = Math.exp(-ev.deltaY * 0.0015), k = Math.max(0.05, Math.min(8, view.k * f));
    view.x = mx - (mx - view.x) * k / view.k; view.y = my - (my - view.y) * k / view.k; view.k = k;
    applyView();
  }, { passive: false });

  // force simulation: repulsion between all nodes, springs along edges, gravity to the centre
  const N = nodes.length;
  let alpha = 1;
  const alphaMin = 0.003, decay = 1 - Math.pow(alphaMin, 1 / (N > 800 ? 150 : 300));
  function springLength(e) {
    if (e.type === "structure") return 45;
    return 60 + 90 * (1 - Math.max(0, Math.min(1, e.weight || 0)));
  }
  function tick() {
    const repulse = 900;
    for (let i = 0; i < N; i++) {
      const a = nodes[i];
      for (let j = i + 1; j < N; j++) {
        const b = nodes[j];
        let dx = b.x - a.x, dy = b.y - a.y, d2 = dx * dx + dy * dy;
        if (d2 < 0.01) { dx = (i - j) * 0.01; dy = 0.01; d2 = dx * dx + dy * dy; }
        if (d2 > 250000) continue;  // beyond 500px: negligible
        const f = repulse * alpha / d2;
        a.vx -= dx * f; a.vy -= dy * f; b.vx += dx * f; b.vy += dy * f;
      }
    }
    edges.forEach(function (e) {
      if (hidden.has(e.type)) return;
      const dx = e.t.x - e.s.x, dy = e.t.y - e.s.y, d = Math.sqrt(dx * dx + dy * dy) || 0.01;
      const strength = e.type === "structure" ? 0.08 : 0.04 + 0.08 * (e.weight || 0);
      const f = (d - springLength(e)) / d * strength * alpha;
      e.s.vx += dx * f; e.s.vy += dy * f; e.t.vx -= dx * f; e.t.vy -= dy * f;
    });
    nodes.forEach(function (n) {
      n.vx -= n.x * 0.01 * alpha; n.vy -= n.y * 0.01 * alpha;
      if (n.fixed) { n.vx = n.vy = 0; return; }
      n.vx *= 0.6; n.vy *= 0.6;
      n.x += Math.max(-40, Math.min(40, n.vx)); n.y += Math.max(-40, Math.min(40, n.vy));
    });
    alpha *= 1 - decay;
  }
  function draw() {
    edges.forEach(function (e) {
      let ox = 0, oy = 0;
      if (e.offset) {
        const dx = e.t.x - e.s.x, dy = e.t.y - e.s.y, d = Math.sqrt(dx * dx + dy * dy) || 1;
        const sign = e.source < e.target ? 1 : -1;
        ox = -dy / d * e.offset * sign; oy = dx / d * e.offset * sign;
      }
      e.el.setAttribute("x1", (e.s.x + ox).toFixed(1)); e.el.setAttribute("y1", (e.s.y + oy).toFixed(1));
      e.el.setAttribute("x2", (e.t.x + ox).toFixed(1)); e.el.setAttribute("y2", (e.t.y + oy).toFixed(1));
      e.el.style.display = hidden.has(e.type) ? "none" : "";
    });
    nodes.forEach(function (n) { n.el.setAttribute("transform", "translate(" + n.x.toFixed(1) + "," + n.y.toFixed(1) + ")"); });
  }
  function run() {
    const start = performance.now();
    while (alpha > alphaMin && performance.now() - start < 30) tick();
    draw();
    if (alpha > alphaMin) { setTimeout(run, 0); return; }
    fit();
    svg.dataset.state = "stable";
  }
  draw(); fit(); run();

  // details panel
  function el(tag, text, cls) {
    const x = document.createElement(tag);
    if (text !== undefined) x.textContent = text;
    if (cls) x.className = cls;
    return x;
  }
  function link(n) {
    const a = el("a", n.name || n.id);
    a.dataset.nodeId = n.id;
    a.title = n.path || "";
    a.addEventListener("click", function () { select(n); });
    return a;
  }
  function select(n) {
    selected = n;
    nodes.forEach(function (m) { m.el.classList.toggle("selected", m === n); m.el.classList.remove("dim"); });
    edges.forEach(function (e) { e.el.classList.remove("dim"); });
    details.replaceChildren();
    if (!n) { details.append(el("p", "Click a node to see its path and its edges.", "muted")); return; }
    const near = new Set([n.id]);
    incident.get(n.id).forEach(function (e) { near.add(e.source); near.add(e.target); });
    nodes.forEach(function (m) { if (!near.has(m.id)) m.el.classList.add("dim"); });
    edges.forEach(function (e) { if (e.source !== n.id && e.target !== n.id) e.el.classList.add("dim"); });
    details.append(el("h2", n.name || n.id, "name"));
    details.append(el("div", n.path || "", "path"));
    const facts = [];
    if (n.type === "folder") facts.push("folder" + (n.files ? ", " + n.files + " file(s) shown" : ""));
    else {
      facts.push(n.kind || "file");
      if (typeof n.size === "number") facts.push(n.size.toLocaleString() + " bytes");
      if (n.mtime) facts.push("modified " + new Date(n.mtime * 1000).toISOString().slice(0, 16).replace("T", " "));
    }
    details.append(el("p", facts.join(" · "), "muted"));
    const list = incident.get(n.id).slice().sort(function (a, b) { return (b.weight || 0) - (a.weight || 0); });
    details.append(el("h3", "Edges (" + list.length + ")"));
    const ul = el("ul");
    ul.id = "edge-list";
    list.forEach(function (e) {
      const other = e.source === n.id ? e.t : e.s;
      const li = el("li");
      li.className = "edge-item " + e.type;
      li.dataset.edgeType = e.type;
      li.append(el("strong", e.type), " " + (e.weight || 0).toFixed(2) + " → ", link(other));
      if (e.entities && e.entities.length) {
        li.append(el("div", "shares: " + e.entities.map(function (x) { return x.type + " " + x.value; }).join("; "), "muted entities"));
      }
      ul.append(li);
    });
    details.append(ul);
  }
  document.getElementById("search").addEventListener("input", function (ev) {
    const q = ev.target.value.trim().toLowerCase();
    nodes.forEach(function (n) {
      n.el.classList.toggle("dim", !!q && !((n.name || "") + " " + (n.path || "")).toLowerCase().includes(q));
    });
  });
  window.manoleGraph = { nodes: nodes, edges: edges, select: function (id) { select(byId.get(id) || null); } };
  const centre = nodes.find(function (n) { return n.center; });
  if (centre) select(centre);
})();
</script>
</body>
</html>
"""
