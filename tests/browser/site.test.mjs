// Drives Debian's chromium over the generated reference site (site/) the way an operator uses it.
// Run: tests/browser/README.md. Environment: SITE_DIR (default <repo>/site), CHROMIUM (default
// /usr/bin/chromium), SCREENSHOT_DIR (default <repo>/target/browser-screenshots), FIXTURE_DIR (default
// <repo>/options-docs/tests/expected: docgen's snapshot site of its test catalogue, which has a deprecated,
// a sensitive and a startup-only option that the real catalogue may lack).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "./server.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const SITE = path.resolve(process.env.SITE_DIR ?? path.join(ROOT, "site"));
const SHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(ROOT, "target/browser-screenshots"));
const FIXTURE = path.resolve(process.env.FIXTURE_DIR ?? path.join(ROOT, "options-docs/tests/expected"));
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MINI_BATCH = "table.exec.mini-batch.enabled";
const MINI_BATCH_ANCHOR = "table-exec-mini-batch-enabled";

/** What the catalogue says the site must show: documented (non-hidden) options per section. */
const catalogue = JSON.parse(fs.readFileSync(path.join(SITE, "catalogue.json"), "utf8"));
const sections = catalogue.sections.map((s) => {
  const options = s.options.filter((o) => !o.hidden);
  return { id: s.id, title: s.title, family: s.family ?? "", page: `${s.id}.html`, count: options.length, options };
});
/** Families in the order their first section appears; a section without a family stands alone. */
const families = [];
for (const s of sections) {
  const found = s.family && families.find((f) => f.name === s.family);
  if (found) { found.sections.push(s); } else { families.push({ name: s.family || s.title, single: !s.family, sections: [s] }); }
}
/** The sections in the order the index and the navigation list them: grouped by family. */
const listedSections = families.flatMap((f) => f.sections);
const miniBatchSection = sections.find((s) => s.options.some((o) => o.key === MINI_BATCH));

let server;
let fixture;
let context;
let userDataDir;
/** Every request any page made: { url, page }. */
const requests = [];
/** Responses with an error status, page errors and console errors, per test (reset by open()). */
let problems = [];

before(async () => {
  assert.ok(fs.existsSync(CHROMIUM), `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM`);
  assert.ok(miniBatchSection, `${MINI_BATCH} is in no section of ${SITE}/catalogue.json`);
  server = await startServer(SITE);
  fixture = await startServer(FIXTURE);
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-browser-test-"));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
    viewport: DESKTOP,
  });
  // Record every request; let only local ones through, so a regression cannot reach the internet.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requests.push({ url, page: route.request().frame()?.url() ?? "?" });
    return isLocal(url) ? route.continue() : route.abort("blockedbyclient");
  });
  context.on("response", (r) => {
    if (r.status() >= 400) { problems.push(`HTTP ${r.status()} for ${r.url()}`); }
  });
});

after(async () => {
  await context?.close();
  await server?.close();
  await fixture?.close();
  if (userDataDir) { fs.rmSync(userDataDir, { recursive: true, force: true }); }
});

function isLocal(url) {
  return [server, fixture].some((s) => url.startsWith(s.origin + "/")) || url.startsWith("file://");
}

/** A new page at `size` and color scheme, opened at `target` (a path on the server or a URL). */
async function open(target, { size = DESKTOP, colorScheme = "light", site = server } = {}) {
  problems = [];
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") { problems.push(`console error: ${m.text()}`); } });
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme });
  const url = /^[a-z]+:/.test(target) ? target : site.origin + "/" + target;
  await page.goto(url, { waitUntil: "load" });
  return page;
}

async function close(page) {
  await page.close();
  assert.deepEqual(problems, [], "the page reported errors");
}

/** The option rows of the release shown (the release picker adds rows of options that only
 * earlier releases have, marked data-absent while the release shown lacks them). */
const ROWS = "table.configuration tbody tr[data-key]:not([data-absent])";
const ITEMS = ".option-list li[data-key]:not([data-absent])";

/** data-key, data-scope, data-deprecated and visibility of every option row. */
function rowsOf(page, selector = ROWS) {
  return page.$$eval(selector, (rows) => rows.map((r) => ({
    key: r.dataset.key,
    scope: r.dataset.scope,
    deprecated: r.dataset.deprecated === "true",
    change: r.dataset.change ?? "",
    visible: r.getClientRects().length > 0,
    text: r.textContent.toLowerCase(),
  })));
}

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name) });
}

test("the index lists every section with its number of documented options", async () => {
  const page = await open("index.html");
  const listed = await page.$$eval("tr[data-section]", (trs) => trs.map((tr) => ({
    id: tr.dataset.section,
    title: tr.querySelector("a").textContent.trim(),
    page: tr.querySelector("a").getAttribute("href"),
    count: Number(tr.querySelector("td.count").textContent.trim()),
  })));
  assert.deepEqual(listed, listedSections.map(({ id, title, page, count }) => ({ id, title, page, count })),
    "the sections table of index.html does not match site/catalogue.json (non-hidden options per section)");
  const total = sections.reduce((n, s) => n + s.count, 0);
  assert.equal(await page.locator(ITEMS).count(), total, "the index's all-options list");
  assert.equal((await page.textContent("#filter-count")).trim(), `${total} options`);
  await shot(page, "index-desktop.png");
  await close(page);
});

test("every section page has one row per documented option, with an anchor link icon", async () => {
  for (const s of sections) {
    const page = await open(s.page);
    const rows = await rowsOf(page);
    assert.deepEqual(rows.map((r) => r.key), s.options.map((o) => o.key).sort(), `rows of ${s.page}`);
    const anchors = await page.$$eval(ROWS, (trs) => trs.map((tr) => {
      const a = tr.querySelector("a.anchor");
      const icon = a && a.querySelector("svg");
      const box = icon && icon.getBoundingClientRect();
      return { id: tr.id, href: a && a.getAttribute("href"), label: a && a.getAttribute("aria-label"), iconWidth: box ? box.width : 0 };
    }));
    for (const a of anchors) {
      assert.equal(a.href, `#${a.id}`, `anchor link of row ${a.id} in ${s.page}`);
      assert.match(a.label ?? "", /^Link to /, `the anchor link of ${a.id} has an accessible name`);
      assert.ok(a.iconWidth >= 12, `the link icon of ${a.id} is visible (width ${a.iconWidth})`);
    }
    await close(page);
  }
});

