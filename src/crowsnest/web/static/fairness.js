// @ts-check
// A deal a player can check without trusting the server: the scheme of
// docs/formats.md ("Fair deals", `crowsnest-deal/1`) done again in the browser.
// The commitment is SHA-256 of the secret; the seed is the first 8 bytes of
// SHA-256(secret || "deal"), big-endian, shifted right by one; the engine deals each
// hand by shuffling the deck's cards (lowest first) with Python's `random.Random(seed)`
// — a Mersenne Twister seeded as CPython seeds it, and CPython's `shuffle` — and
// dealing them round the table, the rest to the nest. Web Crypto does the hashing
// (in a browser and in node alike); nothing here asks the server anything.

export const SCHEME = "crowsnest-deal/1";

/**
 * @param {string} hex 64 lowercase hex digits
 * @returns {Uint8Array<ArrayBuffer>}
 */
function secretBytes(hex) {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error("a deal secret is 64 lowercase hex digits");
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
}

/** @param {Uint8Array} bytes */
const hexOf = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The commitment published before the first card: SHA-256 of the secret, hex.
 * @param {string} secret
 */
export async function commitmentOf(secret) {
  return hexOf(await sha256(secretBytes(secret)));
}

/**
 * The game's seed: the first 8 bytes of SHA-256(secret || "deal"), big-endian,
 * shifted right by one.
 * @param {string} secret
 * @returns {Promise<bigint>}
 */
export async function seedOf(secret) {
  const bytes = secretBytes(secret);
  const label = new TextEncoder().encode("deal");
  const joined = new Uint8Array(bytes.length + label.length);
  joined.set(bytes);
  joined.set(label, bytes.length);
  const digest = await sha256(joined);
  let n = 0n;
  for (const b of digest.slice(0, 8)) n = (n << 8n) | BigInt(b);
  return n >> 1n;
}

/** CPython's Mersenne Twister (MT19937), seeded from an int as `random.seed(n)` does. */
export class PythonRandom {
  /** @param {bigint} seed */
  constructor(seed) {
    this.mt = new Uint32Array(624);
    this.index = 624;
    // The int's 32-bit words, least significant first ([0] for zero).
    let n = seed < 0n ? -seed : seed;
    /** @type {number[]} */
    const key = [];
    do {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    } while (n > 0n);
    this.initByArray(key);
  }

  /** @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = 624;
  }

  /** @param {number[]} key */
  initByArray(key) {
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32 random bits (genrand_uint32). */
  next() {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /**
   * A number below `n` (at most 2**32), as CPython's `_randbelow_with_getrandbits`.
   * @param {number} n
   */
  below(n) {
    const k = Math.floor(Math.log2(n)) + 1; // n.bit_length()
    let r = this.next() >>> (32 - k);
    while (r >= n) r = this.next() >>> (32 - k);
    return r;
  }

  /**
   * Shuffle in place, as CPython's `random.shuffle`.
   * @template T
   * @param {T[]} items
   */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/**
 * A card's number in its family's deck (the engine's order: Rook's bird 0, then each
 * colour's 1..14; Hearts 2..A of clubs, diamonds, hearts, spades).
 * @param {string} text
 */
export function cardNumber(text) {
  if (text === "CROW") return 0;
  const rook = /^([RYGB])(\d{1,2})$/.exec(text);
  if (rook) return "RYGB".indexOf(rook[1]) * 14 + Number(rook[2]);
  const hearts = /^([2-9TJQKA])([CDHS])$/.exec(text);
  if (hearts) return "CDHS".indexOf(hearts[2]) * 13 + "23456789TJQKA".indexOf(hearts[1]);
  throw new Error(`not a card: ${text}`);
}

/** @typedef {{hands: string[][], nest?: string[]}} RecordedDeal */

/**
 * What the browser found: `problems` is empty when the deal is fair.
 * @typedef {{ok: boolean, problems: string[], deals: number, commitment: string | null, secret: string | null}} DealCheck
 */

/**
 * Check a finished game's record: the revealed secret against the commitment, the
 * seed against the secret, and every recorded deal against the deck shuffled from
 * that seed (each deal's four hands as dealt round the table from some seat).
 * @param {{seed?: unknown, deals?: RecordedDeal[], fairness?: {scheme?: string, commitment?: string | null, secret?: string | null, seed_chosen?: boolean}}} record
 * @returns {Promise<DealCheck>}
 */
export async function checkDeals(record) {
  const fair = record.fairness;
  const deals = record.deals ?? [];
  /** @param {string[]} problems */
  const answer = (problems) => ({ ok: problems.length === 0, problems, deals: deals.length, commitment: fair?.commitment ?? null, secret: fair?.secret ?? null });
  if (!fair) return answer(["no_fairness"]);
  if (fair.scheme !== SCHEME) return answer(["unknown_scheme"]);
  if (fair.seed_chosen) return answer(["seed_chosen"]);
  if (typeof fair.secret !== "string") return answer(["no_secret"]);
  /** @type {string[]} */
  const problems = [];
  if ((await commitmentOf(fair.secret)) !== fair.commitment) problems.push("commitment_mismatch");
  const seed = await seedOf(fair.secret);
  // (JSON numbers are doubles in JavaScript: the seed compared as one.)
  if (Number(record.seed) !== Number(seed)) problems.push("seed_mismatch");
  const rng = new PythonRandom(seed);
  deals.forEach((deal, n) => {
    const hands = deal.hands.map((hand) => hand.map(cardNumber));
    const nest = (deal.nest ?? []).map(cardNumber);
    const cards = [...hands.flat(), ...nest].sort((a, b) => a - b);
    rng.shuffle(cards);
    const size = hands[0].length;
    /** @param {number[]} xs */
    const key = (xs) => [...xs].sort((a, b) => a - b).join(",");
    const dealt = [0, 1, 2, 3].map((j) => key(cards.slice(0, 4 * size).filter((_, i) => i % 4 === j)));
    const recorded = hands.map(key);
    const rotation = [0, 1, 2, 3].some((r) => dealt.every((hand, j) => recorded[(r + j) % 4] === hand));
    if (!rotation || key(cards.slice(4 * size)) !== key(nest)) problems.push(`deal_mismatch:${n + 1}`);
  });
  return answer(problems);
}
