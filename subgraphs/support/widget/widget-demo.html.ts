/** The demo page of the support widget: plain HTML and JavaScript, with a minimal graphql-ws (graphql-transport-ws) client. */
export const WIDGET_DEMO_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Support widget demo</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 2rem; background: #f4f5f7; }
  #widget { width: 360px; background: #fff; border-radius: 12px; box-shadow: 0 4px 20px #0002; padding: 1rem; }
  #log { height: 300px; overflow-y: auto; border: 1px solid #ddd; border-radius: 8px; padding: .5rem; margin: .5rem 0; }
  .msg { margin: .3rem 0; padding: .4rem .6rem; border-radius: 8px; max-width: 80%; white-space: pre-wrap; }
  .incoming { background: #dbeafe; margin-left: auto; }
  .reply { background: #eee; }
  input { width: 100%; box-sizing: border-box; padding: .4rem; margin: .2rem 0; }
  #status { color: #666; font-size: 12px; }
</style>
</head>
<body>
<div id="widget">
  <strong id="title">Support</strong> <span id="status">connecting…</span>
  <div id="identify">
    <input id="name" placeholder="Your name">
    <input id="email" placeholder="Your email (optional)">
  </div>
  <div id="log"></div>
  <form id="form"><input id="text" placeholder="Type a message and press Enter" autocomplete="off"></form>
</div>
<script>
(function () {
  var params = new URLSearchParams(location.search);
  var widgetToken = params.get('widgetToken') || params.get('token');
  var state = { visitorToken: localStorage.getItem('support.visitorToken'), conversationId: localStorage.getItem('support.conversationId') };
  var seen = {};
  var $ = function (id) { return document.getElementById(id); };
  function status(text) { $('status').textContent = text; }
  if (!widgetToken) { status('add ?widgetToken=wt_… to the address'); return; }

  function call(method, path, body) {
    var headers = { 'Content-Type': 'application/json', 'X-Widget-Token': widgetToken };
    if (state.visitorToken) headers['X-Visitor-Token'] = state.visitorToken;
    return fetch('/support/widget/' + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error ? j.error.message : r.status); return j.data; }); });
  }
  function show(m) {
    if (seen[m.id]) return;
    seen[m.id] = true;
    var div = document.createElement('div');
    div.className = 'msg ' + m.type;
    div.textContent = m.content;
    $('log').appendChild(div);
    $('log').scrollTop = $('log').scrollHeight;
  }
  // graphql-transport-ws, the protocol of the graphql-ws package: connection_init, subscribe, next.
  function live() {
    if (!state.conversationId) return;
    var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql', 'graphql-transport-ws');
    ws.onopen = function () { ws.send(JSON.stringify({ type: 'connection_init', payload: { widgetToken: widgetToken, visitorToken: state.visitorToken } })); };
    ws.onmessage = function (e) {
      var msg = JSON.parse(e.data);
      if (msg.type === 'connection_ack') {
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: {
          query: 'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id type content createdAt } }',
          variables: { id: state.conversationId } } }));
        status('live');
      } else if (msg.type === 'next' && msg.payload.data) show(msg.payload.data.supportWidgetMessages);
      else if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    };
    ws.onclose = function () { status('reconnecting…'); setTimeout(live, 2000); };
  }
  call('POST', 'sessions', { pageUrl: location.href, referrer: document.referrer || null, userAgent: navigator.userAgent })
    .then(function (s) {
      state.visitorToken = s.visitorToken;
      localStorage.setItem('support.visitorToken', s.visitorToken);
      $('title').textContent = s.inboxName;
      status('ready');
      if (state.conversationId) {
        return call('GET', 'conversations/' + state.conversationId).then(function (c) { c.messages.forEach(show); live(); })
          .catch(function () { state.conversationId = null; localStorage.removeItem('support.conversationId'); });
      }
    }).catch(function (e) { status(String(e.message || e)); });

  $('form').onsubmit = function (e) {
    e.preventDefault();
    var text = $('text').value.trim();
    if (!text) return;
    $('text').value = '';
    var email = $('email').value.trim();
    var identify = email ? call('POST', 'identify', { email: email, name: $('name').value.trim() || null }) : Promise.resolve();
    identify.then(function () {
      if (state.conversationId) return call('POST', 'conversations/' + state.conversationId + '/messages', { message: text }).then(show);
      return call('POST', 'conversations', { message: text }).then(function (c) {
        state.conversationId = c.id;
        localStorage.setItem('support.conversationId', c.id);
        c.messages.forEach(show);
        live();
      });
    }).catch(function (e) { status(String(e.message || e)); });
  };
})();
</script>
</body>
</html>
`;