test("the navigation groups sections by family; a family opens to list its sections", async () => {
  const page = await open("index.html");
  const nav = await page.$$eval(".site-nav .nav-families > li", (lis) => lis.map((li) => {
    const summary = li.querySelector("summary");
    return {
      name: summary ? summary.firstChild.textContent.trim() : li.querySelector("a").firstChild.textContent.trim(),
      pages: [...li.querySelectorAll("a")].map((a) => a.getAttribute("href")),
    };
  }));
  assert.deepEqual(nav, families.map((f) => ({ name: f.name, pages: f.sections.map((s) => s.page) })),
    "the navigation's families and their sections do not match site/catalogue.json");
  assert.ok(families.length < sections.length || sections.length < 8,
    `${sections.length} sections in ${families.length} families: the navigation is one row of links again`);
  // Closed, the menus fit on the page without horizontal scrolling; nav links are hidden until opened.
  const grouped = families.filter((f) => !f.single);
  assert.ok(grouped.length > 0, "no family groups two sections");
  const first = page.locator("details.nav-family").first();
  assert.equal(await first.locator(".nav-sections a").first().isVisible(), false, "a closed family shows its sections");
  await first.locator("summary").click();
  assert.ok(await first.locator(".nav-sections a").first().isVisible(), "an opened family hides its sections");
  await shot(page, "nav-desktop-open.png");
  if (grouped.length > 1) {
    const second = page.locator("details.nav-family").nth(1);
    await second.locator("summary").click();
    // The menus close each other on the (asynchronous) toggle event.
    await page.waitForFunction(() => !document.querySelector("details.nav-family").open, null, { timeout: 2000 })
      .catch(() => assert.fail("opening a second family leaves the first open"));
    await page.keyboard.press("Escape");
    assert.equal(await second.evaluate((d) => d.open), false, "Escape does not close the family menu");
  }
  // A section page marks its family in the navigation and names it in the breadcrumbs.
  const s = grouped[0].sections[0];
  await first.locator("summary").click();
  await Promise.all([page.waitForURL(new RegExp(`${s.page}$`)), first.locator(`a[href="${s.page}"]`).click()]);
  assert.equal((await page.textContent("summary.current")).replace(/\s+\d+$/, "").trim(), s.family);
  assert.ok((await page.textContent(".crumbs")).includes(s.family), "the breadcrumbs name the family");
  await close(page);
  const phone = await open("index.html", { size: PHONE });
  const menu = phone.locator("details.nav-family").first();
  await menu.locator("summary").click();
  const fits = await phone.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, "the opened navigation is wider than the phone");
  const link = await menu.locator(".nav-sections a").first().boundingBox();
  assert.ok(link && link.height >= 32, `nav links are too small to tap on a phone (${link && link.height}px)`);
  await shot(phone, "nav-phone-open.png");
  await close(phone);
});

test("typing mini-batch in the filter leaves only matching rows", async () => {
  const page = await open(miniBatchSection.page);
  await page.keyboard.press("/"); // the keyboard shortcut focuses the filter
  assert.equal(await page.evaluate(() => document.activeElement.id), "filter-text", "'/' focuses the filter");
  await page.keyboard.type("mini-batch");
  const rows = await rowsOf(page);
  const shown = rows.filter((r) => r.visible);
  assert.ok(shown.length > 0, "no row left after typing mini-batch");
  assert.ok(shown.length < rows.length, "typing mini-batch hid nothing");
  for (const r of shown) { assert.ok(r.text.includes("mini-batch"), `${r.key} is shown but does not mention mini-batch`); }
  for (const r of rows.filter((r) => r.key.includes("mini-batch"))) { assert.ok(r.visible, `${r.key} was hidden`); }
  assert.equal((await page.textContent("#filter-count")).trim(), `${shown.length} of ${rows.length} options match`);
  await page.setViewportSize(PHONE);
  await shot(page, "section-phone-filtered.png");
  await close(page);
});

