// @ts-check
// The installable app's page side: registers the service worker (/sw.js), and when
// a new version has installed in the background, offers to load it ("new version"
// prompt): the new worker takes over and the page reloads.

import { t } from "../i18n.js";
import { h } from "../dom.js";

/**
 * Show the prompt for a waiting worker.
 * @param {ServiceWorker} waiting
 */
function offer(waiting) {
  document.querySelector("#update-prompt")?.remove();
  const prompt = h(
    "div",
    { id: "update-prompt", class: "update-prompt", role: "status" },
    h("span", {}, t("pwa.new_version")),
    h("button", { type: "button", id: "update-reload", onclick: () => waiting.postMessage({ type: "skip_waiting" }) }, t("pwa.reload")),
  );
  document.body.append(prompt);
}

/** Register the service worker; resolves once it is registered (or cannot be). */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  let reloading = false;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install takes no page over by reloading; a new version does.
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
    });
    return registration;
  } catch (err) {
    console.warn("service worker:", err);
    return null;
  }
}
