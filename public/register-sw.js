// Registers the service worker (docs/decisions/0064-the-service-worker.md) once the page has
// loaded, so it never competes with the page's own first load. Then it tells the worker which
// invitation this browser holds (what the site mirrored into its storage), and the page that
// registered it, loaded without it, asks to be kept (the worker keeps a guest's pages only).
(function () {
  var sw = navigator.serviceWorker;
  if (!sw) return;
  addEventListener("load", function () {
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
  });
})();