test("on the index, the search filters all options and Enter opens the first match", async () => {
  const page = await open("index.html");
  await page.keyboard.press("/");
  await page.keyboard.type("mini-batch");
  // Reported, not asserted (no timed tests): how long one search over every option takes.
  const ms = await page.evaluate(() => {
    const input = document.getElementById("filter-text");
    const t0 = performance.now();
    input.value = "checkpoint";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    document.body.getBoundingClientRect();
    const t = performance.now() - t0;
    input.value = "mini-batch";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return t;
  });
  console.log(`# index search over ${sections.reduce((n, x) => n + x.count, 0)} options: ${ms.toFixed(1)} ms`);
  const items = await rowsOf(page, ITEMS);
  const shown = items.filter((r) => r.visible);
  assert.ok(shown.length > 0 && shown.length < items.length, `mini-batch shows ${shown.length} of ${items.length}`);
  for (const r of shown) { assert.ok(r.text.includes("mini-batch"), `${r.key} is shown but does not mention mini-batch`); }
  assert.ok(!(await page.isVisible(".overview")), "the sections overview steps aside while searching");
  await shot(page, "index-desktop-search.png");
  await Promise.all([page.waitForURL(/#/), page.keyboard.press("Enter")]);
  const first = shown[0].key.replaceAll(".", "-");
  assert.ok(page.url().endsWith(`.html#${first}`), `Enter went to ${page.url()}, expected the row of ${shown[0].key}`);
  await close(page);
});

test("the scope filter hides streaming-only rows when batch is chosen, and the reverse", async () => {
  const page = await open(miniBatchSection.page);
  const all = await rowsOf(page);
  assert.ok(all.some((r) => r.scope === "streaming"), `${miniBatchSection.page} has no streaming-only row to hide`);
  await page.selectOption("#filter-scope", "batch");
  for (const r of await rowsOf(page)) {
    const expected = r.scope !== "streaming";
    assert.equal(r.visible, expected, `${r.key} (scope "${r.scope}") ${expected ? "hidden" : "shown"} with Batch jobs chosen`);
  }
  await page.selectOption("#filter-scope", "streaming");
  for (const r of await rowsOf(page)) {
    const expected = r.scope !== "batch";
    assert.equal(r.visible, expected, `${r.key} (scope "${r.scope}") ${expected ? "hidden" : "shown"} with Streaming jobs chosen`);
  }
  await close(page);
});

test("each row names its change class, and the change-class filter keeps only that class (also from ?change=)", async () => {
  // core.html mixes classes: most options are read at cluster start, parallelism.default at job submission.
  const classOf = new Map(catalogue.change_classes.map((c) => [c.id, c]));
  const page = await open("core.html");
  const all = await rowsOf(page);
  for (const r of all) {
    assert.ok(classOf.has(r.change), `${r.key} has no known data-change ("${r.change}")`);
    assert.ok(r.text.includes(`change class: ${classOf.get(r.change).label}`), `${r.key} does not name its class`);
  }
  assert.ok(new Set(all.map((r) => r.change)).size > 1, "core.html should mix change classes");
  await page.selectOption("#filter-change", "job-submission");
  for (const r of await rowsOf(page)) {
    assert.equal(r.visible, r.change === "job-submission", `${r.key} (${r.change}) with job submission chosen`);
  }
  await close(page);
  const linked = await open("core.html?change=cluster-start");
  for (const r of await rowsOf(linked)) {
    assert.equal(r.visible, r.change === "cluster-start", `${r.key} (${r.change}) with ?change=cluster-start`);
  }
  await close(linked);
});

test("unticking show deprecated hides deprecated rows; the filter is usable from the keyboard", async () => {
  const page = await open("execution.html", { site: fixture });
  const before = await rowsOf(page);
  assert.ok(before.some((r) => r.deprecated), `${FIXTURE}/execution.html has no deprecated row`);
  await page.locator("tr[data-deprecated=true]").first().scrollIntoViewIfNeeded();
  await shot(page, "fixture-deprecated-desktop.png");
  let reached = null;
  for (let i = 0; i < 40 && reached !== "filter-deprecated"; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement.id);
  }
  assert.equal(reached, "filter-deprecated", "Tab never reached the show-deprecated checkbox");
  await page.keyboard.press("Space");
  assert.equal(await page.isChecked("#filter-deprecated"), false, "Space did not untick show deprecated");
  for (const r of await rowsOf(page)) {
    assert.equal(r.visible, !r.deprecated, `${r.key} (deprecated: ${r.deprecated})`);
  }
  const deprecated = before.filter((r) => r.deprecated).length;
  assert.equal((await page.textContent("#filter-count")).trim(), `${before.length - deprecated} of ${before.length} options match`);
  await close(page);
});

for (const [name, size] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`opening ${MINI_BATCH_ANCHOR} scrolls its row into view (${name})`, async () => {
    const page = await open(`${miniBatchSection.page}#${MINI_BATCH_ANCHOR}`, { size });
    const seen = await page.evaluate((id) => {
      const row = document.getElementById(id);
      const box = row.getBoundingClientRect();
      const key = row.querySelector(".key-name").getBoundingClientRect();
      const hit = document.elementFromPoint(key.left + 4, key.top + key.height / 2);
      return {
        top: box.top, bottom: box.bottom, height: window.innerHeight, scrollY: window.scrollY,
        target: document.querySelector(":target")?.id, keyOnTop: row.contains(hit),
      };
    }, MINI_BATCH_ANCHOR);
    assert.equal(seen.target, MINI_BATCH_ANCHOR, "the row is the :target");
    assert.ok(seen.scrollY > 0, "the page did not scroll");
    assert.ok(seen.top >= 0 && seen.top < seen.height, `the row's top ${seen.top} is outside the viewport (0..${seen.height})`);
    assert.ok(seen.keyOnTop, "the row's key is covered by something (a sticky bar?)");
    await shot(page, `section-${name}.png`);
    await close(page);
  });
}

test("a link to an old (deprecated) key lands on the option that replaced it", async () => {
  const page = await open("execution.html#table-exec-default-parallelism", { site: fixture });
  const target = await page.evaluate(() => document.querySelector(":target")?.closest("tr")?.dataset.key);
  assert.equal(target, "table.exec.resource.default-parallelism");
  await close(page);
});

test("the site works from file:// too, with Escape and ?q= on the filter", async () => {
  const page = await open(pathToFileURL(path.join(SITE, miniBatchSection.page)).href);
  assert.ok(await page.isVisible("#filter-text"), "the filter is shown (its script ran)");
  await page.fill("#filter-text", "mini-batch");
  const shown = (await rowsOf(page)).filter((r) => r.visible);
  assert.ok(shown.length > 0 && shown.every((r) => r.text.includes("mini-batch")));
  await page.keyboard.press("Escape");
  assert.equal(await page.inputValue("#filter-text"), "", "Escape clears the filter");
  assert.ok((await rowsOf(page)).every((r) => r.visible), "all rows are back after Escape");
  await close(page);
  const shared = await open(pathToFileURL(path.join(SITE, "index.html")).href + "?q=mini-batch");
  assert.equal(await shared.inputValue("#filter-text"), "mini-batch", "?q= pre-fills the search");
  const items = (await rowsOf(shared, ITEMS)).filter((r) => r.visible);
  assert.ok(items.length > 0 && items.every((r) => r.text.includes("mini-batch")), "?q= filters the list");
  await close(shared);
});

test("text has enough contrast in the light and the dark theme", async () => {
  const selectors = [
    "body", ".site-title", ".nav-family > summary", ".nav-count", ".crumbs", ".legend", "thead th",
    ".key-name", "a.anchor", ".badge-batch", ".badge-streaming", "td.default code",
    ".none", "td.type", "td.description p", ".note-label", ".filter label", "#filter-text", "#filter-count",
    ".filter-help", ".site-footer",
  ];
  for (const colorScheme of ["light", "dark"]) {
    const page = await open(miniBatchSection.page, { colorScheme });
    const low = await page.evaluate(contrastReport, selectors);
    assert.deepEqual(low, [], `${colorScheme} theme: text below 4.5:1 (selector: ratio, colours)`);
    if (colorScheme === "dark") {
      await shot(page, "section-desktop-dark.png");
      await page.setViewportSize(PHONE);
      await shot(page, "section-phone-dark.png");
    }
    await close(page);
  }
  for (const colorScheme of ["light", "dark"]) {
    const page = await open("execution.html", { site: fixture, colorScheme });
    const low = await page.evaluate(contrastReport, [".badge-deprecated", "tr[data-deprecated=true] .key-name", "tr[data-deprecated=true] td.type"]);
    assert.deepEqual(low, [], `${colorScheme} theme, deprecated rows: text below 4.5:1`);
    await close(page);
  }
  const page = await open("index.html", { size: PHONE });
  await shot(page, "index-phone.png");
  await close(page);
  const dark = await open("index.html", { colorScheme: "dark" });
  assert.deepEqual(await dark.evaluate(contrastReport, [".lead", ".sections-table .about p", ".summary", ".section-name"]), []);
  await shot(dark, "index-desktop-dark.png");
  await close(dark);
});

test("accessibility basics: header cells with scope, labelled inputs, one h1, a language", async () => {
  for (const target of ["index.html", ...sections.map((s) => s.page)]) {
    const page = await open(target);
    const report = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      h1: document.querySelectorAll("h1").length,
      thWithoutScope: [...document.querySelectorAll("table th")].filter((th) => !th.getAttribute("scope")).length,
      tablesWithoutHeaders: [...document.querySelectorAll("table")].filter((t) => !t.querySelector("thead th")).length,
      unlabelled: [...document.querySelectorAll("input, select")].filter((i) => i.labels.length === 0).map((i) => i.id),
    }));
    assert.deepEqual(report, { lang: "en", h1: 1, thWithoutScope: 0, tablesWithoutHeaders: 0, unlabelled: [] }, target);
    await close(page);
  }
});

