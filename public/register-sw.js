// Registers the service worker (docs/decisions/0064-the-service-worker.md) once the page has
// loaded and come to life (docs/decisions/0076-the-service-worker-waits-for-the-page.md): its
// first install fetches every script of the site, which on a slow phone would compete with the
// page's own scripts. Then it tells the worker which invitation this browser holds
// (what the site mirrored into its storage), and the page that registered it, loaded without it,
// asks to be kept (the worker keeps a guest's pages only).
(function () {
  var sw = navigator.serviceWorker;
  if (!sw) return;
  function register() {
    sw.register("/sw.js")
      .then(function () {
        return sw.ready;
      })
      .then(function (registration) {
        var code = null;
        try {
          code = JSON.parse(localStorage.getItem("wedding-storage") || "null").invitationCode || null;
        } catch (e) {
          code = null;
        }
        if (registration.active) registration.active.postMessage({ keep: sw.controller ? null : location.href, invitation: code });
      })
      .catch(function () {});
  }
  // Once the page has loaded and come to life (the site's root says so once React has hydrated it,
  // app/root.tsx), at its next idle moment, at the latest 5 s later. A page whose scripts never get
  // there (an error page, a script that failed) waits 10 s after its load.
  var loaded = false;
  var alive = false;
  var started = false;
  function whenReady() {
    if (started || !loaded || !alive) return;
    started = true;
    if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 0);
  }
  addEventListener("site:alive", function () {
    alive = true;
    whenReady();
  });
  addEventListener("load", function () {
    loaded = true;
    whenReady();
    setTimeout(function () {
      alive = true;
      whenReady();
    }, 10000);
  });
})();
