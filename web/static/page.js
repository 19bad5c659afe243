// A game's page, without reloads: step through the history (buttons, the history's lines, ← → Home End), play it
// as a replay, and follow the game live (server-sent events; each new mark fetches the page again and swaps in
// its parts). Every text is taken from the server's escaped HTML and placed with textContent or imported nodes:
// nothing here builds markup from strings. No inline script is needed: the Content-Security-Policy allows none.
"use strict";
(function () {
  const body = document.body;
  let current = 0;
  let following = body.hasAttribute("data-follow");
  let playing = null;

  function steps() { return Array.from(document.querySelectorAll("#steps li[data-step]")); }
  function last() { return steps().length - 1; }

  function show(step, remember) {
    const items = steps();
    if (!items.length) { return; }
    current = Math.max(0, Math.min(step, items.length - 1));
    following = current === items.length - 1;
    const item = items[current];
    const board = document.getElementById("board");
    const caption = document.getElementById("caption");
    if (board && board.getAttribute("src") !== item.dataset.board) { board.setAttribute("src", item.dataset.board); }
    items.forEach(function (li) { li.removeAttribute("aria-current"); });
    item.setAttribute("aria-current", "step");
    if (caption) { caption.textContent = captionOf(item); board.setAttribute("alt", caption.textContent); }
    setLinks();
    if (remember) {
      const url = following ? location.pathname : location.pathname + "?step=" + current;
      history.replaceState(null, "", url);
    }
    // The history scrolls by itself on a desktop: keep the step shown in view (the window itself stays put).
    const list = document.getElementById("steps");
    if (list && list.scrollHeight > list.clientHeight) {
      const shown = item.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      if (shown.top < box.top) { list.scrollTop -= box.top - shown.top; }
      if (shown.bottom > box.bottom) { list.scrollTop += shown.bottom - box.bottom; }
    }
  }

  function captionOf(item) { return item.dataset.caption || ""; }

  function setLinks() {
    const end = last();
    const targets = { first: 0, prev: current - 1, next: current + 1, last: end };
    Object.keys(targets).forEach(function (id) {
      const link = document.getElementById(id);
      if (!link) { return; }
      const target = targets[id];
      const off = target < 0 || target > end || target === current;
      link.setAttribute("aria-disabled", off ? "true" : "false");
      link.setAttribute("href", target >= end ? "?" : "?step=" + Math.max(target, 0));
    });
  }

  function stop() {
    if (playing !== null) { clearInterval(playing); playing = null; }
    const button = document.getElementById("play");
    if (button) { button.textContent = "▶"; button.title = body.dataset.play; button.setAttribute("aria-label", body.dataset.play); }
  }

  function play() {
    if (playing !== null) { stop(); return; }
    if (current >= last()) { show(0, true); }
    const button = document.getElementById("play");
    button.textContent = "❚❚";
    button.title = body.dataset.playing;
    button.setAttribute("aria-label", body.dataset.playing);
    playing = setInterval(function () {
      if (current >= last()) { stop(); return; }
      show(current + 1, true);
    }, 900);
  }

  function go(step) { stop(); show(step, true); }

  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    const control = target.closest("#first, #prev, #next, #last");
    const item = target.closest("#steps li[data-step]");
    if (control) {
      event.preventDefault();
      const moves = { first: 0, prev: current - 1, next: current + 1, last: last() };
      go(moves[control.id]);
    } else if (item) {
      event.preventDefault();
      go(Number(item.dataset.step));
    } else if (target.closest("#play")) {
      play();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.metaKey || event.ctrlKey || event.altKey) { return; }
    const keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last() };
    if (!(event.key in keys)) { return; }
    event.preventDefault();
    go(keys[event.key]);
  });

  function localTimes() {
    document.querySelectorAll("time[datetime]").forEach(function (node) {
      const when = new Date(node.getAttribute("datetime"));
      if (isNaN(when.getTime())) { return; }
      const lang = document.documentElement.lang || undefined;
      let text = when.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
      const minutes = Math.round((when.getTime() - Date.now()) / 60000);
      if (typeof Intl.RelativeTimeFormat === "function") {
        const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
        const hours = Math.round(minutes / 60);
        text += " (" + (Math.abs(minutes) < 90 ? relative.format(minutes, "minute") : relative.format(hours, "hour")) + ")";
      }
      node.textContent = text;
    });
  }

  function swap(fresh, id) {
    const old = document.getElementById(id);
    const next = fresh.getElementById(id);
    if (old && next) { old.replaceWith(document.importNode(next, true)); return true; }
    return false;
  }

  let fetching = false;
  let again = false;
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const response = await fetch(location.pathname, { headers: { Accept: "text/html" }, cache: "no-store" });
      if (response.status === 404) { if (events) { events.close(); } return; }
      if (!response.ok) { return; }
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      const wasFollowing = following;
      const hadBoard = !!document.getElementById("board");
      if (hadBoard !== !!fresh.getElementById("board")) {
        const main = document.querySelector("main");
        main.replaceWith(document.importNode(fresh.querySelector("main"), true));
        const button = document.getElementById("play");
        if (button) { button.hidden = false; }
      } else {
        swap(fresh, "summary");
        swap(fresh, "steps");
      }
      swap(fresh, "state");
      document.title = fresh.title;
      body.dataset.version = fresh.body.dataset.version || "";
      localTimes();
      show(wasFollowing ? last() : current, false);
    } catch (error) {
      // the server is away for a moment: the next event asks again
    } finally {
      fetching = false;
      if (again) { again = false; refresh(); }
    }
  }

  let events = null;
  if (typeof EventSource === "function" && body.dataset.events) {
    events = new EventSource(body.dataset.events);
    events.addEventListener("mark", function (event) {
      if (event.data !== body.dataset.version) { refresh(); }
    });
    events.addEventListener("gone", function () { events.close(); refresh(); });
  }

  const play_button = document.getElementById("play");
  if (play_button) { play_button.hidden = false; }
  const marked = document.querySelector("#steps li[aria-current]");
  localTimes();
  show(marked ? Number(marked.dataset.step) : 0, false);
})();