const LATENCY = "table.exec.mini-batch.allow-latency";
const CAPACITY = "table.exec.async-lookup.buffer-capacity";
for (const [name, size, colorScheme] of [["desktop", DESKTOP, "light"], ["phone", PHONE, "light"], ["dark", DESKTOP, "dark"]]) {
  test(`a row shows its constraint, its relation (linked) and how to set it (${name})`, async () => {
    const page = await open(`${miniBatchSection.page}#${CAPACITY.replaceAll(".", "-")}`, { size, colorScheme });
    const capacity = page.locator(`tr[data-key="${CAPACITY}"]`);
    assert.match(await capacity.locator(".rule").first().textContent(), /Accepts at least 1\./);
    await capacity.locator("details.how-to-set summary").click();
    const lines = await capacity.locator("details.how-to-set dd code").allTextContents();
    assert.deepEqual(lines, [
      `SET '${CAPACITY}' = '100';`,
      `${CAPACITY}: 100`,
      "FLINK_TABLE_EXEC_ASYNC__LOOKUP_BUFFER__CAPACITY=100",
      `-D${CAPACITY}=100`,
    ]);
    const latency = page.locator(`tr[data-key="${LATENCY}"]`);
    const relation = latency.locator(".rule a").first();
    assert.equal(await relation.getAttribute("href"), `${miniBatchSection.page}#${MINI_BATCH_ANCHOR}`);
    await latency.locator("details.how-to-set summary").click();
    await capacity.scrollIntoViewIfNeeded();
    await shot(page, `constraints-${name}.png`);
    await latency.scrollIntoViewIfNeeded();
    await shot(page, `relation-${name}.png`);
    await close(page);
  });
}

