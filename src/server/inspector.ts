/**
 * The inspector page of `svcctl serve` (`GET /_svcctl/`): plain HTML, CSS and a little JavaScript, no
 * framework and nothing fetched from elsewhere, so it works offline. It shows the resources per kind and
 * account, the journal live with filters, and each entry's command line with a copy button. Everything it
 * shows is also what `svcctl service resources` and `svcctl service journal [--as-cli]` print.
 *
 * It asks for what it shows, so that it stays light at 100,000 resources. Every second
 * `/_svcctl/inspector/state?first=PAGE` (per kind, counts per account and the first PAGE rows; the journal's
 * extent), sent with the ETag of the last answer (304 while nothing changed); `/_svcctl/journal?after=SEQ`
 * only when the journal has entries beyond the newest it holds; `/_svcctl/resources?kind=KIND` for a kind
 * whose "Show all" is pressed (again only when the state changed). Rows are updated in place, by key (a row
 * that stays is neither rebuilt nor moved), so a text selection survives a refresh. Each kind shows its
 * first PAGE rows and a button for the rest, in a box tall enough for them and the button, so that the
 * live journal stays near the top.
 * (The script is kept in ES5-style strings: no backquotes or `${` inside it.)
 */

export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svcctl serve: inspector</title>
<link rel="stylesheet" href="/_svcctl/inspector.css">
<link rel="icon" href="data:,">
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
      <label>Protocol <select id="filter-protocol"><option value="">all</option><option>query</option><option>json11</option><option>v2</option><option>registry</option></select></label>
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
/* A long name (a repository's 256 characters, a launch configuration's 255) wraps: no column is pushed off the page. */
td { overflow-wrap: anywhere; }
th { font-weight: 600; }
code { font: 12px/1.4 ui-monospace, monospace; background: var(--code); padding: .1rem .25rem; border-radius: 3px; word-break: break-all; }
.filters { display: flex; flex-wrap: wrap; gap: .75rem; margin-bottom: .5rem; }
.status-ok { color: var(--ok); }
.status-error { color: var(--bad); }
button.copy { margin-left: .5rem; font-size: 12px; cursor: pointer; }
/* At least the heading, a kind's first 10 rows and its "Show all" row: the button is never cut off. */
.scroll { max-height: max(40vh, 26rem); overflow: auto; }
tr.more td { border-bottom: none; }
`;

export const INSPECTOR_JS = `'use strict';
(function () {
  var base = '/_svcctl';
  var PAGE = 10, KEEP = 500;
  var state = { kinds: [], span: { Kept: 0, FirstSeq: 0, LastSeq: 0 }, entries: [], lastSeq: 0, accounts: {}, full: {} };
  var expanded = {};
  var validators = {};
  var polls = 0;
  function $(id) { return document.getElementById(id); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function setText(node, text) { if (node.textContent !== text) node.textContent = text; }
  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (c) { var td = document.createElement('td'); if (c instanceof Node) td.appendChild(c); else td.textContent = c === undefined ? '' : String(c); tr.appendChild(td); });
    return tr;
  }
  // A GET that sends back the ETag of the last answer: 304 (nothing changed) costs a few headers, and the
  // answer kept is used. Resolves with { doc, changed }.
  function getJson(path) {
    var known = validators[path];
    var headers = known ? { 'If-None-Match': known.etag } : {};
    return fetch(base + path, { cache: 'no-store', headers: headers }).then(function (r) {
      if (r.status === 304 && known) return { doc: known.doc, changed: false };
      return r.json().then(function (doc) {
        if (!r.ok) throw new Error(doc.error ? doc.error.message : r.statusText);
        var etag = r.headers.get('ETag');
        if (etag) validators[path] = { etag: etag, doc: doc }; else delete validators[path];
        return { doc: doc, changed: true };
      });
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
  // Puts the rows of items (each { key, make, update }) in tbody in that order, keeping the rows whose key
  // is already there: a row that stays is neither rebuilt nor moved, so a selection in it survives.
  function reconcile(tbody, items) {
    var wanted = {}, have = {};
    items.forEach(function (it) { wanted[it.key] = true; });
    Array.prototype.slice.call(tbody.rows).forEach(function (tr) {
      if (wanted[tr.dataset.key] && !have[tr.dataset.key]) have[tr.dataset.key] = tr; else tbody.removeChild(tr);
    });
    var cursor = tbody.firstChild;
    items.forEach(function (it) {
      var tr = have[it.key];
      if (tr) { if (it.update) it.update(tr); } else { tr = it.make(); tr.dataset.key = it.key; }
      if (tr === cursor) cursor = cursor.nextSibling; else tbody.insertBefore(tr, cursor);
    });
  }
  function noun(n, kind) { return n === 1 ? kind.replace(/ies$/, 'y').replace(/s$/, '') : kind; }
  function showError(err) { $('health').textContent = 'not reachable: ' + err.message; $('health').classList.add('status-error'); }
  function toggle(kind) {
    expanded[kind] = !expanded[kind];
    if (!expanded[kind]) { delete state.full[kind]; delete validators['/resources?kind=' + kind]; renderResources(); return; }
    renderResources();
    loadFull(kind).then(renderResources, showError);
  }
  // "Show all": the rest of one kind, asked for when the button is pressed, and again only when it changed.
  function loadFull(kind) {
    return getJson('/resources?kind=' + encodeURIComponent(kind)).then(function (a) {
      if (expanded[kind]) state.full[kind] = a.doc.Resources;
      return a.changed;
    });
  }
  function moreItem(k) {
    function fill(tr) {
      var open = !!expanded[k.Kind];
      var loading = open && !state.full[k.Kind];
      setText(tr.querySelector('span'), open ? '' : (k.Count - PAGE) + ' more ' + noun(k.Count - PAGE, k.Kind) + ' ');
      setText(tr.querySelector('button'), loading ? 'Loading ' + k.Count + ' ' + k.Kind + '…' : open ? 'Show the first ' + PAGE + ' ' + k.Kind : 'Show all ' + k.Count + ' ' + k.Kind);
    }
    return {
      key: 'more ' + k.Kind,
      make: function () {
        var button = el('button', '', 'more'); button.type = 'button';
        button.addEventListener('click', function () { toggle(k.Kind); });
        var td = document.createElement('td'); td.colSpan = 5;
        td.appendChild(el('span', '', 'muted')); td.appendChild(button);
        var tr = document.createElement('tr'); tr.className = 'more'; tr.dataset.kind = k.Kind; tr.appendChild(td);
        fill(tr);
        return tr;
      },
      update: fill,
    };
  }
  function renderResources() {
    var items = [], parts = [];
    state.kinds.forEach(function (k) {
      var rows = expanded[k.Kind] && state.full[k.Kind] ? state.full[k.Kind] : k.First;
      rows.forEach(function (r) {
        items.push({
          key: ['r', r.Kind, r.Account, r.Region || '', r.Name].join(' | '),
          make: function () {
            var tr = row([r.Kind, r.Account, r.Region || '', r.Name, r.Created]);
            tr.dataset.kind = r.Kind; tr.dataset.account = r.Account; tr.dataset.name = r.Name;
            return tr;
          },
          update: function (tr) { setText(tr.cells[4], r.Created); },
        });
      });
      if (k.Count > PAGE) items.push(moreItem(k));
      Object.keys(k.Accounts).sort().forEach(function (a) { var n = k.Accounts[a]; parts.push(n + ' ' + noun(n, k.Kind) + ' in ' + a); });
    });
    reconcile($('resources').tBodies[0], items);
    setText($('resource-count'), parts.length ? '(' + parts.join(', ') + ')' : '');
    $('resources').hidden = state.kinds.length === 0;
    $('resources-empty').hidden = state.kinds.length > 0;
  }
  function filters() {
    var text = $('filter-text').value.trim().toLowerCase();
    var account = $('filter-account').value, protocol = $('filter-protocol').value, status = $('filter-status').value;
    return { any: !!(text || account || protocol || status), test: function (e) {
      if (account && e.Account !== account) return false;
      if (protocol && e.Protocol !== protocol) return false;
      if (status === 'ok' && e.Status >= 400) return false;
      if (status === 'error' && e.Status < 400) return false;
      if (text && JSON.stringify(e).toLowerCase().indexOf(text) < 0) return false;
      return true;
    } };
  }
  function renderAccounts() {
    var select = $('filter-account');
    var seen = {};
    state.entries.forEach(function (e) { seen[e.Account] = true; });
    state.kinds.forEach(function (k) { Object.keys(k.Accounts).forEach(function (a) { seen[a] = true; }); });
    Object.keys(seen).sort().forEach(function (a) {
      if (state.accounts[a]) return;
      state.accounts[a] = true;
      var o = el('option', a); o.value = a; select.appendChild(o);
    });
  }
  function journalItem(e) {
    return {
      key: String(e.Seq),
      make: function () {
        var cli = el('code', e.Cli, 'cli');
        var button = el('button', 'Copy', 'copy'); button.type = 'button';
        button.addEventListener('click', function () { copy(e.Cli, button); });
        var line = document.createElement('div'); line.appendChild(cli); line.appendChild(button);
        var status = el('span', e.Status + (e.ErrorCode ? ' ' + e.ErrorCode : ''), e.Status >= 400 ? 'status-error' : 'status-ok');
        var tr = row([e.Seq, e.Time, e.Account + (e.Principal ? ' (' + e.Principal + ')' : ''), e.Protocol, e.Operation, status, e.LatencyMs, line]);
        tr.dataset.seq = e.Seq; tr.dataset.operation = e.Operation;
        return tr;
      },
    };
  }
  function renderJournal() {
    var f = filters();
    var shown = state.entries.filter(f.test).reverse();
    reconcile($('journal').tBodies[0], shown.map(journalItem));
    // What the journal keeps: those the last state counted, and those that came after it.
    var loaded = state.entries.length;
    var kept = Math.max(loaded, state.span.Kept + state.entries.filter(function (e) { return e.Seq > state.span.LastSeq; }).length);
    var count = !loaded ? '' : f.any && loaded < kept ? '(' + shown.length + ' of the newest ' + loaded + ' of ' + kept + ')' : '(' + shown.length + ' of ' + kept + ')';
    setText($('journal-count'), count);
    $('journal').hidden = shown.length === 0;
    $('journal-empty').hidden = shown.length > 0;
    setText($('journal-empty'), loaded ? 'No entry matches the filters.' : 'No requests yet.');
  }
  // The journal after the newest entry the page has (at first all, at most KEEP), less what the bound or a
  // reset removed since.
  function loadJournal() {
    var span = state.span;
    var before = state.entries.length;
    state.entries = state.entries.filter(function (e) { return span.Kept > 0 && e.Seq >= span.FirstSeq; });
    var dropped = state.entries.length !== before;
    if (span.LastSeq <= state.lastSeq) return Promise.resolve(dropped);
    return fetch(base + '/journal?cli=1&limit=' + KEEP + '&after=' + state.lastSeq, { cache: 'no-store' }).then(function (r) {
      return r.json().then(function (doc) {
        if (!r.ok) throw new Error(doc.error ? doc.error.message : r.statusText);
        doc.Entries.forEach(function (e) { if (e.Seq > state.lastSeq) { state.entries.push(e); state.lastSeq = e.Seq; } });
        if (state.entries.length > KEEP) state.entries = state.entries.slice(state.entries.length - KEEP);
        return true;
      });
    });
  }
  function refresh() {
    return Promise.all([getJson('/health'), getJson('/inspector/state?first=' + PAGE)]).then(function (answers) {
      var h = answers[0].doc;
      setText($('health'), 'version ' + h.version + ', up ' + Math.round(h.uptimeSeconds) + ' s, ' + h.store.kind + ' store');
      $('health').classList.remove('status-error');
      var s = answers[1];
      if (s.changed) { state.kinds = s.doc.Resources; state.span = s.doc.Journal; }
      var more = {};
      state.kinds.forEach(function (k) { more[k.Kind] = k.Count > PAGE; });
      var fulls = Object.keys(expanded).filter(function (kind) { return expanded[kind]; }).map(function (kind) {
        if (!more[kind]) { delete state.full[kind]; return Promise.resolve(s.changed); }
        return s.changed || !state.full[kind] ? loadFull(kind) : Promise.resolve(false);
      });
      return Promise.all([loadJournal()].concat(fulls)).then(function (changes) {
        if (s.changed || changes.some(Boolean)) { renderAccounts(); renderResources(); renderJournal(); }
        document.body.dataset.loaded = 'true';
      });
    }).catch(showError).then(function () {
      polls += 1; document.body.dataset.polls = String(polls);
    });
  }
  function tick() { if ($('live').checked) { refresh().then(function () { setTimeout(tick, 1000); }); } else { setTimeout(tick, 1000); } }
  Array.prototype.forEach.call(document.querySelectorAll('.origin'), function (n) { n.textContent = location.origin; });
  ['filter-text', 'filter-account', 'filter-protocol', 'filter-status'].forEach(function (id) { $(id).addEventListener('input', renderJournal); $(id).addEventListener('change', renderJournal); });
  $('filters').addEventListener('submit', function (ev) { ev.preventDefault(); });
  tick();
})();
`;
