// boardkit studio: the little the pages need a script for. Every form also works without it.
const SCALE_KEY = "boardkit-studio-mm";
const BROWSER_MM = 96 / 25.4;
const FIT_KEY = "boardkit-studio-fit";

document.documentElement.classList.add("bk-js");

// Screen scale: a ruler the person matches with a real one, remembered in this browser.
function setScale(mm) {
  document.documentElement.style.setProperty("--mm", `${mm}px`);
  for (const out of document.querySelectorAll("[data-ruler-output]")) out.value = `${mm.toFixed(2)} px/mm`;
  for (const input of document.querySelectorAll("[data-ruler-input]")) input.value = mm;
}
function initRuler() {
  const saved = parseFloat(localStorage.getItem(SCALE_KEY)) || BROWSER_MM;
  setScale(saved);
  for (const input of document.querySelectorAll("[data-ruler-input]")) {
    input.addEventListener("input", () => {
      const mm = parseFloat(input.value);
      localStorage.setItem(SCALE_KEY, String(mm));
      setScale(mm);
    });
  }
  const fit = localStorage.getItem(FIT_KEY) === "1";
  document.documentElement.classList.toggle("bk-fit", fit);
  for (const box of document.querySelectorAll("[data-true-size]")) {
    box.checked = !fit;
    box.addEventListener("change", () => {
      localStorage.setItem(FIT_KEY, box.checked ? "0" : "1");
      document.documentElement.classList.toggle("bk-fit", !box.checked);
    });
  }
  for (const reset of document.querySelectorAll("[data-ruler-reset]")) {
    reset.addEventListener("click", () => { localStorage.removeItem(SCALE_KEY); setScale(BROWSER_MM); });
  }
}

// A form whose choices show at once: sent again as soon as one changes.
function initAutosubmit() {
  for (const form of document.querySelectorAll("form[data-autosubmit]")) {
    form.addEventListener("change", () => form.requestSubmit());
  }
}

// Colours: a picker and its text field stay together; the previews and warnings redraw as colours change.
function initColours() {
  const form = document.querySelector("form[data-colours]");
  if (!form) return;
  const busy = document.querySelector("[data-busy]");
  let timer = null;
  let sent = 0;
  async function redraw() {
    const mine = ++sent;
    busy.hidden = false;
    const data = new FormData(form);
    const response = await fetch(form.dataset.colours, { method: "POST", body: data });
    if (mine !== sent) return;  // a newer change is on its way
    busy.hidden = true;
    if (!response.ok) return;
    const answer = await response.json();
    document.querySelector("[data-previews]").innerHTML = answer.previews;
    const all = [];
    for (const list of document.querySelectorAll("[data-warnings-for]")) {
      const key = list.dataset.warningsFor;
      const texts = answer.warnings[key] || [];
      list.replaceChildren(...texts.map((t) => Object.assign(document.createElement("li"), { textContent: t })));
      list.closest(".bk-colour").classList.toggle("bk-warned", texts.length > 0);
      for (const t of texts) if (!all.includes(t)) all.push(t);
    }
    const box = document.querySelector("[data-all-warnings]");
    box.hidden = all.length === 0;
    box.querySelector("ul").replaceChildren(...all.map((t) => Object.assign(document.createElement("li"), { textContent: t })));
    for (const old of form.querySelectorAll("[data-live-problem]")) old.remove();
    for (const problem of answer.problems) {
      const pre = Object.assign(document.createElement("pre"), { className: "bk-field-problem", textContent: problem.text });
      pre.dataset.liveProblem = "";
      pre.setAttribute("role", "alert");
      const row = problem.field && form.querySelector(`.bk-colour[data-key="${CSS.escape(problem.field)}"]`);
      const input = problem.field && form.querySelector(`[name="${CSS.escape(problem.field)}"]`);
      (row || input?.parentElement || form).append(pre);
    }
  }
  function soon() { clearTimeout(timer); timer = setTimeout(redraw, 120); }
  for (const picker of form.querySelectorAll("[data-picker-for]")) {
    const text = document.getElementById(picker.dataset.pickerFor);
    picker.addEventListener("input", () => { text.value = picker.value; soon(); });
    text.addEventListener("input", () => {
      if (/^#[0-9a-fA-F]{6}$/.test(text.value.trim())) picker.value = text.value.trim();
      soon();
    });
  }
  for (const select of form.querySelectorAll("#format, #view")) select.addEventListener("change", soon);
  for (const select of form.querySelectorAll("[data-reload]")) {
    // another starting theme: its colours come from the page, with this form's name kept
    select.addEventListener("change", () => {
      const name = form.querySelector("#name").value;
      location.href = `${location.pathname}?base=${encodeURIComponent(select.value)}&name=${encodeURIComponent(name)}`;
    });
  }
  for (const row of form.querySelectorAll(".bk-colour")) {
    row.classList.toggle("bk-warned", row.querySelector("[data-warnings-for] li") !== null);
  }
}

// A build: its progress as it goes, then the page again with the download.
function initBuild() {
  const box = document.querySelector("[data-build]");
  if (!box || box.dataset.state !== "running") return;
  const state = box.querySelector("[data-build-state]");
  const bar = box.querySelector("[data-build-progress]");
  const events = box.querySelector("[data-build-events]");
  async function poll() {
    const response = await fetch(`/builds/${box.dataset.build}/status`);
    const status = await response.json();
    if (status.state !== "running") { location.reload(); return; }
    bar.max = status.total || 1;
    bar.value = status.done;
    state.textContent = `Building… ${status.done} of ${status.total || "?"} files done.`;
    events.replaceChildren(...status.events.map((e) => Object.assign(document.createElement("li"), { className: `bk-${e.kind}`, textContent: e.text })));
    events.scrollTop = events.scrollHeight;
    setTimeout(poll, 400);
  }
  setTimeout(poll, 300);
}

initRuler();
initAutosubmit();
initColours();
initBuild();