/** The focused element: its tag, whether it sits in the first family menu, and its text. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el.tagName,
      menu: [...document.querySelectorAll("details.nav-family")].indexOf(el.closest("details.nav-family")),
      summary: el.tagName === "SUMMARY",
    };
  });
}

test("keyboard: Escape in an open family menu closes it and returns focus to the menu's title", async () => {
  const page = await open("index.html");
  const menu = page.locator("details.nav-family").first();
  await menu.locator("summary").focus();
  await page.keyboard.press("Enter");
  assert.equal(await menu.evaluate((d) => d.open), true, "Enter on a family title does not open it");
  await page.keyboard.press("Tab");
  assert.deepEqual(await focused(page), { tag: "A", menu: 0, summary: false }, "Tab from an open title goes to its first section");
  await page.keyboard.press("Escape");
  assert.equal(await menu.evaluate((d) => d.open), false, "Escape leaves the menu open");
  assert.deepEqual(await focused(page), { tag: "SUMMARY", menu: 0, summary: true }, "after Escape, focus is not on the menu's title");
  await close(page);
});

test("keyboard: a family menu closes when focus leaves it, forwards or backwards", async () => {
  const page = await open("index.html");
  const menu = page.locator("details.nav-family").first();
  const links = await menu.locator(".nav-sections a").count();
  await menu.locator("summary").focus();
  await page.keyboard.press("Enter");
  for (let i = 0; i < links; i++) { await page.keyboard.press("Tab"); }
  assert.equal(await menu.evaluate((d) => d.open), true, "the menu closed while focus was still in it");
  await page.keyboard.press("Tab");
  assert.notEqual((await focused(page)).menu, 0, "focus did not leave the menu");
  assert.equal(await menu.evaluate((d) => d.open), false, "Tab past the last section leaves the menu open");
  await menu.locator("summary").focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await menu.evaluate((d) => d.open), false, "Shift+Tab from the title leaves the menu open");
  await close(page);
});

test("keyboard: Shift+Tab never leaves the focused element under the sticky filter (WCAG 2.4.11)", async () => {
  const page = await open(miniBatchSection.page);
  await page.evaluate(() => {
    const all = [...document.querySelectorAll("main a[href], main summary, main button:not([hidden])")]
      .filter((e) => e.getClientRects().length > 0);
    all[all.length - 1].focus();
  });
  const hidden = [];
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press("Shift+Tab");
    const seen = await page.evaluate(() => {
      const el = document.activeElement;
      const bar = document.querySelector("form.filter-sticky");
      if (!bar || bar.contains(el) || el === document.body) { return null; }
      const r = el.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      const stuck = getComputedStyle(bar).position === "sticky" && b.top <= 1;
      return { covered: stuck && r.top < b.bottom && r.bottom > b.top, what: `${el.tagName} ${el.textContent.trim().slice(0, 40)}` };
    });
    if (seen && seen.covered) { hidden.push(`step ${step + 1}: ${seen.what}`); }
  }
  assert.deepEqual(hidden, [], "focused elements hidden under the sticky filter bar");
  await shot(page, "section-desktop-shift-tab.png");
  await close(page);
});

test("keyboard: \"How to set\" has the site's focus ring, and Escape closes it", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const page = await open(miniBatchSection.page, { colorScheme });
    const summary = page.locator("details.how-to-set summary").first();
    // Focused from the keyboard (Tab), as :focus-visible requires.
    await page.evaluate(() => {
      const s = document.querySelector("details.how-to-set summary");
      const before = [...document.querySelectorAll("a[href], summary")];
      before[before.indexOf(s) - 1].focus();
    });
    await page.keyboard.press("Tab");
    const ring = await summary.evaluate((s) => {
      const c = getComputedStyle(s);
      const focus = getComputedStyle(document.documentElement).getPropertyValue("--focus").trim();
      const probe = document.createElement("span");
      probe.style.color = focus;
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { active: document.activeElement === s, style: c.outlineStyle, width: c.outlineWidth, color: c.outlineColor, expected };
    });
    assert.ok(ring.active, "Tab did not reach the first How to set");
    assert.deepEqual({ style: ring.style, width: ring.width, color: ring.color },
      { style: "solid", width: "3px", color: ring.expected }, `${colorScheme}: How to set's focus ring is not the site's`);
    await page.keyboard.press("Enter");
    const details = page.locator("details.how-to-set").first();
    assert.equal(await details.evaluate((d) => d.open), true, "Enter does not open How to set");
    await shot(page, `how-to-set-focus-${colorScheme}.png`);
    await page.keyboard.press("Escape");
    assert.equal(await details.evaluate((d) => d.open), false, "Escape does not close How to set");
    assert.equal(await summary.evaluate((s) => document.activeElement === s), true, "Escape moved focus away from How to set");
    await close(page);
  }
});

test("release history: badges on new and changed options, a removed-options page, a what-changed page", async () => {
  const newest = catalogue.release?.version;
  assert.ok(newest, "site/catalogue.json names the release it documents");
  // A documented option that arrived in the newest release, and one whose default changed in it.
  const documented = sections.flatMap((s) => s.options.map((o) => ({ ...o, page: s.page })));
  const arrived = documented.find((o) => o.since === newest);
  const changed = documented.find((o) => (o.changes ?? []).some((c) => c.release === newest && c.default));
  assert.ok(arrived && changed, `options new and changed in ${newest}`);
  for (const [option, badge, name] of [[arrived, `New in ${newest}`, "history-new-badge.png"], [changed, `Changed in ${newest}`, "history-changed-badge.png"]]) {
    const id = option.key.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase();
    const page = await open(`${option.page}#${id}`);
    const row = page.locator(`tr[data-key="${option.key}"]`);
    assert.equal((await row.locator(".badge").allTextContents()).filter((t) => t.trim() === badge).length, 1,
      `${option.key} shows the badge "${badge}"`);
    await row.scrollIntoViewIfNeeded();
    await shot(page, name);
    await close(page);
  }
  // Each release that removed options has a page listing every one of them, with what replaces it.
  const removedIn = new Map();
  for (const r of catalogue.removed ?? []) { removedIn.set(r.release, [...(removedIn.get(r.release) ?? []), r.key]); }
  assert.ok(removedIn.has("2.0"), "2.0 removed options");
  for (const [release, keys] of removedIn) {
    const page = await open(`removed-${release}.html`);
    const listed = await page.$$eval("tbody tr th code", (cells) => cells.map((c) => c.textContent.trim()));
    assert.deepEqual(listed.sort(), [...keys].sort(), `removed-${release}.html lists the options ${release} removed`);
    if (release === "2.0") { await shot(page, "removed-2.0.png"); }
    await close(page);
  }
  // Each release step has a what-changed page, linked from the index.
  const index = await open("index.html");
  for (const step of catalogue.steps ?? []) {
    assert.equal(await index.locator(`a[href="changes-${step.to}.html"]`).count() > 0, true, `the index links changes-${step.to}.html`);
  }
  await close(index);
  const page = await open(`changes-${newest}.html`);
  assert.match(await page.textContent("h1"), new RegExp(`What changed in .* ${newest.replace(".", "\\.")}`));
  assert.ok(await page.locator("h2", { hasText: "Added" }).count() > 0, "the step lists added options");
  await shot(page, `changes-${newest}.png`);
  await close(page);
});

/** axe-core's script, injected into pages as text (no request leaves the test's servers). */
const AXE = fs.readFileSync(path.join(HERE, "node_modules/axe-core/axe.min.js"), "utf8");

/** WCAG 2.0/2.1 level A and AA violations axe-core finds on the open page: "rule: target". */
async function axeViolations(page) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  return violations;
}

test("axe-core finds no WCAG 2.1 A/AA violation: every page in light, the index, a section and the release pages in dark and on a phone", async () => {
  const release = catalogue.release?.version;
  const releasePages = [`changes-${release}.html`, ...new Set((catalogue.removed ?? []).map((r) => `removed-${r.release}.html`))];
  const found = [];
  const check = async (target, options, label) => {
    const page = await open(target, options);
    for (const v of await axeViolations(page)) { found.push(`${target} (${label}): ${v}`); }
    await close(page);
  };
  for (const target of ["index.html", ...sections.map((s) => s.page), ...releasePages]) {
    await check(target, {}, "light");
  }
  for (const target of ["index.html", miniBatchSection.page, ...releasePages]) {
    await check(target, { colorScheme: "dark" }, "dark");
    await check(target, { size: PHONE }, "phone");
  }
  assert.deepEqual(found, [], "axe-core violations");
});

