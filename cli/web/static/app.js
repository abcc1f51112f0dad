// The analysis board's page: plain JS, no build step, no network but this server.
// It opens a record or view (POST /api/open), shows the board of the current decision and
// the move list (arrow keys, Home/End, clicks), asks for hints, reviews and best scores as
// jobs (POST ...?job=1, then GET /api/jobs/ID until done; Cancel: DELETE /api/jobs/ID).
"use strict";

const $ = (id) => document.getElementById(id);
// one id per page load: the server runs one search per client at a time
const CLIENT = Math.random().toString(36).slice(2) + Date.now().toString(36);
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const ui = { doc: null, at: 0, job: null, review: null, stash: null, budgetGame: null };

async function api(method, path, body) {
  const options = { method, headers: { "X-Digsite-Client": CLIENT } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {  // (no answer at all: the browser's own words were "Failed to fetch")
    throw new Error("the board's server does not answer: is `digsite serve` still running?");
  }
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function showError(message) {
  const box = $("error");
  box.textContent = message ? `error: ${message}` : "";
  box.hidden = !message;
}

function text(tag, content, cls) {
  const node = document.createElement(tag);
  if (content !== undefined) node.textContent = content;
  if (cls) node.className = cls;
  return node;
}

// --- opening ----------------------------------------------------------------------------

async function loadExamples() {
  const data = await api("GET", "/api/examples");
  const select = $("example");
  select.replaceChildren();
  for (const r of data.records) {
    const option = text("option", `${r.name} (${r.game})`);
    option.value = `record:${r.index}`;
    select.append(option);
  }
  for (const e of data.examples) {
    const option = text("option", e.name);
    option.value = `example:${e.name}`;
    select.append(option);
  }
  return data;
}

// Only the last open asked for shows: answers may come back out of order (a record picked
// while the page still opened the first record given to serve showed that first record,
// its answer the later to arrive, under a box naming the one picked)
let opening = 0;

async function open(request, keepReview, keepStash) {
  showError("");
  const ticket = ++opening;
  try {
    const doc = await api("POST", "/api/open", request);
    if (ticket !== opening) return;
    ui.doc = doc;
    ui.request = request;
    if (!keepStash) {  // another document: the best-score plan's way back is gone
      ui.stash = null;
      $("back").hidden = true;
      $("best-result").textContent = "";
    }
    if (!keepReview) { ui.review = null; $("graph-box").hidden = true; }
    $("hint-result").replaceChildren();
    $("best-tool").hidden = !(doc.solo_grid);
    setBudget(doc);
    $("review").title = doc.kind === "record" ? "" : "a view has no game to review";
    setupSeats(doc);
    go(0);
  } catch (error) { if (ticket === opening) showError(error.message); }
}

// The best score's budget box starts at the game's default (`best-score`'s, whose unit
// differs by game: Pyramids' 5 was a long wait, Ancients' 5 a weak score); a number typed
// stays while the page shows the same game (the plan, the way back).
function setBudget(doc) {
  const budget = doc.best_budget;
  if (!budget || ui.budgetGame === doc.game) return;
  ui.budgetGame = doc.game;
  $("best-budget").value = budget.default;
  $("best-units").textContent = budget.units;
}

// Each seat as the rest of the page and `digsite play` name it: the record's person "you"
// (it said "seen by seat 0 (you)" under a title "played by you"), another "seat 1 (greedy)"
function setupSeats(doc) {
  const select = $("seat");
  select.replaceChildren();
  for (let s = 0; s < doc.players; s++) {
    const who = doc.seat_words ? doc.seat_words[s] : null;
    const option = text("option", who === "you" ? "you" : `seat ${s}` + (who ? ` (${who})` : ""));
    option.value = s;
    select.append(option);
  }
  select.value = doc.viewer;
  $("seat-box").hidden = doc.kind !== "record" || doc.players < 2;
}

// --- stepping ---------------------------------------------------------------------------

function go(index) {
  const doc = ui.doc;
  if (!doc) return;
  ui.at = Math.max(0, Math.min(doc.decisions.length - 1, index));
  const d = doc.decisions[ui.at];
  $("board").innerHTML = d.board;  // SVG drawn by the server from validated input
  showTableWords(d.table || []);
  // who played, in a player's words (the record's "person" is "you")
  const who = doc.seat_words || [];
  $("title").textContent = `${doc.name}` + (who.length === 1 ? ` — played by ${who[0]}`
    : who.length ? ` — ${who.join(" v ")}` : "");
  // the page counts every move; the CLI one seat's decisions (view, hint, review --at N);
  // the options as typed never split across lines (a phone broke "--seat" after its
  // first hyphen)
  const option = (words) => text("span", words, "typed");
  $("where").replaceChildren(`decision ${d.n} of ${doc.decisions.length}`,
    ...(d.at ? [` · seat ${d.seat}'s decision ${d.at} (`, option(`--at ${d.at}`), " ",
      option(`--seat ${d.seat}`), ")"]
      : d.within ? [` · inside seat ${d.seat}'s decision ${d.within} (`,
        option(`--at ${d.within}`), " ", option(`--seat ${d.seat}`),
        " shows where it began)"] : []));
  const list = $("moves");
  if (list.dataset.doc !== doc.id) buildMoves();
  for (const li of list.children) li.classList.toggle("current", +li.dataset.index === ui.at);
  const current = list.children[ui.at];
  if (current) current.scrollIntoView({ block: "nearest" });
  setBusy(ui.job !== null);
  $("hint").title = d.hint ? "" : (d.why_no_hint || "");
  drawGraph();
}

// The table in words, as `digsite play` says it. A line laid out in columns (a run of
// spaces after its first word: the Tomb's shops side by side, the Pyramids' cards) keeps
// its line whole and the box scrolls sideways; a sentence wraps. On a phone, wrapping
// every line at the box's edge split a shop's name from its price and its picture.
function showTableWords(lines) {
  const box = $("table-words");
  box.replaceChildren();
  lines.forEach((line, i) => {
    if (i) box.append("\n");
    box.append(/\S {2,}\S/.test(line) ? text("span", line, "columns") : line);
  });
}

function buildMoves() {
  const list = $("moves");
  list.replaceChildren();
  list.dataset.doc = ui.doc.id;
  // the record's person is "you", as the title names them (it said "seat 0: ..." under
  // "played by you"); every other seat by its number, as the seat box and the CLI say it;
  // a solo game's moves without one (a best-score plan's every line said "seat 0: ...")
  const words = ui.doc.seat_words || [];
  const solo = ui.doc.players === 1;
  ui.doc.decisions.forEach((d, index) => {
    const who = d.seat === null || solo ? ""
      : words[d.seat] === "you" ? "you: " : `seat ${d.seat}: `;
    const li = text("li", d.move === null ? d.words : `${who}${d.words}`);
    li.dataset.index = index;
    li.addEventListener("click", () => go(index));
    list.append(li);
  });
  markMoves();
}

document.addEventListener("keydown", (event) => {
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return;
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
  if (step) go(ui.at + step);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(Infinity);
  else return;
  event.preventDefault();
});

// --- jobs -------------------------------------------------------------------------------

// The tools a search uses are off while one runs (the server runs one per page) and before
// anything is opened; Hint also where the position has no view.
function setBusy(busy) {
  const d = ui.doc ? ui.doc.decisions[ui.at] : null;
  $("hint").disabled = busy || !d || !d.hint;
  $("hint").title = d && !d.hint ? (d.why_no_hint || "") : "";
  $("review").disabled = busy || !ui.doc || ui.doc.kind !== "record";
  $("best").disabled = busy || !ui.doc;
  $("cancel").disabled = !busy;
}

class Cancelled extends Error {}

// A job's result, or null when the page opened another document meanwhile (the answer is
// that document's, not the one on the board now).
async function runJob(path, body, progressBox, describe) {
  const docId = ui.doc.id;
  const job = await api("POST", `${path}?job=1`, body);
  ui.job = job.id;
  setBusy(true);
  try {
    for (;;) {
      const status = await api("GET", `/api/jobs/${job.id}`);
      if (status.state === "done") return ui.doc && ui.doc.id === docId ? status.result : null;
      if (status.state === "cancelled") throw new Cancelled();
      if (status.state !== "running") throw new Error(status.error || status.state);
      progressBox.textContent = describe(status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    progressBox.textContent = "";
    ui.job = null;
    setBusy(false);
  }
}

// an error of a tool: a cancel the person asked for is no error
function failed(error) {
  if (!(error instanceof Cancelled)) showError(error.message);
}

const elapsed = (status) => `${status.elapsed_s.toFixed(1)} s`;

$("cancel").addEventListener("click", async () => {
  if (ui.job) await api("DELETE", `/api/jobs/${ui.job}`).catch(() => {});
});

// A page closed (or left) mid-search: its search is cancelled, not left running for no one
// (a request that outlives the page; the server also stops a job no one asks about)
window.addEventListener("pagehide", () => {
  if (!ui.job) return;
  fetch(`/api/jobs/${ui.job}`, { method: "DELETE", keepalive: true,
    headers: { "X-Digsite-Client": CLIENT } }).catch(() => {});
});

// --- hint -------------------------------------------------------------------------------

$("hint").addEventListener("click", async () => {
  showError("");
  const d = ui.doc.decisions[ui.at];
  const box = $("hint-result");
  box.replaceChildren();
  try {
    const view = await api("GET", `/api/open/${ui.doc.id}/view/${d.n}`);
    const body = { game: ui.doc.game, view, iterations: whole("iterations", "iterations") };
    if (ui.doc.beliefs) body.beliefs = true;  // the card games: what the seat can infer
    const hint = await runJob("/api/hint", body, $("hint-progress"),
      (s) => `searching… ${elapsed(s)}`);
    if (hint) showHint(hint, d);
  } catch (error) { failed(error); }
});

// How the hint's rows are ranked (its order), as the command line says it after "ranked"
// (cli/format.py's ORDER_WORDS: a test holds them together)
const ORDER_WORDS = {
  visits: "most visits first (the search's choice)",
  halving: "by successive halving (the search's choice): the options that stayed in for the " +
    "most rounds first, then by value",
  value: "best value first",
};

// What ended a search, as the command line says it (cli/format.py's _stopped): a hint of
// the only legal move read "0 iterations, stopped by single_move", the JSON's key
function stopped(reason) {
  return reason === "single_move" ? "not searched: the only legal move" : `stopped by ${reason}`;
}

// An estimate of n words as the command line says it (games/table.py's about): two
// significant figures, ties to even as Python's format rounds them, thousands separated
// (the page said "about 674 iterations" where hint says "about 670")
function about(n, word) {
  let rounded = n;
  if (n >= 100) {
    const unit = 10 ** (String(Math.trunc(n)).length - 2);
    const q = Math.floor(n / unit), rest = n - q * unit;
    rounded = (q + (2 * rest > unit || (2 * rest === unit && q % 2 === 1) ? 1 : 0)) * unit;
  }
  return `${rounded.toLocaleString("en-US")} ${rounded === 1 ? word : word + "s"}`;
}

// A move's words inside a sentence, as the review's text says them (cli/report.py's
// in_a_sentence): what follows the first semicolon in parentheses (a Pyramids keep's "keep
// cards 12 and 18; the others go back into the deck" broke the sentence into clauses)
function inASentence(words) {
  const at = words.indexOf("; ");
  return at < 0 ? words : `${words.slice(0, at)} (${words.slice(at + 2)})`;
}

// A seat as the review's text names it: "seat 0 (you)", "seat 1 (greedy)", "seat 0" where
// the record does not say who played
function seatCalled(seat) {
  const who = (ui.doc.seat_words || [])[seat];
  return `seat ${seat}${who ? ` (${who})` : ""}`;
}

function showHint(hint, d) {
  const box = $("hint-result");
  box.replaceChildren();
  // the seat as the review names it, "seat 0 (you)" (it said "seat 0:" under a title
  // "played by you")
  box.append(text("div", `decision ${d.n}` + (d.at ? ` (seat ${hint.seat}'s ${d.at})` : "") +
    `, ${seatCalled(hint.seat)}: ${hint.value_meaning}` +
    ` (${hint.budget.iterations} iterations` +
    (hint.budget.iterations_given ? `, raised from the ${hint.budget.iterations_given} given` : "") +
    `, ${stopped(hint.budget.stop_reason)})`));
  if (hint.close_call) {
    const c = hint.close_call;
    // the moves as the rows below name them (their words), not in notation
    const words = Object.fromEntries(hint.moves.map((row) => [row.move, row.words || row.move]));
    // (in hint's words: "at this budget", "A and B", the estimate's condition)
    // (and inside a sentence: a Pyramids keep's "keep cards 10 and 35; the others go back
    // into the deck and keep cards 10 and 12; the others ..." read as four clauses)
    box.append(text("div", "too close to call at this budget: " +
      `${c.moves.map((m) => inASentence(words[m] || m)).join(" and ")}` +
      ` differ by ${figure(c.gap)}, ` +
      `within the noise (±${figure(c.noise95)} at 95%); ` + (c.iterations_to_separate
        ? `about ${about(c.iterations_to_separate, "iteration")} would separate them ` +
          "if the gap stayed as measured"
        : "no affordable budget would separate them"), "close-call"));
  }
  const order = text("div", `ranked ${ORDER_WORDS[hint.order] || hint.order}`);
  order.id = "hint-order";
  box.append(order);
  const table = text("table", undefined, "hint");
  table.id = "hint-table";
  const head = text("tr");
  // a row's ± is its value's standard error (hint's "stderr"); it was headed "± noise", the
  // word the close call above uses for the 95% margin of a difference, a number 2-3 times it
  for (const h of ["#", "move", "value", "± std. error", "visits"]) head.append(text("th", h));
  table.append(head);
  for (const row of hint.moves) {
    const tr = text("tr");
    tr.append(text("td", row.rank, "num"), text("td", row.words || row.move),
      text("td", row.value === null ? "—" : figure(row.value), "num"),
      text("td", row.stderr === null || row.stderr === undefined ? "" : `±${figure(row.stderr)}`,
        "num"),
      text("td", row.visits === null || row.visits === undefined ? "" : row.visits, "num"));
    table.append(tr);
  }
  box.append(table);
  if (hint.beliefs) showBeliefs(box, hint.beliefs);
}

// A hint's figure as `digsite hint` writes it (cli/format.py's _num): three decimals at
// most, no trailing zeros (the page said 43.1071 ±0.778 and "±3.0643 at 95%" where hint
// says 43.107 and ±3.064)
function figure(x) {
  if (typeof x !== "number" || !Number.isFinite(x)) return String(x);
  const said = fixed(x, 3);
  return said.replace(/0+$/, "").replace(/\.$/, "");
}

// A number as Python's f"{x:.Nf}" writes it (hint's figures): toFixed's digits, but an
// exact tie (x * 2^(N+1) an odd integer, 0.125 at 2 digits) goes to the even digit, where
// toFixed goes up (the page said 0.13 where hint --beliefs says 0.12)
function fixed(x, digits) {
  const q = x * 2 ** (digits + 1);
  if (Number.isInteger(q) && Math.abs(q) % 2 === 1) {
    const down = Math.floor(x * 10 ** digits);  // (exact: q * 5^digits / 2)
    return ((down % 2 === 0 ? down : down + 1) / 10 ** digits).toFixed(digits);
  }
  return x.toFixed(digits);
}

// A card row's chances as hint --beliefs prints them (cli/format.py's format_beliefs): the
// chance of holding at least k, for each k from 1 whose chance rounds above 0 (">=1 0.55
// >=2 0.11"); the page showed the chance of exactly 0, 1, 2, ... cards in percent, hint
// the chance of at least k: the same JSON ("p"), two sets of figures
function heldChances(p) {
  const shown = [];
  for (let k = 1; k < p.length; k++) {
    const chance = p.slice(k).reduce((a, b) => a + b, 0);
    if (chance >= 0.005) shown.push(`>=${k} ${fixed(chance, 2)}`);
  }
  return shown.join("  ");
}

// The beliefs' title as hint --beliefs words it (its ± is a chance, as the rows' are)
function beliefsTitle(beliefs) {
  const worth = beliefs.weighted ? beliefs.effective_worlds : beliefs.worlds;
  return `beliefs from ${beliefs.worlds} sampled worlds` +
    (beliefs.weighted ? `, weighted by the opponents' observed play (worth ` +
      `${beliefs.effective_worlds} equally weighted ones)` : "") +
    (worth ? `; each chance within about ` +
      `±${fixed(Math.min(0.5, 1 / Math.max(worth, 1) ** 0.5), 2)} at 95%` : "");
}

// The seat's beliefs about the hidden cards (hint --beliefs), in its figures: per other seat
// and card, the mean count and the chance of holding at least 1, 2, ... of it (a card it
// cannot hold left out, as hint leaves it); Loot N Run, the chance each face-down room is a
// guardian.
function showBeliefs(box, beliefs) {
  box.append(text("div", beliefsTitle(beliefs), "beliefs-title"));
  if (beliefs.kind === "rooms") { showRooms(box, beliefs.rows || []); return; }
  const table = text("table", undefined, "hint");
  table.id = "beliefs-table";
  const head = text("tr");
  for (const h of ["seat", "hand size", "card", "mean", "chance of holding at least k"]) {
    head.append(text("th", h));
  }
  table.append(head);
  const names = (ui.doc && ui.doc.card_names) || {};
  for (const row of beliefs.rows || []) {
    const held = heldChances(row.p);
    if (!held) continue;
    const tr = text("tr");
    // a card as printed (hint --beliefs' "pharaoh's mask"; the key is pharaohs_mask)
    tr.append(text("td", row.seat, "num"), text("td", row.hand_size, "num"),
      text("td", names[row.card] || row.card.replaceAll("_", " ")),
      text("td", fixed(row.mean, 2), "num"), text("td", held));
    table.append(tr);
  }
  box.append(table);
}

// Loot N Run's beliefs, a row each as hint --beliefs words it: a seat's face-down room
// (counted from 1, as the command line counts them: the JSON's "room" counts from 0), a
// seat caught if awakened, a deck's top room (decks count from 0, as `loot 0` does).
function showRooms(box, rows) {
  const table = text("table", undefined, "hint");
  table.id = "beliefs-table";
  const head = text("tr");
  for (const h of ["where", "what", "chance"]) head.append(text("th", h));
  table.append(head);
  for (const row of rows) {
    const where = "deck" in row ? `deck ${row.deck}'s top room (${row.back} back)`
      : "room" in row ? `seat ${row.seat}'s room ${row.room + 1} (${row.back} back)`
      : `seat ${row.seat}`;
    const tr = text("tr");
    tr.append(text("td", where), text("td", row.what), text("td", fixed(row.p, 2), "num"));
    table.append(tr);
  }
  box.append(table);
}

// --- review and its graph -----------------------------------------------------------------

$("review").addEventListener("click", async () => {
  showError("");
  try {
    const docId = ui.doc.id;
    const solo = ui.doc.solo_grid;
    const body = { open: docId, seat: ui.doc.viewer,
      iterations: whole("review-iterations", "review iterations") };
    if (solo) body.best_budget = positive("best-budget", "best-score budget");
    const review = await runJob("/api/review", body, $("review-progress"), (s) => {
      const p = s.progress || {};
      if (!p.total) return `reviewing… ${elapsed(s)}`;
      if (solo && p.done >= p.total) {  // the decisions are done: the deal's best score now
        return `reviewed ${p.total} decisions; now the deal's best score (budget ` +
          `${body.best_budget}), ${elapsed(s)}`;
      }
      return `reviewing: ${p.done} of ${p.total} decisions, ${elapsed(s)}`;
    });
    if (!review) return;  // another document was opened meanwhile
    ui.review = review;
    ui.reviewDoc = docId;
    markMoves();
    summariseReview();
    drawGraph();
  } catch (error) { failed(error); }
});

// What a number box holds, for its error: a number box gives "" for text it cannot read
// ("1e", "12-"), so the error said "got ''" under a box showing "1e"
function held(id) {
  const box = $(id);
  if (box.validity && box.validity.badInput) return "got text that is not a number";
  const raw = box.value.trim();
  return raw === "" ? "the box is empty" : `got '${raw}'`;
}

// A number above 0 from an input box (an empty box is an error, not 0).
function positive(id, name) {
  const raw = $(id).value.trim();
  const value = Number(raw);
  if (raw === "" || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${name}: a number above 0, ${held(id)}`);
  }
  return value;
}

// A whole number from an input box (an empty box is an error, not 0).
function whole(id, name) {
  const raw = $(id).value.trim();
  if (!/^[0-9]+$/.test(raw)) throw new Error(`${name}: a whole number, ${held(id)}`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`${name}: at most ${Number.MAX_SAFE_INTEGER}, got ${raw}`);
  }
  return value;
}

function reviewed() {
  if (!ui.review || ui.reviewDoc !== ui.doc.id) return [];
  return ui.review.decisions.filter((d) => typeof d.played_value === "number");
}

function markMoves() {
  const list = $("moves");
  for (const li of list.querySelectorAll(".mark")) li.remove();
  const best = ui.review && ui.reviewDoc === ui.doc.id ? ui.review.best_score : null;
  // a solo grid game: the first decision that lost the best score (review's fell_below),
  // else the first that left the best plan (parted)
  // (a fall the budget could not place, proven only by the game's end, marks nothing)
  const placed = best && best.fell_below && best.fell_below.placed !== false;
  const lost = best && (placed ? best.fell_below : best.parted);
  if (lost && list.children[lost.index]) {
    list.children[lost.index].append(text("span", placed ? "best score lost here"
      : "left the best plan here", "mark mark-lost"));
  }
  for (const d of reviewed()) {
    const li = list.children[d.index];
    const mark = MARKS[d.label];
    if (li && mark && !d.within_noise) li.append(text("span", mark, `mark mark-${d.label}`));
  }
}

// a best score's status in words: proven, or the bound it is known to stay within
const proven = (b) => (b.status === "OPTIMAL" ? "proven optimal, bound " : "not proven, bound ") +
  b.bound;

function summariseReview() {
  const r = ui.review;
  const box = $("review-summary");
  box.replaceChildren();
  const s = r.summary;
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  // the seat as the review's text names it, "seat 0 (you)", "seat 1 (greedy)" (a person's
  // record read "seat 0: accuracy", where the text says "review of seat 0 (you)")
  box.append(text("div", `${seatCalled(r.seat)}: accuracy ` +
    `${s.accuracy === null ? "—" : s.accuracy + "%"}` +
    `, ${count(s.counts.inaccuracy, "inaccuracy", "inaccuracies")}, ` +
    `${count(s.counts.mistake, "mistake", "mistakes")}, ` +
    `${count(s.counts.blunder, "blunder", "blunders")} (${r.value_meaning})`));
  if (r.best_score) {
    const b = r.best_score;
    // (a record that stops before the end reached no score: it said "reached null")
    let line = `best score ${b.score} (${proven(b)}); ` + (b.score_reached === null
      ? "the record stops before the game's end" : `reached ${b.score_reached}`);
    // decisions as the page numbers them (the record's), then the seat's own (--at)
    const where = (x) => `decision ${x.index + 1} (seat ${r.seat}'s ${x.decision})`;
    if (b.note) line += ` (${b.note})`;
    if (b.fell_below && b.fell_below.placed === false) {
      line += "; this budget could not place where the game fell below the best: only the " +
        "game's end is proven short of it, no earlier position was settled";
    } else if (b.fell_below) {
      const first = b.parted && b.parted.decision === b.fell_below.decision;
      line += `; after ${where(b.fell_below)} the best score was out of reach: from there at ` +
        `most ${b.fell_below.reachable}` + (first ? "" : " (the first decision this budget " +
        "proves short; an earlier one may already have lost it)");
    }
    if (b.parted) {
      // in the words of the review's text, where the game has them (it read "decision 1
      // (seat 0's 1) (played rest money, the plan: market buy 1)")
      const p = b.parted;
      line += `; the game left the best plan at ${where(p)}: played ` +
        `${inASentence(p.played_words || p.played)}` +
        (p.plan ? `, where the plan's move was ${inASentence(p.plan_words || p.plan)}`
          : " after the plan had ended");  // (as the text says it: one sentence)
    }
    box.append(text("div", line));
  }
}

function drawGraph() {
  const points = reviewed();
  $("graph-box").hidden = points.length === 0;
  if (points.length === 0) return;
  // (drawn as wide as its box, at most 640: scaled down to a phone's 350 px its labels
  // were 6 px; drawn to the box they keep their size)
  const W = Math.max(280, Math.min(640, ($("graph").clientWidth || 642) - 2));
  const H = 170, L = 44, R = 10, T = 10, B = 24;
  const N = ui.doc.decisions.length;
  const values = points.flatMap((d) => [d.played_value, d.best_value]);
  let lo = Math.min(...values), hi = Math.max(...values);
  if (ui.review.value_meaning.includes("probability")) { lo = 0; hi = 1; }
  if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const x = (n) => L + (W - L - R) * (N <= 1 ? 0.5 : (n - 1) / (N - 1));
  const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", W); svg.setAttribute("height", H);
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.id = "graph-svg";
  const add = (tag, attrs, content) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (content !== undefined) node.textContent = content;
    svg.append(node);
    return node;
  };
  add("rect", { x: L, y: T, width: W - L - R, height: H - T - B, fill: "#fbfbfb", stroke: "#ccc" });
  for (const v of [lo, (lo + hi) / 2, hi]) {
    add("text", { x: L - 4, y: y(v) + 4, "font-size": 12, "text-anchor": "end" },
      Math.abs(hi - lo) <= 1 ? v.toFixed(2) : v.toFixed(1));
  }
  add("text", { x: W / 2, y: H - 4, "font-size": 12, "text-anchor": "middle" }, "decision");
  const line = (key, colour, dash) => add("polyline", {
    points: points.map((d) => `${x(d.index + 1)},${y(d[key])}`).join(" "),
    fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": dash });
  line("best_value", "#9bbbe0", "4 3");
  line("played_value", "#2b5797", "");
  add("line", { x1: x(ui.at + 1), x2: x(ui.at + 1), y1: T, y2: H - B, stroke: "#e67e22" });
  const colours = { inaccuracy: "#b7950b", mistake: "#ca6f1e", blunder: "#c0392b" };
  for (const d of points) {
    const marked = MARKS[d.label] && !d.within_noise;
    const dot = add("circle", { cx: x(d.index + 1), cy: y(d.played_value), r: marked ? 5 : 3,
      fill: marked ? colours[d.label] : "#2b5797", "data-n": d.index + 1 });
    dot.addEventListener("click", () => go(d.index));
    if (marked) {
      const label = add("text", { x: x(d.index + 1), y: y(d.played_value) - 8, "font-size": 13,
        "text-anchor": "middle", fill: colours[d.label], "font-weight": "bold" }, MARKS[d.label]);
      label.addEventListener("click", () => go(d.index));
    }
  }
  // a click anywhere on the graph jumps to the nearest decision
  svg.addEventListener("click", (event) => {
    if (event.target.tagName === "circle" || event.target.tagName === "text") return;
    const box = svg.getBoundingClientRect();
    const px = (event.clientX - box.left) * (W / box.width);
    const n = Math.round(1 + (px - L) / (W - L - R) * (N - 1));
    go(n - 1);
  });
  $("graph").replaceChildren(svg);
}

// --- best score -------------------------------------------------------------------------

$("best").addEventListener("click", async () => {
  showError("");
  try {
    const body = { open: ui.doc.id, budget: positive("best-budget", "best-score budget") };
    const answer = await runJob("/api/best-score", body, $("best-progress"),
      (s) => `solving… ${elapsed(s)}`);
    if (!answer) return;  // another document was opened meanwhile
    const b = answer.best_score;
    const stash = { request: ui.request, at: ui.at, review: ui.review, reviewDoc: ui.reviewDoc };
    await open({ document: answer.record }, false, true);
    ui.stash = stash;
    // (a file's card data, serve --cards: said as the CLI's best-score says it)
    const data = b.cards ? `; card data: edition '${b.cards.edition}' (a file's)` : "";
    // what the range means and why, as best-score's text says them (it read "(not proven,
    // bound 81.5; market)": the JSON's bound_source, the range unexplained)
    const range = b.status === "OPTIMAL" ? "proven: no play of this deal scores more"
      : `not proven: no play scores more than ${b.bound}, so the deal's best lies between ` +
        `${b.score} and ${b.bound}`;
    const why = (b.analysis || []).find((line) => line.startsWith("why no play scores more"));
    $("best-result").replaceChildren(
      text("div", `best score ${b.score} (${range}${data}); the plan is on the board: step ` +
        "through it"), ...(why ? [text("div", why)] : []));
    $("back").hidden = false;
  } catch (error) { failed(error); }
});

$("back").addEventListener("click", async () => {
  const stash = ui.stash;
  if (!stash) return;
  await open(stash.request);  // (drops the way back and the plan's text)
  if (!ui.doc) return;
  // the same document again (a new id): its review, its marks and the place it was at
  if (stash.review) {
    ui.review = stash.review;
    ui.reviewDoc = ui.doc.id;
    markMoves();
    summariseReview();
  }
  go(stash.at);
});

// --- controls ---------------------------------------------------------------------------

$("prev").addEventListener("click", () => go(ui.at - 1));
$("next").addEventListener("click", () => go(ui.at + 1));
$("first").addEventListener("click", () => go(0));
$("last").addEventListener("click", () => go(Infinity));
$("open-example").addEventListener("click", () => {
  const [kind, name] = $("example").value.split(/:(.*)/s);
  open(kind === "record" ? { record: +name } : { example: name });
});
$("show-paste").addEventListener("click", () => { $("paste-box").hidden = !$("paste-box").hidden; });
$("open-paste").addEventListener("click", () => open({ text: $("paste").value }));
$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (file) open({ text: await file.text(), name: file.name });
});
$("open-solo").addEventListener("click", () => {
  try {
    open({ game: $("solo-game").value, seed: whole("solo-seed", "seed") });
  } catch (error) { showError(error.message); }
});
// Enter in a box does what the button beside it does (it did nothing: the form submits
// nothing, so a seed typed and Enter left the board as it was)
for (const [box, button] of [["solo-seed", "open-solo"], ["iterations", "hint"],
  ["review-iterations", "review"], ["best-budget", "best"]]) {
  $(box).addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!$(button).disabled) $(button).click();
  });
}
$("seat").addEventListener("change", () => {
  const at = ui.at;
  open({ ...ui.request, seat: +$("seat").value }, true, true).then(() => go(at));
});

setBusy(false);
// `digsite serve GAME.json`: the record given opens at once (the first, when several)
loadExamples().then((data) => { if (data.records.length) open({ record: 0 }); })
  .catch((error) => showError(error.message));
