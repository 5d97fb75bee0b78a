/**
 * The inspector page of `svcctl serve` (`GET /_svcctl/`): plain HTML, CSS and a little JavaScript, no
 * framework and nothing fetched from elsewhere, so it works offline. It polls `/_svcctl/resources` and
 * `/_svcctl/journal?cli=1` every second and shows the resources per kind and account, the journal live with
 * filters, and each entry's command line with a copy button. Everything it shows is also what
 * `svcctl service resources` and `svcctl service journal [--as-cli]` print. With many resources, each kind
 * shows its first PAGE rows and a button for the rest, in a box of at most 40% of the window's height,
 * so that the live journal stays near the top.
 * (The script is kept in ES5-style strings: no backquotes or `${` inside it.)
 */

export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svcctl serve: inspector</title>
<link rel="stylesheet" href="/_svcctl/inspector.css">
</head>
<body>
<header>
  <h1>svcctl serve</h1>
  <span id="health" class="muted">connecting…</span>
</header>
<main>
  <section aria-labelledby="resources-title">
    <h2 id="resources-title">Resources <span id="resource-count" class="muted"></span></h2>
    <p id="resources-empty" class="muted">No resources yet. Point a client at this server, e.g.
      <code>aws --endpoint-url <span class="origin"></span> ecr create-repository --repository-name team/app</code></p>
    <div class="scroll">
    <table id="resources" hidden>
      <thead><tr><th>Kind</th><th>Account</th><th>Region</th><th>Name</th><th>Created</th></tr></thead>
      <tbody></tbody>
    </table>
    </div>
  </section>
  <section aria-labelledby="journal-title">
    <h2 id="journal-title">Journal <span id="journal-count" class="muted"></span></h2>
    <form id="filters" class="filters">
      <label>Search <input id="filter-text" type="search" placeholder="operation, account, input…"></label>
      <label>Account <select id="filter-account"><option value="">all</option></select></label>
      <label>Protocol <select id="filter-protocol"><option value="">all</option><option>query</option><option>json11</option><option>v2</option></select></label>
      <label>Status <select id="filter-status"><option value="">all</option><option value="ok">succeeded</option><option value="error">failed</option></select></label>
      <label><input id="live" type="checkbox" checked> live</label>
    </form>
    <p id="journal-empty" class="muted">No requests yet.</p>
    <table id="journal" hidden>
      <thead><tr><th>#</th><th>Time</th><th>Account</th><th>Protocol</th><th>Operation</th><th>Status</th><th>ms</th><th>Command line</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