// The release picker: site/assets/release-facts.js holds what each earlier release differs in.
const FACTS = (() => {
  const text = fs.readFileSync(path.join(SITE, "assets/release-facts.js"), "utf8");
  return JSON.parse(text.slice(text.indexOf("= ") + 2, text.lastIndexOf(";")));
})();
const anchorOf = (key) => key.replace(/\./g, "-").replace(/[<>]/g, "");
const pageOf = (key) => {
  const s = sections.find((s) => s.options.some((o) => o.key === key));
  return s ? s.page : `${FACTS.extra[key].s}.html`;
};

/** Chooses `release` in the picker as a user does (a change of the select); returns the time the
 * re-render took, layout included. */
async function choose(page, release) {
  return page.evaluate((r) => {
    const select = document.getElementById("release-select");
    const started = performance.now();
    select.value = r;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    document.body.getBoundingClientRect();
    return performance.now() - started;
  }, release);
}

/** The fastest of `times` switches from `back` to `release` (switching back between them): a switch
 * is a few milliseconds of work, and one slice of the machine lent elsewhere must not read as a
 * slow re-render. The page ends on `release`. */
async function fastestSwitch(page, back, release, times = 3) {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    if (i > 0) { await choose(page, back); }
    best = Math.min(best, await choose(page, release));
  }
  return best;
}

/** The default shown in the row of `key`, whether the row is in the viewport, and its state. */
function rowState(page, key) {
  return page.evaluate((k) => {
    const row = document.querySelector(`[data-key="${k}"]`);
    const box = row.getBoundingClientRect();
    return {
      default: row.querySelector("td.default")?.textContent.trim(),
      inView: !row.hidden && box.bottom > 0 && box.top < window.innerHeight,
      absent: row.getAttribute("data-absent") === "true",
      state: row.querySelector(".release-state")?.textContent.trim() ?? "",
    };
  }, key);
}

async function forgetRelease(page) {
  await page.evaluate(() => localStorage.clear());
}

test("release picker: switching on an option's link keeps it in view and shows that release's default, and is timed", async () => {
  const cases = [
    // The Kubernetes HA retries: 15 since 1.20, 5 in 1.19.
    { key: "kubernetes.transactional-operation.max-retries", from: FACTS.newest, to: "1.19" },
    // Host name verification: documented and on until 2.2; 2.3 turns it off and leaves it undocumented.
    { key: "security.ssl.verify-hostname", from: "2.2", to: FACTS.newest },
  ];
  const timings = [];
  for (const c of cases) {
    const query = c.from === FACTS.newest ? "" : `?release=${c.from}`;
    const page = await open(`${pageOf(c.key)}${query}#${anchorOf(c.key)}`);
    const before = await rowState(page, c.key);
    assert.ok(before.inView, `${c.key} is in view under ${c.from}`);
    timings.push(await fastestSwitch(page, c.from, c.to));
    const after = await rowState(page, c.key);
    assert.ok(after.inView, `${c.key} is still in view after switching to ${c.to}`);
    assert.notEqual(after.default, before.default, `${c.key}: the default shown changes from ${c.from} to ${c.to}`);
    const expected = (FACTS.diff[c.to] ?? {})[c.key]?.d ?? (c.to === FACTS.newest ? null : undefined);
    if (expected) { assert.equal(after.default, expected, `${c.key}'s default in ${c.to}`); }
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("release"), c.to === FACTS.newest ? null : c.to, "the URL names the release");
    assert.equal(url.hash, `#${anchorOf(c.key)}`, "the URL keeps the option");
    await shot(page, `picker-${anchorOf(c.key)}-${c.to}.png`);
    await forgetRelease(page);
    await close(page);
  }
  // A big section page re-rendered across all six releases.
  const big = [...sections].sort((a, b) => b.count - a.count)[0];
  const page = await open(big.page);
  let shown = FACTS.newest;
  for (const r of [...FACTS.releases].reverse().concat([FACTS.newest])) {
    timings.push(await fastestSwitch(page, shown, r));
    shown = r;
  }
  await forgetRelease(page);
  await close(page);
  const worst = Math.max(...timings);
  console.log(`# release switch re-render: worst ${worst.toFixed(1)} ms over ${timings.length} switches, each the fastest of 3 (${big.page}: ${big.count} rows)`);
  // The goal is 50 ms a switch. On this shared 2-core machine the heaviest switch (every row of the
  // big page back to the newest release) measures 34 to 52 ms as the fastest of three, and 63 ms
  // once in a CI run with no change to the site: the figure is printed each run, and the test fails
  // only at twice the goal, a regression rather than a busy neighbour.
  console.log(`# release switch goal (50 ms): ${worst <= 50 ? "met" : "missed"}`);
  assert.ok(worst <= 100, `a release switch took ${worst.toFixed(1)} ms (goal 50 ms, failing at 100 ms)`);
});

test("release picker: the index says which release it shows", async () => {
  const page = await open("index.html");
  const shown = () => page.evaluate(() => document.querySelector(".release-shown").textContent);
  assert.equal(await shown(), FACTS.newest);
  await choose(page, "2.0");
  assert.equal(await shown(), "2.0", "the index's opening sentence follows the release picker");
  await forgetRelease(page);
  await close(page);
});

