/*
 * The platform's chat widget: one framework-free script a website embeds with
 *   <script src="{PUBLIC_URL}/support/widget.js" data-widget-token="wt_…" async></script>
 * It draws a launcher button and a chat panel inside a shadow root (the host page's CSS cannot reach them), talks to
 * the public widget API of the platform that served it (REST under /support/widget/, agent replies and typing live
 * over graphql-ws), and remembers the visitor in localStorage. Every text from the server is set as textContent, never as
 * markup. API: window.PlatformChat.identify({email, name, userHash}), open(), close(), track(name, props).
 */
/* global window, document, location, navigator, localStorage, fetch, URL, WebSocket, FileReader, CSSStyleSheet, CustomEvent, setTimeout, clearTimeout, console */
(function () {
  'use strict';

  var script = document.currentScript || document.querySelector('script[data-widget-token]');
  if (!script || (window.PlatformChat && window.PlatformChat.version)) return;
  var widgetToken = script.getAttribute('data-widget-token') || '';
  var apiBase = new URL(script.src, location.href).href.replace(/\/support\/widget\.js(\?.*)?$/, '');
  var wsUrl = apiBase.replace(/^http/, 'ws') + '/graphql';
  var storageKey = 'platform-chat:' + widgetToken;

  var REPLY_TIMES = {
    in_a_few_minutes: 'We reply in a few minutes',
    in_a_few_hours: 'We reply in a few hours',
    in_a_day: 'We reply in a day',
  };
  var DAYS = {
    MONDAY: 'Mon',
    TUESDAY: 'Tue',
    WEDNESDAY: 'Wed',
    THURSDAY: 'Thu',
    FRIDAY: 'Fri',
    SATURDAY: 'Sat',
    SUNDAY: 'Sun',
  };
  var MAX_FILE_BYTES = 10 * 1024 * 1024;

  // ---- state remembered across pages and reloads ----------------------------------------------------------------

  function load() {
    try {
      return JSON.parse(localStorage.getItem(storageKey) || '{}') || {};
    } catch {
      return {};
    }
  }
  var saved = load();
  function save() {
    try {
      localStorage.setItem(storageKey, JSON.stringify(saved));
    } catch {
      /* private mode: this page only */
    }
  }

  var config = null;
  var sessionId = null;
  var messages = []; // the conversation, oldest first, as the API returns it
  var pending = saved.pending || []; // visitor messages not yet accepted by the API: {key, text}
  var queued = []; // PlatformChat calls made before the widget started
  var isOpen = false;
  var started = false;
  var typers = {}; // agents typing now, by sender: their names
  var typingSentAt = 0; // when the visitor's last typing true went out (0: not typing)

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  function call(method, path, body, idempotencyKey) {
    var headers = { 'X-Widget-Token': widgetToken };
    if (saved.visitorToken) headers['X-Visitor-Token'] = saved.visitorToken;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(apiBase + '/support/widget/' + path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    }).then(function (res) {
      if (res.ok)
        return res.json().then(function (json) {
          return json.data;
        });
      return res
        .json()
        .catch(function () {
          return {};
        })
        .then(function (json) {
          var error = new Error((json.error && json.error.message) || 'HTTP ' + res.status);
          error.status = res.status;
          throw error;
        });
    });
  }

  // ---- DOM helpers: elements built one by one, text always as textContent ---------------------------------------

  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    for (var name in attrs || {}) {
      if (name === 'text') el.textContent = attrs[name];
      else if (name === 'style')
        el.style.cssText = attrs[name]; // CSSOM, which a host CSP without 'unsafe-inline' allows
      else if (name.slice(0, 2) === 'on') el.addEventListener(name.slice(2), attrs[name]);
      else if (attrs[name] !== false && attrs[name] != null)
        el.setAttribute(name, attrs[name] === true ? '' : attrs[name]);
    }
    (children || []).forEach(function (child) {
      if (child) el.appendChild(child);
    });
    return el;
  }
  function svg(path) {
    var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    s.setAttribute('viewBox', '0 0 24 24');
    s.setAttribute('aria-hidden', 'true');
    s.setAttribute('focusable', 'false');
    var p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    p.setAttribute('d', path);
    s.appendChild(p);
    return s;
  }

  var CSS = [
    ':host{all:initial}',
    // On the parts, not :host: the host element's inline all:initial (which beats the host page) would reset it.
    '.panel,.launcher{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1d23}',
    '*{box-sizing:border-box}',
    '[hidden]{display:none !important}',
    '.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#1f4fd1;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000;display:flex;align-items:center;justify-content:center}',
    '.launcher svg{width:28px;height:28px;fill:currentColor}',
    '.launcher:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}',
    '.badge{position:absolute;top:-4px;right:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#c4001d;color:#fff;font-size:12px;font-weight:700;line-height:22px;text-align:center}',
    '.panel{position:fixed;right:20px;bottom:88px;width:min(370px,calc(100vw - 24px));height:min(580px,calc(100vh - 108px));background:#fff;border-radius:14px;box-shadow:0 8px 32px rgba(0,0,0,.28);display:flex;flex-direction:column;overflow:hidden;z-index:2147483000}',
    '@media (max-width:420px){.panel{right:12px;bottom:84px}.launcher{right:12px;bottom:16px}}',
    'header{background:#1f4fd1;color:#fff;padding:14px 16px;display:flex;gap:8px;align-items:flex-start}',
    'header h2{margin:0;font-size:17px;font-weight:700}',
    'header p{margin:2px 0 0;font-size:13px;color:#fff}',
    '.head-text{flex:1;min-width:0;overflow-wrap:anywhere}',
    '.close{background:transparent;border:0;color:#fff;width:32px;height:32px;border-radius:6px;cursor:pointer;flex:none}',
    '.close svg{width:20px;height:20px;fill:currentColor}',
    '.dot{display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:#9aa3b2}',
    '.dot.on{background:#3ddc84}',
    '.log{flex:1;overflow-y:auto;padding:12px 14px;background:#f6f7f9}',
    '.messages{margin:0;padding:0;list-style:none}',
    '.msg{display:flex;gap:8px;margin:0 0 12px;align-items:flex-end}',
    '.msg.mine{flex-direction:row-reverse}',
    '.avatar{flex:none;width:30px;height:30px;border-radius:50%;color:#fff;font-size:12px;font-weight:700;display:flex;align-items:center;justify-content:center}',
    '.bubble{max-width:78%;padding:8px 11px;border-radius:12px;background:#fff;border:1px solid #dde1e8;white-space:pre-wrap;overflow-wrap:anywhere}',
    '.mine .bubble{background:#1f4fd1;border-color:#1f4fd1;color:#fff}',
    '.meta{display:block;font-size:12px;color:#4a5160;margin-bottom:2px}',
    '.mine .meta{color:#e8eeff}',
    '.files{margin:6px 0 0;padding:0;list-style:none}',
    '.files a,.files button{color:inherit;text-decoration:underline;background:none;border:0;padding:0;font:inherit;cursor:pointer}',
    '.typing{margin:0;padding:0 14px;font-size:13px;color:#4a5160;background:#f6f7f9}',
    '.typing:not(:empty){padding:2px 14px 8px}',
    '.state{font-size:12px;color:#4a5160;text-align:right;margin:-8px 0 10px}',
    '.empty{color:#4a5160;text-align:center;margin:24px 8px}',
    'form{display:flex;gap:6px;padding:10px;border-top:1px solid #dde1e8;align-items:flex-end;background:#fff}',
    'textarea,input[type=email]{flex:1;font:inherit;padding:8px 10px;border:1px solid #8a93a3;border-radius:8px;resize:none;min-width:0;color:#1a1d23;background:#fff}',
    '.send{background:#1f4fd1;color:#fff;border:0;border-radius:8px;padding:9px 14px;font:inherit;font-weight:600;cursor:pointer}',
    '.attach{position:relative;width:38px;height:38px;border-radius:8px;border:1px solid #8a93a3;display:flex;align-items:center;justify-content:center;cursor:pointer;flex:none;background:#fff}',
    '.attach svg{width:20px;height:20px;fill:#1a1d23}',
    '.attach input{position:absolute;inset:0;opacity:0;cursor:pointer;width:100%}',
    '.attach:focus-within{outline:3px solid #f5a623;outline-offset:2px}',
    '.chosen{font-size:12px;color:#4a5160;padding:0 12px}',
    '.prechat{flex-direction:column;align-items:stretch;border-top:0;padding:16px}',
    '.prechat label{font-weight:600}',
    '.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}',
  ].join('\n');

  // ---- the panel -----------------------------------------------------------------------------------------------

  var ui = {};

  function render() {
    var host = document.createElement('platform-chat');
    // Inline and important: beats any rule of the host page on the host element (display, transforms, fonts).
    host.style.cssText =
      'all:initial !important;display:block !important;position:static !important;transform:none !important;filter:none !important;contain:none !important';
    var root = host.attachShadow({ mode: 'open' });
    if (
      'adoptedStyleSheets' in root &&
      typeof CSSStyleSheet === 'function' &&
      'replaceSync' in CSSStyleSheet.prototype
    ) {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS); // constructed sheets are not inline styles: a host page's strict CSP still admits them
      root.adoptedStyleSheets = [sheet];
    } else {
      root.appendChild(h('style', { text: CSS }));
    }
    ui.unreadText = h('span', { id: 'pc-unread', class: 'sr-only' });
    ui.badge = h('span', { class: 'badge', 'aria-hidden': 'true', hidden: true });
    ui.launcher = h(
      'button',
      {
        class: 'launcher',
        type: 'button',
        'aria-label': 'Open chat',
        'aria-expanded': 'false',
        'aria-controls': 'pc-panel',
        'aria-describedby': 'pc-unread',
        onclick: function () {
          if (isOpen) close();
          else open();
        },
      },
      [svg('M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z'), ui.badge],
    );
    ui.title = h('h2', { id: 'pc-title', text: config.inboxName });
    ui.status = h('p', {});
    ui.hours = h('p', {});
    ui.list = h('ol', { class: 'messages' });
    ui.log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation' }, [ui.list]);
    ui.typing = h('p', { class: 'typing', role: 'status', 'aria-live': 'polite' });
    ui.input = h('textarea', {
      id: 'pc-message',
      rows: '1',
      'aria-label': 'Message',
      placeholder: 'Write a message…',
      onkeydown: onKey,
      oninput: function () {
        sendTyping(!!ui.input.value.trim());
      },
      onblur: function () {
        sendTyping(false);
      },
    });
    ui.file = h('input', { type: 'file', 'aria-label': 'Attach a file', multiple: true, onchange: showChosen });
    ui.chosen = h('p', { class: 'chosen', 'aria-live': 'polite' });
    ui.composer = h('form', { onsubmit: onSend }, [
      h('label', { class: 'attach', title: 'Attach a file' }, [
        svg(
          'M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z',
        ),
        ui.file,
      ]),
      ui.input,
      h('button', { class: 'send', type: 'submit', text: 'Send' }),
    ]);
    ui.email = h('input', { id: 'pc-email', type: 'email', required: true, autocomplete: 'email' });
    ui.prechat = h('form', { class: 'prechat', onsubmit: onPrechat, hidden: true }, [
      h('label', { for: 'pc-email', text: 'Email' }),
      h('p', {
        text: 'Leave your email so we can answer you even after you leave.',
        style: 'margin:0;font-size:13px;color:#4a5160',
      }),
      ui.email,
      h('button', { class: 'send', type: 'submit', text: 'Continue' }),
    ]);
    ui.panel = h(
      'div',
      {
        class: 'panel',
        id: 'pc-panel',
        role: 'dialog',
        'aria-labelledby': 'pc-title',
        hidden: true,
        onkeydown: function (e) {
          if (e.key === 'Escape') close();
        },
      },
      [
        h('header', {}, [
          h('div', { class: 'head-text' }, [ui.title, ui.status, ui.hours]),
          h('button', { class: 'close', type: 'button', 'aria-label': 'Close chat', onclick: close }, [
            svg('M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z'),
          ]),
        ]),
        ui.log,
        ui.typing,
        ui.prechat,
        ui.chosen,
        ui.composer,
      ],
    );
    root.appendChild(ui.unreadText);
    root.appendChild(ui.panel);
    root.appendChild(ui.launcher);
    document.body.appendChild(host);
    renderAvailability();
    renderMessages();
    renderComposer();
  }

  function renderAvailability() {
    ui.title.textContent = config.inboxName;
    var names = config.agents.map(function (a) {
      return a.name;
    });
    var dot = h('span', { class: config.online ? 'dot on' : 'dot', 'aria-hidden': 'true' });
    ui.status.textContent = '';
    ui.status.appendChild(dot);
    ui.status.appendChild(
      document.createTextNode(
        config.online
          ? names.length
            ? names.slice(0, 3).join(', ') + (names.length === 1 ? ' is' : ' are') + ' available'
            : 'We are online'
          : 'Away · ' + (REPLY_TIMES[config.replyTime] || REPLY_TIMES.in_a_few_hours).replace(/^We/, 'we'),
      ),
    );
    var wh = config.workingHours;
    ui.hours.textContent =
      wh && wh.hours.length
        ? 'Hours: ' +
          wh.hours
            .map(function (r) {
              return DAYS[r.day] + ' ' + r.startTime + '–' + r.endTime;
            })
            .join(', ') +
          ' (' +
          wh.timezone +
          ')'
        : '';
    ui.hours.hidden = !ui.hours.textContent;
  }

  function initials(name) {
    var parts = String(name || '?')
      .trim()
      .split(/\s+/);
    return ((parts[0] || '?')[0] + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
  }
  function colour(name) {
    var hash = 0;
    for (var i = 0; i < String(name).length; i++) hash = (hash * 31 + String(name).charCodeAt(i)) | 0;
    return 'hsl(' + (Math.abs(hash) % 360) + ',55%,28%)'; // dark enough for white initials at every hue (contrast >= 4.5)
  }
  function time(iso) {
    var d = new Date(iso);
    return isNaN(d) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }
  function size(bytes) {
    return bytes < 1024
      ? bytes + ' B'
      : bytes < 1048576
        ? Math.round(bytes / 1024) + ' KB'
        : (bytes / 1048576).toFixed(1) + ' MB';
  }

  function messageItem(m) {
    var mine = m.type === 'incoming';
    var author = mine ? 'You' : m.authorName || config.inboxName;
    var files = (m.attachments || []).map(function (a) {
      return h('li', {}, [
        h('button', {
          type: 'button',
          text: a.filename + ' (' + size(a.size) + ')',
          'aria-label': 'Download ' + a.filename,
          onclick: function () {
            download(m.conversationId, a);
          },
        }),
      ]);
    });
    return h('li', { class: mine ? 'msg mine' : 'msg', 'data-message-id': m.id }, [
      mine
        ? null
        : h('span', {
            class: 'avatar',
            'aria-hidden': 'true',
            style: 'background:' + colour(author),
            text: initials(author),
          }),
      h('div', { class: 'bubble' }, [
        h('span', { class: 'meta' }, [
          h('span', { class: 'author', text: author }),
          document.createTextNode(' · '),
          h('time', { datetime: m.createdAt, text: time(m.createdAt) }),
        ]),
        h('span', { class: 'content', text: m.content }),
        files.length ? h('ul', { class: 'files', 'aria-label': 'Attachments' }, files) : null,
      ]),
    ]);
  }

  function renderMessages() {
    if (!ui.log) return;
    ui.list.textContent = '';
    if (!messages.length && !pending.length)
      ui.list.appendChild(h('li', { class: 'empty', text: 'Ask us anything: we are here to help.' }));
    messages.forEach(function (m) {
      ui.list.appendChild(messageItem(m));
    });
    pending.forEach(function (p) {
      ui.list.appendChild(
        messageItem({ id: p.key, type: 'incoming', content: p.text, createdAt: p.at, attachments: [] }),
      );
      ui.list.appendChild(h('li', { class: 'state', text: p.failed ? 'Not sent: ' + p.failed : 'Sending…' }));
    });
    ui.log.scrollTop = ui.log.scrollHeight;
    renderUnread();
  }

  function renderTyping() {
    var names = Object.keys(typers).map(function (k) {
      return typers[k];
    });
    ui.typing.textContent = names.length ? names.join(' and ') + (names.length > 1 ? ' are' : ' is') + ' typing…' : '';
  }
  function typed(senderType, name, on) {
    var k = senderType + ':' + name;
    if (on) typers[k] = name || config.inboxName;
    else delete typers[k];
    if (ui.typing) renderTyping();
  }

  // The visitor's typing: true at most every 3 s while the textbox has text (the server ends it 6 s after the last), false once.
  function sendTyping(on) {
    if (!saved.conversationId || !saved.visitorToken || (on ? Date.now() - typingSentAt < 3000 : !typingSentAt)) return;
    typingSentAt = on ? Date.now() : 0;
    call('POST', 'conversations/' + saved.conversationId + '/typing', { typing: on }).catch(function () {
      typingSentAt = 0;
    });
  }

  function renderComposer() {
    var ask = config.preChatEmail && !saved.email;
    ui.prechat.hidden = !ask;
    ui.composer.hidden = ask;
    ui.chosen.hidden = ask;
  }

  function showChosen() {
    var names = Array.prototype.map.call(ui.file.files || [], function (f) {
      return f.name;
    });
    ui.chosen.textContent = names.length ? 'Attached: ' + names.join(', ') : '';
  }

  // ---- unread count: agent replies newer than what the visitor last saw ------------------------------------------

  function unread() {
    var seen = saved.readAt || '';
    return messages.filter(function (m) {
      return m.type !== 'incoming' && m.createdAt > seen;
    }).length;
  }
  function renderUnread() {
    if (isOpen && document.visibilityState !== 'hidden' && messages.length) {
      saved.readAt = messages[messages.length - 1].createdAt;
      save();
    }
    var n = unread();
    ui.badge.textContent = n > 9 ? '9+' : String(n);
    ui.badge.hidden = n === 0;
    ui.unreadText.textContent = n ? n + (n === 1 ? ' unread message' : ' unread messages') : '';
  }

  // ---- open / close ----------------------------------------------------------------------------------------------

  function open() {
    if (!ui.panel) return void queued.push(['open', []]);
    isOpen = true;
    ui.panel.hidden = false;
    ui.launcher.setAttribute('aria-expanded', 'true');
    ui.launcher.setAttribute('aria-label', 'Open chat');
    renderUnread();
    (ui.composer.hidden ? ui.email : ui.input).focus();
  }
  function close() {
    if (!ui.panel) return void queued.push(['close', []]);
    isOpen = false;
    ui.panel.hidden = true;
    ui.launcher.setAttribute('aria-expanded', 'false');
    ui.launcher.focus();
  }

  // ---- sending: every visitor message waits in `pending` (kept in localStorage) until the API accepted it --------

  function onKey(e) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onSend(e);
    }
  }

  function readFiles(list) {
    var files = Array.prototype.slice.call(list || [], 0, 5);
    var total = files.reduce(function (s, f) {
      return s + f.size;
    }, 0);
    if (total > MAX_FILE_BYTES) return Promise.reject(new Error('Files may hold at most 10 MB together'));
    return Promise.all(
      files.map(function (f) {
        return new Promise(function (resolve, reject) {
          var reader = new FileReader();
          reader.onload = function () {
            resolve({
              filename: f.name,
              contentType: f.type || 'application/octet-stream',
              content: String(reader.result).split(',')[1] || '',
            });
          };
          reader.onerror = function () {
            reject(reader.error);
          };
          reader.readAsDataURL(f);
        });
      }),
    );
  }

  function onSend(e) {
    e.preventDefault();
    var text = ui.input.value.trim();
    var chosen = ui.file.files && ui.file.files.length ? ui.file.files : null;
    if (!text && !chosen) return;
    sendTyping(false);
    readFiles(chosen).then(
      function (attachments) {
        var names = attachments
          .map(function (a) {
            return a.filename;
          })
          .join(', ');
        var item = {
          key: 'pending-' + Date.now() + '-' + Math.random().toString(36).slice(2),
          text: text || names,
          at: new Date().toISOString(),
        };
        if (attachments.length) item.attachments = attachments; // files stay in memory only (too big for localStorage)
        pending.push(item);
        persistPending();
        ui.input.value = '';
        ui.file.value = '';
        showChosen();
        renderMessages();
        flush();
      },
      function (error) {
        ui.chosen.textContent = error.message;
      },
    );
  }

  function persistPending() {
    saved.pending = pending
      .filter(function (p) {
        return !p.failed;
      })
      .map(function (p) {
        return { key: p.key, text: p.text, at: p.at };
      });
    save();
  }

  var flushing = false;
  var retryDelay = 1000;
  function flush() {
    if (flushing || !saved.visitorToken) return;
    var next = pending.filter(function (p) {
      return !p.failed;
    })[0];
    if (!next) return;
    flushing = true;
    var body = { message: next.text };
    if (next.attachments) body.attachments = next.attachments;
    // The outbox entry's key: a message (or the start of a conversation) sent again after its answer was lost is
    // answered, not stored twice.
    var request = saved.conversationId
      ? call('POST', 'conversations/' + saved.conversationId + '/messages', body, next.key)
      : call('POST', 'conversations', body, next.key);
    request.then(
      function (result) {
        flushing = false;
        retryDelay = 1000;
        pending.splice(pending.indexOf(next), 1);
        persistPending();
        if (result.messages) {
          // a new conversation
          saved.conversationId = result.id;
          save();
          messages = result.messages;
          live.subscribe();
        } else {
          merge([result]);
        }
        renderMessages();
        flush();
      },
      function (error) {
        flushing = false;
        if (error.status === 409 || error.status === 404) {
          // closed or gone: the message starts a new conversation
          saved.conversationId = null;
          save();
          messages = [];
          return flush();
        }
        if (error.status && error.status < 500 && error.status !== 429) {
          next.failed = error.message;
          persistPending();
          renderMessages();
          return flush();
        }
        // The network or the server failed: the message stays pending and is sent again.
        setTimeout(flush, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      },
    );
  }

  function merge(list) {
    list.forEach(function (m) {
      if (
        !messages.some(function (x) {
          return x.id === m.id;
        })
      )
        messages.push(m);
    });
    messages.sort(function (a, b) {
      return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
    });
  }

  function download(conversationId, a) {
    var headers = { 'X-Widget-Token': widgetToken, 'X-Visitor-Token': saved.visitorToken };
    fetch(apiBase + '/support/widget/conversations/' + conversationId + '/attachments/' + a.id, {
      headers: headers,
      credentials: 'omit',
    })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.blob();
      })
      .then(function (blob) {
        var url = URL.createObjectURL(blob);
        var link = h('a', { href: url, download: a.filename });
        ui.panel.appendChild(link);
        link.click();
        link.remove();
        setTimeout(function () {
          URL.revokeObjectURL(url);
        }, 10000);
      })
      .catch(function () {
        ui.chosen.textContent = 'The file could not be downloaded';
      });
  }

  // ---- pre-chat email -----------------------------------------------------------------------------------------

  function onPrechat(e) {
    e.preventDefault();
    identify({ email: ui.email.value.trim() }).then(
      function () {
        renderComposer();
        ui.input.focus();
      },
      function (error) {
        ui.chosen.hidden = false;
        ui.chosen.textContent = error.message;
      },
    );
  }

  // ---- live replies over graphql-ws (graphql-transport-ws), reconnecting after a drop --------------------------

  var live = (function () {
    var socket = null;
    var delay = 1000;
    var timer = null;
    var QUERY =
      'subscription($id: ID!) { supportWidgetMessages(conversationId: $id) { id conversationId type senderType authorName content attachments createdAt } }';
    var TYPING = 'subscription($id: ID!) { supportWidgetTyping(conversationId: $id) { typing senderType authorName } }';

    function connect() {
      if (socket || !saved.conversationId || !saved.visitorToken) return;
      var ws = (socket = new WebSocket(wsUrl, 'graphql-transport-ws'));
      var subscribedTo = saved.conversationId;
      ws.onopen = function () {
        ws.send(
          JSON.stringify({
            type: 'connection_init',
            payload: { widgetToken: widgetToken, visitorToken: saved.visitorToken },
          }),
        );
      };
      ws.onmessage = function (event) {
        var msg;
        try {
          msg = JSON.parse(event.data);
        } catch {
          return;
        }
        if (msg.type === 'connection_ack') {
          delay = 1000;
          ws.send(
            JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY, variables: { id: subscribedTo } } }),
          );
          ws.send(
            JSON.stringify({ id: '2', type: 'subscribe', payload: { query: TYPING, variables: { id: subscribedTo } } }),
          );
          resync(); // replies sent while the socket was down
        } else if (msg.type === 'next' && msg.payload && msg.payload.data) {
          var data = msg.payload.data;
          if (data.supportWidgetTyping)
            return typed(
              data.supportWidgetTyping.senderType,
              data.supportWidgetTyping.authorName,
              data.supportWidgetTyping.typing,
            );
          typed(data.supportWidgetMessages.senderType, data.supportWidgetMessages.authorName, false); // the reply replaces the indicator
          merge([data.supportWidgetMessages]);
          renderMessages();
        } else if (msg.type === 'ping') {
          ws.send(JSON.stringify({ type: 'pong' }));
        }
      };
      ws.onclose = function (event) {
        if (socket === ws) socket = null;
        typers = {}; // no signal can end it while the socket is down
        if (ui.typing) renderTyping();
        if (event.code === 4401 || event.code === 4403) return; // refused credentials: retrying cannot help
        schedule();
      };
    }
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    }
    return {
      subscribe: function () {
        if (socket) socket.close(1000);
        socket = null;
        connect();
      },
      wake: function () {
        delay = 1000;
        if (!socket) connect();
      },
    };
  })();

  function resync() {
    if (!saved.conversationId) return;
    call('GET', 'conversations/' + saved.conversationId).then(
      function (c) {
        merge(c.messages);
        renderMessages();
      },
      function (error) {
        if (error.status === 404) {
          saved.conversationId = null;
          save();
        }
      },
    );
  }

  // ---- the public API ------------------------------------------------------------------------------------------

  function identify(person) {
    if (!started) {
      return new Promise(function (resolve, reject) {
        queued.push(['identify', [person], resolve, reject]);
      });
    }
    var body = { email: person.email };
    if (person.name) body.name = person.name;
    if (person.userHash) body.userHash = person.userHash;
    return call('POST', 'identify', body).then(function (result) {
      saved.email = result.email;
      save();
      renderComposer();
      return result;
    });
  }

  function track(name, properties) {
    if (!started)
      return new Promise(function (resolve, reject) {
        queued.push(['track', [name, properties], resolve, reject]);
      });
    return call('POST', 'events', { name: String(name), properties: properties || {}, sessionId: sessionId }).then(
      function () {
        return true;
      },
    );
  }

  window.PlatformChat = {
    version: 1,
    identify: identify,
    open: open,
    close: close,
    track: track,
  };

  // ---- start: the inbox's settings (refused on an origin the inbox does not allow), then the visitor -------------

  function start() {
    call('GET', 'config')
      .then(function (c) {
        config = c;
        return call('POST', 'sessions', {
          pageUrl: location.href,
          referrer: document.referrer || null,
          userAgent: navigator.userAgent,
        });
      })
      .then(function (session) {
        saved.visitorToken = session.visitorToken;
        sessionId = session.sessionId;
        save();
        return saved.conversationId
          ? call('GET', 'conversations/' + saved.conversationId).then(
              function (conversation) {
                messages = conversation.messages;
              },
              function () {
                saved.conversationId = null;
                save();
              },
            )
          : null;
      })
      .then(
        function () {
          render();
          started = true;
          live.subscribe();
          flush();
          queued.splice(0).forEach(function (q) {
            var result = window.PlatformChat[q[0]].apply(null, q[1]);
            if (q[2] && result && result.then) result.then(q[2], q[3]);
          });
          window.dispatchEvent(new CustomEvent('platformchat:ready'));
        },
        function (error) {
          // A refused origin or token: the widget stays off the page.
          if (typeof console !== 'undefined') console.warn('Chat widget not started: ' + error.message);
          queued.splice(0).forEach(function (q) {
            if (q[3]) q[3](error);
          });
          window.dispatchEvent(
            new CustomEvent('platformchat:refused', { detail: { status: error.status || 0, message: error.message } }),
          );
        },
      );
  }

  window.addEventListener('online', function () {
    live.wake();
    flush();
  });
  document.addEventListener('visibilitychange', function () {
    if (ui.badge) renderUnread();
  });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
