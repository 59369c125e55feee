// Registers the service worker (docs/decisions/0064-the-service-worker.md) once the page has
// loaded, so it never competes with the page's own first load. The page that registers it was
// loaded without it: the worker is asked to keep it (it keeps a guest's pages only; it decides).
(function () {
  var sw = navigator.serviceWorker;
  if (!sw) return;
  addEventListener("load", function () {
    sw.register("/sw.js")
      .then(function () {
        return sw.ready;
      })
      .then(function (registration) {
        if (!sw.controller && registration.active) registration.active.postMessage({ keep: location.href });
      })
      .catch(function () {});
  });
})();