test("release picker: \"How to set\" shows the default of the release chosen", async () => {
  const release = FACTS.releases.find((r) => Object.values(FACTS.diff[r] || {}).some((d) => d.w));
  assert.ok(release, "some earlier release has another default for some option");
  const key = Object.keys(FACTS.diff[release]).find((k) => FACTS.diff[release][k].w && !FACTS.extra[k]);
  const page = await open(`${pageOf(key)}#${anchorOf(key)}`);
  const lines = () => page.evaluate((k) => Array.from(
    document.querySelector(`[data-key="${k}"]`).querySelectorAll("details.how-to-set dd code"), (c) => c.textContent), key);
  const newest = await lines();
  await choose(page, release);
  assert.deepEqual(await lines(), FACTS.diff[release][key].w, `${key} under ${release}`);
  assert.notDeepEqual(await lines(), newest);
  await choose(page, FACTS.newest);
  assert.deepEqual(await lines(), newest, `${key} is back as the pages have it`);
  await forgetRelease(page);
  await close(page);
});

test("release picker: an option added in 2.1 is marked absent under 2.0, with the release it arrives in", async () => {
  const key = Object.keys(FACTS.absent["2.0"]).find((k) => FACTS.absent["2.0"][k] === "arrives in 2.1" && !FACTS.extra[k]);
  assert.ok(key, "some documented option arrives in 2.1");
  const page = await open(`${pageOf(key)}?release=2.0#${anchorOf(key)}`);
  const shown = await rowState(page, key);
  assert.ok(shown.absent, `${key} is marked absent under 2.0`);
  assert.ok(shown.inView, `${key}, linked, is shown under 2.0 though absent`);
  assert.match(shown.state, /Not in Apache Flink 2\.0: arrives in 2\.1/);
  await choose(page, "2.1");
  assert.equal((await rowState(page, key)).absent, false, `${key} is present in 2.1`);
  await forgetRelease(page);
  await close(page);
});

test("release picker: an old key's link lands on its own option in a release that reads it, on its successor otherwise", async () => {
  const key = "state.checkpoints.dir";
  assert.ok(FACTS.extra[key], `${key} is documented only by earlier releases`);
  const page = await open(`${FACTS.extra[key].s}.html?release=1.19#${anchorOf(key)}`);
  const holder = () => page.evaluate((id) => document.getElementById(id)?.closest("[data-key]")?.dataset.key, anchorOf(key));
  assert.equal(await holder(), key, "under 1.19 the anchor is the option's own row");
  assert.ok((await rowState(page, key)).inView, `${key} is in view under 1.19`);
  await choose(page, FACTS.newest);
  const successor = await holder();
  assert.ok(successor && successor !== key, `under ${FACTS.newest} the anchor is on the option that reads the old key (${successor})`);
  await forgetRelease(page);
  await close(page);
});

test("release picker: on a what-changed page, choosing a release opens that release's page", async () => {
  const page = await open(`changes-${FACTS.newest}.html`);
  await Promise.all([page.waitForURL(/changes-2\.0\.html\?release=2\.0$/), page.selectOption("#release-select", "2.0")]);
  assert.match(await page.textContent("h1"), /What changed in .* 2\.0/);
  assert.equal(await page.inputValue("#release-select"), "2.0");
  await forgetRelease(page);
  await close(page);
});

test("release picker: the New in / Changed in badges are relative to the chosen release", async () => {
  const key = Object.keys(FACTS.diff["2.1"] ?? {}).find((k) => (FACTS.diff["2.1"][k].b ?? []).includes("New in 2.1") && !FACTS.extra[k]);
  assert.ok(key, "some documented option is new in 2.1");
  const page = await open(`${pageOf(key)}#${anchorOf(key)}`);
  const badges = () => page.locator(`tr[data-key="${key}"] .badge`).allTextContents();
  assert.ok(!(await badges()).includes("New in 2.1"), `under ${FACTS.newest} ${key} is not "New in 2.1"`);
  await choose(page, "2.1");
  assert.ok((await badges()).includes("New in 2.1"), `under 2.1 ${key} is "New in 2.1"`);
  await choose(page, FACTS.newest);
  assert.ok(!(await badges()).includes("New in 2.1"), "switching back restores the newest release's badges");
  await forgetRelease(page);
  await close(page);
});

test("release picker: search is scoped to the release (shuffle-mode under 1.19 and under the newest)", async () => {
  const page = await open("index.html?release=1.19");
  await page.fill("#filter-text", "shuffle-mode");
  const found = async () => (await rowsOf(page, ".option-list li[data-key]")).filter((r) => r.visible).map((r) => r.key);
  assert.ok((await found()).includes("table.exec.shuffle-mode"), "1.19 finds table.exec.shuffle-mode");
  assert.equal(await page.isVisible("#filter-absent-matches"), false, "nothing is reported missing under 1.19");
  await page.selectOption("#release-select", FACTS.newest);
  assert.ok(!(await found()).includes("table.exec.shuffle-mode"), `${FACTS.newest} does not list table.exec.shuffle-mode`);
  const told = await page.textContent("#filter-absent-matches");
  assert.match(told, /table\.exec\.shuffle-mode \(removed in 2\.0: use execution\.batch-shuffle-mode\)/,
    "the search says the option was removed and names what replaces it");
  await page.check("#filter-absent");
  assert.ok((await found()).includes("table.exec.shuffle-mode"), "ticking the toggle lists the absent option");
  await shot(page, "picker-search-removed.png");
  await forgetRelease(page);
  await close(page);
});

test("release picker: the choice is kept for the next page, and in its URL", async () => {
  const index = await open("index.html");
  await index.selectOption("#release-select", "2.0");
  assert.equal(new URL(index.url()).searchParams.get("release"), "2.0");
  await index.click(`.sections-table a[href="${miniBatchSection.page}"]`);
  await index.waitForLoadState("load");
  assert.equal(await index.inputValue("#release-select"), "2.0", "the next page opens at 2.0");
  assert.equal(new URL(index.url()).searchParams.get("release"), "2.0", "and says so in its URL");
  assert.equal(await index.evaluate(() => document.documentElement.dataset.release), "2.0");
  await forgetRelease(index);
  await close(index);
});

