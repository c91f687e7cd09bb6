// Waveforms for recorded stories. The page lists the levels (0…1) as
// <div class="waveform" data-waveform hidden><i data-v="0.42"></i>…</div> next to an <audio>; this draws
// them as a row of thin bars (SVG attributes, since the page's CSP allows no inline styles), colours
// the part already played, and lets a click on the drawing jump there. Without it, the audio player
// alone is shown.

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 40;
const STEP = 3;
const BAR = 2;

function levels(container) {
    return [...container.querySelectorAll("[data-v]")].map((node) => {
        const value = Number.parseFloat(node.dataset.v);
        return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
    });
}

function draw(container) {
    const values = levels(container);
    const audio = container.parentElement?.querySelector("audio");
    if (values.length === 0 || !audio) {
        return;
    }
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "waveform__svg");
    svg.setAttribute("viewBox", `0 0 ${values.length * STEP} ${HEIGHT}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const bars = values.map((value, index) => {
        const height = Math.max(2, value * HEIGHT);
        const rect = document.createElementNS(SVG, "rect");
        rect.setAttribute("x", String(index * STEP));
        rect.setAttribute("y", String((HEIGHT - height) / 2));
        rect.setAttribute("width", String(BAR));
        rect.setAttribute("height", String(height));
        rect.setAttribute("rx", "1");
        svg.append(rect);
        return rect;
    });
    container.replaceChildren(svg);
    container.hidden = false;

    let shown = 0;
    const paint = () => {
        const fraction = audio.duration > 0 && Number.isFinite(audio.duration) ? audio.currentTime / audio.duration : 0;
        const played = Math.round(fraction * bars.length);
        if (played === shown) {
            return;
        }
        const [from, to] = played > shown ? [shown, played] : [played, shown];
        for (let index = from; index < to; index += 1) {
            bars[index].classList.toggle("is-played", index < played);
        }
        shown = played;
    };
    for (const name of ["timeupdate", "seeked", "ended", "emptied"]) {
        audio.addEventListener(name, paint);
    }

    // A click on the drawing jumps there (the audio controls remain the way in for the keyboard).
    svg.addEventListener("click", (event) => {
        const box = svg.getBoundingClientRect();
        const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
        const seek = () => {
            audio.currentTime = fraction * audio.duration;
        };
        if (Number.isFinite(audio.duration) && audio.duration > 0) {
            seek();
        } else {
            audio.addEventListener("loadedmetadata", seek, { once: true });
            audio.load();
        }
        if (audio.paused) {
            audio.play().catch(() => {});
        }
    });
}

for (const container of document.querySelectorAll("[data-waveform]")) {
    draw(container);
}
