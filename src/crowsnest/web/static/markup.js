// Small helpers shared by the table's modules: escaping text into markup, the
// table positions seen from your own seat, and waiting.

/** Where each seat sits, by its place after yours: you are at the bottom. */
export const POSITIONS = ["bottom", "left", "top", "right"];

/** The compass name of each position, for the bots' names (you are south). */
export const COMPASS = ["south", "west", "north", "east"];

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Text made safe to put inside markup and attribute values. */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Copy the methods of these classes onto target's prototype (the Game's parts). */
export function mixIn(target, ...parts) {
  for (const part of parts) {
    for (const key of Object.getOwnPropertyNames(part.prototype)) {
      if (key !== "constructor") Object.defineProperty(target.prototype, key, Object.getOwnPropertyDescriptor(part.prototype, key));
    }
  }
}