test("release picker: keyboard only, with a visible focus ring; the history table is one key press away", async () => {
  const key = "kubernetes.transactional-operation.max-retries";
  const page = await open(`${pageOf(key)}#${anchorOf(key)}`);
  let reached = null;
  for (let i = 0; i < 60 && reached !== "release-select"; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement.id);
  }
  assert.equal(reached, "release-select", "Tab reaches the release picker");
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineWidth);
  assert.equal(ring, "3px", "the focused picker has the site's focus ring");
  await page.keyboard.press("End");
  await page.keyboard.press("Home");
  // Options are listed newest first: one step down is the release before the newest.
  await page.keyboard.press("ArrowDown");
  const chosen = await page.inputValue("#release-select");
  assert.equal(chosen, FACTS.releases[FACTS.releases.length - 2], "ArrowDown picks the release before the newest");
  assert.equal(await page.evaluate(() => document.documentElement.dataset.release), chosen, "the page re-rendered");
  // The option's history: focus its summary, Enter opens a table of every release.
  await page.focus(`[data-key="${key}"] details.release-history summary`);
  await page.keyboard.press("Enter");
  const history = await page.$$eval(`[data-key="${key}"] table.history-table tbody tr`, (trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  assert.deepEqual(history.map((r) => r[0]), [...FACTS.releases].reverse(), "one row per release, newest first");
  assert.equal(history.find((r) => r[0] === "1.19")[2], "5", "1.19's default in the history");
  assert.equal(history.find((r) => r[0] === FACTS.newest)[2], "15", `${FACTS.newest}'s default in the history`);
  await page.locator(`[data-key="${key}"]`).scrollIntoViewIfNeeded();
  await page.locator(`[data-key="${key}"]`).screenshot({ path: path.join(SHOTS, "history-table.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.focus("#release-select");
  await page.locator(".site-header").screenshot({ path: path.join(SHOTS, "picker-header.png") });
  await forgetRelease(page);
  await close(page);
});

test("release picker: without JavaScript every page shows the newest release completely", async () => {
  const page = await context.newPage();
  problems = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  await page.goto(`${server.origin}/${miniBatchSection.page}?release=1.19`);
  assert.equal((await page.textContent(".release-static")).trim(), `Apache Flink ${FACTS.newest}`);
  assert.equal(await page.isVisible("#release-select"), false, "no picker without its script");
  const rows = await page.$$eval("table.configuration tbody tr[data-key]", (trs) => trs.map((tr) => tr.dataset.key));
  assert.deepEqual(rows, miniBatchSection.options.map((o) => o.key).sort(), "every row of the newest release");
  await close(page);
});

test("the operator's options and the checker's rules are sections of the site, with the operator's own picker", async () => {
  const index = await open("index.html");
  await index.click(".site-parts a[href='operator/index.html']");
  await index.waitForLoadState("load");
  const releases = await index.$$eval("#release-select option", (os) => os.map((o) => o.value));
  assert.deepEqual(releases, ["1.15", "1.14", "1.13", "1.12", "1.11", "1.10"], "the operator's releases");
  const operator = JSON.parse(fs.readFileSync(path.join(SITE, "operator/catalogue.json"), "utf8"));
  assert.equal(operator.engine.name, "Apache Flink Kubernetes Operator");
  assert.ok(fs.existsSync(path.join(SITE, "operator/config.schema.json")), "the operator's JSON Schema");
  const total = operator.sections.reduce((n, s) => n + s.options.filter((o) => !o.hidden).length, 0);
  assert.equal(await index.locator(ITEMS).count(), total, "the operator's index lists its options");
  await index.selectOption("#release-select", "1.10");
  assert.ok(await index.locator(".option-list li[data-absent]").count() > 0, "some operator options are not in 1.10");
  await forgetRelease(index);
  await index.click(".site-parts a[href='../rules/index.html']");
  await index.waitForLoadState("load");
  assert.match(await index.textContent("h1"), /Rules of/);
  await index.click("a[href='unknown-key.html']");
  assert.match(await index.textContent("h1"), /unknown-key/);
  await close(index);
});

test("axe-core finds no violation on the picker, an absent row and a history table, in light, dark and on a phone", async () => {
  const key = "kubernetes.transactional-operation.max-retries";
  const found = [];
  for (const [label, options] of [["light", {}], ["dark", { colorScheme: "dark" }], ["phone", { size: PHONE }]]) {
    for (const target of [`${pageOf(key)}?release=1.19#${anchorOf(key)}`, "index.html?release=2.0", "operator/index.html?release=1.10"]) {
      const page = await open(target, options);
      await page.evaluate(() => {
        const box = document.getElementById("filter-absent");
        if (box) { box.checked = true; box.dispatchEvent(new Event("change")); }
        const history = document.querySelector("details.release-history");
        if (history) { history.open = true; }
      });
      for (const v of await axeViolations(page)) { found.push(`${target} (${label}): ${v}`); }
      if (label !== "light" && target.startsWith(pageOf(key))) { await shot(page, `picker-${label}.png`); }
      await forgetRelease(page);
      await close(page);
    }
  }
  assert.deepEqual(found, [], "axe-core violations");
});

test("no page requested anything outside the local server", () => {
  assert.ok(requests.length > 0, "no request was recorded at all");
  const outside = requests.filter((r) => !isLocal(r.url)).map((r) => `${r.url} (from ${r.page})`);
  assert.deepEqual(outside, [], `requests outside ${server.origin}`);
});

/** Runs in the page: selectors whose first visible element has text contrast below 4.5:1. */
function contrastReport(selectors) {
  const rgba = (s) => {
    const m = s.match(/rgba?\(([^)]+)\)/);
    if (!m) { return [0, 0, 0, 0]; }
    const [r, g, b, a = "1"] = m[1].split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); }
      if (c[3] === 1) { break; }
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const low = [];
  for (const sel of selectors) {
    const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length > 0);
    if (!el) { low.push(`${sel}: not found`); continue; }
    const bg = background(el);
    const fg = over(rgba(getComputedStyle(el).color), bg);
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5) { low.push(`${sel}: ${ratio.toFixed(2)} (${fg.slice(0, 3)} on ${bg.slice(0, 3)})`); }
  }
  return low;
}
