// @ts-check
// Telling a player that their turn has come when they look elsewhere: the tab's title,
// a sound and a notification (the last two when Settings ask for them).

import { t } from "./i18n.js";

/** The page's own title, shown again once you look at the tab. */
const TITLE = document.title;
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) document.title = TITLE;
});

/** A short, soft tone (Web Audio): the turn's sound, when Settings ask for it. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    /* no sound here */
  }
}

/**
 * It is your turn (or no more): a tab in the background says so in its title; a
 * new turn sounds (Settings, off by default) and, in the background, notifies
 * (Settings, off by default, once the browser has the player's permission).
 * @param {boolean} yours
 * @param {boolean} began the turn has just begun
 * @param {import("./store.js").Settings} settings
 */
export function signalTurn(yours, began, settings) {
  document.title = yours && document.hidden ? `● ${t("title.your_turn")} · ${TITLE}` : TITLE;
  if (!began) return;
  if (settings.sound) beep();
  if (settings.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("notify.your_turn"), { tag: "crowsnest-turn" });
  }
}