</main>
<footer class="muted">The same data for scripts: <code>svcctl service resources</code>, <code>svcctl service journal --as-cli</code> (with <code>--endpoint-url <span class="origin"></span></code>).</footer>
<script src="/_svcctl/inspector.js"></script>
</body>
</html>
`;

export const INSPECTOR_CSS = `:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #6a737d; --line: #d8dee4; --ok: #1a7f37; --bad: #cf222e; --code: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8b949e; --line: #30363d; --code: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: baseline; gap: 1rem; padding: .75rem 1.25rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.2rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
main, footer { padding: 0 1.25rem 1rem; }
.muted { color: var(--muted); font-weight: normal; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
code { font: 12px/1.4 ui-monospace, monospace; background: var(--code); padding: .1rem .25rem; border-radius: 3px; word-break: break-all; }
.filters { display: flex; flex-wrap: wrap; gap: .75rem; margin-bottom: .5rem; }
.status-ok { color: var(--ok); }
.status-error { color: var(--bad); }
button.copy { margin-left: .5rem; font-size: 12px; cursor: pointer; }
.scroll { max-height: 40vh; overflow: auto; }
tr.more td { border-bottom: none; }
`;

export const INSPECTOR_JS = `'use strict';
(function () {
  var base = '/_svcctl';
  var state = { resources: [], entries: [], accounts: {} };
  function $(id) { return document.getElementById(id); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (c) { var td = document.createElement('td'); if (c instanceof Node) td.appendChild(c); else td.textContent = c === undefined ? '' : String(c); tr.appendChild(td); });
    return tr;
  }
  function getJson(path) {
    return fetch(base + path, { cache: 'no-store' }).then(function (r) {
      return r.json().then(function (doc) { if (!r.ok) throw new Error(doc.error ? doc.error.message : r.statusText); return doc; });
    });
  }
  function copy(text, button) {
    function done() { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); }
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text).then(done, fallback); } else { fallback(); }
    function fallback() {
      var area = document.createElement('textarea');
      area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
      document.body.appendChild(area); area.select();
      try { document.execCommand('copy'); done(); } catch (e) { button.textContent = 'Select and copy'; }
      document.body.removeChild(area);
    }
  }
  var PAGE = 10;
  var expanded = {};
  function noun(n, kind) { return n === 1 ? kind.replace(/ies$/, 'y').replace(/s$/, '') : kind; }
  function moreRow(kind, total) {
    var open = expanded[kind];
    var button = el('button', open ? 'Show the first ' + PAGE + ' ' + kind : 'Show all ' + total + ' ' + kind, 'more');
    button.type = 'button';
    button.addEventListener('click', function () { expanded[kind] = !open; renderResources(); });
    var td = document.createElement('td'); td.colSpan = 5;
    td.appendChild(el('span', open ? '' : (total - PAGE) + ' more ' + noun(total - PAGE, kind) + ' ', 'muted'));
    td.appendChild(button);
    var tr = document.createElement('tr'); tr.className = 'more'; tr.dataset.kind = kind; tr.appendChild(td);
    return tr;
  }
  function renderResources() {
    var tbody = $('resources').tBodies[0];
    tbody.textContent = '';
    var groups = {}, perKind = {}, kinds = [];
    state.resources.forEach(function (r) {
      if (!perKind[r.Kind]) { perKind[r.Kind] = []; kinds.push(r.Kind); }
      perKind[r.Kind].push(r);
      var g = groups[r.Kind + ' in ' + r.Account] || (groups[r.Kind + ' in ' + r.Account] = { n: 0, kind: r.Kind, account: r.Account });
      g.n += 1;
    });
    kinds.forEach(function (kind) {
      var rows = perKind[kind];
      var shown = expanded[kind] ? rows : rows.slice(0, PAGE);
      shown.forEach(function (r) {
        var tr = row([r.Kind, r.Account, r.Region || '', r.Name, r.Created]);
        tr.dataset.kind = r.Kind; tr.dataset.account = r.Account; tr.dataset.name = r.Name;
        tbody.appendChild(tr);
      });
      if (rows.length > PAGE) tbody.appendChild(moreRow(kind, rows.length));
    });
    var parts = Object.keys(groups).map(function (k) { var g = groups[k]; return g.n + ' ' + noun(g.n, g.kind) + ' in ' + g.account; });
    $('resource-count').textContent = parts.length ? '(' + parts.join(', ') + ')' : '';
    $('resources').hidden = state.resources.length === 0;
    $('resources-empty').hidden = state.resources.length > 0;
  }
  function matches(e) {
    var text = $('filter-text').value.trim().toLowerCase();
    var account = $('filter-account').value, protocol = $('filter-protocol').value, status = $('filter-status').value;
    if (account && e.Account !== account) return false;
    if (protocol && e.Protocol !== protocol) return false;
    if (status === 'ok' && e.Status >= 400) return false;
    if (status === 'error' && e.Status < 400) return false;
    if (text && JSON.stringify(e).toLowerCase().indexOf(text) < 0) return false;
    return true;
  }
  function renderAccounts() {
    var select = $('filter-account');
    var seen = {};
    state.entries.forEach(function (e) { seen[e.Account] = true; });
    state.resources.forEach(function (r) { seen[r.Account] = true; });
    Object.keys(seen).sort().forEach(function (a) {
      if (state.accounts[a]) return;
      state.accounts[a] = true;
      var o = el('option', a); o.value = a; select.appendChild(o);
    });
  }
  function renderJournal() {
    var tbody = $('journal').tBodies[0];
    tbody.textContent = '';
    var shown = state.entries.filter(matches).reverse();
    shown.forEach(function (e) {
      var cli = el('code', e.Cli, 'cli');
      var button = el('button', 'Copy', 'copy'); button.type = 'button';
      button.addEventListener('click', function () { copy(e.Cli, button); });
      var line = document.createElement('div'); line.appendChild(cli); line.appendChild(button);
      var status = el('span', e.Status + (e.ErrorCode ? ' ' + e.ErrorCode : ''), e.Status >= 400 ? 'status-error' : 'status-ok');
      var tr = row([e.Seq, e.Time, e.Account + (e.Principal ? ' (' + e.Principal + ')' : ''), e.Protocol, e.Operation, status, e.LatencyMs, line]);
      tr.dataset.seq = e.Seq; tr.dataset.operation = e.Operation;
      tbody.appendChild(tr);
    });
    $('journal-count').textContent = state.entries.length ? '(' + shown.length + ' of ' + state.entries.length + ')' : '';
    $('journal').hidden = shown.length === 0;
    $('journal-empty').hidden = shown.length > 0;
    $('journal-empty').textContent = state.entries.length ? 'No entry matches the filters.' : 'No requests yet.';
  }
  function refresh() {
    return Promise.all([getJson('/health'), getJson('/resources'), getJson('/journal?cli=1&limit=500')]).then(function (docs) {
      var h = docs[0];
      $('health').textContent = 'version ' + h.version + ', up ' + Math.round(h.uptimeSeconds) + ' s, ' + h.store.kind + ' store';
      state.resources = docs[1].Resources; state.entries = docs[2].Entries;
      renderAccounts(); renderResources(); renderJournal();
      document.body.dataset.loaded = 'true';
    }, function (err) { $('health').textContent = 'not reachable: ' + err.message; });
  }
  function tick() { if ($('live').checked) { refresh().then(function () { setTimeout(tick, 1000); }); } else { setTimeout(tick, 1000); } }
  Array.prototype.forEach.call(document.querySelectorAll('.origin'), function (n) { n.textContent = location.origin; });
  ['filter-text', 'filter-account', 'filter-protocol', 'filter-status'].forEach(function (id) { $(id).addEventListener('input', renderJournal); $(id).addEventListener('change', renderJournal); });
  $('filters').addEventListener('submit', function (ev) { ev.preventDefault(); });
  tick();
})();
`;
